import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { wordnetAntonyms } from '../../lib/pipeline/lexicon-wordnet-antonyms';

describe('WordNet antonyms', () => {
  it('knows adjective and adverb opposites, by lemma', () => {
    expect(wordnetAntonyms('abundant', 'scarce')).toBe(true);
    expect(wordnetAntonyms('slowly', 'quickly')).toBe(true);
    expect(wordnetAntonyms('abundant', 'plentiful')).toBe(false);
    // Verbs are left out: converses swap with their roles ("lends" / "borrows").
    expect(wordnetAntonyms('lends', 'borrows')).toBe(false);
  });

  it('makes a swapped opposite a conflict', () => {
    const quote =
      'Marine mammals however are abundant, with almost half the world’s cetaceans reported in New Zealand waters.';
    const claim =
      'Marine mammals however are scarce, with almost half the world’s cetaceans reported in New Zealand waters.';
    const r = compareClaim(claim, quote, buildLexicon([claim, quote]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts.map((c) => c.kind)).toContain('antonym');
  });
});
