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
