import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../lib/composer/check';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { pageQuote } from '../support/quotes';

// ehow-2: a composer restates the quote loosely and denies what it says.
const QUOTE =
  'You can split some of the expenses, especially when the two graduates share mutual friends.';
const DENIED =
  'With a joint party, the two families cannot split any of the costs, particularly when the graduates have mutual friends.';
const RESTATED =
  'With a joint party, the two families can split some of the costs, particularly when the graduates have mutual friends.';

const quote = pageQuote(QUOTE, {
  url: 'https://readability.test/ehow-2/',
  title: 'How to Save Money on a Graduation Party',
});

const check = async (text: string) =>
  (await checkCitations([{ text, citations: [1] }], [quote]))[0]!;

describe('checkCitations: a conflict in a loosely restated sentence', () => {
  it('flags a denial that Verify, against a whole page, would leave as "doesn\'t say"', async () => {
    // The same pair under Verify's alignment: too little of the sentence aligns to call it.
    const verify = compareClaim(DENIED, QUOTE, buildLexicon([DENIED, QUOTE]));
    expect(verify.outcome).toBe('not-found');
    const cited = await check(DENIED);
    expect(cited.outcome).toBe('contradicted');
    expect(cited.flagged).toBe(true);
    expect(cited.conflicts?.[0]).toMatchObject({ kind: 'negation' });
  });

  it('does not flag the same restatement without the denial', async () => {
    const cited = await check(RESTATED);
    expect(cited.outcome).not.toBe('contradicted');
    expect(cited.flagged).toBe(false);
  });
});
