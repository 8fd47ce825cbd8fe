import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]), { alignThreshold: 0.4 });
const numbers = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.kind === 'number')
    .map((t) => t.value);

// ehow-1 (a terrarium how-to) and clean-links (Melville's "Bartleby"), from cited sentences
// written blind to the rules (test/fixtures/verify/README.md, step 20).
const FOAM =
  'Measure the circumference of your cloche and cut the foam oasis about 3/4 inch (2 cm) smaller.';

describe('claim text: a fraction written with a slash', () => {
  it('reads "3/4" as three quarters, not the numbers 3 and 4', () => {
    expect(numbers('about 3/4 inch')).toEqual([0.75]);
    expect(numbers('add 1/2 cup of water')).toEqual([0.5]);
  });

  it('leaves dates, rates and spans as they were', () => {
    expect(numbers('open 24/7')).toEqual([24, 7]);
    expect(numbers('on 3/4/2021')).toEqual([3, 4, 2021]);
    expect(numbers('since 9/11')).toEqual([9, 11]);
    expect(numbers('a 5/3 split')).toEqual([5, 3]);
  });

  it('supports "three-quarters of an inch" against "3/4 inch"', () => {
    const r = compare(
      'Cut the floral foam roughly three-quarters of an inch (2 centimeters) smaller than the cloche.',
      FOAM,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });
});

describe('compareClaim: a figure the page gives in another unit', () => {
  it('refutes "two inches" where the page says "3/4 inch (2 cm)"', () => {
    const r = compare(
      "The foam oasis should be cut about two inches smaller than the cloche's circumference.",
      FOAM,
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts).toMatchObject([{ kind: 'unit', claim: 'inches', page: 'cm' }]);
  });

  it('keeps the same unit written short ("2 centimetres" / "2 cm")', () => {
    const r = compare('Cut the foam oasis 2 centimetres smaller than the cloche.', FOAM);
    expect(r.conflicts).toEqual([]);
  });
});

describe('claim text: "double as" is a verb', () => {
  it('reads no number in "double as a piece of art", one in "double as much"', () => {
    expect(numbers('they double as a simple piece of art')).toEqual([]);
    expect(numbers('it costs double as much')).toEqual([2]);
    expect(numbers('a double room')).toEqual([2]);
  });
});

describe('compareClaim: a season or a month anywhere in the aligned sentence', () => {
  const ARRIVAL =
    'In answer to my advertisement, a motionless young man one morning, stood upon my office threshold, the door being open, for it was summer.';

  it('refutes "on a cold winter morning" against "one morning … for it was summer"', () => {
    const r = compare(
      'Bartleby turned up at the office in answer to the advertisement on a cold winter morning.',
      ARRIVAL,
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts).toMatchObject([{ kind: 'date', claim: 'winter', page: 'summer' }]);
  });

  it('does not read the verbs "march" and "fall" as a month and a season', () => {
    const page =
      'In answer to my advertisement, the young men came one morning in June, in summer.';
    const marched = compare('The young men march to answer my advertisement one morning.', page);
    expect(marched.conflicts).toEqual([]);
    const fell = compare('The young men fall to answer my advertisement one morning.', page);
    expect(fell.conflicts).toEqual([]);
  });

  it('leaves a season the quote names elsewhere to its own place', () => {
    const r = compare(
      'He answered the advertisement in winter.',
      'He answered the advertisement in summer. In winter he left.',
    );
    expect(r.conflicts.map((c) => c.page)).toEqual(['summer']);
  });
});

describe('compareClaim: one of several is not the one', () => {
  // wikipedia-2 (New Zealand), from a Chromium walk-through.
  const CITIES =
    'New Zealand is a predominantly urban country, with 55.1% of the population living in the four largest cities of Auckland, Christchurch, Wellington, and Hamilton.';

  it('does not support "the largest city is Wellington" from "the four largest cities"', () => {
    const r = compare("New Zealand's largest city is Wellington.", CITIES);
    expect(r.outcome).not.toBe('supported');
  });

  it('supports a claim that counts them too', () => {
    const r = compare("Wellington is one of New Zealand's four largest cities.", CITIES);
    expect(r.outcome).toBe('supported');
  });
});

describe('compareClaim: bounds that differ are named', () => {
  // gitlab-blog, from a Chromium walk-through: the card said 'Your text says "a"; the page says "a"'.
  it('names "less than a" against "more than a"', () => {
    const page =
      'In 2024, 70% of respondents told us it takes developers in their organization more than a month to onboard and become productive, up from 66% in 2023.';
    const claim =
      'In 2024, 70% of respondents told us it takes developers in their organization less than a month to onboard and become productive.';
    const r = compare(claim, page);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts).toMatchObject([
      { kind: 'number', claim: 'less than a', page: 'more than a' },
    ]);
    const [conflict] = r.conflicts;
    expect(claim.slice(conflict!.claimStart, conflict!.claimEnd)).toBe('less than a');
    expect(page.slice(conflict!.pageStart, conflict!.pageEnd)).toBe('more than a');
  });
});

describe('compareClaim: a figure matched elsewhere while another stands in its place', () => {
  // royal-road, from a Chromium walk-through: the claim's "Two" was matched to "the two tiers".
  const BENCHES =
    'Five women, three men, and Haoyu each had plenty of room to themselves on the two tiers of pale wood benches.';

  it('refutes "Two women" against "Five women … the two tiers"', () => {
    const r = compare(
      'Two women, three men, and Haoyu each had plenty of room to themselves on the two tiers of pale wood benches.',
      BENCHES,
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts).toMatchObject([{ kind: 'number', claim: 'Two', page: 'Five' }]);
  });

  it('leaves a page that counts both with the same word', () => {
    const r = compare(
      'Tickets cost 3 dollars for children.',
      'Tickets cost 5 dollars for adults and 3 dollars for children.',
    );
    expect(r.conflicts).toEqual([]);
  });
});
