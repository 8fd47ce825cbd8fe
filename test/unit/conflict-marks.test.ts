import { describe, expect, it } from 'vitest';
import { conflictPieces } from '../../components/conflict-marks';
import type { ClaimConflict } from '../../lib/pipeline/types';

// yahoo-1: "Thumper has complicated controls." against the quote's second sentence.
const QUOTE =
  'Called a violent rhythm game by its creators. With simple controls and a straightforward premise.';
const start = QUOTE.indexOf('With');
const sentence = { quoteId: 1, text: QUOTE.slice(start), start, end: QUOTE.length };

const conflict = (page: string, at = QUOTE.indexOf(page)): ClaimConflict => ({
  kind: 'antonym',
  claim: 'complicated',
  page,
  claimStart: 0,
  claimEnd: 11,
  pageStart: at,
  pageEnd: at + page.length,
});

describe('conflictPieces: the page side of a conflict marked in the verdict sentence', () => {
  it('marks the page words where they stand', () => {
    expect(conflictPieces(sentence, [conflict('simple')])).toEqual([
      { text: 'With ', marked: false },
      { text: 'simple', marked: true },
      { text: ' controls and a straightforward premise.', marked: false },
    ]);
  });

  it('leaves out a conflict outside the sentence or whose offsets do not name its words', () => {
    const outside = conflict('violent');
    const shifted = conflict('simple', QUOTE.indexOf('simple') + 2);
    expect(conflictPieces(sentence, [outside, shifted])).toEqual([
      { text: sentence.text, marked: false },
    ]);
  });
});
