// The passages shown as "closest" when the page does not answer (or does not say a claim). The
// keyword path cuts several evidence windows from one paragraph; shown together they repeat its
// sentences two or three times, and the list reads as one paragraph instead of five places to
// look. Only for that list: an answer's sources stay as its citations number them.

import type { Quote } from '../pipeline/types';

/**
 * One quote per paragraph of a page, the first in ranking order; a quote in `keep` (cited, or the
 * verdict's) always stays.
 */
export function onePerParagraph(quotes: readonly Quote[], keep: ReadonlySet<number>): Quote[] {
  const seen = new Set<string>();
  return quotes.filter((quote) => {
    // Knowledge-graph quotes have no paragraph of their own.
    const paragraph =
      quote.source.kind === 'kg'
        ? `kg#${quote.id}`
        : `${quote.source.url}#${quote.source.blockIndex}`;
    const repeat = seen.has(paragraph);
    seen.add(paragraph);
    return keep.has(quote.id) || !repeat;
  });
}
