// A number conflict is the composer's (or the claim's) joining of facts, not a misreading, when the
// evidence states the claim's figure of the same thing in another place. Read by the citation
// check (the quote) and by Verify claim (the quotes of the same page).

import type { ClaimComparison } from './claim-match';
import { sameNumber } from './claim-numbers';
import { analyse, type Token } from './claim-text';
import { isUnit, type Lexicon } from './lexicon';

/**
 * A number conflict whose figure the evidence states too, in another place: "swapping roughly
 * 100 miles a year" against "… nearly 1,600 miles of gas lines … about 100 miles of line each
 * year", aligned with the first sentence: the same figure of the same thing. A composer joins
 * facts from a quote's sentences; that the figure is the quote's own, beside another the answer
 * leaves out, is not a misreading the rules can show. Not found rather than flagged.
 *
 * `quote` is the text compared; `elsewhere`, other quotes of the page (Verify claim reads several),
 * where the figure must also follow the same word ("filled 255,904 potholes") and count a thing,
 * not a unit: there, "4GHz, 16GB DDR3 RAM" is another machine's.
 */
export function withoutFigureStatedElsewhere(
  compared: ClaimComparison,
  claim: string,
  { quote, elsewhere = '' }: { quote: string; elsewhere?: string },
  lexicon: Lexicon,
): ClaimComparison {
  if (compared.outcome !== 'contradicted' || compared.conflicts.length === 0) return compared;
  if (!compared.conflicts.every((c) => c.kind === 'number')) return compared;
  const claimTokens = analyse(claim, lexicon).tokens;
  const inQuote = analyse(quote, lexicon).tokens;
  const inOthers = analyse(elsewhere, lexicon).tokens;
  // What the figure counts: the word after it ("100 miles"), so "two others" is not "Two gunmen".
  const key = (tokens: readonly Token[], i: number) => tokens[i]?.key;
  const statedElsewhere = (c: ClaimComparison['conflicts'][number]) => {
    const at = claimTokens.findIndex((t) => t.kind === 'number' && t.start === c.claimStart);
    const figure = claimTokens[at];
    const thing = key(claimTokens, at + 1);
    const before = key(claimTokens, at - 1);
    if (!figure || (thing === undefined && before === undefined)) return false;
    // A figure that ends the claim is known by the word before it: "the One X costs five hundred
    // dollars" where another quote says "the One X costs $500".
    const same = (tokens: readonly Token[], j: number, strict: boolean) =>
      tokens[j]!.kind === 'number' &&
      sameNumber(figure, tokens[j]!) &&
      (thing === undefined
        ? key(tokens, j - 1) === before
        : key(tokens, j + 1) === thing &&
          (!strict || (key(tokens, j - 1) === before && !isUnit(thing))));
    return (
      inQuote.some((_, j) => same(inQuote, j, false)) ||
      inOthers.some((_, j) => same(inOthers, j, true))
    );
  };
  if (!compared.conflicts.every(statedElsewhere)) return compared;
  return { ...compared, outcome: 'not-found', conflicts: [] };
}
