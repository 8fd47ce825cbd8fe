import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { abbreviates, unitAbbreviations } from '../../lib/pipeline/unit-abbreviations';

// links-in-tables (Android app updates by File-by-File patching).
const QUOTE =
  'The savings, compared to our previous approach, add up to 6 petabytes of user data saved per day!';
const ANSWER = 'Compared with the previous approach, the savings come to 6 PB of user data a day.';

describe('unitAbbreviations', () => {
  it('pairs an abbreviation with the word it takes its letters from, after the same number', () => {
    expect(unitAbbreviations([ANSWER, QUOTE])).toEqual(new Map([['pb', 'petabytes']]));
  });

  it('pairs nothing after different numbers or with letters out of order', () => {
    expect(unitAbbreviations(['6 PB', '7 petabytes']).size).toBe(0);
    expect(abbreviates('BP', 'petabytes')).toBe(false);
    expect(abbreviates('PB', 'pb')).toBe(false);
    expect(abbreviates('TB', 'terabytes')).toBe(true);
  });

  it('lets claim matching find the abbreviated unit', () => {
    const r = compareClaim(ANSWER, QUOTE, buildLexicon([ANSWER, QUOTE]));
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('leaves another unit a conflict', () => {
    const claim =
      'Compared with the previous approach, the savings come to 6 petabytes of user data a week.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).outcome).not.toBe('supported');
  });
});
