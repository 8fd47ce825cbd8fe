// Numbers of a claim against numbers of the page, for claim matching (claim-match.ts): the same
// value however it is written (a share and a percentage, a figure rounded, a bound the page's
// exact figure is within, a span of time in another unit, a time of day and a bare hour),
// ordinals in words or digits, and which numbers are of one kind to conflict at all.

import type { Analysis, Token } from './claim-text';
import { hourOf } from './clock-time';
import { wordKey } from './lexicon';
import { ORDINAL_WORDS } from './lexicon-data';
import { sameTimeAmount } from './time-amount';

export function hasNumber(analysis: Analysis, n: Token): boolean {
  return analysis.tokens.some((t) => t.kind === 'number' && (sameNumber(n, t) || boundHolds(n, t)));
}

/** A percentage and a share written as a fraction ("half", "three-quarters"). */
function isShare(percent: Token, fraction: Token): boolean {
  const v = fraction.value ?? 0;
  return percent.numberClass === 'percent' && fraction.numberClass === 'count' && v > 0 && v < 1;
}

/**
 * "midnight", "noon": a time named by a word, which the page may as well say in words of its own
 * ("in the middle of the day"): never missing, though another time in its place conflicts.
 */
export function namedTime(t: Token): boolean {
  return t.numberClass === 'time' && !/\d/.test(t.text);
}

/** A bare hour ("at 5") and a time on that hour ("5 a.m.", "5 p.m."): either may be meant. */
function onTheHour(count: Token, time: Token): boolean {
  return count.numberClass === 'count' && hourOf(time.value!) === count.value;
}

/**
 * Equal values: `a` is the claim's number, `b` the page's. "about 500" also matches 480–520; a
 * year or an ordinal never approximately.
 */
export function sameNumber(a: Token, b: Token): boolean {
  if (a.value === undefined || b.value === undefined) return false;
  const span = sameTimeAmount(a, b);
  if (span !== undefined) return span;
  if (a.numberClass === 'time' || b.numberClass === 'time')
    return a.numberClass === b.numberClass
      ? a.value === b.value
      : onTheHour(a, b) || onTheHour(b, a);
  if (a.value === b.value) return true;
  // "half", "a quarter", "three-quarters" against "50%", "25%", "75%".
  if (isShare(a, b)) return Math.abs(a.value / 100 - b.value) < 0.005;
  if (isShare(b, a)) return Math.abs(b.value / 100 - a.value) < 0.005;
  if (decadeHolds(a, b) || partOf(a, b) || partOf(b, a)) return true;
  const exact = ['year', 'decade', 'ordinal'];
  if (exact.includes(a.numberClass ?? '') || exact.includes(b.numberClass ?? '')) return false;
  if (roundedFrom(a, b)) return true;
  if (!a.approximate && !b.approximate) return false;
  return Math.abs(a.value - b.value) <= 0.05 * Math.max(Math.abs(a.value), Math.abs(b.value));
}

/** A ratio's first number and a count: "4 out of 5 participants" and "four of the five". */
function partOf(ratio: Token, count: Token): boolean {
  return ratio.part !== undefined && count.numberClass === 'count' && count.value === ratio.part;
}

/**
 * The claim's decade holds the page's year: "founded in the 1980s" for "founded in 1985" says
 * less, and nothing else. One way only: "in 1985" for the page's "in the 1980s" says more.
 */
function decadeHolds(claim: Token, page: Token): boolean {
  return (
    claim.numberClass === 'decade' &&
    page.numberClass === 'year' &&
    claim.value! % 10 === 0 &&
    page.value! >= claim.value! &&
    page.value! < claim.value! + 10
  );
}

/**
 * `short` (the claim's) is `long` (the page's) rounded to the decimals it is written with: "3.1"
 * for "3.08" (an answer rounds what the page states exactly). One way only: a claim more exact
 * than the page ("24.4" for "24") says more than the page does.
 */
