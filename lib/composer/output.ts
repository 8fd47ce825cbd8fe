// Reads what a composer model wrote: the answer text, its self-assessed confidence (WeKnow-RAG
// §4.1.4) and, in verify mode, the verdict line the prompt asks for (prompt.ts). Models do not
// always follow the format, so each part is optional: a missing part is reported as missing,
// never guessed.

import type { Mode, Verdict } from '../pipeline/types';
import type { Confidence } from '../pipeline/types';

export interface ComposerOutput {
  /** The answer without the verdict and confidence lines, `[n]` markers kept. */
  text: string;
  confidence: Confidence | null;
  verdict: Verdict['label'] | null;
}

const CONFIDENCE_LINE =
  /^[\s*_#>-]*confidence(?:\s+level)?\s*[:=-]?\s*[*_"']*\s*(high|medium|low)\b[^\n]*$/gim;
const VERDICT_LINE =
  /^[\s*_#>-]*verdict\s*[:=-]?\s*[*_"']*\s*(supported|refuted|not\s+enough\s+evidence|not\s+enough\s+info(?:rmation)?|nei)\b[^\n]*$/gim;

export function parseComposerOutput(raw: string, mode: Mode): ComposerOutput {
  const json = fromJson(raw);
  if (json) return { ...json, verdict: mode === 'verify' ? json.verdict : null };

  let text = raw.replace(/\r\n?/g, '\n');
  let confidence: Confidence | null = null;
  text = text.replace(CONFIDENCE_LINE, (_line, level: string) => {
    confidence = level.toLowerCase() as Confidence;
    return '';
  });
  let verdict: Verdict['label'] | null = null;
  if (mode === 'verify') {
    text = text.replace(VERDICT_LINE, (_line, label: string) => {
      verdict ??= verdictLabel(label);
      return '';
    });
  }
  return { text: text.replace(/\n{3,}/g, '\n\n').trim(), confidence, verdict };
}

function verdictLabel(label: string): Verdict['label'] {
  const l = label.toLowerCase();
  return l === 'supported' ? 'supported' : l === 'refuted' ? 'refuted' : 'not-enough-evidence';
}

/** WeKnow-RAG's format, `{"answer": "...", "confidence": "medium"}`, which some models prefer. */
function fromJson(raw: string): ComposerOutput | null {
  const trimmed = raw.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  if (!trimmed.startsWith('{')) return null;
  try {
    const value = JSON.parse(trimmed) as Record<string, unknown>;
    if (typeof value.answer !== 'string') return null;
    const level = typeof value.confidence === 'string' ? value.confidence.toLowerCase() : '';
    const verdict =
      typeof value.verdict === 'string' ? verdictLabel(value.verdict.replace(/_/g, ' ')) : null;
    return {
      text: value.answer.trim(),
      confidence: ['high', 'medium', 'low'].includes(level) ? (level as Confidence) : null,
      verdict,
    };
  } catch {
    return null;
  }
}
