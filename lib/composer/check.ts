// Citation check (EWEK-QA §A.3): every cited answer sentence is checked against the quote it
// names, so the panel can say "4 of 5 citations checked" and mark the ones that are wrong. The
// paper asks GPT-3.5; we compare the sentence with the quote by the same rules as "verify claim"
// (lib/pipeline/claim-match.ts), so a verdict and a check on the same quote cannot disagree.
//
// Three outcomes per citation:
// - supported: a sentence of the quote says it (paraphrase within the lexicon's reach included);
// - contradicted: a well-aligned sentence of the quote says otherwise: another number, date or
//   name in the same place, a negation on one side only, an antonym, a clashing quantifier;
// - not found: the quote does not say it, as far as words tell. Neutral: a correct paraphrase
//   the rules do not know lands here too, so it gets no ⚠ unless a name or a number of the
//   sentence is nowhere in the quote (or its page title: a quote's "it" is the page's subject).
// Only contradicted citations and missing names or numbers are flagged.
//
// The MiniLM cross-encoder, when its weights are loaded, judges relevance for the citations the
// rules did not flag: relevant enough counts as supported. It never decides a contradiction, and
// never clears a flag (MS MARCO cross-encoders score topical relevance, not entailment).
//
// A knowledge-graph quote is one fact per line ("Douglas Adams — place of birth — Cambridge"):
// the sentence is judged line by line, so it cannot borrow its subject from one triple and its
// object from another ("born in London", London being his residence).
// Citations to IDs not among the quotes are skipped (parseCitations already drops them).

import {
  compareClaim,
  type ClaimComparison,
  decide,
  keysOf,
  MATCH_DEFAULTS,
} from '../pipeline/claim-match';
import { sameNumber } from '../pipeline/claim-numbers';
import { answerFromByline } from '../pipeline/byline';
import { analyse, type Token } from '../pipeline/claim-text';
import { buildLexicon, type Lexicon } from '../pipeline/lexicon';
import type { PairScorer } from '../pipeline/ports';
import { namesWrittenJoined, withoutNamesWrittenApart } from '../pipeline/code-names';
import { withoutFigureStatedElsewhere } from '../pipeline/figure-elsewhere';
import { negationHeadAgrees } from '../pipeline/negation-head';
import { denialsBalance, withoutBalancedDenial } from '../pipeline/negation-parity';
import { antonymAcrossQuote, polarityAcrossQuote } from '../pipeline/quote-polarity';
import { sentenceRanges } from '../core/segment';
import { relevance } from '../pipeline/retrieve';
import { withSwappedRoles } from '../pipeline/swapped-roles';
import type { AnswerSentence, Block, CitationCheck, Quote } from '../pipeline/types';

export interface CheckOptions {
  /** The MiniLM cross-encoder; absent (no weights) → the rules alone. */
  scorer?: PairScorer;
  /** "Supported" by the rules needs this share of the sentence's content words (claim-match.ts). */
  lexicalThreshold?: number;
  /** A conflict counts in a quote sentence aligned with this share of the other words (claim-match.ts). */
  alignThreshold?: number;
  /** With the cross-encoder, an unflagged citation is supported at sigmoid(logit) ≥ this. */
  relevanceThreshold?: number;
  /** Built from the quotes when absent. */
  lexicon?: Lexicon;
  /**
   * The text of each quote's page, by URL, when the caller has it: a name the sentence takes from
   * elsewhere on that page ("he" in the quote, "Mr Obama" in the answer) is then not flagged as
   * missing. Without it, the other quotes from the same page stand in for it.
   */
  pages?: ReadonlyMap<string, string>;
  /**
   * The text near each quote on its page, by quote id (`textNearQuote`): a name or number the
   * sentence takes from the paragraphs before or after the quote ('Claude' named there, 'his lights'
   * in the quote) is not flagged as missing. Near, not the whole page: a name swapped for another
   * that the page mentions far away is still missing from what was cited.
   */
  near?: ReadonlyMap<number, string>;
}

/**
 * Blocks either side of a quote's own block whose words count as near it. Swept on the citations'
 * tune split (test/eval/citations.ts): 1, 2, 3, 4 and 8 gave ⚠ on supported 8.1%, 7.8%, 7.0%,
 * 7.0%, 7.3% and on contradicted 86.7%, 86.4%, 86.4%, 86.1%, 85.9%. A composer names the person
 * a quote calls "he" from a paragraph or two before it as often as from the one right before.
 */
