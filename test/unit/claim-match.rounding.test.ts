import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// toc-missing (Simple Anomaly Detection Using Plain SQL).
const STDDEV =
  "Standard deviation is the square root of the variance, which is the average squared distance from the mean. In this case it's 3.08.";

describe('compareClaim: a number rounded to the decimals it is written with', () => {
  it.each([
    'In this case the standard deviation is 3.1.',
    'In this case the standard deviation is about 3.1.',
    'In this case the standard deviation is about 3.',
  ])('supports "%s" against 3.08', (claim) => {
    const r = compare(claim, STDDEV);
    expect(r.outcome).toBe('supported');
    expect(r.missing).toEqual([]);
  });

  it.each([
    ['In this case the standard deviation is 3.2.', '3.2'],
    ['In this case the standard deviation is 4.', '4'],
  ])('refutes "%s": not what 3.08 rounds to', (claim, number) => {
    const r = compare(claim, STDDEV);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ claim: number, page: '3.08' });
  });

  it('does not round to a whole number: "1GB" is not "1.2GHz" (simplyfound-1)', () => {
    const page =
      'The 3rd revision features a 1.2GHz 64-bit quad-core ARM CPU with integrated Bluetooth 4.1 and 802.11n wireless LAN chipsets.';
    const claim = 'The Raspberry Pi 3 has 1GB of RAM.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('not-found');
  });

  it('does not round the page: 24 status codes are not "24.4"', () => {
    const page = 'In the past minute we returned a 400 status code 24 times.';
    const r = compare('In the past minute we returned a 400 status code 24.4 times.', page);
    expect(r.outcome).toBe('contradicted');
  });
});

describe('compareClaim: a bound the page’s figure is within', () => {
  // quanta-1 (tune page).
  const QUOTE =
    'An analysis of official U.S. labor statistics shows that in 1960, women held 27 percent of computing and math-related jobs.';
  const against = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));

  it('finds "just over a quarter" in "27 percent"', () => {
    const r = against(
      'Official labor statistics show that women held just over a quarter of U.S. computing and math-related jobs in 1960.',
    );
    expect(r.conflicts).toEqual([]);
    expect(r.missing).toEqual([]);
  });

  it('says otherwise of a bound the figure is on the wrong side of, or far past', () => {
    expect(
      against(
        'Labor statistics show that in 1960 women held less than a quarter of computing and math-related jobs.',
      ).outcome,
    ).toBe('contradicted');
    expect(
      against(
        'Labor statistics show that in 1960 women held more than 10 percent of computing and math-related jobs.',
      ).outcome,
    ).not.toBe('supported');
  });
});
