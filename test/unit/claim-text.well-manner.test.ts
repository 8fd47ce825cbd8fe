import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// article-author-tag.
const QUOTE =
  'His work was well received in mystic and academic circles, and he was soon one of the best known authorities on such topics.';

const compare = (claim: string) => compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
const words = (text: string) => analyse(text, buildLexicon([text])).tokens.map((t) => t.text);

describe('claim text: "well" of manner is a word of the claim', () => {
  it('keeps "well" before a participle or in a compound, and only there', () => {
    expect(words('The book was well received')).toContain('well');
    expect(words('a well-known author')).toContain('well');
    expect(words('He sings as well as he dances')).not.toContain('well');
    expect(words('Well, the book sold')).not.toContain('well');
  });

  it('says otherwise of "poorly received"', () => {
    const r = compare(
      'His work was poorly received in mystic and academic circles, and he was soon one of the best known authorities on such topics.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts.map((c) => c.kind)).toContain('antonym');
  });

  it('still finds the sentence itself', () => {
    expect(compare(QUOTE).outcome).toBe('supported');
  });
});