export const NEAR_BLOCKS = 3;

/**
 * The quote's blocks and NEAR_BLOCKS either side, as one text (for CheckOptions.near), with the
 * page's author from its byline: an answer names the writer ("according to Oakes") where the
 * quote says "I".
 */
export function textNearQuote(
  blocks: readonly Block[],
  blockIndex: number,
  endBlockIndex = blockIndex,
): string {
  const from = Math.max(0, blockIndex - NEAR_BLOCKS);
  const near = blocks.slice(from, endBlockIndex + NEAR_BLOCKS + 1).map((b) => b.text);
  const byline = answerFromByline('author', blocks);
  if (byline) near.push(byline.text.slice(byline.span.start, byline.span.end));
  return near.join('\n');
}

/** The rules' support threshold, tuned with claim matching (test/eval/verify.ts, 'tune' split). */
export const LEXICAL_THRESHOLD = MATCH_DEFAULTS.supportThreshold;
export const RELEVANCE_THRESHOLD = 0.5;
/**
 * A conflict counts in a quote sentence that shares this much of the answer sentence's other
 * words: lower than Verify's (MATCH_DEFAULTS.alignThreshold, 0.6), because the composer says it
 * wrote the sentence from this quote, so a changed word in a loosely restated sentence is still
 * a misreading, where a claim checked against a whole page may be about another fact. Swept on
 * the citations' tune split (test/eval/citations.ts): from 0.6 down, ⚠ on contradicted rose to
 * 86.4% at 0.4 and no further below it, while ⚠ on supported went 6.9% → 7.6% (8.0% at 0.25).
 */
export const CITATION_ALIGN_THRESHOLD = 0.4;

/** "The page says: …", "According to the source, …": a composer's lead, not part of the fact. */
const ATTRIBUTION =
  /^\s*(?:the\s+(?:page|source|article|quote|text)\s+(?:says|states|notes|reports)(?:\s+that)?|according\s+to\s+the\s+(?:page|source|article|quote)),?:?\s*/i;

/** `[n]` markers a caller left in: citations, not numbers of the sentence. */
const MARKERS = /\[\s*\d{1,4}(?:\s*[,;]\s*\d{1,4})*\s*\]/g;

export function claimOfSentence(text: string): string {
  return text.replace(MARKERS, ' ').replace(ATTRIBUTION, '').trim();
}

export async function checkCitations(
  sentences: readonly AnswerSentence[],
  quotes: readonly Quote[],
  options: CheckOptions = {},
): Promise<CitationCheck[]> {
  const lexicon =
    options.lexicon ??
    buildLexicon([
      ...sentences.map((s) => s.text),
      ...quotes.flatMap((q) => [q.text, q.source.title]),
      // The page around a quote tells names from capitalised words ('Sharon said' there).
      ...(options.near?.values() ?? []),
    ]);
  const supportThreshold = options.lexicalThreshold ?? LEXICAL_THRESHOLD;
  const alignThreshold = options.alignThreshold ?? CITATION_ALIGN_THRESHOLD;
  const byId = new Map(quotes.map((q) => [q.id, q]));
  const knownByQuote = new Map<number, Set<string>>();
  const known = (quote: Quote) => {
    let keys = knownByQuote.get(quote.id);
    if (!keys) {
      const url = quote.source.url;
      const page = options.pages?.get(url);
      const texts = page
        ? [page]
        : [
            ...quotes.filter((q) => q.source.url === url).map((q) => q.text),
            options.near?.get(quote.id) ?? '',
          ];
      knownByQuote.set(quote.id, (keys = keysOf([texts.join('\n')], lexicon)));
    }
    return keys;
  };
  const checks: CitationCheck[] = [];
  // Citations the rules did not flag, for the cross-encoder: the sentence and the quote's parts.
  const open: Array<{ check: CitationCheck; text: string; parts: string[] }> = [];
  sentences.forEach((s, sentence) => {
    const claim = claimOfSentence(s.text);
    const empty = analyse(claim, lexicon).tokens.length === 0;
    for (const quoteId of new Set(s.citations)) {
      const quote = byId.get(quoteId);
      if (!quote) continue;
      if (empty) {
        // Nothing to check ("Yes [1]."): not found, and not flagged: it names nothing wrong.
        checks.push(checkOf(sentence, quoteId, notFound()));
        continue;
      }
      const parts = partsOf(quote);
      const others = s.citations.filter((id) => id !== quoteId).flatMap((id) => byId.get(id) ?? []);
      const judged = judgeQuote(claim, quote, parts, {
        lexicon,
        supportThreshold,
        alignThreshold,
        known: known(quote),
      });
      const result = withoutOthersWords(
        withoutJoinedNames(judged, claim, {
          quote: quote.text,
          near: options.near?.get(quote.id) ?? '',
        }),
        { claim, quote, others },
        lexicon,
      );
      const check = checkOf(sentence, quoteId, result);
      checks.push(check);
      if (!check.flagged) open.push({ check, text: s.text, parts });
    }
  });
  if (options.scorer && open.length > 0)
    await judgeRelevance(open, options.scorer, options.relevanceThreshold ?? RELEVANCE_THRESHOLD);
  return checks;
}

