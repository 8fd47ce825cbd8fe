import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// Paraphrases from the blind claims of the tune half (medium-2, mercurial, breitbart) that were
// called "says otherwise".
describe('claim text: restatements that deny the same thing', () => {
  it('reads "not possible to" as a denial of what follows, as "cannot" is', () => {
    const page = 'You cannot literally cry your eyes out.';
    const r = compare(
      'According to the author, it is not possible to literally cry your eyes out.',
      page,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
    expect(compare('It is possible to literally cry your eyes out.', page).outcome).toBe(
      'contradicted',
    );
  });

  it('reads "there is no way to" as a denial of what follows (blogger)', () => {
    const page =
      'Unfortunately, the only supported design entry method is schematic entry and there is no way to write your design in a HDL.';
    const r = compare(
      'Schematic entry is the only way to enter a design, and you cannot write it in an HDL.',
      page,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
    expect(compare('You can write your design in a HDL.', page).outcome).toBe('contradicted');
  });

  it('reads "all we are looking at is" as "only"', () => {
    const page =
      'Code review is outside of the scope of Mercurial, so all we’re looking at here is the mechanics of committing, amending, pushing, and pulling.';
    const r = compare(
      'Because code review lies outside Mercurial’s scope, the guide only looks at the mechanics of committing, amending, pushing and pulling.',
      page,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('reads "un-angry" as one word, the opposite of "angry"', () => {
    const page = 'Emery retweeted the story, saying, “Are there un-angry Trump supporters?”';
    const r = compare(
      'When Emery retweeted the story, he asked whether there are any Trump supporters who aren’t angry.',
      page,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });
});
