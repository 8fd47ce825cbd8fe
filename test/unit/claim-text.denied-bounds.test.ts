import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// lazy-image-2 (the Metroid story): the Metroid Queen's instinct.
const QUOTE =
  'To ensure that the species would not overfeed on the environment and wipe out its food chains, the scientists hardwired an instinct into the Metroid Queen’s feral mind: Only thirty-nine Metroids were to exist on the planet at any one time.';

const tokens = (text: string) => analyse(text, buildLexicon()).tokens;

describe('claim text: "no more than" bounds a number', () => {
  it('reads "no more than 39" as at most 39, denying nothing', () => {
    const [n, ...rest] = tokens('no more than 39 Metroids would exist');
    expect(n).toMatchObject({ kind: 'number', value: 39, bound: 'below', negated: false });
    expect(rest.every((t) => !t.negated && t.quantifier === undefined)).toBe(true);
    expect(tokens('not less than 5 cats')[0]).toMatchObject({ value: 5, bound: 'above' });
  });

  it('keeps "no" a denial where no bound follows', () => {
    expect(tokens('There is no cat.')[0]).toMatchObject({ key: 'w:cat', negated: true });
  });

  it('finds no quantifier conflict between "no more than 39" and "only thirty-nine"', () => {
    const claim =
      'The scientists hardwired the Metroid Queen so that no more than 39 Metroids would exist on the planet at once.';
    const r = compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('still finds another number under the bound', () => {
    const claim =
      'The scientists hardwired the Metroid Queen so that no more than 93 Metroids would exist on the planet at once.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).outcome).toBe('contradicted');
  });
});
