import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../lib/composer/check';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { pageQuote } from '../support/quotes';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// ietf-1: one denial in two wordings whose reach ends on different words.
const QUOTE =
  'This way, the provider of a web application need not also play the role of data storage provider.';
const SAME =
  "Under this design, whoever provides a web application doesn't also have to be the one providing data storage.";

describe('compareClaim: one denial each side, meeting on a word both deny', () => {
  it('does not call the end of one reach a conflict', () => {
    const r = compare(SAME, QUOTE);
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('nor does the citation check, reading the quote as a whole', async () => {
    const quote = pageQuote(QUOTE, {
      url: 'https://readability.test/ietf-1/',
      title: 'remoteStorage',
    });
    const [check] = await checkCitations([{ text: SAME, citations: [1] }], [quote]);
    expect(check!.flagged).toBe(false);
  });

  it('still says otherwise when the page affirms the word elsewhere', () => {
    // links-in-tables: "not likely to be using it" denies nothing of "the use of this technology".
    const r = compare(
      'For now, the new patching is not used for auto-updates, which run in the background.',
      "For now, we are limiting the use of this new patching technology to auto-updates only, i.e. the updates that take place in the background, usually at night when your phone is plugged into power and you're not likely to be using it.",
    );
    expect(r.outcome).toBe('contradicted');
  });

  it('still says otherwise when one side denies twice', () => {
    const r = compare(
      'The company did not raise its prices and did not cut any jobs in the spring.',
      'The company did not raise its prices but cut many jobs in the spring.',
    );
    expect(r.outcome).toBe('contradicted');
  });
});

describe('compareClaim: a word just past one side’s reach', () => {
  // nytimes-3 (tune page): three words of reach leave out "infrastructure" on the answer's side.
  const MANHOLES =
    'A series of recent manhole fires in the heart of Manhattan forced the evacuation of several theaters and was a stark reminder that the subway is not the only creaky infrastructure beneath the streets of New York City.';

  it('is where the reaches end, with one denial each side', () => {
    const r = compare(
      "Recent manhole fires in central Manhattan forced several theaters to evacuate, a reminder that the subway isn't the city's only aging underground infrastructure.",
      MANHOLES,
    );
    expect(r.conflicts).toEqual([]);
  });

  it('is past the names a reach stops at', () => {
    // medium-3 (the step-22 blind set): the answer's reach stops at "Apple", the quote's does not.
    const r = compare(
      "Unlike Arment, the hypothetical developer in East Frog Balls doesn't have the major Apple sites rushing to review their app.",
      'Our dev in EFB doesn’t have the main sites on the Apple web falling all over themselves to review their app the way that Arment does.',
    );
    expect(r.conflicts).toEqual([]);
  });

  it('still calls a denial on one side only a conflict', () => {
    const r = compare(
      'Recent manhole fires in Manhattan forced several theaters to evacuate, a reminder that the subway is the only creaky infrastructure beneath the streets.',
      MANHOLES,
    );
    expect(r.outcome).toBe('contradicted');
  });
});

describe('compareClaim: a denial said with a word of opposite sense', () => {
  const DENIED = 'Parliament did not approve the bill.';

  it('finds "rejected" in "did not approve", with no denied "bill" on one side', () => {
    const r = compare('The bill was rejected by parliament.', DENIED);
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('still sets "approved" against "did not approve", and "rejected" against "approved"', () => {
    expect(compare('The bill was approved by parliament.', DENIED).outcome).toBe('contradicted');
    const r = compare('The bill was rejected by parliament.', 'Parliament approved the bill.');
    expect(r.conflicts[0]).toMatchObject({ kind: 'antonym' });
  });
});

describe('compareClaim: a denial said in one word', () => {
  it('finds "missed the deadline" in "did not meet the deadline"', () => {
    const r = compare(
      'The team missed the deadline in May.',
      'The team did not meet the deadline in May.',
    );
    expect(r.conflicts).toEqual([]);
  });

  it('finds "remains unsolved" in "does nothing to solve the problem", wherever it stands', () => {
    // herald-sun-1 (the Press Council on journalists' sources).
    const r = compare(
      'The Government has effectively admitted the problem remains unsolved by agreeing that the parliamentary committee should hold a separate review.',
      'That does nothing to solve the problem. The Government has effectively admitted as much by agreeing that the parliamentary committee should conduct a separate review.',
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });

  it('still sets "met the deadline" against "did not meet the deadline"', () => {
    const r = compare(
      'The team met the deadline in May.',
      'The team did not meet the deadline in May.',
    );
    expect(r.outcome).toBe('contradicted');
  });
});
