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

describe('compareClaim: a ratio for a share', () => {
  const SHARE = 'Roughly 40 percent of adults use the app every day.';

  it('reads "4 in 10" and "one in five" as percentages', () => {
    expect(compare('About 4 in 10 adults use the app every day.', SHARE).outcome).toBe('supported');
    expect(
      compare(
        'One in five adults use the app every day.',
        'Some 20 percent of adults use the app every day.',
      ).outcome,
    ).toBe('supported');
  });

  it('sets "six in 10" against "40 percent"', () => {
    expect(compare('Six in 10 adults use the app every day.', SHARE).outcome).toBe('contradicted');
  });

  it('finds "4 out of 5" in "four of the five"', () => {
    // medicalnewstoday (the "a-ha!" moment study).
    const r = compare(
      'The researchers could predict the choices of 4 out of 5 participants.',
      'They were able to predict the choices of four of the five participants.',
    );
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('leaves "3 in 10 minutes" a count and a time', () => {
    const r = compare('He scored 3 in 10 minutes.', 'He scored 3 goals in ten minutes.');
    expect(r.missing).toEqual([]);
  });
});

describe('compareClaim: a decade and a year in it', () => {
  const YEAR = 'The team was founded in 1985 in Ohio.';

  it('finds "the 1980s" in "1985"', () => {
    expect(compare('The team was founded in the 1980s in Ohio.', YEAR).outcome).toBe('supported');
  });

  it('sets "the 1990s" against "1985"', () => {
    expect(compare('The team was founded in the 1990s in Ohio.', YEAR).outcome).toBe(
      'contradicted',
    );
  });

  it('does not find "1985" in "the 1980s"', () => {
    expect(compare(YEAR, 'The team was founded in the 1980s in Ohio.').outcome).not.toBe(
      'supported',
    );
  });
});

describe('compareClaim: a prime minister and a dollar named by country', () => {
  it('reads "PM" as "prime minister", and "3 PM" still as a time', () => {
    const r = compare(
      'He served as PM from 2010 to 2016.',
      'He served as prime minister from 2010 to 2016.',
    );
    expect(r.outcome).toBe('supported');
    const late = compare('The meeting ended at 3 PM in Rome.', 'The meeting ended at 4pm in Rome.');
    expect(late.conflicts[0]).toMatchObject({ kind: 'number' });
  });

  it('reads "US$200" as "$200", with no name "US" missing', () => {
    const r = compare('The device costs US$200 in stores.', 'The device costs $200 in stores.');
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });
});
