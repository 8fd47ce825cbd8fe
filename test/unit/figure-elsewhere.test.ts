import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { withoutFigureStatedElsewhere } from '../../lib/pipeline/figure-elsewhere';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const read = (claim: string, quote: string, elsewhere?: string) => {
  const lexicon = buildLexicon([claim, quote, elsewhere ?? '']);
  const compared = compareClaim(claim, quote, lexicon);
  expect(compared.outcome).toBe('contradicted');
  return withoutFigureStatedElsewhere(
    compared,
    claim,
    { quote, ...(elsewhere ? { elsewhere } : {}) },
    lexicon,
  ).outcome;
};

// engadget (tune page): the Xbox One X and, elsewhere on the page, the reviewer's own PC.
const XBOX =
  'It features an 8-core CPU running at 2.3Ghz, 12GB of GDDR5 RAM and a 1 terabyte hard drive.';
const RIG = 'My rig is powered by an Intel Core i7 4790k CPU running at 4GHz, 16GB DDR3 RAM.';
const EDITED =
  'It features an 8-core CPU running at 2.3Ghz, 16GB of GDDR5 RAM and a 1 terabyte hard drive.';

describe('withoutFigureStatedElsewhere', () => {
  it('sets aside a figure the quote states of the same thing in another sentence', () => {
    // nytimes-3 (tune page): an answer sentence joining the quote's two sentences.
    const quote =
      'Con Edison officials said they had begun replacing the city’s nearly 1,600 miles of natural gas lines — which were made of either cast iron or unprotected steel — with plastic piping. The plastic is less susceptible to corrosion, cracks and leaks, said the officials, who added that they were swapping about 100 miles of line each year.';
    const claim =
      'Con Edison is swapping its cast-iron and unprotected-steel gas lines for plastic, which resists corrosion and leaks better, at roughly 100 miles a year.';
    expect(read(claim, quote)).toBe('not-found');
  });

  it('keeps a figure the quote gives of something else', () => {
    expect(
      read(
        'Officials said two gunmen died and two others may have escaped.',
        'Two gunmen died, and three others may have escaped, officials said.',
      ),
    ).toBe('contradicted');
  });

  it('keeps a figure of units another quote states, as that may be another thing’s', () => {
    expect(read(EDITED, XBOX, RIG)).toBe('contradicted');
  });
});
