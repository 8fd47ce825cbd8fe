import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const negatedWords = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.negated)
    .map((t) => t.text);

describe('"rather than" and "instead of" put the rest of their clause aside', () => {
  it('denies the whole clause, past the few words a "not" reaches', () => {
    expect(
      negatedWords('Rather than wasting time writing a synthesizer, I decided to write a library.'),
    ).toEqual(['wasting', 'time', 'writing', 'synthesizer']);
    expect(negatedWords('Instead of hiring a DJ, use your phone.')).toEqual(['hiring', 'DJ']);
  });

  it('agrees with a page that puts the same thing aside in more words', () => {
    // With a reach of three words, the page's "synthesizer" stayed affirmed against the claim's
    // denied one, a conflict where both say the same.
    const page =
      'Rather than wasting time writing a synthesizer, I decided to write a GreenPak technology library for Yosys.';
    const claim = 'Instead of building his own synthesizer, he added a GreenPak library to Yosys.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]), { alignThreshold: 0.4 });
    expect(r.conflicts).toEqual([]);
  });

  it('refutes a claim that affirms what the page puts aside', () => {
    const page = 'Rather than writing a synthesizer, he wrote a technology library for Yosys.';
    const claim = 'He spent his time writing a synthesizer for Yosys.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('contradicted');
  });
});
