import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// nytimes-3: the count is on the breaks in the claim, on what occurs in the page.
const BREAKS =
  'There are typically between 400 and 600 water main breaks a year. The majority occur in winter, when the cold makes old mains brittle.';

describe('compareClaim: counts that cannot both hold, on different words', () => {
  it('says otherwise', () => {
    const r = compare('Only a few of the water main breaks occur in winter.', BREAKS);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({
      kind: 'quantifier',
      claim: 'Only a few',
      page: 'The majority',
    });
  });

  it('supports the same count', () => {
    expect(compare('Most of the water main breaks occur in winter.', BREAKS).outcome).not.toBe(
      'contradicted',
    );
  });

  it('leaves a claim with two counts alone', () => {
    // topicseed-1: "every topic … some of those terms": which count the page's answers is unknown.
    const page =
      'Each topic has a vocabulary of commonly used terms, and some of the terms are shared with other topics.';
    const claim =
      'Every topic has its own vocabulary of commonly used words, and some of those terms appear in other vocabularies too.';
    expect(compare(claim, page).outcome).not.toBe('contradicted');
  });
});

// quanta-1: each side's "only" reaches other words; the page's "all" is said of her work.
describe('compareClaim: the page writes the claim’s count too', () => {
  const page =
    'Gille recalls that in all her scientific programming work, only once did someone include her as a co-author after she contributed computational work to a paper.';

  it('does not set the page’s other count against it', () => {
    const claim =
      'Only once in her scientific programming career was Gille made a co-author for computational work on a paper.';
    expect(compare(claim, page).outcome).toBe('supported');
  });

  it('still says otherwise of a count the page does not write', () => {
    const claim =
      'In some of her scientific programming work, Gille was made a co-author for computational work on a paper.';
    expect(compare(claim, page).conflicts[0]).toMatchObject({
      kind: 'quantifier',
      claim: 'some',
      page: 'all',
    });
  });

  it('takes the same words, not the same class ("Mostly because" is no "most")', () => {
    // 001 (tune half): the page's "Mostly" begins a reason.
    const quote =
      'Not a lot of frontend developers I know actually test their frontend code. Mostly because there are not many tools.';
    const r = compare('Most frontend developers the author knows test their frontend code.', quote);
    expect(r.outcome).toBe('contradicted');
  });
});
