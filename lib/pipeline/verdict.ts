// Verdict for "verify claim" without a language model, from the quotes retrieval chose.
//
// Each quote is compared with the claim by claim-match.ts: the claim is aligned with the quote's
// best sentence (or two adjacent ones), and a well-aligned sentence that differs in a number, a
// date, a name, a negation, an antonym or a quantifier says otherwise. The verdict is
//   supported            a quote sentence covers the claim with no conflict ("The page says this")
//   refuted              no quote supports it and a well-aligned sentence conflicts with it
//                        ("The page says otherwise": both sentences, the conflicting words named)
//   not-enough-evidence  otherwise ("The page doesn't say")
// Rules read words, not meaning: confidence is never `high` and `meaningChecked` is false, so the
// panel can say that the meaning was not checked. An entailment model can decide instead when one
// is plugged in (`verdictWithNli`): it reads the sentences the rules aligned.
//
// Without a claim (older callers) the verdict falls back to evidence coverage alone, which can
// only say supported or not-enough-evidence.

import { claimProblem } from './claim-input';
import {
  type ClaimComparison,
  compareClaim,
  decideWeighed,
  keysOf,
  MATCH_DEFAULTS,
  type MatchOptions,
} from './claim-match';
import { buildLexicon, type Lexicon } from './lexicon';
import { withoutNamesWrittenApart } from './code-names';
import { withoutFigureStatedElsewhere } from './figure-elsewhere';
import { withoutBalancedDenial } from './negation-parity';
import { withSwappedRoles } from './swapped-roles';
import type { Quote, Verdict } from './types';
import { t } from '../core/i18n';

/** Coverage needed by the claim-less fallback (evidence coverage of rank.ts, not claim-match). */
export const SUPPORT_THRESHOLD = 0.71;

/** Each verdict in words, read when the verdict is made (in the language bound then). */
export const SUMMARY = {
  get supported() {
    return t('verdict_supported');
  },
  get refuted() {
    return t('verdict_refuted');
  },
  get 'not-enough-evidence'() {
    return t('verdict_not_enough_evidence');
  },
} satisfies Record<Verdict['label'], string>;

export interface VerdictOptions {
  /** The claim; without it only evidence coverage is used (supported or not enough evidence). */
  claim?: string;
  /** Coverage threshold of the claim-less fallback. */
  threshold?: number;
  match?: MatchOptions;
  /** Built from the quotes when absent. */
  lexicon?: Lexicon;
  /** The page's primary language: a claim in it is checked (claim-input.ts CLAIM_LANGUAGES). */
  lang?: string;
}

export function verdictFromEvidence(
  quotes: readonly Quote[],
  options: number | VerdictOptions = {},
): Verdict {
  const opts = typeof options === 'number' ? { threshold: options } : options;
  if (opts.claim === undefined) return coverageVerdict(quotes, opts.threshold ?? SUPPORT_THRESHOLD);
  const problem = claimProblem(opts.claim, opts.lang);
  const threshold = opts.match?.supportThreshold ?? MATCH_DEFAULTS.supportThreshold;
  if (problem)
    return {
      ...rulesBase('not-enough-evidence', 'low', threshold),
      summary: problem.message,
      problem,
    };
  const compared = compareQuotes(opts.claim, quotes, opts);
  return rulesVerdict(compared, threshold);
}

interface Compared {
  quote: Quote;
  result: ClaimComparison;
}

/** Each quote compared with the claim; its page title gives names their context. */
export function compareQuotes(
  claim: string,
  quotes: readonly Quote[],
  opts: Pick<VerdictOptions, 'match' | 'lexicon' | 'lang'> = {},
): Compared[] {
  const lexicon =
    opts.lexicon ??
    buildLexicon([claim, ...quotes.flatMap((q) => [q.text, q.source.title])], opts.lang);
  // The other quotes from the same page: "the Pharos" named there is the subject of "it" here.
  const known = new Map<string, Set<string>>();
  const knownFor = (url: string) => {
    let keys = known.get(url);
    if (!keys) {
      const texts = quotes.filter((q) => q.source.url === url).map((q) => q.text);
      known.set(url, (keys = keysOf(texts, lexicon)));
    }
    return keys;
  };
  const othersOnPage = (quote: Quote) =>
    quotes
      .filter((q) => q.source.url === quote.source.url && q !== quote)
      .map((q) => q.text)
      .join('\n');
  return quotes.map((quote) => {
    const compared = compareClaim(claim, quote.text, lexicon, {
      ...opts.match,
      context: [quote.source.title],
      known: knownFor(quote.source.url),
    });
    // Read as the citation check reads a quote (lib/composer/check.ts), so that a verdict and a
    // check on the same quote agree.
    const read = withoutNamesWrittenApart(
      withoutFigureStatedElsewhere(
        withoutBalancedDenial(claim, compared),
        claim,
        { quote: quote.text, elsewhere: othersOnPage(quote) },
        lexicon,
      ),
      claim,
      quote.text,
    );
    const ownFacts = quote.source.kind === 'kg' || quote.source.blockKind === 'table';
    return {
      quote,
      result: ownFacts ? read : withSwappedRoles(read, claim, quote.text, lexicon),
    };
  });
}

