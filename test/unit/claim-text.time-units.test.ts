import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// lazy-image-2 (the Metroid story).
const QUOTE =
  'Peace reigned through the cosmos. The alliance was a great universal renaissance, and lasted for a millennium.';

const compare = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));

describe('claim text: a millennium is a thousand years', () => {
  it('supports "a thousand years" against "a millennium"', () => {
    const r = compare('The alliance brought a universal renaissance that lasted a thousand years.');
    expect(r.missing).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('says otherwise of "a century"', () => {
    expect(
      compare('The alliance was a great universal renaissance, and lasted for a century.').outcome,
    ).toBe('contradicted');
  });
});

// herald-sun-1: the quote says "in a fortnight", an answer "within two weeks".
const FORTNIGHT =
  'The Government has been alarmed by criticism of the Data Retention Bill it wants passed before Parliament rises in a fortnight.';

describe('claim text: a fortnight is two weeks', () => {
  const against = (claim: string) =>
    compareClaim(claim, FORTNIGHT, buildLexicon([claim, FORTNIGHT]));

  it('finds "two weeks" in "a fortnight"', () => {
    const r = against('The Government wants the Data Retention Bill passed within two weeks.');
    expect(r.missing).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('says otherwise of "three weeks", naming the fortnight', () => {
    const r = against('The Government wants the Data Retention Bill passed within three weeks.');
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'three', page: 'a fortnight' });
  });
});
