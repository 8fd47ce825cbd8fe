import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { BASE_LEXICON, buildLexicon, lemma } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

describe('compareClaim: an antonym under a negation on one side only', () => {
  it('supports "did not succeed" against "failed"', () => {
    const r = compare(
      'The delegation visited the three ministries, but it did not succeed.',
      'The delegation visited the three ministries last week. It failed.',
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('still refutes the bare antonym', () => {
    const r = compare(
      'The delegation visited the three ministries, and its mission failed.',
      'The delegation visited the three ministries, and its mission succeeded.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym' });
  });
});

describe('compareClaim: round magnitudes written as words', () => {
  it('refutes "hundreds" against "thousands"', () => {
    const r = compare(
      'Hundreds of volunteers have joined the clean-up along the river.',
      'Thousands of volunteers have joined the clean-up along the river.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'Hundreds' });
  });

  it('supports the same magnitude', () => {
    const r = compare(
      'Dozens of volunteers joined the clean-up along the river.',
      'Dozens of volunteers have joined the clean-up along the river.',
    );
    expect(r.outcome).toBe('supported');
  });
});

describe('compareClaim: abbreviations in organisations names', () => {
  it.each([
    ['Acme Corp', 'Acme Corporation'],
    ['the Transport Dept', 'the Transport Department'],
  ])('"%s" is "%s"', (short, long) => {
    const r = compare(
      `The contract went to ${short} after a long tender.`,
      `After a long tender, the contract went to ${long}.`,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });
});

describe('compareClaim: "quickly" / "slowly"', () => {
  it('refutes one against the other', () => {
    const r = compare(
      'The council said the repairs could only be done slowly.',
      'The council said the repairs could be done quickly.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym' });
  });
});

describe('analyse: "a second" before a content word is the ordinal', () => {
  const numbers = (text: string) =>
    analyse(text, BASE_LEXICON)
      .tokens.filter((t) => t.kind === 'number')
      .map((t) => t.text);

  it('reads no number in "a second bright room"', () => {
    expect(numbers('Then she was taken to a second bright room.')).toEqual([]);
  });

  it('still reads "a second" of time as one', () => {
    expect(numbers('The light flickered for a second.')).toEqual(['a']);
  });
});

describe('lemma: verbs in -eed keep one key through their inflections', () => {
  it.each(['succeed', 'succeeded', 'succeeds', 'succeeding'])('"%s"', (word) => {
    expect(lemma(word)).toBe(lemma('succeed'));
  });
});
