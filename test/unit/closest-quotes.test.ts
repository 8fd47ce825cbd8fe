import { describe, expect, it } from 'vitest';
import { onePerParagraph } from '../../lib/ask/closest-quotes';
import type { Quote } from '../../lib/pipeline/types';

function quote(id: number, blockIndex: number, url = 'https://example.test/'): Quote {
  return {
    id,
    passageId: `b${blockIndex}.${id}`,
    origin: 'evidence',
    text: `window ${id}`,
    score: 1,
    coverage: 0.5,
    source: {
      kind: 'page',
      url,
      title: 't',
      blockIndex,
      blockKind: 'paragraph',
      position: { block: blockIndex + 1, of: 20 },
    },
  };
}

describe('onePerParagraph', () => {
  it('keeps the first window of each paragraph, in ranking order', () => {
    const shown = onePerParagraph([quote(1, 4), quote(2, 4), quote(3, 7), quote(4, 4)], new Set());
    expect(shown.map((q) => q.id)).toEqual([1, 3]);
  });

  it('keeps a cited window even when its paragraph was shown', () => {
    const shown = onePerParagraph([quote(1, 4), quote(2, 4), quote(3, 7)], new Set([2]));
    expect(shown.map((q) => q.id)).toEqual([1, 2, 3]);
  });

  it('tells paragraphs of different pages apart', () => {
    const shown = onePerParagraph([quote(1, 4), quote(2, 4, 'https://other.test/')], new Set());
    expect(shown).toHaveLength(2);
  });
});
