import { describe, expect, it } from 'vitest';
import { extractEvidenceWindows } from '../../lib/pipeline/evidence';
import { countTokens } from '../../lib/core/text';
import type { Block } from '../../lib/pipeline/types';

const s = (n: number, words = 8) => `Sentence ${n} ${'word '.repeat(words - 3)}ends.`;

describe('extractEvidenceWindows', () => {
  it('makes 2- and 3-sentence windows that cross paragraph boundaries within a section', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', text: `${s(1)} ${s(2)}`, section: 'A' },
      { kind: 'paragraph', text: s(3), section: 'A' },
    ];
    const windows = extractEvidenceWindows(blocks);
    expect(windows.map((w) => w.text)).toEqual([
      `${s(1)} ${s(2)}`,
      `${s(2)}\n${s(3)}`,
      `${s(1)} ${s(2)}\n${s(3)}`,
    ]);
    expect(windows[1]).toMatchObject({
      blockIndex: 0,
      endBlockIndex: 1,
      origin: 'evidence',
      sourceIndex: 0,
      section: 'A',
    });
    for (const w of windows) expect(w.tokens).toBe(countTokens(w.text));
  });

  it('keeps the lines of one block apart (tumblr: a changelog, one item a line)', () => {
    const blocks: Block[] = [
      {
        kind: 'paragraph',
        text: '+ Added Guardian mobs, with item drops\n+ Added Endermite mob\n+ Added Rabbits, with item drops',
      },
    ];
    expect(extractEvidenceWindows(blocks).map((w) => w.text)).toEqual([
      '+ Added Guardian mobs, with item drops\n+ Added Endermite mob',
      '+ Added Endermite mob\n+ Added Rabbits, with item drops',
      '+ Added Guardian mobs, with item drops\n+ Added Endermite mob\n+ Added Rabbits, with item drops',
    ]);
  });

  it('never mixes sections or takes sentences from tables', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', text: s(1), section: 'A' },
      { kind: 'paragraph', text: s(2), section: 'B' },
      { kind: 'table', text: 'Built: 280 BC\nHeight: 100 m', section: 'B' },
      { kind: 'paragraph', text: s(3), section: 'B' },
    ];
    expect(extractEvidenceWindows(blocks).map((w) => w.text)).toEqual([]);
  });

  it('keeps windows within 10–128 tokens', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', text: [s(1, 3), s(2, 3), s(3, 70), s(4, 70)].join(' ') },
    ];
    for (const w of extractEvidenceWindows(blocks)) {
      expect(w.tokens).toBeGreaterThanOrEqual(10);
      expect(w.tokens).toBeLessThanOrEqual(128);
    }
    expect(extractEvidenceWindows(blocks).length).toBeGreaterThan(0);
  });

  it('labels windows with their source for search-result pages', () => {
    const [w] = extractEvidenceWindows([{ kind: 'paragraph', text: `${s(1)} ${s(2)}` }], {
      sourceIndex: 2,
    });
    expect(w!.id.startsWith('s2.')).toBe(true);
    expect(w!.sourceIndex).toBe(2);
  });
});
