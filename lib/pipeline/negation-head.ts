// A negation denies the first content word it reaches (its head: usually the verb) and, with it,
// what follows: "the Chozo would not destroy the living planet" denies the destroying. Claim
// matching (claim-match.ts) counts a reach of a few content words on both sides, so the two
// sides' reaches seldom end on the same word: against "refused to destroy the unique living
// world", whose denial reaches "destroy", "unique" and "living", the answer's "planet" is denied
// and the page's "planet" (from the sentence before) is not, and that is called a conflict though
// both deny the destroying.
//
// So a negation conflict is set aside when the denying side's head is, on the other side, denied
// too: the two agree on what is denied, and a word further on is only where the reaches differ.
// When the heads differ in polarity, the other side does not have the head, or either side says
// the head both ways, the conflict stands.

import { analyse, type Token } from './claim-text';
import type { Lexicon } from './lexicon';
import type { ClaimConflict } from './types';

/** The first content word the cue starting at `cueStart` reaches, if a cue starts there. */
function headAt(tokens: readonly Token[], cueStart: number): Token | undefined {
  return tokens.find((t) => t.cue?.start === cueStart);
}

/**
 * Whether a negation `conflict` between `claim` and `evidence` (offsets as claim matching gives
 * them) is only where the two denials' reaches end: the denying side's head has the same polarity
 * on the other side.
 */
export function negationHeadAgrees(
  claim: string,
  evidence: string,
  conflict: ClaimConflict,
  lexicon: Lexicon,
): boolean {
  if (conflict.kind !== 'negation') return false;
  const claimTokens = analyse(claim, lexicon).tokens;
  const pageTokens = analyse(evidence, lexicon).tokens;
  const claimHead = headAt(claimTokens, conflict.claimStart);
  const pageHead = headAt(pageTokens, conflict.pageStart);
  if (!claimHead && !pageHead) return false;
  const head = (claimHead ?? pageHead)!;
  // Every mention of the head, on both sides, with the head's polarity: a word said both ways on
  // a side ("not using AI … those using AI") leaves open which mention is meant.
  const mentions = (tokens: readonly Token[]) => tokens.filter((t) => t.key === head.key);
  const pageSide = mentions(pageTokens);
  const claimSide = mentions(claimTokens);
  return (
    pageSide.length > 0 &&
    claimSide.length > 0 &&
    [...pageSide, ...claimSide].every((t) => t.negated === head.negated)
  );
}
