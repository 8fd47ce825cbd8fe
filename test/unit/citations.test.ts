import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCitations } from '../../lib/pipeline/citations';

const issued = new Set([1, 2, 3]);

describe('parseCitations', () => {
  it('splits sentences and keeps the issued IDs each cites', () => {
    const parsed = parseCitations(
      'The tower was finished around 280 BC [1]. It cost 800 talents [2].',
      issued,
    );
    expect(parsed.sentences).toEqual([
      { text: 'The tower was finished around 280 BC.', citations: [1] },
      { text: 'It cost 800 talents.', citations: [2] },
    ]);
    expect(parsed.cited).toEqual([1, 2]);
    expect(parsed.dropped).toBe(0);
  });

  it('ends a sentence at a cited full stop even when the next one starts in lower case', () => {
    // The sentence segmenter alone keeps "… functions [1]. int asn1_…" together.
    const parsed = parseCitations(
      'It provides encoding and decoding functions [1]. int asn1_parser2tree (const char * file) [2]. eBay sold it [3].',
      issued,
    );
    expect(parsed.sentences).toEqual([
      { text: 'It provides encoding and decoding functions.', citations: [1] },
      { text: 'int asn1_parser2tree (const char * file).', citations: [2] },
      { text: 'eBay sold it.', citations: [3] },
    ]);
  });

  it('drops and counts IDs we never issued', () => {
    const parsed = parseCitations(
      'Bees cannot dance [99]. The hive is a dance floor [2][7].',
      issued,
    );
    expect(parsed.sentences).toEqual([
      { text: 'Bees cannot dance.', citations: [] },
      { text: 'The hive is a dance floor.', citations: [2] },
    ]);
    expect(parsed.cited).toEqual([2]);
    expect(parsed.dropped).toBe(2);
  });

  it('reads lists: [1, 2], [1; 3] and [ 2 ]', () => {
    const parsed = parseCitations('A fact [1, 2]. Another [1; 3]. A third [ 2 ].', issued);
    expect(parsed.sentences.map((s) => s.citations)).toEqual([[1, 2], [1, 3], [2]]);
    expect(parsed.cited).toEqual([1, 2, 3]);
  });

  it('counts each unissued ID inside a list', () => {
    const parsed = parseCitations('A fact [1, 42, 43].', issued);
    expect(parsed.sentences[0]!.citations).toEqual([1]);
    expect(parsed.dropped).toBe(2);
  });

  it('attaches markers after the period to the previous sentence', () => {
    const parsed = parseCitations('The tower stood on Pharos. [1] It was tall. [2][3]', issued);
    expect(parsed.sentences).toEqual([
      { text: 'The tower stood on Pharos.', citations: [1] },
      { text: 'It was tall.', citations: [2, 3] },
    ]);
  });

  it('leaves [citation needed] and other non-numeric brackets as text', () => {
    const parsed = parseCitations(
      'The fire could be seen for 50 km [citation needed] [1].',
      issued,
    );
    expect(parsed.sentences).toEqual([
      { text: 'The fire could be seen for 50 km [citation needed].', citations: [1] },
    ]);
    expect(parsed.dropped).toBe(0);
  });

  it('lists a duplicate ID once per sentence and once in cited', () => {
    const parsed = parseCitations('One [1] and again [1]. Two [2] [1].', issued);
    expect(parsed.sentences.map((s) => s.citations)).toEqual([[1], [2, 1]]);
    expect(parsed.cited).toEqual([1, 2]);
  });

  it('gives no sentences for empty text or markers alone', () => {
    expect(parseCitations('', issued)).toEqual({ sentences: [], cited: [], dropped: 0 });
    expect(parseCitations('[1] [2]', issued).sentences).toEqual([]);
  });

  it('never throws, never returns an unissued ID, never leaves a numeric marker in the text', () => {
    const token = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: 0, max: 20 }).map((n) => `[${n}]`),
      fc
        .array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 3 })
        .map((ns) => `[${ns.join(', ')}]`),
      fc.constantFrom('. ', '! ', '? ', '\n', ' ', '[citation needed]', '[', ']'),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (parts) => {
        const parsed = parseCitations(parts.join(''), issued);
        for (const id of parsed.cited) expect(issued.has(id)).toBe(true);
        expect(new Set(parsed.cited).size).toBe(parsed.cited.length);
        for (const s of parsed.sentences) {
          expect(s.text).not.toMatch(/\[\s*\d{1,4}(\s*[,;]\s*\d{1,4})*\s*\]/);
          for (const id of s.citations) expect(parsed.cited).toContain(id);
        }
        expect(parsed.dropped).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseCitations on nested brackets', () => {
  it('leaves no marker formed by removing an inner one', () => {
    const parsed = parseCitations('Nested [[0]0] brackets [1[2]].', new Set([1, 2]));
    expect(parsed.sentences.map((s) => s.text)).toEqual(['Nested brackets.']);
    expect(parsed.sentences[0]!.citations).toEqual([2, 1]);
    expect(parsed.dropped).toBe(2);
  });
});
