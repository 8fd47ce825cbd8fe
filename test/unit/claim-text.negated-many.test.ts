import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// 001 (frontend JavaScript code coverage).
const QUOTE =
  'Not a lot of frontend developers I know actually test their frontend code, and I can barely imagine how many of them have ever setup code coverage… Mostly because there are not many frontend-oriented tools in this area I guess.';

describe('claim text: "not many" and "not a lot" are few', () => {
  it('reads them as the quantifier "few", no denial', () => {
    const [first] = analyse('Not a lot of frontend developers test', buildLexicon()).tokens;
    expect(first).toMatchObject({ key: 'w:frontend', quantifier: 'few', negated: false });
  });

  it('finds no conflict between "Few" and "Not a lot of"', () => {
    const claim =
      'Few frontend developers the author knows test their code, partly because there are few frontend tools for it.';
    const r = compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
    expect(r.conflicts).toEqual([]);
  });

  it('still sets "Most" against them', () => {
    const claim = 'Most frontend developers the author knows actually test their frontend code.';
    expect(compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE])).outcome).toBe('contradicted');
  });
});
