import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { denials, denialsBalance, withoutBalancedDenial } from '../../lib/pipeline/negation-parity';

// herald-sun-1 (tune page): the page and an answer's paraphrase of it.
const PAGE =
  'That would prevent access to the metadata of journalists or media organisations without a judicial warrant.';
const ANSWER =
  "Under the British model, journalists' and media organisations' metadata could not be accessed unless a judge issued a warrant.";

describe('denials', () => {
  it('counts negation cues and words that deny by meaning apart', () => {
    expect(denials(PAGE)).toEqual({ explicit: 1, implicit: 1 });
    expect(denials(ANSWER)).toEqual({ explicit: 1, implicit: 1 });
    expect(denials("It hasn't been updated and we failed to notice, no longer caring.")).toEqual({
      explicit: 3,
      implicit: 0,
    });
  });
});

describe('denialsBalance', () => {
  it('balances "not … unless" against "prevent … without"', () => {
    expect(denialsBalance(ANSWER, PAGE)).toBe(true);
  });

  it('does not balance a "not" inserted into the page sentence', () => {
    expect(
      denialsBalance(
        'That would not prevent access to the metadata of journalists without a judicial warrant.',
        PAGE,
      ),
    ).toBe(false);
  });

  it('needs a word that denies by meaning: two "not"s against none stay a change', () => {
    // toc-missing (tune page).
    expect(
      denialsBalance(
        'Zero is not a value, so gaps in the data do not matter.',
        'This is a common mistake and it can leave you with gaps in the data. Zero is a value, and it holds a significant meaning.',
      ),
    ).toBe(false);
  });

  it('counts negation cues as claim matching reads them', () => {
    // One reader for both (claim-text.ts's cues): set phrases and bounds deny nothing.
    expect(denials('It is not only fast but also cheap.').explicit).toBe(0);
    expect(denials('No more than 39 Metroids were to exist.').explicit).toBe(0);
    expect(denials("It didn't work, and they failed to fix it.").explicit).toBe(2);
    expect(denials('No one came, unless invited.')).toEqual({ explicit: 1, implicit: 1 });
  });

  it('reads "not until" as balanced, whichever word the "not" stands beside (wikipedia-2)', () => {
    expect(
      denialsBalance(
        'It was not until 1769 that Europeans came back to New Zealand.',
        'Europeans did not revisit New Zealand until 1769.',
      ),
    ).toBe(true);
    // A "not" inserted beside "until" is still one denial more.
    expect(
      denialsBalance(
        'The harbour did not stay open until midnight.',
        'The harbour stayed open until midnight.',
      ),
    ).toBe(false);
  });

  it('counts forgetting or neglecting to do as not doing', () => {
    // lazy-image-1 (CPU profiling in Node.js): "never forget to monitor" is "monitor".
    expect(
      denialsBalance(
        'Start with very short profiling sessions, and watch the profiler’s impact on your infrastructure.',
        'And never forget to monitor the impact of the profiler on your own infrastructure.',
      ),
    ).toBe(true);
    expect(
      denialsBalance(
        'Never monitor the impact of the profiler.',
        'And never forget to monitor the impact of the profiler on your own infrastructure.',
      ),
    ).toBe(false);
  });
});

describe('denials: verbs of stopping', () => {
  it('counts "stop creating" as a denial by meaning', () => {
    expect(denials('stop creating new debt')).toEqual({ explicit: 0, implicit: 1 });
    // lifehacker-working (tune page): the answer's "no new debt" against the page's "stop creating".
    expect(denialsBalance('take on no new debt', 'stop creating new debt')).toBe(true);
  });

  it('does not count a stop that is a noun', () => {
    expect(denials('no more than a few seconds between the start and stop command')).toEqual({
      explicit: 0,
      implicit: 0,
    });
  });
});

describe('withoutBalancedDenial: a denial claim matching names a quantifier', () => {
  // ehow-1 (tune page): "only" governs the answer's "water", so the conflict is a quantifier's.
  const QUOTE =
    'You won’t have to water the terrariums unless you see that the walls are not misting up.';
  const read = (claim: string) =>
    withoutBalancedDenial(claim, compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])));

  it('sets it aside when the denials balance', () => {
    const claim = 'You only need to water the terrarium if the glass walls stop misting up.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).conflicts[0]?.kind).toBe(
      'quantifier',
    );
    expect(read(claim).outcome).toBe('not-found');
  });

  it('keeps it when they do not', () => {
    expect(
      read('You only need to water the terrariums when you see the walls misting up.').outcome,
    ).toBe('contradicted');
  });
});
