import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { BASE_LEXICON, buildLexicon } from '../../lib/pipeline/lexicon';

const tokens = (text: string) => analyse(text, BASE_LEXICON).tokens;

// archive-of-our-own: a story whose characters are "All For One" and "All Might".
describe('analyse: a quantifier word that opens a name', () => {
  it('reads "All" before a capital function word as a name, at the sentence start too', () => {
    const [all] = tokens('All For One was a cryptid.');
    expect(all).toMatchObject({ text: 'All', capital: true });
    expect(all!.quantifier).toBeUndefined();
    expect(tokens('All Might said so.').every((t) => t.quantifier === undefined)).toBe(true);
  });

  it('reads one the texts write as a name mid-sentence as that name (seattletimes-1)', () => {
    const claim = 'Whole Foods said it has lowered prices on hundreds of items.';
    const lexicon = buildLexicon([claim, 'Shoppers at Whole Foods found lower prices.']);
    const read = analyse(claim, lexicon).tokens;
    expect(read[0]).toMatchObject({ text: 'Whole', name: true });
    expect(read.every((t) => t.quantifier === undefined)).toBe(true);
    // Without such a name, a count that opens the sentence still counts.
    expect(
      analyse('All Americans know it.', buildLexicon(['All Americans know it.'])).tokens[0],
    ).toMatchObject({
      quantifier: 'all',
    });
  });

  it('still counts "All" before a word that is no function word', () => {
    expect(tokens('All folders are treated as existing.')[0]!.quantifier).toBe('all');
    expect(tokens('All Americans are welcome.')[0]!.quantifier).toBe('all');
  });
});

describe('analyse: a wish is no count', () => {
  it('reads "if only" as a wish, not as "only"', () => {
    expect(tokens('If only my hands were free, I would clap.').some((t) => t.quantifier)).toBe(
      false,
    );
    expect(tokens('Only my hands were free.').some((t) => t.quantifier === 'only')).toBe(true);
  });

  it('supports a report of the wish', () => {
    const page = '“If only my hands were free, I would clap for such a thoughtful assessment.”';
    const claim =
      'All For One said that if only his hands were free, he would clap for the thoughtful assessment.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.conflicts).toEqual([]);
  });
});

// toc-missing: "To calculate the median in PostgreSQL we use the function percentile_disc."
describe('analyse: identifiers and names with a capital inside', () => {
  it('reads snake_case and camelCase words as one name each', () => {
    const read = tokens('We call generate_series, then getElementById on the iPhone.');
    expect(read.filter((t) => t.name).map((t) => t.text)).toEqual([
      'generate_series',
      'getElementById',
      'iPhone',
    ]);
  });

  it("keeps a handle's parts apart: its name is found", () => {
    // medium-3: "Both @s_bielefeld & I wrote similar critiques".
    expect(tokens('Both @s_bielefeld and I wrote').map((t) => t.text)).toEqual([
      's',
      'bielefeld',
      'wrote',
    ]);
  });

  it('flags a function swapped for another as a name the quote lacks', () => {
    const quote = 'To calculate the median in PostgreSQL we use the function percentile_disc.';
    const claim =
      'In PostgreSQL, the article computes the median using the generate_series function.';
    const r = compareClaim(claim, quote, buildLexicon([claim, quote]));
    expect(r.outcome).not.toBe('supported');
    expect(r.missing).toEqual(['generate_series']);
  });
});

describe('analyse: labels and names that start with digits', () => {
  // ietf-1: "Client B is now aware of the conflict".
  it('reads a capital "A" after a word in lower case as a label, not the article', () => {
    const labels = tokens('Then client A is aware, as client B is.').filter((t) => t.name);
    expect(labels.map((t) => t.text)).toEqual(['A', 'B']);
    expect(tokens('A walk to a park.').some((t) => t.name)).toBe(false);
  });

  it('says otherwise when one label is swapped for another', () => {
    const page = 'In the example, client B is now aware of the conflict, and may consult the user.';
    const claim =
      'In the example, client A is now aware of the conflict, and may consult the user.';
    expect(compareClaim(claim, page, buildLexicon([claim, page])).outcome).toBe('contradicted');
  });

  // seattletimes-1: "according to data analysis firm 1010data".
  it('keeps digits and a word after them as one name, but a unit apart', () => {
    expect(tokens('according to data analysis firm 1010data').at(-1)).toMatchObject({
      text: '1010data',
      name: true,
    });
    expect(tokens('a 12GB drive').map((t) => t.text)).toEqual(['12', 'GB', 'drive']);
  });
});

describe('analyse: a group named by its number', () => {
  // archive-of-our-own: "the two of them seem to share a hobby" / "It seems we share a hobby."
  it('reads "the two of them" as the people meant, not a count', () => {
    expect(tokens('The two of them seem to share a hobby.').some((t) => t.kind === 'number')).toBe(
      false,
    );
    expect(tokens('Two of them share a hobby.').some((t) => t.kind === 'number')).toBe(true);
  });
});

// yahoo-1, from a Chromium walk-through: "Thumper" had been called contradicted by "the X button".
describe('compareClaim: a one-letter label stands only for another label', () => {
  it('does not oppose a name to a label in its slot', () => {
    const page =
      'With simple controls and a straightforward premise – click the X button and the analog stick in time with the music — it’s one of the rare games that works equally well both in and out of VR.';
    const claim =
      'With simple controls and a straightforward premise, Thumper works equally well in and out of VR.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.conflicts.filter((c) => c.kind === 'entity')).toEqual([]);
  });
});

describe('claim text: a possessive opening a sentence', () => {
  const names = (text: string) =>
    analyse(text, buildLexicon([text]))
      .tokens.filter((t) => t.name)
      .map((t) => t.text);

  it('is a name, as a name mid-sentence is', () => {
    expect(names('Amazon’s business model also relies on this kind of surveillance.')).toEqual([
      'Amazon’s',
    ]);
  });

  it('is no name in a contraction of a pronoun (medium-3: "I’m correcting now")', () => {
    expect(names("I’m correcting now, and I've seen it, I'd say, Samantha's too.")).toEqual([
      "Samantha's",
    ]);
  });

  it('is a common word for the possessives that open sentences as words do', () => {
    expect(names("Today's browsers block such cookies.")).toEqual([]);
    expect(names("Everyone's data is collected.")).toEqual([]);
  });

  // aclu: a name swapped for another at the sentence's start.
  it('lets a name swapped at the start say otherwise', () => {
    const quote =
      'Google’s business model also relies on this kind of surveillance, and there are dozens of smaller players as well.';
    const claim =
      "Amazon's business model also relies on this kind of surveillance, alongside dozens of smaller players.";
    const r = compareClaim(claim, quote, buildLexicon([claim, quote]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]?.kind).toBe('entity');
  });
});

// wikipedia-4: a table row, as blocks.ts writes one ("Header: value, Header: value").
describe('analyse: a table row’s field label', () => {
  const ROW =
    "Film: Mickey's Once Upon a Christmas, Year: 1999, Description: Huey, Dewey, and Louie must repeat Christmas Day.";

  it('is no name', () => {
    const read = analyse(ROW, buildLexicon([ROW])).tokens;
    expect(read.find((t) => t.text === 'Description')).toMatchObject({ name: false });
  });

  it('stands in no name’s place', () => {
    const claim =
      "In Mickey's Once Upon a Christmas from 1999, Huey, Dewey and Louie are stuck repeating Christmas Day.";
    expect(compareClaim(claim, ROW, buildLexicon([claim, ROW])).conflicts).toEqual([]);
  });
});
