import { describe, expect, it } from 'vitest';
import {
  boundHolds,
  comparableNumbers,
  ordinalOf,
  sameNumber,
  unstatedOne,
} from '../../lib/pipeline/claim-numbers';
import { analyse, type Token } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const tokens = (text: string) => analyse(text, buildLexicon([text])).tokens;
/** The first number of a text. */
const number = (text: string): Token => tokens(text).find((t) => t.kind === 'number')!;

describe('sameNumber', () => {
  it('meets a figure however it is written', () => {
    expect(sameNumber(number('half of the voters'), number('50% of the voters'))).toBe(true);
    expect(sameNumber(number('about 3.1 points'), number('3.08 points'))).toBe(true);
    expect(sameNumber(number('about 500 people'), number('480 people'))).toBe(true);
    expect(sameNumber(number('a year and a half left'), number('18 months left'))).toBe(true);
    expect(sameNumber(number('at 8 AM'), number('at 8 a.m.'))).toBe(true);
  });

  it('keeps years, ranks and other times exact', () => {
    expect(sameNumber(number('in about 1990'), number('in 1991'))).toBe(false);
    expect(sameNumber(number('at 9 a.m.'), number('at 8 a.m.'))).toBe(false);
    expect(sameNumber(number('500 people'), number('480 people'))).toBe(false);
  });
});

describe('boundHolds', () => {
  it('holds a bound the page’s exact figure is within, not far past', () => {
    expect(boundHolds(number('more than 40 people'), number('45 people'))).toBe(true);
    expect(boundHolds(number('more than 40 people'), number('90 people'))).toBe(false);
    expect(boundHolds(number('fewer than 40 people'), number('45 people'))).toBe(false);
  });
});

describe('ordinalOf and comparableNumbers', () => {
  it('reads a rank in digits or words', () => {
    const [digits] = tokens('the 4th place');
    const words = tokens('the fourth place')[0]!;
    expect(ordinalOf(digits!)).toBe(ordinalOf(words));
    expect(ordinalOf(tokens('wait a second')[1]!)).toBeUndefined();
  });

  it('compares numbers of one kind only', () => {
    expect(comparableNumbers(number('in 1993'), number('in 1995'))).toBe(true);
    expect(comparableNumbers(number('in 1993'), number('$1,995 a month'))).toBe(false);
    expect(comparableNumbers(number('two pounds lighter'), number('8.4 pounds'))).toBe(false);
  });

  it('does not count a spelled-out "one" as a figure, but for "number one"', () => {
    const one = tokens('there should be one against it');
    expect(
      unstatedOne(
        one,
        one.find((t) => t.kind === 'number')!,
      ),
    ).toBe(true);
    const rank = tokens('the number one reason');
    expect(
      unstatedOne(
        rank,
        rank.find((t) => t.kind === 'number')!,
      ),
    ).toBe(false);
  });
});
