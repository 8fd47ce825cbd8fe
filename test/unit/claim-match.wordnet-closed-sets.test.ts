import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { wordnetSynonyms } from '../../lib/pipeline/lexicon-wordnet';

// links-in-tables (Android app updates by File-by-File patching).
const QUOTE =
  'However, there is one trade off; extra processing power is needed on the device. On modern devices (e.g. from 2015), recompression can take a little over a second per megabyte and on older or less powerful devices it can be longer.';

describe('claim matching: WordNet and closed sets', () => {
  it('does not take a minute for a second, though WordNet puts them in one synset', () => {
    expect(wordnetSynonyms('minute', 'second')).toBe(true);
    const claim = 'On modern devices, recompression takes a little over a minute per megabyte.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).outcome).not.toBe('supported');
  });

  it('still matches the unit itself', () => {
    const claim = 'On modern devices, recompression takes a little over a second per megabyte.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).outcome).toBe('supported');
  });
});

describe('compareClaim: members of one closed set in the same place', () => {
  const compare = (claim: string, page: string) =>
    compareClaim(claim, page, buildLexicon([claim, page]));

  it('refutes "next spring" against "this fall" (engadget)', () => {
    const r = compare(
      'It can work with any of the Windows Mixed Reality headsets launching next spring.',
      'It can work with any of the Windows Mixed Reality headsets launching this fall.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'date', claim: 'spring', page: 'fall' });
  });

  it('does not support "a second" where the page says "a minute", though WordNet relates them', () => {
    const r = compare('The page took a second to load.', 'The page took a minute to load.');
    expect(r.outcome).not.toBe('supported');
  });
});
