import { describe, expect, it } from 'vitest';
import { compareClaim, decideWeighed } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import type { Quote } from '../../lib/pipeline/types';
import { verdictFromEvidence } from '../../lib/pipeline/verdict';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// engadget and wikipedia-2 of the readability test pages, where a user's claim was called "says
// this" though the figures on the page say the opposite.
const CONSOLES =
  'The Xbox One X features an 8-core CPU running at 2.3Ghz, 12GB of GDDR5 RAM and a 1 terabyte hard drive. ' +
  'The PS4 Pro has only 8GB of RAM and tops out at 4.2 teraflops.';
const DOMINION =
  'In 1841, New Zealand became a colony within the British Empire and in 1907 it became a dominion.';
const PARLIAMENT =
  "New Zealand's colony was given a representative government in 1852, and the first Parliament met in 1854.";

describe('compareClaim: an order or comparison the page leaves to its figures', () => {
  it.each([
    ['The PS4 Pro has more RAM than the Xbox One X.', CONSOLES],
    ['The Xbox One X has more RAM than the PS4 Pro.', CONSOLES],
    ['New Zealand became a dominion before it became a colony.', DOMINION],
    ['New Zealand became a colony after it became a dominion.', DOMINION],
  ])('does not say "%s" is supported', (claim, page) => {
    const r = compare(claim, page);
    expect(r.outcome).toBe('not-found');
    expect(r.unweighed).toBe(true);
    // The sentence with the figures is the one shown, and it weighs as much as it covers.
    expect(r.sentence.text).toMatch(/8GB|1907/);
    expect(r.alignment).toBeGreaterThan(0.75);
  });

  it('does not support a comparison the sentence does not make, figures or none', () => {
    const r = compare(
      'Auckland is bigger than Wellington.',
      'Auckland and Wellington are cities of New Zealand.',
    );
    expect(r.outcome).toBe('not-found');
    expect(
      compare('Auckland is bigger than Wellington.', 'Auckland is bigger than Wellington today.')
        .outcome,
    ).toBe('supported');
  });

  it('reads "more … than" across a few words, but not "rather than" nor a bound on a number', () => {
    // bbc-1: the page gives "less than 100" against "tens of thousands"; the claim reverses them.
    const page =
      "If you look at the number of Americans killed since 9/11 by terrorism, it's less than 100. If you look at the number that have been killed by gun violence, it's in the tens of thousands, Mr Obama said.";
    const reversed =
      'According to Obama, terrorism has killed more Americans since 9/11 than guns have.';
    expect(compare(reversed, page).outcome).toBe('not-found');
    expect(
      compare(
        'Haoyu meant to walk here rather than ride.',
        'Haoyu meant to walk here and not ride.',
      ).unweighed,
    ).toBeUndefined();
    expect(
      compare(
        'The foundation grew to more than 60 staff.',
        'The foundation grew to 65 staff by 2016.',
      ).unweighed,
    ).toBeUndefined();
  });

  it('still supports an order stated by the claim with figures of its own', () => {
    const claim =
      "New Zealand's first Parliament met in 1854, after the colony was given a representative government in 1852.";
    expect(compare(claim, PARLIAMENT).outcome).toBe('supported');
  });

  it('still supports an unmatched "after" where the sentence has no figures to weigh', () => {
    const page = 'The guests went home, and then the hosts cleaned the house.';
    expect(compare('The hosts cleaned the house after the guests went home.', page).outcome).toBe(
      'supported',
    );
  });

  it('reads a name\'s number ("Xbox One X") as part of the name, not as a figure of the claim', () => {
    expect(compare('The Xbox One X has more RAM than the PS4 Pro.', CONSOLES).unweighed).toBe(true);
  });
});

function quote(id: number, text: string): Quote {
  return {
    id,
    passageId: `b${id}.0`,
    origin: 'splitter',
    text,
    score: 3,
    coverage: 0.5,
    source: { kind: 'page', url: 'https://fixtures.test/', title: 't', blockIndex: id },
  } as Quote;
}

describe('verdictFromEvidence: a quote that leaves the comparison to its figures', () => {
  it('outweighs a weaker "otherwise" in another quote, so the verdict is "doesn\'t say"', () => {
    const weaker = quote(
      2,
      "If you're looking to upgrade from an original Xbox One, and you have a new TV, the One X might be more compelling.",
    );
    const claim = 'The PS4 Pro has more RAM than the Xbox One X.';
    expect(verdictFromEvidence([weaker], { claim }).label).toBe('refuted');
    const v = verdictFromEvidence([quote(1, CONSOLES), weaker], { claim });
    expect(v.label).toBe('not-enough-evidence');
    expect(v.conflicts).toBeUndefined();
    // The sentence with the figures is shown, for the reader to weigh.
    expect(v.figures).toBe(true);
    expect(v.quoteIds).toEqual([1]);
    expect(v.sentence?.text).toContain('8GB');
  });
});

describe('decideWeighed: the weighing compareClaim and the verdict share', () => {
  it('lets an unweighed sentence outweigh a weaker "otherwise" and hold the outcome at "not found"', () => {
    expect(decideWeighed(undefined, 0.9, 0.6)).toEqual({ outcome: 'not-found', held: true });
    expect(decideWeighed(undefined, 0.6, 0.9)).toEqual({ outcome: 'contradicted', held: false });
    expect(decideWeighed(0.7, 0.9, 0.8)).toEqual({ outcome: 'supported', held: false });
    expect(decideWeighed(undefined, undefined, undefined)).toEqual({
      outcome: 'not-found',
      held: false,
    });
  });
});
