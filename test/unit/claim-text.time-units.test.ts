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

// quanta-1 and citylab-1: "half a century", "the past half-century".
describe('claim text: half a unit', () => {
  const against = (claim: string, page: string) =>
    compareClaim(claim, page, buildLexicon([claim, page]));
  const CHAOS =
    'A little over half a century ago, chaos started spilling out of a famous experiment.';
  const WISEMAN =
    'Wiseman has been a keen observer of American institutions for the past half-century.';

  it('reads "half a century" and "half-century" as 50 years', () => {
    expect(against('Chaos emerged a little more than 50 years ago.', CHAOS).outcome).toBe(
      'supported',
    );
    expect(
      against('Wiseman has spent 50 years observing American institutions.', WISEMAN).outcome,
    ).toBe('supported');
  });

  it('says otherwise of another number of years', () => {
    const r = against('Wiseman has spent 40 years observing American institutions.', WISEMAN);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: '40', page: 'half-century' });
  });

  it('reads "half a million" as 500,000', () => {
    const page = 'The firm sold half a million units.';
    expect(against('The firm sold 500,000 units.', page).outcome).toBe('supported');
    expect(against('The firm sold 600,000 units.', page).outcome).toBe('contradicted');
  });
});