function rulesVerdict(compared: readonly Compared[], threshold: number): Verdict {
  const top = (outcome: ClaimComparison['outcome']) =>
    compared
      .filter((c) => c.result.outcome === outcome)
      .sort((a, b) => b.result.alignment - a.result.alignment);
  // A quote that states the claim word for word leads, and decides before any weighing.
  const verbatim = compared.filter((c) => c.result.verbatim);
  const supporting = [...verbatim, ...top('supported').filter((c) => !c.result.verbatim)];
  const refuting = top('contradicted');
  const bestCoverage = compared.reduce((max, c) => Math.max(max, c.result.coverage), 0);
  // A quote that says all but the claim's comparison or order weighs like one that says the
  // claim, so a weaker "otherwise" elsewhere does not win; the verdict stays "doesn't say".
  const unweighed = compared
    .filter((c) => c.result.unweighed)
    .sort((a, b) => b.result.alignment - a.result.alignment);
  const { outcome, held: figures } =
    verbatim.length > 0
      ? { outcome: 'supported' as const, held: false }
      : decideWeighed(
          supporting[0]?.result.alignment,
          unweighed[0]?.result.alignment,
          refuting[0]?.result.alignment,
        );
  const label = LABEL_OF[outcome];
  const decided =
    outcome === 'supported'
      ? supporting
      : outcome === 'contradicted'
        ? refuting
        : unweighed.slice(0, figures ? 1 : 0);
  const lead = decided[0];
  const verdict: Verdict = {
    ...rulesBase(label, confidenceOf(label, lead?.result), threshold),
    quoteIds: decided.map((c) => c.quote.id).sort((a, b) => a - b),
    bestCoverage,
  };
  if (lead) {
    verdict.sentence = { quoteId: lead.quote.id, ...lead.result.sentence };
    if (label === 'refuted') verdict.conflicts = lead.result.conflicts;
    if (figures) verdict.figures = true;
  }
  return verdict;
}

const LABEL_OF = {
  supported: 'supported',
  contradicted: 'refuted',
  'not-found': 'not-enough-evidence',
} as const satisfies Record<ClaimComparison['outcome'], Verdict['label']>;

function rulesBase(
  label: Verdict['label'],
  confidence: Verdict['confidence'],
  threshold: number,
): Verdict {
  return {
    label,
    confidence,
    decidedBy: 'evidence-scores',
    method: 'rules',
    meaningChecked: false,
    summary: SUMMARY[label],
    quoteIds: [],
    bestCoverage: 0,
    threshold,
  };
}

/**
 * Never `high` from rules. `medium` when the words leave little doubt: the claim's words all
 * found, or a number, date or name that differs; `low` otherwise.
 */
function confidenceOf(label: Verdict['label'], result?: ClaimComparison): Verdict['confidence'] {
  if (!result || label === 'not-enough-evidence') return 'low';
  if (label === 'supported') return result.coverage >= 0.95 ? 'medium' : 'low';
  const hard = ['number', 'date', 'entity', 'unit'];
  return result.conflicts.some((c) => hard.includes(c.kind)) ? 'medium' : 'low';
}

/** The pre-claim-matching verdict: evidence coverage alone, capped at medium confidence. */
function coverageVerdict(quotes: readonly Quote[], threshold: number): Verdict {
  const best = quotes.reduce((max, q) => Math.max(max, q.coverage), 0);
  const supporting = quotes.filter((q) => q.coverage >= threshold && q.score > 0);
  const label = supporting.length > 0 ? 'supported' : 'not-enough-evidence';
  return {
    ...rulesBase(label, Math.abs(best - threshold) >= 0.1 ? 'medium' : 'low', threshold),
    quoteIds: supporting.map((q) => q.id),
    bestCoverage: best,
  };
}

/** An entailment model: probabilities that the premise entails, contradicts or is neutral to the hypothesis. */
export type NliPort = (
  premise: string,
  hypothesis: string,
) => Promise<{ entailment: number; contradiction: number; neutral: number }>;

/**
 * The verdict with an entailment model when there is one: it reads each quote's best-aligned
 * sentence against the claim and decides; the rules decide when it is absent or fails.
 */
export async function verdictWithNli(
  quotes: readonly Quote[],
  options: VerdictOptions & { claim: string; nli?: NliPort },
): Promise<Verdict> {
  const rules = verdictFromEvidence(quotes, options);
  if (!options.nli || rules.problem || quotes.length === 0) return rules;
  const compared = compareQuotes(options.claim, quotes, options);
  let scores: Array<{ entailment: number; contradiction: number; neutral: number }>;
  try {
    scores = await Promise.all(
      compared.map((c) => options.nli!(c.result.sentence.text || c.quote.text, options.claim)),
    );
  } catch {
    return rules; // a failing model must not lose the verdict: the rules stand, and say so (method)
  }
  const top = (key: 'entailment' | 'contradiction') =>
    scores.reduce((best, s, i) => (s[key] > (scores[best]?.[key] ?? -1) ? i : best), 0);
  const entails = top('entailment');
  const contradicts = top('contradiction');
  const e = scores[entails]!.entailment;
  const c = scores[contradicts]!.contradiction;
  const label: Verdict['label'] =
    e >= 0.5 && e >= c ? 'supported' : c >= 0.5 ? 'refuted' : 'not-enough-evidence';
  const index = label === 'refuted' ? contradicts : entails;
  const p = label === 'supported' ? e : label === 'refuted' ? c : 1 - Math.max(e, c);
  const lead = compared[index]!;
  return {
    ...rules,
    label,
    confidence: p >= 0.9 ? 'high' : p >= 0.7 ? 'medium' : 'low',
    method: 'nli',
    meaningChecked: true,
    summary: SUMMARY[label],
    quoteIds: label === 'not-enough-evidence' ? [] : [lead.quote.id],
    sentence: { quoteId: lead.quote.id, ...lead.result.sentence },
    ...(label === 'refuted' ? { conflicts: lead.result.conflicts } : { conflicts: [] }),
  };
}
