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

  it('opposes the adjectives of two opposed clusters, as written', () => {
    // "complicated" is a satellite of "complex", "pricey" of "expensive", "cheap" of "inexpensive".
    expect(wordnetAntonyms('complicated', 'simple')).toBe(true);
    expect(wordnetAntonyms('pricey', 'cheap')).toBe(true);
    expect(wordnetAntonyms('imaginary', 'real')).toBe(true);
    // "coming" (of "future") is an adjective; "came" is a verb, though its lemma is the same.
    expect(wordnetAntonyms('came', 'past')).toBe(false);
    expect(wordnetAntonyms('complicated', 'intricate')).toBe(false);
  });

  it("reads a graded adjective by its cluster's word ('simpler', 'cheapest')", () => {
    // mercurial: "the picture in public is much simpler" / "much more complicated".
    expect(wordnetAntonyms('simpler', 'complicated')).toBe(true);
    expect(wordnetAntonyms('cheapest', 'pricey')).toBe(true);
    expect(wordnetAntonyms('simpler', 'simple')).toBe(false);
  });

  it('says otherwise where a word is swapped for one of the opposed cluster', () => {
    const quote =
      'With simple controls and a straightforward premise, Thumper is one of the rare games that works equally well both in and out of VR.';
    const claim =
      'With complicated controls and a straightforward premise, Thumper is one of the rare games that works equally well both in and out of VR.';
    const r = compareClaim(claim, quote, buildLexicon([claim, quote]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts.map((c) => c.kind)).toContain('antonym');
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
