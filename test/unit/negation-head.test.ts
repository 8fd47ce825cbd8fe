import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { negationHeadAgrees } from '../../lib/pipeline/negation-head';

// lazy-image-2 (the Metroid story): the Chozo would not destroy Phaaze.
const CHOZO =
  'The Chozo expedition came to an impasse. The threat of Phaaze’s superpredators had to be ' +
  'neutralised, but severe action against the planet would be sacrilege. The Chozo held life ' +
  'sacred, and refused to destroy the unique living world.';

function negationConflict(claim: string, quote: string) {
  const lexicon = buildLexicon([claim, quote]);
  const compared = compareClaim(claim, quote, lexicon);
  const conflict = compared.conflicts.find((c) => c.kind === 'negation');
  return { lexicon, conflict };
}

describe('negationHeadAgrees', () => {
  it('sets aside a conflict where both sides deny the head word', () => {
    const claim = 'Because they held life sacred, the Chozo would not destroy the living planet.';
    // "planet" denied in the answer and affirmed in the sentence before: the conflict as claim
    // matching named it until it set such pairs aside itself (claim-match.ts, `sameDenial`).
    const conflict = {
      kind: 'negation' as const,
      claim: 'not',
      page: 'planet',
      claimStart: claim.indexOf('not'),
      claimEnd: claim.indexOf('not') + 3,
      pageStart: CHOZO.indexOf('planet'),
      pageEnd: CHOZO.indexOf('planet') + 6,
    };
    expect(negationHeadAgrees(claim, CHOZO, conflict, buildLexicon([claim, CHOZO]))).toBe(true);
  });

  it('keeps a conflict where the answer denies what the quote affirms', () => {
    // 002 (the Fetch API).
    const quote =
      'In its simplest form it takes a URL and returns a promise that resolves to the response. The response is captured as a Response object.';
    const claim = 'In its simplest form, fetch() takes a URL but does not return a promise.';
    const { lexicon, conflict } = negationConflict(claim, quote);
    expect(conflict).toBeDefined();
    expect(negationHeadAgrees(claim, quote, conflict!, lexicon)).toBe(false);
  });

  it('keeps a conflict when a side says the head both ways', () => {
    // gitlab-blog: "not using AI" and "using AI" in one answer sentence.
    const quote =
      'Nearly three-quarters (74%) of respondents whose organizations are currently using AI for software development said they wanted to consolidate their toolchain, compared to 57% of those who aren’t using AI.';
    const claim =
      'Respondents at organizations not using AI were more likely to want to consolidate their toolchain than those using AI.';
    const lexicon = buildLexicon([claim, quote]);
    const conflict = {
      kind: 'negation' as const,
      claim: 'not',
      page: 'using',
      claimStart: claim.indexOf('not'),
      claimEnd: claim.indexOf('not') + 3,
      pageStart: quote.indexOf('using'),
      pageEnd: quote.indexOf('using') + 5,
    };
    expect(negationHeadAgrees(claim, quote, conflict, lexicon)).toBe(false);
  });

  it('is about negation conflicts only', () => {
    const claim = 'The Chozo would destroy the planet in 1990.';
    const conflict = {
      kind: 'number' as const,
      claim: '1990',
      page: '1991',
      claimStart: 0,
      claimEnd: 4,
      pageStart: 0,
      pageEnd: 4,
    };
    expect(negationHeadAgrees(claim, CHOZO, conflict, buildLexicon([claim, CHOZO]))).toBe(false);
  });
});
