import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

describe('compareClaim: words of opposite feeling in the same place', () => {
  // nytimes-1 (tune page of the citation set).
  const page =
    'Eric Reeves, one of the leading American academic voices on Sudan, said he was appalled that the American government was lifting sanctions.';
  const said = (feeling: string) =>
    compare(
      `Eric Reeves, an American academic voice on Sudan, said he was ${feeling} that the American government was lifting sanctions.`,
      page,
    );

  it('says otherwise when a clearly good word stands where the page has a clearly bad one', () => {
    const r = said('delighted');
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym', claim: 'delighted', page: 'appalled' });
  });

  it('agrees when the good word is denied ("not pleased" / "appalled")', () => {
    expect(said('not pleased').conflicts).toEqual([]);
  });

  it('finds no conflict between two words of the same feeling', () => {
    expect(said('horrified').conflicts).toEqual([]);
  });

  it('does not pit a claim word against a rated word elsewhere in a wide slot', () => {
    // "deplored" (bad) and "leading" (good, in "one of the leading … voices") are not in one place.
    const r = compare(
      'Eric Reeves said he deplored the decision to lift sanctions on Sudan.',
      page,
    );
    expect(r.conflicts).toEqual([]);
  });

  it('does not read a mildly rated word as opposite feeling', () => {
    // nytimes-3: "damages" where the page says "affected" (rated -1).
    const street =
      'Street surfaces are affected by winter weather, too: Last year, the city filled 255,904 potholes.';
    const r = compare(
      'Winter also damages street surfaces: the city filled nearly 256,000 potholes last year.',
      street,
    );
    expect(r.outcome).not.toBe('contradicted');
  });
});

describe('compareClaim: a judgement the page does not pass', () => {
  // royal-road and medium-3 (tune pages of the claim set, step 14).
  it('does not call supported a claim that adds a clearly bad word where the page has none', () => {
    const r = compare(
      '“I’m glad my group was getting along terribly.',
      '“I’m glad my group was getting along well. I think the one with the speedsters in it had some kind of issue.',
    );
    expect(r.outcome).toBe('not-found');
  });

  it('still supports a claim whose feeling word the page shares in kind', () => {
    const r = compare(
      'Marco Arment moved to a patronage model that will probably be a success for him.',
      'With the release of Overcast 2.0, Marco Arment moved to a patronage model that will probably be successful for him.',
    );
    expect(r.outcome).toBe('supported');
  });

  it('leaves a prefixed negation of a page word to the negation rules ("unpleasant" / "less than pleasant")', () => {
    const r = compare(
      'In December 2002 he tried to install some software, and the experience was unpleasant.',
      'In December 2002, I tried to install some software on my computer. The experience was, shall we say, less than pleasant.',
    );
    expect(r.outcome).toBe('supported');
  });
});
