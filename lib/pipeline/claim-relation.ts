// A comparison or an order a claim asserts that a page sentence does not state in words: word
// rules cannot weigh "12GB" against "8GB" or "1841" against "1907", so such a claim is not "says
// this" (claim-match.ts keeps the sentence as the one that outweighs a weaker "otherwise").

import type { Token } from './claim-text';

/** Words before "than" that compare nothing: "rather than", "other than". */
const NOT_COMPARING = new Set(['rather', 'other', 'else']);

/**
 * The word compares, by what follows it: "than" right after ("bigger than"), or after a few words
 * for "more", "less" and "fewer" ("more Americans since 9/11 than"); not a bound on a number
 * ("more than 60", compared as a number).
 */
function comparative(word: string, after: string): boolean {
  if (NOT_COMPARING.has(word)) return false;
  const gap = ['more', 'less', 'fewer'].includes(word) ? 4 : 0;
  const than = new RegExp(`^(?:\\s+[\\p{L}\\d/’'-]+){0,${gap}}\\s+than\\s+(\\S+)`, 'iu').exec(
    after,
  );
  return !!than && !/^(?:\d|an?$|one$)/i.test(than[1]!);
}

/** Words that put two things in order. */
const ORDER_WORDS = new Set(['before', 'after']);

/**
 * A comparison or an order the claim asserts that the sentence does not state: "the PS4 Pro has
 * more RAM than the Xbox One X" against "12GB of GDDR5 RAM … The PS4 Pro has only 8GB", "became a
 * dominion before it became a colony" against "In 1841 … a colony … in 1907 … a dominion". Every
 * other word matches, but whether the comparison or order holds lies in figures the claim does not
 * repeat, which word rules cannot weigh: not "supported". A comparative is the word "than" follows
 * ("lighter than", "more RAM than"), unmatched. An unmatched "before" or "after" counts only where
 * the sentence has two figures to order by; otherwise it is mostly the page's order in other words
 * ("X, then Y").
 */
export function unstatedRelation(
  claim: readonly Token[],
  page: readonly Token[],
  matched: readonly number[],
  claimText: string,
): boolean {
  // A claim with figures of its own is weighed by them: an order by its dates ("met in 1854, after
  // … in 1852"; a label such as "Gears of War 4" is no figure), a comparison by the difference it
  // states ("two pounds lighter than"; "since 9/11" is none).
  const dated = claim.some((c) => c.kind === 'number' && c.numberClass !== 'label');
  const differs = claim.some((c) => c.difference);
  const figures = page.filter((p) => p.kind === 'number').length >= 2;
  return claim.some((c, i) => {
    if (matched[i]! >= 0 || c.kind !== 'word' || !c.word) return false;
    if (ORDER_WORDS.has(c.word)) return figures && !dated;
    return !differs && comparative(c.word, claimText.slice(c.end));
  });
}
