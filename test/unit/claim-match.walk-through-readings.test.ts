import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { withoutFigureStatedElsewhere } from '../../lib/pipeline/figure-elsewhere';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// Claims a user tried in Chromium on real pages (engadget, ars-1, nytimes-2, medium-1 of the
// readability test pages) that were called "The page says otherwise" for a word misread.
const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));
const tokens = (text: string) => analyse(text, buildLexicon([text])).tokens;

describe('claim text: numbers that are part of names', () => {
  it('reads "the One X" as a name, not the number one', () => {
    expect(tokens('and the One X costs $500').map((t) => t.key)).not.toContain('n:1');
  });

  it('reads the "7" of "Forza Motorsport 7" as a label, apart from the date "November 7"', () => {
    const keys = tokens('He played Forza Motorsport 7 on November 7, 2017.').map((t) => t.key);
    expect(keys).toContain('n:l7');
    expect(keys).toContain('n:7');
  });

  it('reads a number after a name that counts the word after it as a count', () => {
    // wapo-2: "A year and a half ago" had been set against "two" and "months".
    const span = tokens('President Obama told the U.N. General Assembly 18 months ago that').find(
      (t) => t.kind === 'number',
    );
    expect(span).toMatchObject({ key: 'n:18', numberClass: 'count' });
    const r = compare(
      'A year and a half ago, Obama told the UN General Assembly he would seek breakthroughs on Iran.',
      'President Obama told the U.N. General Assembly 18 months ago that he would seek real breakthroughs on these two issues, Iran and peace.',
    );
    expect(r.conflicts).toEqual([]);
  });

  it('still sets one version against another ("Chrome 24" / "Chrome 42")', () => {
    const r = compare(
      'Fetch is available in Firefox 39 and Chrome 24.',
      'As of this writing, the Fetch API is available in Firefox 39 (currently Nightly) and Chrome 42 (currently dev).',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: '24', page: '42' });
  });

  it('does not set a launch date against a game named with a number', () => {
    const r = compare(
      'The Xbox One X launched on November 7, 2017.',
      "Microsoft says over 130 Xbox One X-enhanced titles are in the works. That includes already-released games like Forza Motorsport 7 and Assassin's Creed Origins.",
    );
    expect(r.outcome).not.toBe('contradicted');
  });
});

describe('claim text: words that only look like denials', () => {
  it('reads "no-vote" as one word, not a denial', () => {
    expect(
      tokens('a so-called naked no-vote termination fee of $15 million').some((t) => t.negated),
    ).toBe(false);
  });

  it('lets "lack of" deny its noun phrase only, not the place after it', () => {
    const read = tokens('Lack of diverse skills within the newsroom.');
    expect(read.find((t) => t.word === 'skills')?.negated).toBe(true);
    expect(read.find((t) => t.word === 'newsroom')?.negated).toBe(false);
    const r = compare(
      'Writers made up 95% of newsroom staff.',
      'Lack of diverse skills within the newsroom. Writers made up 95% of the personnel.',
    );
    expect(r.conflicts.filter((c) => c.kind === 'negation')).toEqual([]);
  });
});

describe('claim text: "except" takes its noun phrase out', () => {
  it('does not support what the page excepts', () => {
    // The demo page (Lighthouse of Alexandria): a walk-through's claim had been "says this".
    const page =
      'Modern estimates of the total height range from 100 to 130 metres, which would have made the Pharos taller than any building in the world except the great pyramids of Giza.';
    const read = tokens(page);
    expect(read.find((t) => t.word === 'pyramids')?.negated).toBe(true);
    expect(read.find((t) => t.word === 'building')?.negated).toBe(false);
    expect(
      compare('The Pharos was taller than the great pyramids of Giza.', page).outcome,
    ).not.toBe('supported');
    expect(
      compare('The Pharos was taller than any other building in the world.', page).outcome,
    ).not.toBe('contradicted');
  });
});

