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

describe('compareClaim: "the past decade" and "ten years"', () => {
  // webmd-1 (peanut allergies).
  const PAGE =
    'Life-threatening peanut allergies have mysteriously been on the rise in the past decade.';

  it('reads "the past decade" as one decade, ten years', () => {
    const r = compare('Peanut allergies had been rising over the previous ten years.', PAGE);
    expect(r.conflicts).toEqual([]);
    expect(r.missing).toEqual([]);
  });

  it('sets "the past two decades" against it, and misses no number where the page gives none', () => {
    expect(
      compare('Peanut allergies have been rising over the past two decades.', PAGE).outcome,
    ).toBe('contradicted');
    const r = compare(
      'Peanut allergies have been rising over the past decade.',
      'Peanut allergies have been on the rise in recent years.',
    );
    expect(r.missing).toEqual([]);
  });
});

describe('compareClaim: a possessive that owns the name after it', () => {
  // nytimes-1 (Eric Reeves on the Sudan sanctions).
  it('finds "Harvard’s … Center" in "the … Center … at Harvard University"', () => {
    const r = compare(
      "Reeves is a senior fellow at Harvard's François-Xavier Bagnoud Center for Health and Human Rights.",
      'Mr. Reeves is a senior fellow at the François-Xavier Bagnoud Center for Health and Human Rights at Harvard University.',
    );
    expect(r.conflicts).toEqual([]);
  });
});

describe('compareClaim: staying the same and changing', () => {
  it('sets "can stay as it is" against "should change"', () => {
    // webmd-1 (the guidance on peanut allergies).
    const r = compare(
      'According to experts, the guidance doctors give parents can stay exactly as it is.',
      'Experts say the research should change the guidance doctors give to parents.',
    );
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym', claim: 'stay', page: 'change' });
  });
});

describe('compareClaim: readings from the step-28 set', () => {
  it('reads "whether or not" as a question, no denial', () => {
    // medicalnewstoday (the "a-ha!" moment study).
    const r = compare(
      'The researchers asked whether this same threshold might also account for our "eureka!" moments.',
      'The researchers wondered whether or not this threshold is also responsible for our "eureka!" moments.',
    );
    expect(r.conflicts).toEqual([]);
  });

  it('sets no denial against a claim that says the word both ways where the page says it once', () => {
    // theverge (the Vision Pro demo).
    const r = compare(
      'The author could picture himself actually watching a movie in the headset, something he would never say about other headsets.',
      'I agree and could see myself actually watching a movie in it, which is something I’d never say about the other headsets out there.',
    );
    expect(r.conflicts).toEqual([]);
    // 002 (the Fetch API), a sentence pre-formatted text wraps over two lines: the second line
    // holds the claim's other mention of "pass" alone, not its denial "not the same".
    const wrapped = compare(
      'The fetch() function’s arguments are not the same as those passed to the Request() constructor, so you may directly pass arbitrarily complex requests to fetch().',
      'The fetch() function’s arguments are the same as those passed to the\nRequest() constructor, so you may directly pass arbitrarily complex requests to fetch().',
    );
    expect(wrapped.outcome).toBe('contradicted');
    // Said twice on the page, each mention has its own: "is not Hermitian" is still otherwise.
    const twice = compare(
      'The inverse of an invertible Hermitian matrix is not Hermitian.',
      'The inverse of an invertible Hermitian matrix is Hermitian as well.',
    );
    expect(twice.outcome).toBe('contradicted');
  });

  it('reads a passive’s agent after its verb as the active’s subject', () => {
    // bbc-1 (the Obama interview).
    const r = compare(
      'Obama expressed confidence that Congress will pass the Iran nuclear deal.',
      'He is confident the Iran nuclear deal will be passed by Congress.',
    );
    expect(r.conflicts).toEqual([]);
  });
});

describe('compareClaim: kin of the other sex', () => {
  it('sets "his daughter" against "his son"', () => {
    // yahoo-3 (the photo of a veteran's son wrapped in a flag).
    const r = compare(
      'Hicks said the photo showed what the father was fighting for: his daughter wrapped in an American flag.',
      '“This is what he was fighting for, his son wrapped in an American flag,” Hicks said.',
    );
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym', claim: 'daughter', page: 'son' });
  });
});
