// One composer call per question (EWEK-QA §3.2): the endpoint when one is configured, else — or
// when it fails — the extractive composer, with the reason kept for the panel. Whatever composed
// the text, it goes through the citation parser (only issued IDs survive); checking each citation
// against its quote is a separate stage (check.ts) so its cost can be measured on its own.

import { parseCitations } from '../pipeline/citations';
import { composeExtractive } from '../pipeline/compose-extractive';
import { withoutMarkers } from '../pipeline/junk';
import { toErrorInfo, PipelineError } from '../core/errors';
import type { Answer, Mode, Quote, Verdict } from '../pipeline/types';
import { SUMMARY, verdictFromEvidence } from '../pipeline/verdict';
import { t } from '../core/i18n';
import type { Intent } from '../pipeline/intent';
import { parseComposerOutput } from './output';
import { buildPrompt } from './prompt';
import { type ComposerPort } from '../pipeline/ports';
import { CONFIDENCE_ORDER, type Confidence } from '../pipeline/types';

export interface ComposeInput {
  mode: Mode;
  question: string;
  quotes: readonly Quote[];
  /** `summary`: a summary of the page from quotes chosen to cover it (a summary prompt). */
  intent?: Intent;
  /** Earlier turns of the conversation, bounded by the caller (lib/ask/run.ts). */
  history?: ReadonlyArray<{ question: string; answer: string }>;
  /** A language-model endpoint; null or absent means the extractive composer. */
  composer?: ComposerPort | null;
  /** The page's primary language: how the extractive composer cuts sentences and words. */
  lang?: string;
  /** The question's primary language: the language the composer model is asked to answer in. */
  questionLang?: string;
  /** Below this self-assessed confidence the answer is withheld ("I don't know"). Default `medium`. */
  minConfidence?: Confidence;
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
}

export interface Composed {
  answer: Answer;
  verdict?: Verdict;
}

/** WeKnow-RAG §4.1.4 accepts answers of at least medium confidence by default. */
export const DEFAULT_MIN_CONFIDENCE: Confidence = 'medium';

