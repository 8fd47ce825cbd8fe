import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../lib/composer/check';
import { namesWrittenJoined, writtenApart } from '../../lib/pipeline/code-names';
import { pageQuote } from '../support/quotes';

// lazy-image-2 (the Metroid story): the quote says "the planet", its paragraph "SR388".
const PARAGRAPH =
  'The Chozo knew that to completely suppress the parasites, the Metroid presence on SR388 had to be permanent.';
const QUOTE =
  'To ensure that the species would not overfeed on the environment and wipe out its food chains, the scientists hardwired an instinct into the Metroid Queen’s feral mind: Only thirty-nine Metroids were to exist on the planet at any one time.';
const ANSWER =
  'The scientists hardwired the Metroid Queen so that no more than 39 Metroids would exist on SR388 at once.';

const quote = pageQuote(QUOTE, {
  url: 'https://readability.test/lazy-image-2/',
  title: 'The Spectacular Story Of Metroid',
});

describe('checkCitations: a code named near the quote', () => {
  it('does not flag the code as missing: it is one word, written there', async () => {
    const [check] = await checkCitations([{ text: ANSWER, citations: [1] }], [quote], {
      near: new Map([[1, `${PARAGRAPH} ${QUOTE}`]]),
    });
    expect(check!.missing).toEqual([]);
    expect(check!.flagged).toBe(false);
  });

  it('still flags it when the text near the quote does not write it', async () => {
    const [check] = await checkCitations([{ text: ANSWER, citations: [1] }], [quote]);
    // One name, not a number "388" the quote lacks.
    expect(check!.missing).toEqual(['SR388']);
    expect(check!.flagged).toBe(true);
  });
});

describe('namesWrittenJoined', () => {
  // 001 (Blanket.js): the quote writes "nodejs", the answer "Node.js".
  const QUOTE_001 =
    'Blanket.js is an easy to install, easy to configure, and easy to use JavaScript code coverage library that works both in-browser and with nodejs.';

  it('finds a name the answer writes in two parts and the quote as one word', () => {
    const answer =
      'Blanket.js is an easy-to-use JavaScript code coverage library that runs in the browser and in Node.js.';
    expect([...namesWrittenJoined(answer, ['Node'], [QUOTE_001])]).toEqual(['Node']);
  });

  it('joins the word before the name too: a handle written as one word', () => {
    // medium-3: the quote is a tweet by @BuildingTwenty.
    const tweet = '@BuildingTwenty: Both @s_bielefeld & I wrote similar critiques.';
    const answer = 'Building Twenty observed that he and Bielefeld wrote similar critiques.';
    expect([...namesWrittenJoined(answer, ['Twenty'], [tweet])]).toEqual(['Twenty']);
    expect(namesWrittenJoined('Building Forty wrote it.', ['Forty'], [tweet]).size).toBe(0);
  });

  it('finds nothing where the joined word is not written', () => {
    expect(namesWrittenJoined('It runs on Deno.js too.', ['Deno'], [QUOTE_001]).size).toBe(0);
    expect(namesWrittenJoined('It runs on Node alone.', ['Node'], [QUOTE_001]).size).toBe(0);
    // wapo-1: "Tunis" is no part of the answer's "Tunisia", which the quote writes.
    const answer = 'The last attack in Tunisia was in 2002, outside a synagogue in Tunis.';
    const quote = 'The last attack in Tunisia was in 2002, outside a synagogue in Djerba.';
    expect(namesWrittenJoined(answer, ['Tunis'], [quote]).size).toBe(0);
  });
});

describe('names written as one word on one side, two on the other', () => {
  const check = async (sentence: string, quote: string) =>
    (await checkCitations([{ text: sentence, citations: [1] }], [pageQuote(quote)]))[0]!;

  it('finds "HDR10" in "HDR 10" (engadget)', async () => {
    const c = await check(
      'Because the One X lacks Dolby Vision support, owners are limited to the somewhat less capable HDR10 standard.',
      "Unfortunately, the One X doesn't support Dolby Vision, so you're stuck with the slightly less capable HDR 10 standard.",
    );
    expect(c.missing).toEqual([]);
    expect(c.conflicts).toEqual([]);
    expect(c.flagged).toBe(false);
  });

  it('reads "Building Twenty" and "@BuildingTwenty" as one name (medium-3)', () => {
    const claim = 'Building Twenty observed that he and Bielefeld wrote similar critiques.';
    const quote = '@BuildingTwenty: Both @s_bielefeld & I wrote similar critiques.';
    const at = { claimStart: 0, claimEnd: 8, pageStart: 1, pageEnd: 15 };
    expect(writtenApart(claim, quote, at)).toBe(true);
    expect(writtenApart('Building Nine observed it.', quote, at)).toBe(false);
  });

  it('keeps a figure written in words near the quote missing', () => {
    expect(
      namesWrittenJoined('Lucasfilm spent $15 million on it.', ['$15 million'], ['15 million']),
    ).toEqual(new Set());
  });
});

// medium-3 (a quoted tweet): the handle holds the surname with the first name.
describe('namesWrittenJoined: a name inside a handle', () => {
  const QUOTE = 'Both @s_bielefeld & I wrote similar critiques of @marcoarment’s pricing model.';

  it('finds a surname a handle writes with the first name', () => {
    const claim = 'He and Bielefeld wrote similar critiques of Arment’s pricing model.';
    expect(namesWrittenJoined(claim, ['Arment’s', 'Bielefeld'], [QUOTE])).toEqual(
      new Set(['Arment’s', 'Bielefeld']),
    );
  });

  it('needs four letters and a handle, not any word', () => {
    const claim = 'Marc Ent wrote a critique of the pricing model.';
    expect(namesWrittenJoined(claim, ['Ent'], [QUOTE])).toEqual(new Set());
    expect(namesWrittenJoined('Arment wrote it.', ['Arment'], ['The marcoarment blog.'])).toEqual(
      new Set(),
    );
  });
});
