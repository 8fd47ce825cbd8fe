import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]), { alignThreshold: 0.4 });

describe('compareClaim: one comparison told from either side', () => {
  // engadget, in the tune citations and a Chromium walk-through.
  const WEIGHT =
    "It's also surprisingly dense -- the console weighs 8.4 pounds. The One S, in comparison, weighs two pounds less.";

  it('supports "two pounds more than the One S" against "The One S … weighs two pounds less"', () => {
    const r = compare('The One X weighs 8.4 pounds, two pounds more than the One S.', WEIGHT);
    expect(r.conflicts).toEqual([]);
  });

  it('refutes "two pounds less than the One S", naming both sides', () => {
    const r = compare('The One X weighs 8.4 pounds, two pounds less than the One S.', WEIGHT);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts).toMatchObject([
      {
        kind: 'antonym',
        claim: 'less than the One S',
        page: 'One S, in comparison, weighs two pounds less',
      },
    ]);
  });

  it('keeps the opposite where the page compares the same way round', () => {
    const r = compare(
      'The One X weighs two pounds more than the One S.',
      'The One X weighs two pounds less than the One S.',
    );
    expect(r.outcome).toBe('contradicted');
  });
});