const I_DONT_KNOW = /^\W*(?:i\s+(?:do\s+not|don['’]t)\s+know|unknown|not\s+answerable)\b/i;

export async function composeAnswer(input: ComposeInput): Promise<Composed> {
  const { mode, question, quotes } = input;
  if (!input.composer) return extractive(input);

  const prompt = promptFor(input);
  const sent = { system: prompt.system, user: prompt.user, quotes: prompt.sent };
  let raw: string;
  let truncated = false;
  try {
    raw = await input.composer.complete(prompt, {
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.onToken ? { onToken: input.onToken } : {}),
      onTruncated: () => (truncated = true),
    });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    return extractive(input, {
      fallback: { from: input.composer.label, reason: toErrorInfo(error) },
      sent,
    });
  }

  const output = parseComposerOutput(raw, mode);
  if (!output.text && !(mode === 'verify' && output.verdict)) {
    return extractive(input, {
      fallback: {
        from: input.composer.label,
        reason: toErrorInfo(new PipelineError('composer-bad-response', 'the answer was empty')),
      },
      sent,
    });
  }
  // Only quotes that were actually sent may be cited: a quote cut by the prompt budget was not seen.
  const parsed = parseCitations(output.text, new Set(prompt.sent.map((q) => q.id)));
  const minimum = input.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  // A model that gave no confidence is treated as low: it did not claim more.
  const withheld = CONFIDENCE_ORDER[output.confidence ?? 'low'] < CONFIDENCE_ORDER[minimum];
  const answer: Answer = {
    text: output.text,
    sentences: parsed.sentences,
    cited: parsed.cited,
    droppedCitations: parsed.dropped,
    composer: input.composer.kind,
    composerLabel: input.composer.label,
    answered: parsed.sentences.length > 0 && !I_DONT_KNOW.test(output.text),
    ...(output.confidence ? { confidence: output.confidence } : {}),
    ...(withheld ? { withheld } : {}),
    checks: [],
    sent,
    ...(truncated ? { notes: [t('note_answer_truncated')] } : {}),
  };
  if (mode !== 'verify') return { answer };

  const evidence = verdictFromEvidence(quotes, {
    claim: question,
    ...(input.lang ? { lang: input.lang } : {}),
  });
  if (!output.verdict) {
    // The model wrote no verdict line: fall back to the evidence scores, and say so.
    return {
      answer: {
        ...answer,
        notes: [...(answer.notes ?? []), t('note_no_model_verdict')],
      },
      verdict: evidence,
    };
  }
  const verdict = modelVerdict(evidence, {
    said: output.verdict,
    withheld,
    confidence: output.confidence ?? 'low',
    cited: parsed.cited,
  });
  return { answer, verdict };
}

/** The prompt for the answer kind asked: an answer, a summary, or a claim's verdict. */
function promptFor({ mode, question, quotes, intent, history, questionLang }: ComposeInput) {
  return buildPrompt(mode, question, quotes, {
    ...(intent ? { intent } : {}),
    ...(history ? { history } : {}),
    ...(questionLang ? { answerLanguage: questionLang } : {}),
  });
}

/** The composer model's verdict, on the rules' evidence figures. */
function modelVerdict(
  evidence: Verdict,
  model: { said: Verdict['label']; withheld: boolean; confidence: Confidence; cited: number[] },
): Verdict {
  // A withheld verdict is not passed off as the model's: not enough evidence, with what it said kept.
  const label = model.withheld ? 'not-enough-evidence' : model.said;
  const { sentence, conflicts, ...rest } = evidence;
  return {
    ...rest,
    // The rules' sentence and conflicts stay only where they agree with the model's label.
    ...(evidence.label === label && sentence ? { sentence } : {}),
    ...(evidence.label === label && conflicts ? { conflicts } : {}),
    label,
    method: 'model',
    meaningChecked: true,
    summary: SUMMARY[label],
    ...(model.withheld ? { modelLabel: model.said } : {}),
    confidence: model.confidence,
    decidedBy: 'composer',
    quoteIds: model.cited,
  };
}

function extractive(input: ComposeInput, extra: Pick<Answer, 'fallback' | 'sent'> = {}): Composed {
  const verdict =
    input.mode === 'verify'
      ? verdictFromEvidence(input.quotes, {
          claim: input.question,
          ...(input.lang ? { lang: input.lang } : {}),
        })
      : undefined;
  // In verify mode the answer quotes the sentence the verdict rests on, so the two cannot disagree.
  const composed = verdict
    ? verifyText(verdict)
    : composeExtractive(input.question, input.quotes, {
        mode: input.mode,
        ...(input.intent ? { intent: input.intent } : {}),
        ...(input.lang ? { lang: input.lang } : {}),
        ...(input.history?.length ? { previousQuestion: input.history.at(-1)!.question } : {}),
      });
  const parsed = parseCitations(composed.text, new Set(input.quotes.map((q) => q.id)));
  const answer: Answer = {
    text: composed.text,
    sentences: parsed.sentences,
    cited: parsed.cited,
    droppedCitations: parsed.dropped,
    composer: 'extractive',
    answered: composed.answered,
    checks: [],
    ...extra,
  };
  return { answer, ...(verdict ? { verdict } : {}) };
}

function verifyText(verdict: Verdict): { text: string; answered: boolean } {
  const sentence = verdict.sentence;
  if (verdict.label === 'not-enough-evidence' || !sentence)
    return {
      answered: false,
      text: t('answer_no_evidence'),
    };
  // Footnote markers dropped, other page brackets ("[12, 13]") neutralised (they would read as our
  // markers), as the extractive composer does.
  const safe = withoutMarkers(sentence.text.replace(/\s+/g, ' ')).replace(
    /\[(\s*\d[^\]]*)\]/g,
    '($1)',
  );
  const match = /^(.*?)([.!?…]+["'”’)]*)$/su.exec(safe);
  const cited = match
    ? `${match[1]} [${sentence.quoteId}]${match[2]}`
    : `${safe} [${sentence.quoteId}].`;
  return { answered: true, text: t('answer_page_says', cited) };
}
