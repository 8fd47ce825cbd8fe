import { describe, expect, it } from 'vitest';
import { analyse } from '../../lib/pipeline/claim-text';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { checkCitations } from '../../lib/composer/check';
import { pageQuote } from '../support/quotes';

const numbers = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.kind === 'number')
    .map((t) => [t.value, t.numberClass]);

describe('claim text: ages written as compounds', () => {
  it('reads "four century-old schooners" as four of 100 years, not 400', () => {
    expect(numbers('one of four century-old wooden schooners')).toEqual([
      [4, 'count'],
      [100, 'count'],
    ]);
  });

  it('reads a number joined to the unit as that many units', () => {
    expect(numbers('a rumour on a two-century-old network')).toEqual([[200, 'count']]);
    expect(numbers('a decade-long war')).toEqual([[10, 'count']]);
    expect(numbers('a century-old house')).toEqual([[100, 'count']]);
  });

  it('still multiplies a unit the number counts', () => {
    expect(numbers('two centuries ago')).toEqual([[200, 'count']]);
  });

  // seattletimes-1 (tune page).
  it('finds "100-year-old" in "century-old"', () => {
    const quote =
      'The day after Easter, Bassi and his crew loaded up the Polaris, one of four century-old wooden schooners still chasing halibut out of Seattle.';
    const claim =
      'The Polaris is one of four 100-year-old wooden schooners still fishing for halibut.';
    const r = compareClaim(claim, quote, buildLexicon([claim, quote]));
    expect(r.conflicts).toEqual([]);
    expect(r.missing).toEqual([]);
  });
});

describe('claim text: Roman numerals after a name', () => {
  it('reads "World War II" and "Elizabeth II" as ordinals', () => {
    expect(numbers('after World War II')).toEqual([[2, 'ordinal']]);
    expect(numbers('in Part XIV of the report')).toEqual([[14, 'ordinal']]);
  });

  it('leaves a lone letter, a lower-case word and words of those letters alone', () => {
    // "One" with a capital mid-sentence is the name's too, not a count.
    expect(numbers('the Xbox One X')).toEqual([]);
    expect(numbers('a MIX of the ii chord')).toEqual([]);
  });

  // wikipedia-2 (tune page): an answer's citation, which had been set against "Māori".
  it('matches "World War II" with "the Second World War"', async () => {
    const quote =
      "After the Second World War, Māori were discouraged from speaking their own language (te reo Māori) in schools and workplaces and it existed as a community language only in a few remote areas.[274] It has recently undergone a process of revitalisation,[275] being declared one of New Zealand's official languages in 1987,[276] and is spoken by 3.7% of the population.";
    const sentence =
      'Te reo Māori, which was discouraged in schools and workplaces after World War II and survived as a community language only in a few remote places, has since been revitalised and was made an official language in 1987.';
    const [c] = await checkCitations([{ text: sentence, citations: [1] }], [pageQuote(quote)]);
    expect(c!.conflicts).toEqual([]);
    expect(c!.flagged).toBe(false);
  });
});
