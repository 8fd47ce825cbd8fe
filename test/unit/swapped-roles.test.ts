import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { swappedInSentence, swappedRoles } from '../../lib/pipeline/swapped-roles';

// article-author-tag (the Rider-Waite tarot): Waite's parents.
const WAITE =
  'Arthur Edward Waite was born in Brooklyn, New York in 1857 to an American father and a British mother. ' +
  'Arthur’s father died before he was two, leaving his mother a widow.';

const swapped = (claim: string, quote: string) =>
  swappedRoles(claim, quote, buildLexicon([claim, quote]));

describe('swappedRoles', () => {
  it('finds two words that trade places, where matching each word anywhere sees no change', () => {
    const claim = 'Waite was born in Brooklyn in 1857 to a British father and an American mother.';
    expect(compareClaim(claim, WAITE, buildLexicon([claim, WAITE])).outcome).toBe('supported');
    const conflict = swapped(claim, WAITE);
    expect(conflict).toMatchObject({ kind: 'entity', claim: 'British', page: 'American' });
    expect(WAITE.slice(conflict!.pageStart, conflict!.pageEnd)).toBe('American');
    expect(claim.slice(conflict!.claimStart, conflict!.claimEnd)).toBe('British');
  });

  it('says nothing of a claim that says actively what the page says in the passive', () => {
    // bbc-1 (the Obama interview).
    const quote = 'He is confident the Iran nuclear deal will be passed by Congress';
    expect(
      swapped('Obama is confident that Congress will pass the Iran nuclear deal.', quote),
    ).toBe(null);
  });

  it('says nothing of the same ties in another order', () => {
    const claim =
      'Born in Brooklyn in 1857, Waite had an American father and a British mother, and his father died before Waite turned two.';
    expect(swapped(claim, WAITE)).toBe(null);
  });

  it('says nothing of names that stand in apposition in another order', () => {
    // wikipedia-2 (New Zealand).
    const quote =
      'In 1642, Dutch explorer Abel Tasman became the first European to sight New Zealand.';
    const claim = 'Tasman, a Dutch explorer, was the first European to sight the islands, in 1642.';
    expect(swappedInSentence(claim, quote, buildLexicon([claim, quote]))).toBe(null);
  });

  it('says nothing when a swapped word is written twice on a side', () => {
    const quote = 'The father met the mother, and an American father met a British mother.';
    const claim = 'A British father met an American mother.';
    expect(swapped(claim, quote)).toBe(null);
  });

  it('needs two words of one sort: a common word moved beside another is no swap', () => {
    // links-in-tables (Android app updates): "average" moves, nothing trades places.
    const quote =
      'Using bsdiff, we were able to reduce the size of app updates on average by 47% compared to the full APK size.';
    const claim =
      'With bsdiff, Google cut the size of app updates by 47% on average compared with the full APK.';
    expect(swapped(claim, quote)).toBe(null);
  });
});

describe('swappedRoles: words of longer names', () => {
  // breitbart (tune page): a byline restated, each name tied to the other's word in turn.
  it('says nothing of "a Breitbart Tech reporter, Lucas Nolan" / "Lucas Nolan is a reporter for Breitbart Tech"', () => {
    expect(
      swapped(
        'As a Breitbart Tech reporter, Lucas Nolan covers free speech and online censorship issues.',
        'Lucas Nolan is a reporter for Breitbart Tech covering issues of free speech and online censorship.',
      ),
    ).toBe(null);
  });
});

describe('swappedRoles: the two sides of a comparison or a change', () => {
  // engadget: what the reviewer noticed more.
  const NOTICED =
    'As usual, I noticed the improvement in frame rates more than the higher resolution.';
  // wikipedia (New Zealand): the economy's change in the 1980s.
  const ECONOMY =
    'New Zealand underwent major economic changes during the 1980s, which transformed it from a protectionist to a liberalised free-trade economy.';

  it('finds the sides of "more than" traded', () => {
    const conflict = swapped(
      'The reviewer noticed the higher resolution more than the frame rates.',
      NOTICED,
    );
    expect(conflict).toMatchObject({ kind: 'antonym', claim: 'resolution' });
  });

  it('finds the ends of a change traded ("into" against "from … to")', () => {
    const conflict = swapped(
      'In the 1980s, reforms turned the country’s free-trade economy into a protectionist one.',
      ECONOMY,
    );
    expect(conflict).toMatchObject({ kind: 'antonym', page: 'protectionist' });
  });

  it('says nothing of the same sides, or of a comparison turned with an opposite word', () => {
    expect(swapped('The reviewer noticed the frame rates more than the resolution.', NOTICED)).toBe(
      null,
    );
    expect(
      swapped(
        'In the 1980s the economy was turned from a protectionist one into a free-trade one.',
        ECONOMY,
      ),
    ).toBe(null);
    expect(
      swapped('The One S is smaller than the One X.', 'The One X is bigger than the One S.'),
    ).toBe(null);
  });
});
