// Where a claim stands word for word in the page's whole text, whatever retrieval ranked.
//
// Verify mode finds its evidence by ranking passages: a sentence that BM25 does not return, that a
// 128-token passage cut splits in two, or that sits in text ranked last as boilerplate would leave
// the page's own words "not enough evidence". So before any ranking, the claim is looked up in
// every block of the page (and each block joined to the next, for a sentence a line break or a
// markup boundary splits) by `verbatimSpan`: case, quotation marks, apostrophes, dashes, spacing,
// the final full stop and footnote markers aside. Where it is there, the sentences that hold it
// become a quote of their own, so the claim matcher sees the page's words and the highlight lands
// on them. A claim the page does not state word for word is met with the page sentence it shares
// most of its words with in order (`nearestSentence`), so an edited copy of a sentence ranked low
// is still compared with its original: the matcher decides, the lookup only shows it the sentence.

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

/**
 * Share of the claim's words a page sentence must hold, in order, to be quoted as the claim's
 * nearest sentence: one word in five changed ('had not improved', '$200 million', a swapped name)
 * still finds the sentence it was made from, wherever retrieval ranked it.
 */
export const NEAR_VERBATIM_SHARE = 0.8;

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

const WORDS = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => (text.match(WORDS) ?? []).map((w) => w.toLowerCase());

/** Length of the longest common subsequence of two word lists. */
function commonInOrder(a: readonly string[], b: readonly string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const next = [0];
    for (let j = 0; j < b.length; j++)
      next.push(word === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The page sentence that holds the most of the claim's words in order, when it holds at least
 * NEAR_VERBATIM_SHARE of them and is not much longer than the claim: an edited copy of a sentence
 * meets its original, so the claim matcher can say what changed.
 */
export function nearestSentence(claim: string, blocks: readonly Block[]): LocatedClaim | null {
  const want = wordsOf(claim);
  if (want.length < 4) return null;
  let best: LocatedClaim | null = null;
  let bestShare = 0;
  blocks.forEach((block, blockIndex) => {
    for (const { start, end } of sentenceRanges(block.text)) {
      const text = block.text.slice(start, end).trim();
      const words = wordsOf(text);
      if (words.length > 2 * want.length + 4) continue;
      const share = commonInOrder(want, words) / want.length;
      if (share >= NEAR_VERBATIM_SHARE && share > bestShare) {
        best = { blockIndex, endBlockIndex: blockIndex, text };
        bestShare = share;
      }
    }
  });
  return best;
}
