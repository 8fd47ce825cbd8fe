import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { sameTimeAmount, timeAmountOf, timeUnitOf } from '../../lib/pipeline/time-amount';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

const amounts = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.kind === 'number' && t.timeAmount)
    .map((t) => [t.value, t.timeAmount!.unit]);

describe('time amounts', () => {
  it('names units of time, singular or plural', () => {
    expect(
      ['hours', 'year', 'centuries', 'millennia', 'fortnight', 'feet'].map(timeUnitOf),
    ).toEqual(['hour', 'year', 'century', 'millennium', 'fortnight', undefined]);
  });

  it('compares spans in one base, and leaves one unit to the numbers', () => {
    const span = (count: number, unit: string) => ({ timeAmount: timeAmountOf(count, unit) });
    expect(sameTimeAmount(span(1.5, 'year'), span(18, 'month'))).toBe(true);
    expect(sameTimeAmount(span(1.5, 'hour'), span(90, 'minute'))).toBe(true);
    expect(sameTimeAmount(span(2, 'year'), span(30, 'month'))).toBe(false);
    expect(sameTimeAmount(span(5, 'year'), span(5, 'year'))).toBeUndefined();
    // A month has no fixed number of days.
    expect(sameTimeAmount(span(30, 'day'), span(1, 'month'))).toBeUndefined();
    expect(sameTimeAmount({ ...span(17.5, 'month'), approximate: true }, span(1.5, 'year'))).toBe(
      true,
    );
  });

  it('reads "and a half" as the count’s, before or after the unit', () => {
    expect(
      amounts('It took two and a half years, then an hour and a half, then a year and a half.'),
    ).toEqual([
      [2.5, 'year'],
      [1.5, 'hour'],
      [1.5, 'year'],
    ]);
  });
});

describe('compareClaim: one span in two units', () => {
  // bbc-1: "with just 18 months left in power".
  const OFFICE =
    'But with just 18 months left in power, he said gun control was the area where he has been most frustrated.';
  // royal-road: "if I sit in there for ninety minutes or so".
  const SAUNA = 'If I sit in there for ninety minutes or so, I don’t get too sore.';

  it('supports the same span', () => {
    expect(
      compare(
        'With about a year and a half left in power, he said gun control was the area where he was most frustrated.',
        OFFICE,
      ).outcome,
    ).toBe('supported');
    expect(
      compare('Sitting in there for an hour and a half, I don’t get too sore.', SAUNA).conflicts,
    ).toEqual([]);
  });

  it('says otherwise of another span', () => {
    const r = compare(
      'With two years left in power, he said gun control was the area where he was most frustrated.',
      OFFICE,
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'two', page: '18' });
  });

  it('leaves an age alone', () => {
    expect(
      compare(
        'Yoon, 63, took office in 2022.',
        'Yoon, a 63-year-old former prosecutor, took office in 2022.',
      ).outcome,
    ).toBe('supported');
  });
});
