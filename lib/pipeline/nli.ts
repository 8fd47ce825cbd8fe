// The natural-language-inference model's say over citation checks, when one is installed
// (models/manifest.json, role `nli`; the verdict's side is `verdictWithNli` in verdict.ts). It reads
// meaning, which word rules cannot: entailment / contradiction / neutral become the three check
// outcomes. The relevance cross-encoder is not an NLI model and never decides here.

import type { NliProbabilities, NliScorer } from './ports';
import type { AnswerSentence, CitationCheck, Quote } from './types';
import type { NliPort } from './verdict';

type Label = keyof NliProbabilities;

function top(p: NliProbabilities): Label {
  return (Object.keys(p) as Label[]).reduce((a, b) => (p[b] > p[a] ? b : a));
}

/** The quote's text as the model's premise: a knowledge-graph quote is one fact per line. */
function premise(quote: Quote): string {
  return quote.text.replace(/\n+/g, '. ');
}

/** The batched model as the one-pair port `verdictWithNli` (verdict.ts) takes. */
export function nliPort(nli: NliScorer): NliPort {
  return async (premiseText, hypothesis) => (await nli.classify([[premiseText, hypothesis]]))[0]!;
}

/**
 * Each citation re-judged by the model: entailed → supported, contradicted → contradicted (⚠),
 * neutral → not found (⚠ only when the rules found a name or number missing from the quote).
 */
export async function nliChecks(
  checks: readonly CitationCheck[],
  sentences: readonly AnswerSentence[],
  quotes: readonly Quote[],
  nli: NliScorer,
): Promise<CitationCheck[]> {
  const byId = new Map(quotes.map((q) => [q.id, q]));
  const judged = checks.filter((c) => byId.has(c.quoteId) && sentences[c.sentence]);
  if (judged.length === 0) return [...checks];
  const probabilities = await nli.classify(
    judged.map((c) => [premise(byId.get(c.quoteId)!), sentences[c.sentence]!.text] as const),
  );
  const verdicts = new Map(judged.map((c, i) => [c, probabilities[i]!]));
  return checks.map((check) => {
    const p = verdicts.get(check);
    if (!p) return check;
    const label = top(p);
    const outcome =
      label === 'entailment'
        ? 'supported'
        : label === 'contradiction'
          ? 'contradicted'
          : 'not-found';
    const { conflicts, ...rest } = check;
    return {
      ...rest,
      ...(outcome === 'contradicted' && conflicts ? { conflicts } : {}),
      outcome,
      supported: outcome === 'supported',
      flagged: outcome === 'contradicted' || (outcome === 'not-found' && !!check.missing?.length),
      score: p[label],
      method: 'nli',
    };
  });
}
