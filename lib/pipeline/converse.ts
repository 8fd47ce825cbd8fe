// One comparison told from either side: "The One X weighs 8.4 pounds, two pounds more than the
// One S" and "The One S, in comparison, weighs two pounds less" say the same thing, though claim
// matching finds "more" where the page has "less"; and "two pounds less than the One S" says the
// opposite, though every word is on the page. The claim compares with "than <Y>"; the page opens
// the sentence with Y, the subject of its comparative, and compares with nothing after it. Read on the texts, at the
// comparative words claim matching paired.

import { sentenceRanges } from '../core/segment';

/** "more", "less", "fewer", "greater", and comparatives in -er ("heavier", "cheaper"). */
const COMPARATIVE = /^(?:more|less|fewer|greater|\p{L}{2,}er)$/iu;

/** "than the One S" right after the comparative (a word or two between: "more expensive than"). */
const THAN = /^(\s*(?:[\p{L}\p{N}'’-]+\s+){0,2}?than\s+(?:the\s+|a\s+|an\s+)?)([^.,;:!?()]+)/iu;

/** Words of the compared thing that must stand before the page's comparative. */
const COMPARED_WORDS = 3;

export interface Span {
  text: string;
  start: number;
  end: number;
}

/**
 * Where the claim's comparative (`said`, with its "than Y") is the page's comparative (`page`)
 * told with Y as its subject: the claim's span through Y, and the page's from Y to its word.
 * Undefined when the two compare the same way round, or Y is not the page's subject.
 */
export function fromTheOtherSide(
  texts: { claim: string; evidence: string },
  said: Span,
  page: Span,
): { claim: Span; page: Span } | undefined {
  if (!COMPARATIVE.test(said.text) || !COMPARATIVE.test(page.text)) return undefined;
  const than = THAN.exec(texts.claim.slice(said.end));
  if (!than || THAN.test(texts.evidence.slice(page.end))) return undefined;
  const compared = than[2]!.trim().split(/\s+/).slice(0, COMPARED_WORDS).join(' ');
  const before = texts.evidence.slice(0, page.start);
  const sentenceStart = sentenceStartOf(texts.evidence, page.start);
  const at = before.toLowerCase().lastIndexOf(compared.toLowerCase());
  if (compared.length === 0 || at < sentenceStart) return undefined;
  // Y opens the page's sentence (after an article at most): it is what the page compares.
  if (!/^\s*(?:(?:the|a|an|its|their)\s+)?$/i.test(before.slice(sentenceStart, at)))
    return undefined;
  const claimEnd = said.end + than[1]!.length + compared.length;
  return {
    claim: { text: texts.claim.slice(said.start, claimEnd), start: said.start, end: claimEnd },
    page: { text: texts.evidence.slice(at, page.end), start: at, end: page.end },
  };
}

/** Where the sentence of `text` that holds offset `at` starts. */
function sentenceStartOf(text: string, at: number): number {
  for (const range of sentenceRanges(text)) if (range.end > at) return range.start;
  return 0;
}