function roundedFrom(short: Token, long: Token): boolean {
  const written = (t: Token) => /\d+(?:,\d{3})*(?:\.(\d+))?/.exec(t.text);
  const s = written(short);
  const l = written(long);
  if (!s || !l || short.value === undefined || long.value === undefined) return false;
  // Rounded to a whole number is too loose: "1GB" would stand for "1.2GHz" ("about 3" for "3.08"
  // is matched with the approximate numbers' tolerance instead).
  const decimals = s[1]?.length ?? 0;
  if (decimals === 0 || (l[1]?.length ?? 0) <= decimals) return false;
  const numeral = Number(s[0].replace(/,/g, ''));
  if (numeral === 0) return false;
  const halfStep = (0.5 * 10 ** -decimals * short.value) / numeral;
  return Math.abs(short.value - long.value) <= Math.abs(halfStep) * (1 + 1e-9);
}

/** How far past its bound a claim's figure may be and still say what the page's does. */
const BOUND_REACH = 1.5;

/**
 * The claim bounds a figure the page states exactly, and the page's figure is within the bound,
 * not far past it: "just over a quarter of the jobs" for "27 percent", "more than 40" for "45".
 * Not years, decades or ranks.
 */
export function boundHolds(claim: Token, page: Token): boolean {
  if (!claim.bound || page.bound || claim.value === undefined || page.value === undefined)
    return false;
  const exact = ['year', 'decade', 'ordinal'];
  if (exact.includes(claim.numberClass ?? '') || exact.includes(page.numberClass ?? ''))
    return false;
  const share = isShare(page, claim);
  if (!share && claim.numberClass !== page.numberClass) return false;
  const bound = share ? claim.value * 100 : claim.value;
  return claim.bound === 'above'
    ? page.value > bound && page.value <= bound * BOUND_REACH
    : page.value < bound && page.value >= bound / BOUND_REACH;
}

/** "more than 80%" and "less than 80%": the same number, bounded from opposite sides. */
export function oppositeBounds(a: Token, b: Token): boolean {
  return a.bound !== undefined && b.bound !== undefined && a.bound !== b.bound;
}

const ORDINAL_KEYS = ORDINAL_WORDS.split(' ').map(wordKey);

/** The word key of an ordinal written in digits ("1st": "first"), if it has one. */
export function ordinalKey(t: Token): string | undefined {
  if (t.kind !== 'number' || t.numberClass !== 'ordinal' || t.value === undefined) return;
  return ORDINAL_KEYS[t.value - 1];
}

const SECOND_KEY = wordKey('second');

/**
 * An ordinal's word key, written in words or digits ("4th": "fourth"). The word "second" may be
 * the unit ("a second"), so it is an ordinal only where it is read as a rank ("her second film").
 */
export function ordinalOf(t: Token): string | undefined {
  if (t.kind === 'number') return ordinalKey(t);
  return (t.key !== SECOND_KEY || t.rank) && ORDINAL_KEYS.includes(t.key) ? t.key : undefined;
}

/**
 * A one the page's not writing says little of: never a missing number. "one" spelled out is as
 * often a pronoun or an age as a count ("there should be one against abusing 'literally'", "before
 * turning one"), but for the rank "number one"; "the past decade" is one decade, a span the page
 * may leave out ("in recent years"). Another number in its place still conflicts.
 */
export function unstatedOne(tokens: readonly Token[], t: Token): boolean {
  if (t.kind !== 'number') return false;
  if (/^(?:past|previous)\b/i.test(t.text)) return true;
  if (t.text.toLowerCase() !== 'one') return false;
  const before = tokens[tokens.indexOf(t) - 1];
  return !(before?.word === 'number' && before.pos === t.pos - 1);
}

/** Numbers of one kind: two years, two amounts of money, two percentages, two counts. */
export function comparableNumbers(c: Token, p: Token): boolean {
  if (sameNumber(c, p)) return oppositeBounds(c, p);
  // "two pounds lighter" is not the weight "8.4 pounds" is: a difference and an amount differ.
  if (!!c.difference !== !!p.difference) return false;
  const year = (t: Token) => t.numberClass === 'year' || t.numberClass === 'decade';
  if (year(c) || year(p)) return year(c) && year(p);
  return c.numberClass === p.numberClass || isShare(c, p) || isShare(p, c);
}
