import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// wikipedia-2 (New Zealand).
const QUOTE =
  'In addition, New Zealand is organised into 11 regional councils and 67 territorial authorities for local government purposes.';

describe('buildLexicon: a country written by its initials', () => {
  it('reads "NZ" as New Zealand where a text spells it out', () => {
    const claim =
      'For local government, NZ has eleven regional councils and 67 territorial authorities.';
    const lexicon = buildLexicon([claim, QUOTE]);
    const key = (text: string) => analyse(text, lexicon).tokens.map((t) => t.key);
    expect(key('NZ')).toEqual(key('New Zealand'));
    expect(key('NZ')[0]).toMatch(/^c:/);
    const r = compareClaim(claim, QUOTE, lexicon);
    expect(r.conflicts).toEqual([]);
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('keeps another country in its place from "supported"', () => {
    const claim = 'For local government, NZ has eleven regional councils.';
    const quote = 'In addition, Australia is organised into 11 regional councils.';
    // "New Zealand" written near the quote spells the initials out.
    const lexicon = buildLexicon([claim, quote, 'New Zealand and Australia']);
    expect(compareClaim(claim, quote, lexicon).outcome).not.toBe('supported');
  });

  it('leaves initials alone where no text spells them out', () => {
    expect(buildLexicon(['NZ has eleven regional councils.']).acronyms.has('nz')).toBe(false);
  });
});
