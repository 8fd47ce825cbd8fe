import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// keep-images (the drug-checking lab Energy Control).
const HEAT =
  'Rushes of hot air blow across the desk as the gas chromatograph blasts the sample at 280 degrees Celsius.';

describe('compareClaim: degrees written with the sign', () => {
  it('reads "280°C" as "280 degrees Celsius", with no name "C" missing', () => {
    const r = compare('The gas chromatograph blasts the sample at 280°C.', HEAT);
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('sets "°F" against "degrees Celsius" as another unit', () => {
    const r = compare('The gas chromatograph blasts each sample at 280°F.', HEAT);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'unit', claim: '°F', page: 'Celsius' });
  });
});

// citylab-1 (the noble gases and their names).
const TRIO =
  'In so doing, the scientists bestowed a label of permanent novelty on the most famous of the trio—neon, which translates as “new.”';

describe('compareClaim: a group named by its size', () => {
  it('finds "three" in "the trio"', () => {
    const r = compare('Neon, the most famous of the three gases, has a name that means new.', TRIO);
    expect(r.missing).toEqual([]);
    expect(r.conflicts).toEqual([]);
  });

  it('sets "four" against "the trio"', () => {
    const r = compare(
      'The scientists gave a label of permanent novelty to neon, the most famous of the four.',
      TRIO,
    );
    expect(r.outcome).toBe('contradicted');
  });
});
