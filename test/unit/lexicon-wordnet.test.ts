import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { wordnetGroups, wordnetSynonyms } from '../../lib/pipeline/lexicon-wordnet';

describe('lexicon-wordnet: synonyms by shared group', () => {
  it.each([
    // Words of tune claims and the words their pages use.
    ['wounded', 'injuring'], // bbc-1
    ['gathered', 'accumulated'], // medicalnewstoday
    ['famous', 'renowned'], // wapo-1
    ['revealed', 'disclosed'],
    ['bought', 'purchased'],
  ])('"%s" and "%s" are synonyms', (a, b) => {
    expect(wordnetSynonyms(a, b)).toBe(true);
    expect(wordnetSynonyms(b, a)).toBe(true);
  });

  it.each([
    ['rose', 'fell'],
    ['increase', 'decrease'],
    ['city', 'town'],
    ['bank', 'tilt'],
    ['summer', 'winter'],
  ])('"%s" and "%s" are not', (a, b) => {
    expect(wordnetSynonyms(a, b)).toBe(false);
  });

  it('knows no group for a word WordNet lacks or a function word', () => {
    expect(wordnetGroups('xyzzyq')).toEqual([]);
    expect(wordnetGroups('the')).toEqual([]);
  });
});

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]), { context: [] });

describe('claim matching with WordNet synonyms', () => {
  it('supports a claim worded with synonyms of the page', () => {
    const page =
      'A gunman opened fire in a cinema in Louisiana, killing two people and injuring several others before shooting himself.';
    const claim =
      'A gunman at a cinema in Louisiana killed two people and wounded several others before shooting himself.';
    expect(compare(claim, page).outcome).toBe('supported');
  });

  it('never denies a claim through a WordNet match alone', () => {
    const page =
      'The order will have a six-month review to make sure the progress continues. If Sudan fails to live up to its commitments, the embargo can be reinstated.';
    const claim =
      'The executive order comes with a six-month review, and the embargo can be reimposed if Sudan does not keep its commitments.';
    expect(compare(claim, page).outcome).not.toBe('contradicted');
  });

  it('does not match names through WordNet', () => {
    // "hunt" and "search" are WordNet synonyms; as surnames they are two different people.
    expect(wordnetSynonyms('hunt', 'search')).toBe(true);
    const page = 'The report was written by Hunt in the spring of that year.';
    expect(
      compare('The report was written by Search in the spring of that year.', page).outcome,
    ).not.toBe('supported');
    expect(
      compare('The report was written in the spring of that year after a search.', page).outcome,
    ).not.toBe('supported');
  });

  it('does not match the names of numbers through WordNet (links-in-tables)', () => {
    // WordNet puts "million" and "billion" in one sense (a very large number).
    expect(wordnetSynonyms('millions', 'billions')).toBe(true);
    const page = 'Android users are downloading tens of billions of apps and games on Google Play.';
    const claim =
      'Android users are downloading tens of millions of apps and games on Google Play.';
    expect(compare(claim, page).outcome).not.toBe('supported');
  });
});
