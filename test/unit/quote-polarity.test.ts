import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { antonymAcrossQuote, polarityAcrossQuote } from '../../lib/pipeline/quote-polarity';

// wikipedia-4 (List of films featuring time loops), one row of its table as a cited quote.
const ROW =
  'Film: 12:01 PM, Year: 1990, Description: This short film is the first film adaptation of the ' +
  'short story "12:01 PM" by Richard A. Lupoff, which was published in 1973 in The Magazine of ' +
  'Fantasy and Science Fiction. It originally aired on cable television as part of the Showtime ' +
  '30-Minute Movie anthology series. It was nominated for an Academy Award.[13]';

const across = (claim: string, quote: string) =>
  polarityAcrossQuote(claim, quote, buildLexicon([claim, quote]), 0.65);

describe('polarityAcrossQuote', () => {
  it('finds the denial the best-aligned sentence does not hold', () => {
    const claim = 'The 1990 short film 12:01 PM was never nominated for an Academy Award.';
    // The sentence by sentence comparison takes the title and year from the first sentence.
    expect(compareClaim(claim, ROW, buildLexicon([claim, ROW])).outcome).not.toBe('contradicted');
    const conflict = across(claim, ROW);
    expect(conflict).toMatchObject({ kind: 'negation', claim: 'never', page: 'nominated' });
    expect(ROW.slice(conflict!.pageStart, conflict!.pageEnd)).toBe('nominated');
  });

  it('says nothing when the quote states the word with the claim polarity too', () => {
    // wikipedia-3's Hermitian matrices, shortened: the quote denies "form" and affirms it.
    const quote =
      'The complex matrices do not form a vector space over the complex numbers. However the complex matrices do form a vector space over the real numbers.';
    expect(across('The complex matrices form a vector space over the real numbers.', quote)).toBe(
      null,
    );
  });

  it('says nothing when the quote holds too few of the claim words', () => {
    expect(across('The short film was never shown on television in Europe or Asia.', ROW)).toBe(
      null,
    );
  });

  it('names the claim cue when the answer denies what the quote affirms', () => {
    // table-style-attributes (jwz): the page denies, the answer affirms.
    const quote =
      "Then I checked out Ogle again, and it hasn't been updated since the last time I tried, six months ago.";
    const conflict = across('Ogle has been updated since his last try six months ago.', quote);
    expect(conflict).toMatchObject({ kind: 'negation', claim: 'updated' });
    expect(quote.slice(conflict!.pageStart, conflict!.pageEnd)).toBe("hasn't");
  });
});

// herald-sun-1: the quote's first sentence holds the answer's words, its last says how it went.
const TOUR =
  'A HIGH-powered federal government team has been doing the rounds of media organisations in the past few days in an attempt to allay concerns about the impact of new surveillance legislation on press freedom. It failed.';
const antonymAcross = (claim: string, quote: string) =>
  antonymAcrossQuote(claim, quote, buildLexicon([claim, quote]), 0.65);

describe('antonymAcrossQuote', () => {
  it("finds the opposite of a word the quote never writes, in another of the quote's sentences", () => {
    const conflict = antonymAcross(
      'A federal government team toured media organisations to allay concerns about new surveillance legislation, and it succeeded.',
      TOUR,
    );
    expect(conflict).toMatchObject({ kind: 'antonym', claim: 'succeeded', page: 'failed' });
  });

  it('says nothing when the quote writes the word too, or holds too few of the answer’s words', () => {
    expect(
      antonymAcross(
        'The team toured media organisations about the legislation, and it failed.',
        TOUR,
      ),
    ).toBeNull();
    expect(antonymAcross('The launch of the rocket succeeded.', TOUR)).toBeNull();
  });
});

describe('antonymAcrossQuote: relation words', () => {
  it('leaves "up" against a "down" said of other words (nytimes-3)', () => {
    const quote =
      'When rock salt melts ice, and the water seeps down manholes, it can set off explosions strong enough to pop a manhole cover five stories into the air.';
    const claim =
      'Meltwater that seeps into manholes can cause explosions strong enough to pop a manhole cover five stories up.';
    expect(antonymAcross(claim, quote)).toBe(null);
  });
});
