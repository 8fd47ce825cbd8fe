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

describe('checkCitations: a figure the quote states in another place', () => {
  // nytimes-3 (tune page): the answer joins the quote's two sentences.
  const GAS_LINES =
    'Con Edison officials said they had begun replacing the city’s nearly 1,600 miles of natural gas lines — which were made of either cast iron or unprotected steel — with plastic piping. The plastic is less susceptible to corrosion, cracks and leaks, said the officials, who added that they were swapping about 100 miles of line each year.';

  it('does not flag the figure set against another of the same thing', async () => {
    const c = await check(
      'Con Edison is swapping its cast-iron and unprotected-steel gas lines for plastic, which resists corrosion and leaks better, at roughly 100 miles a year.',
      GAS_LINES,
    );
    expect(c.outcome).not.toBe('contradicted');
    expect(c.flagged).toBe(false);
  });

  it('still flags a figure the quote gives of something else', async () => {
    // wapo-1 (tune page): "two" is the gunmen's number, not the others'.
    const c = await check(
      'Officials said two gunmen died and two others may have escaped.',
      'Two gunmen died, and three others may have escaped, officials said.',
    );
    expect(c.outcome).toBe('contradicted');
    expect(c.flagged).toBe(true);
  });
});
