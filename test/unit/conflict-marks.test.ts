import { describe, expect, it } from 'vitest';
import {
  conflictPieces,
  distinctConflicts,
  withoutMarkersIn,
} from '../../components/conflict-marks';
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

describe('withoutMarkersIn: footnote markers out of the verdict sentence', () => {
  // wikipedia-2, from a Chromium walk-through: '… twice that amount.[161] [2]' read as two chips.
  const TEXT =
    'Christchurch is the driest and Wellington the wettest, receiving almost twice that amount.[161] Auckland is warm.';
  const wettest = TEXT.indexOf('wettest');

  it('leaves markers out of plain pieces and keeps the marked words where they were', () => {
    const pieces = conflictPieces({ quoteId: 2, text: TEXT, start: 0, end: TEXT.length }, [
      { ...conflict('wettest'), pageStart: wettest, pageEnd: wettest + 7 },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(
      'Christchurch is the driest and Wellington the wettest, receiving almost twice that amount. Auckland is warm.',
    );
    expect(pieces.filter((p) => p.marked).map((p) => p.text)).toEqual(['wettest']);
  });

  it('drops a piece that was only a marker', () => {
    expect(withoutMarkersIn([{ text: '[12]', marked: false }])).toEqual([]);
  });
});

describe('distinctConflicts', () => {
  it('lists the same pair of words once, whatever its places', () => {
    const a = conflict('simple');
    const twice = { ...a, pageStart: a.pageStart + 1, pageEnd: a.pageEnd + 1 };
    const other = { ...a, page: 'straightforward' };
    expect(distinctConflicts([a, twice, other])).toEqual([a, other]);
  });
});
