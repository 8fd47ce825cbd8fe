// Where a claim stands word for word in the page's whole text, whatever retrieval ranked.
//
// Verify mode finds its evidence by ranking passages: a sentence that BM25 does not return, that a
// 128-token passage cut splits in two, or that sits in text ranked last as boilerplate would leave
// the page's own words "not enough evidence". So before any ranking, the claim is looked up in
// every block of the page (and each block joined to the next, for a sentence a line break or a
// markup boundary splits) by `verbatimSpan`: case, quotation marks, apostrophes, dashes, spacing,
// the final full stop and footnote markers aside. Where it is there, the sentences that hold it
// become a quote of their own, so the claim matcher sees the page's words and the highlight lands
// on them.

import { sentenceRanges } from '../core/segment';
import { verbatimSpan } from './claim-text';
import type { Block } from './types';

/** The page's sentences that state the claim, as they appear in one block. */
export interface LocatedClaim {
  blockIndex: number;
  /** The last block the sentences reach (a sentence split over two blocks ends in the next). */
  endBlockIndex: number;
  /** The whole sentences that hold the claim, as written on the page (a substring of the block, or of two joined by a space). */
  text: string;
}

/** A located quote longer than this is cut to the claim's own words (a block with no sentence ends). */
const MAX_LOCATED_CHARS = 1200;

/** The first place, in reading order, where the page states the claim word for word. */
export function locateClaim(claim: string, blocks: readonly Block[]): LocatedClaim | null {
  for (let i = 0; i < blocks.length; i++) {
    const found = locateIn(claim, blocks[i]!.text);
    if (found) return { blockIndex: i, endBlockIndex: i, text: found };
  }
  // Only when no block holds it alone: a sentence across a block boundary.
  for (let i = 0; i + 1 < blocks.length; i++) {
    const joined = `${blocks[i]!.text} ${blocks[i + 1]!.text}`;
    const found = locateIn(claim, joined);
    if (found) return { blockIndex: i, endBlockIndex: i + 1, text: found };
  }
  return null;
}

function locateIn(claim: string, text: string): string | null {
  const span = verbatimSpan(claim, text);
  if (!span) return null;
  const around = [...sentenceRanges(text)].filter((r) => r.end > span.start && r.start < span.end);
  const start = Math.min(span.start, ...around.map((r) => r.start));
  const end = Math.max(span.end, ...around.map((r) => r.end));
  const whole = text.slice(start, end).trim();
  return whole.length <= MAX_LOCATED_CHARS ? whole : text.slice(span.start, span.end);
}