/**
 * A quote is one statement: a word the sentence affirms and the quote only denies, in whichever
 * of its sentences, says otherwise (quote-polarity.ts), though the sentence that holds most of the
 * answer's other words says nothing of it. Not for table rows and knowledge-graph lines, which
 * are facts of their own.
 */
function acrossQuote(
  compared: ClaimComparison,
  claim: string,
  quote: string,
  lexicon: Lexicon,
  share: number,
): ClaimComparison {
  if (compared.outcome === 'contradicted' || compared.verbatim) return compared;
  if (denialsBalance(claim, quote)) return compared;
  const conflict =
    polarityAcrossQuote(claim, quote, lexicon, share) ??
    antonymAcrossQuote(claim, quote, lexicon, share);
  return conflict ? { ...compared, outcome: 'contradicted', conflicts: [conflict] } : compared;
}

/** One citation by the rules: the quote's parts compared, then the quote read as one statement. */
function judgeQuote(
  claim: string,
  quote: Quote,
  parts: readonly string[],
  {
    lexicon,
    supportThreshold,
    alignThreshold,
    known,
  }: { lexicon: Lexicon; supportThreshold: number; alignThreshold: number; known: Set<string> },
): ClaimComparison {
  const options = { supportThreshold, alignThreshold, context: [quote.source.title], known };
  const compared = bestPart(
    quote.source.kind !== 'kg' && quote.source.blockKind === 'table',
    parts.map((part) => compareClaim(claim, part, lexicon, options)),
  );
  const balanced = withoutBalancedDenial(claim, compared);
  if (parts.length > 1) return balanced;
  const single = singleSentenceSays(balanced, quote.text, lexicon, (text) =>
    compareClaim(claim, text, lexicon, options),
  );
  if (single) return single;
  const across = acrossQuote(
    withoutFigureStatedElsewhere(balanced, claim, { quote: quote.text }, lexicon),
    claim,
    quote.text,
    lexicon,
    supportThreshold,
  );
  return withSwappedRoles(
    withoutAgreeingDenial(across, claim, quote.text, lexicon),
    claim,
    quote.text,
    lexicon,
  );
}

/**
 * A conflict that claim matching finds only across two sentences of the quote, while one sentence
 * alone says the whole answer sentence (every name and number in it, no conflict) and no sentence
 * alone says otherwise: "With bsdiff, Google cut the size of app updates by 47%" against
 * "… the bsdiff algorithm (by Colin Percival). Using bsdiff, we were able to reduce the size of
 * app updates on average by 47% …", aligned across both, puts "Colin" where the answer says
 * "Google". The sentence that states it decides; the pair's frame is one the answer never had.
 */
function singleSentenceSays(
  compared: ClaimComparison,
  quote: string,
  lexicon: Lexicon,
  compare: (text: string) => ClaimComparison,
): ClaimComparison | undefined {
  if (compared.outcome !== 'contradicted') return undefined;
  const ranges = [...sentenceRanges(quote)];
  if (ranges.length < 2) return undefined;
  const singles = ranges.map((r) => ({ r, result: compare(quote.slice(r.start, r.end)) }));
  if (singles.some(({ result }) => result.outcome === 'contradicted')) return undefined;
  const supported = singles
    .filter(({ result }) => result.outcome === 'supported')
    .sort((a, b) => b.result.coverage - a.result.coverage)[0];
  if (!supported) return undefined;
  const { r, result } = supported;
  const where = { sentence: result.sentence.text, quote, lexicon };
  if (!compared.conflicts.every((c) => saidThereOrNowhere(c.claim, where))) return undefined;
  const sentence = {
    ...result.sentence,
    start: result.sentence.start + r.start,
    end: result.sentence.end + r.start,
  };
  return { ...result, sentence };
}

