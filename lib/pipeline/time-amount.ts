// Spans of time in different units: "an hour and a half" is "90 minutes", "a year and a half" "18
// months", "two weeks" "14 days". An answer converts units as a matter of course; compared word by
// word, 1.5 and 90 are two numbers and "hour" against "minutes" two units, so a correct citation
// was flagged. A count right before a unit of time keeps its amount in the unit's base (minutes,
// or months: a month has no fixed number of days), and two amounts in one base compare by value.

export type TimeBase = 'minutes' | 'months';

export interface TimeAmount {
  base: TimeBase;
  value: number;
  /** The unit as written, singular: amounts in one unit compare as plain numbers. */
  unit: string;
}

const UNITS: Readonly<Record<string, readonly [TimeBase, number]>> = {
  second: ['minutes', 1 / 60],
  minute: ['minutes', 1],
  hour: ['minutes', 60],
  day: ['minutes', 1440],
  week: ['minutes', 10080],
  fortnight: ['minutes', 20160],
  month: ['months', 1],
  year: ['months', 12],
  decade: ['months', 120],
  century: ['months', 1200],
  millennium: ['months', 12000],
};

const PLURALS: Readonly<Record<string, string>> = { centuries: 'century', millennia: 'millennium' };

/** The singular unit of time a word names ("hours" → "hour"), or undefined. */
export function timeUnitOf(lower: string | undefined): string | undefined {
  if (lower === undefined) return undefined;
  const singular = PLURALS[lower] ?? lower.replace(/s$/, '');
  return Object.hasOwn(UNITS, singular) ? singular : undefined;
}

export function timeAmountOf(count: number, unit: string): TimeAmount {
  const [base, factor] = UNITS[unit]!;
  return { base, value: count * factor, unit };
}

/**
 * Two amounts of time in different units of one base: whether they are the same span (within 5%
 * when either is approximate: "about 18 months" for "a year and a half"). Undefined when either is
 * no such amount, or both are in one unit (then the numbers compare as numbers do).
 */
export function sameTimeAmount(
  a: { timeAmount?: TimeAmount; approximate?: boolean },
  b: { timeAmount?: TimeAmount; approximate?: boolean },
): boolean | undefined {
  const [x, y] = [a.timeAmount, b.timeAmount];
  if (!x || !y || x.base !== y.base || x.unit === y.unit) return undefined;
  const tolerance = a.approximate || b.approximate ? 0.05 : 1e-9;
  return Math.abs(x.value - y.value) <= tolerance * Math.max(x.value, y.value);
}
