import { describe, expect, it } from 'vitest';
import { quoteSpans } from '../../lib/page/text-layer-match';

describe('quoteSpans (a quote in a pdf.js text layer)', () => {
  const layer = [
    'Results',
    'The sample of 240 patients was di-',
    'vided into two groups of equal',
    'size. Group A received the drug.',
    'Group B received a placebo.',
  ];

  it('marks the spans of a quote whose line-end hyphen was joined', () => {
    expect(quoteSpans(layer, 'The sample of 240 patients was divided into two groups')).toEqual([
      1, 2,
    ]);
  });

  it('ignores case, spacing and punctuation differences', () => {
    expect(quoteSpans(layer, 'group a  received THE drug')).toEqual([3]);
  });

  it('finds the pieces of a quote that continues on the next page', () => {
    const quote =
      'Group B received a placebo. The follow-up lasted twelve weeks and no patient left the study.';
    expect(quoteSpans(layer, quote)).toEqual([4]);
  });

  it('marks nothing for a quote that is not on the page', () => {
    expect(quoteSpans(layer, 'An entirely different sentence about lighthouses')).toEqual([]);
    expect(quoteSpans(layer, '')).toEqual([]);
    expect(quoteSpans([], 'Results')).toEqual([]);
  });
});
