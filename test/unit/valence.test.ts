import { describe, expect, it } from 'vitest';
import { clearValence, oppositeValence } from '../../lib/pipeline/valence';

describe('clearValence (AFINN-165)', () => {
  it('rates a word as written and through its inflections', () => {
    expect(clearValence('triumph')).toBeGreaterThanOrEqual(2);
    expect(clearValence('Condemned')).toBeLessThanOrEqual(-2);
    expect(clearValence('penalized')).toBeLessThanOrEqual(-2);
    // An adverb of a word in "-y": "the drone said angrily" (royal-road).
    expect(clearValence('angrily')).toBe(-3);
    expect(oppositeValence('angrily', 'happily')).toBe(true);
  });

  it('rates comparatives and superlatives by their plain form', () => {
    // yahoo-1: "Rez gets duller the more you play it" against "It gets better".
    expect(clearValence('duller')).toBeLessThanOrEqual(-2);
    expect(oppositeValence('duller', 'better')).toBe(true);
    expect(clearValence('happiest')).toBeGreaterThanOrEqual(2);
    // A feeling rated by its participle: "relaxing" as "relaxed" (yahoo-1's "violent rhythm game").
    expect(oppositeValence('relaxing', 'violent')).toBe(true);
    // Not every word in "-er": "career" is no "care" (quanta-1's "programming career").
    expect(clearValence('career')).toBeUndefined();
  });

  it('leaves mild and unrated words out', () => {
    expect(clearValence('cut')).toBeUndefined(); // rated -1
    expect(clearValence('street')).toBeUndefined();
  });

  it('does not rate a word by another word that shares its stem', () => {
    // The stemmer gives "political" the stem of "polite" and "affected" that of "affection".
    expect(clearValence('political')).toBeUndefined();
    expect(clearValence('affected')).toBeUndefined();
  });

  it('calls one clearly good and one clearly bad word opposite', () => {
    expect(oppositeValence('praised', 'criticized')).toBe(true);
    expect(oppositeValence('praised', 'welcomed')).toBe(false);
    expect(oppositeValence('praised', 'street')).toBe(false);
  });
});