describe('claim match: spans with a quarter, and a name described before it', () => {
  it('reads "a year and three quarters" as 21 months', () => {
    expect(tokens('about a year and three quarters before')[0]).toMatchObject({ key: 'n:1.75' });
    expect(tokens('two and a quarter hours')[0]).toMatchObject({ key: 'n:2.25' });
    const r = compare(
      'Askar reported the bug a year and three quarters before his post.',
      'Askar wrote his post 21 months after reporting the bug.',
    );
    expect(r.conflicts.filter((c) => c.kind === 'number' || c.kind === 'date')).toEqual([]);
  });

  it('takes "to Minecraft developer Mojang" as Mojang, described', () => {
    const r = compare(
      'Askar reported the bug to Mojang before he published his blog post.',
      'Ammar Askar wrote in a blog post published Thursday, 21 months after privately reporting the bug to Minecraft developer Mojang.',
    );
    expect(r.outcome).toBe('supported');
  });

  it("still calls another name in the claim name's place a conflict", () => {
    const r = compare(
      'The capital city is Auckland.',
      'The capital city is Wellington, while its most populous city is Auckland.',
    );
    expect(r.outcome).toBe('contradicted');
  });
});

describe('figure stated elsewhere: a figure that ends the claim', () => {
  it('is known by the word before it in another quote of the page', () => {
    const claim = 'The One X costs five hundred dollars.';
    const quote =
      "A decent one costs between $600 and $800, but it'll easily be more powerful than the One X.";
    const lexicon = buildLexicon([claim, quote]);
    const compared = compareClaim(claim, quote, lexicon);
    expect(compared.outcome).toBe('contradicted');
    const elsewhere = "It's now been a year, and the One X costs $500.";
    expect(
      withoutFigureStatedElsewhere(compared, claim, { quote, elsewhere }, lexicon).outcome,
    ).toBe('not-found');
    expect(
      withoutFigureStatedElsewhere(
        compared,
        claim,
        { quote, elsewhere: 'The One S costs less.' },
        lexicon,
      ).outcome,
    ).toBe('contradicted');
  });
});

describe('claim text: short forms of decades, rates, spans and resolutions', () => {
  it('reads "the 80s" as the 1980s', () => {
    expect(
      tokens('The big change happened in the 80s.').find((t) => t.text === '80s'),
    ).toMatchObject({ key: 'n:1980', numberClass: 'decade' });
    const r = compare(
      'The big change happened in the 1980s, when the paper started using colour.',
      'The big change happened in the 80s when the paper started using colour.',
    );
    expect(r.outcome).toBe('supported');
  });

  it('matches "frames per second" with "FPS"', () => {
    const r = compare(
      'The game runs at 60 frames per second.',
      'The game runs at a smooth 60 FPS.',
    );
    expect(r.outcome).toBe('supported');
  });

  it('reads "a 30-minute demo" as half an hour, but "a 100-year-old schooner" as an age', () => {
    const span = tokens('my roughly 30-minute demo').find((t) => t.kind === 'number');
    expect(span?.timeAmount).toMatchObject({ base: 'minutes', value: 30 });
    expect(tokens('half an hour')[0]!.timeAmount).toMatchObject({ base: 'minutes', value: 30 });
    expect(tokens('a 100-year-old schooner').find((t) => t.kind === 'number')?.timeAmount).toBe(
      undefined,
    );
  });

  it('reads "in 4K" as a resolution, apart from counts, and "8K followers" as a count', () => {
    expect(
      tokens('It runs natively in 4K at 30 FPS.').find((t) => t.kind === 'number'),
    ).toMatchObject({
      numberClass: 'label',
    });
    expect(tokens('She has 8K followers.').find((t) => t.kind === 'number')).toMatchObject({
      key: 'n:8000',
      numberClass: 'count',
    });
    expect(tokens('It costs $4K.').find((t) => t.kind === 'number')).toMatchObject({
      numberClass: 'money',
    });
  });
});