/**
 * The answer's conflicting words (not a bare negation cue) are in the supporting sentence or
 * nowhere in the quote: the pair's conflict is not about a word another sentence of the quote
 * says ("mentioned his tarot deck" / "There was no mention of his tarot deck").
 */
function saidThereOrNowhere(
  words: string,
  { sentence, quote, lexicon }: { sentence: string; quote: string; lexicon: Lexicon },
): boolean {
  const keys = keysOf([words], lexicon);
  if (keys.size === 0) return false;
  const there = keysOf([sentence], lexicon);
  const anywhere = keysOf([quote], lexicon);
  return [...keys].every((k) => there.has(k) || !anywhere.has(k));
}

/**
 * A negation conflict where both sides deny the same head word ("would not destroy the living
 * planet" / "refused to destroy the unique living world"): the reaches differ, not what is denied
 * (negation-head.ts). Not found rather than flagged: the rules cannot say it is supported.
 */
function withoutAgreeingDenial(
  compared: ClaimComparison,
  claim: string,
  quote: string,
  lexicon: Lexicon,
): ClaimComparison {
  if (compared.outcome !== 'contradicted' || compared.conflicts.length === 0) return compared;
  if (!compared.conflicts.every((c) => negationHeadAgrees(claim, quote, c, lexicon)))
    return compared;
  return { ...compared, outcome: 'not-found', conflicts: [] };
}

/**
 * A name the text near the quote writes as one word ("nodejs" for "Node.js"), or in two ("HDR 10"
 * for "HDR10"), is not missing; nor is it another name in the quote's place.
 */
function withoutJoinedNames(
  compared: ClaimComparison,
  claim: string,
  { quote, near }: { quote: string; near: string },
): ClaimComparison {
  const result = withoutNamesWrittenApart(compared, claim, quote);
  if (result.missing.length === 0) return result;
  const joined = namesWrittenJoined(claim, result.missing, [quote, near]);
  if (joined.size === 0) return result;
  return { ...result, missing: result.missing.filter((m) => !joined.has(m)) };
}

/** Words of the sentence a cited quote alone states, before it counts as one of its sources. */
const OWN_WORDS = 2;

/**
 * A sentence citing two quotes takes some of its names and numbers from each ("the poll put his
 * approval at 13% [1], while the opposition holds 192 of 300 seats [2]"): what the sentence's
 * other cited quotes state is not missing from this one, provided this one states a part of the
 * sentence (OWN_WORDS) that none of the others does. A quote that adds nothing to what the others
 * say is a wrong citation, and a name or number it lacks still flags it. A conflict always stays.
 */
function withoutOthersWords(
  result: ClaimComparison,
  { claim, quote, others }: { claim: string; quote: Quote; others: readonly Quote[] },
  lexicon: Lexicon,
): ClaimComparison {
  if (others.length === 0 || result.missing.length === 0) return result;
  const stated = others.map((q) => analyse(q.text, lexicon).tokens);
  const inOthers = (m: Token) =>
    stated.some((tokens) =>
      tokens.some(
        (t) => t.key === m.key || (m.kind === 'number' && t.kind === 'number' && sameNumber(m, t)),
      ),
    );
  const own = keysOf([quote.text], lexicon);
  const ownWords = analyse(claim, lexicon).tokens.filter((t) => own.has(t.key) && !inOthers(t));
  if (ownWords.length < OWN_WORDS) return result;
  const missing = result.missing.filter((m) => !analyse(m, lexicon).tokens.every(inOthers));
  return { ...result, missing };
}

function notFound(): ClaimComparison {
  return {
    outcome: 'not-found',
    sentence: { text: '', start: 0, end: 0 },
    coverage: 0,
    alignment: 0,
    conflicts: [],
    missing: [],
  };
}

