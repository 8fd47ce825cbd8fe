import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// msn (tune page of the verify sets).
const QUOTE =
  'Thankfully, now we know when you can get it and for how much: "Super Mario Run" will launch on iPhone and iPad on December 15, for a flat fee of $9.99.';

const compare = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));

describe('lexicon: months as news style abbreviates them', () => {
  it('reads "Dec. 15" as December 15', () => {
    const r = compare('"Super Mario Run" will launch on iPhone and iPad on Dec. 15 for $9.99.');
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('still refutes another month, abbreviated', () => {
    const r = compare('"Super Mario Run" will launch on iPhone and iPad on Nov. 15 for $9.99.');
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'date', claim: 'Nov', page: 'December' });
  });
});
