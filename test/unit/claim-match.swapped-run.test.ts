import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const QUOTE = 'The plan received wide support from local residents in the spring.';
const compare = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));

describe('claim match: a phrase swapped in an unchanged frame', () => {
  it('does not call "strong opposition" for "wide support" supported', () => {
    expect(
      compare('The plan received strong opposition from local residents in the spring.').outcome,
    ).not.toBe('supported');
  });

  it('still supports the sentence itself and a claim that leaves the phrase out', () => {
    expect(
      compare('The plan received wide support from local residents in the spring.').outcome,
    ).toBe('supported');
    expect(compare('The plan received support from local residents in the spring.').outcome).toBe(
      'supported',
    );
  });

  it('lets a phrase WordNet relates word by word stand', () => {
    expect(
      compare('The plan received broad backing from local residents in the spring.').outcome,
    ).toBe('supported');
  });
});