function checkOf(sentence: number, quoteId: number, result: ClaimComparison): CitationCheck {
  const missing = result.outcome === 'supported' ? [] : result.missing;
  return {
    sentence,
    quoteId,
    supported: result.outcome === 'supported',
    outcome: result.outcome,
    flagged: result.outcome === 'contradicted' || missing.length > 0,
    conflicts: result.conflicts,
    missing,
    score: result.coverage,
    method: 'lexical',
  };
}

/** One batched call for every unflagged pair (a KG quote contributes one pair per line). */
async function judgeRelevance(
  open: ReadonlyArray<{ check: CitationCheck; text: string; parts: string[] }>,
  scorer: PairScorer,
  threshold: number,
): Promise<void> {
  const batch = open.flatMap((p) => p.parts.map((part) => [p.text, part] as const));
  let logits: Float32Array;
  try {
    logits = await scorer.score(batch);
  } catch {
    return; // a failing model must not lose the answer: the rules' checks stand, and say so (method)
  }
  if (logits.length !== batch.length) return;
  let next = 0;
  for (const { check, parts } of open) {
    const score = Math.max(...parts.map(() => relevance(logits[next++]!)));
    const supported = score >= threshold;
    Object.assign(check, {
      method: 'cross-encoder',
      score,
      supported,
      outcome: supported ? 'supported' : 'not-found',
    });
  }
}

/** The part that decides, as `decide` weighs a supporting and a contradicting sentence; else the closest. */
function bestPart(tableRows: boolean, results: readonly ClaimComparison[]): ClaimComparison {
  const top = (outcome: ClaimComparison['outcome']) =>
    results.filter((r) => r.outcome === outcome).sort((a, b) => b.alignment - a.alignment)[0];
  const supported = top('supported');
  const contradicted = top('contradicted');
  // A table's rows state different facts side by side: the row that says the claim supports it,
  // whatever its neighbours say ("MAJOR_VERSION 1" does not refute "MINOR_VERSION 2").
  // The quote's own words decide too ("supported" whatever another part says: claim-match.ts).
  const verbatim = results.find((r) => r.verbatim);
  if (verbatim) return verbatim;
  const outcome =
    tableRows && supported ? 'supported' : decide(supported?.alignment, contradicted?.alignment);
  const best =
    (outcome === 'supported' ? supported : outcome === 'contradicted' ? contradicted : undefined) ??
    [...results].sort((a, b) => b.coverage - a.coverage)[0] ??
    notFound();
  // A name or number counts as missing only when no part of the quote has it.
  const missing = best.missing.filter((m) => results.every((r) => r.missing.includes(m)));
  return { ...best, missing };
}

export interface CheckSummary {
  /** Citations judged supported. */
  checked: number;
  total: number;
  /** Every citation not judged supported (contradicted, or not found). */
  unsupported: Array<{ sentence: number; quoteId: number }>;
  /** The ones marked ⚠: contradicted, or a name or number not in the quote. */
  flagged: Array<{ sentence: number; quoteId: number }>;
  contradicted: number;
  notFound: number;
}

/** For the panel's "k of n citations checked" label and the list of those marked ⚠. */
export function summariseChecks(checks: readonly CitationCheck[]): CheckSummary {
  const at = ({ sentence, quoteId }: CitationCheck) => ({ sentence, quoteId });
  const unsupported = checks.filter((c) => !c.supported).map(at);
  // Records from before `flagged` existed: every unsupported citation was marked.
  const flagged = checks.filter((c) => c.flagged ?? !c.supported).map(at);
  const contradicted = checks.filter((c) => c.outcome === 'contradicted').length;
  return {
    checked: checks.length - unsupported.length,
    total: checks.length,
    unsupported,
    flagged,
    contradicted,
    notFound: unsupported.length - contradicted,
  };
}

/** A KG quote is judged line by line; any other quote as one text. */
function partsOf(quote: Quote): string[] {
  if (quote.source.kind === 'kg' && quote.kgLines && quote.kgLines.length > 0)
    return quote.kgLines.map((l) => l.text);
  // A table's rows are facts of their own: read as one sentence, the row cited would be compared
  // with its neighbours' numbers too ("MINOR_VERSION 2" contradicted by "MAJOR_VERSION 1").
  if (quote.source.blockKind === 'table') {
    const rows = quote.text.split('\n').filter((row) => row.trim());
    if (rows.length > 1) return rows;
  }
  return [quote.text];
}
