import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// wikipedia-2 (New Zealand).
const QUOTE = "Wool was New Zealand's major agricultural export during the late 19th century.";

const compare = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));

describe('claim text: "the 19th century" is "the 1800s"', () => {
  it('reads an ordinal century as the span it names', () => {
    const numbers = (text: string) =>
      analyse(text, buildLexicon([text]))
        .tokens.filter((t) => t.kind === 'number')
        .map((t) => t.key);
    expect(numbers('in the 19th century')).toEqual(['n:1800']);
    expect(numbers('a 20th-century novel')).toEqual(['n:1900']);
    expect(numbers('in the 1800s')).toEqual(['n:1800']);
    // Not a century: an ordinal stays an ordinal.
    expect(numbers('the 19th floor')).toEqual(['n:19']);
  });

  it('supports "the late 1800s" against "the late 19th century"', () => {
    const r = compare("Wool was New Zealand's major agricultural export during the late 1800s.");
    expect(r.outcome).toBe('supported');
  });

  it('says otherwise of another century', () => {
    const r = compare("Wool was New Zealand's major agricultural export during the late 1900s.");
    expect(r.outcome).toBe('contradicted');
    expect(
      compare("Wool was New Zealand's major agricultural export during the late 18th century.")
        .outcome,
    ).toBe('contradicted');
  });
});
