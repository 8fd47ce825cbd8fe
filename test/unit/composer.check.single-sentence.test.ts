import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../lib/composer/check';
import { pageQuote } from '../support/quotes';

const check = async (sentence: string, quote: string, near?: string) =>
  (
    await checkCitations([{ text: sentence, citations: [1] }], [pageQuote(quote)], {
      ...(near ? { near: new Map([[1, near]]) } : {}),
    })
  )[0]!;

describe('checkCitations: a conflict only across two sentences', () => {
  // links-in-tables (Android Developers Blog), the post's first paragraph's end.
  const BSDIFF =
    'Earlier this year, we announced that we started using the bsdiff algorithm (by Colin Percival). Using bsdiff, we were able to reduce the size of app updates on average by 47% compared to the full APK size.';

  it('yields to the one sentence that says the whole answer', async () => {
    const c = await check(
      'With bsdiff, Google cut the size of app updates by 47% on average compared with the full APK.',
      BSDIFF,
      'Posted by Andrew Hayden, Software Engineer on Google Play',
    );
    expect(c.outcome).toBe('supported');
    expect(c.flagged).toBe(false);
  });

  it('keeps the conflict when the single sentence does not hold the conflicting word', async () => {
    // article-author-tag: the obituary's second sentence denies what the answer affirms.
    const quote =
      'When Arthur Waite died in 1942, his obituary, published in the Brooklyn Daily Eagle, called him the author of “many books on occult phenomenon.”There was no mention of his tarot deck.';
    const c = await check(
      'Waite’s 1942 obituary in the Brooklyn Daily Eagle mentioned his tarot deck.',
      quote,
    );
    expect(c.outcome).toBe('contradicted');
    expect(c.flagged).toBe(true);
  });

  it('keeps a number changed against the sentence that states it', async () => {
    const c = await check(
      'With bsdiff, Google cut the size of app updates by 74% on average compared with the full APK.',
      BSDIFF,
      'Posted by Andrew Hayden, Software Engineer on Google Play',
    );
    expect(c.flagged).toBe(true);
  });
});
