import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { BASE_LEXICON, buildLexicon } from '../../lib/pipeline/lexicon';

// bbc-1 (tune page of the verify sets).
const PAGE =
  'Mr Obama will become the first US president to address the African Union when he travels on to Ethiopia on Sunday.';
const compare = (claim: string) => compareClaim(claim, PAGE, buildLexicon([claim, PAGE]));

describe('compareClaim: ordinals in digits and in words', () => {
  it('supports "1st" where the page writes "first"', () => {
    const r = compare('Obama will become the 1st US president to address the African Union.');
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('does not support "3rd" where the page writes "first"', () => {
    const r = compare('Obama will become the 3rd US president to address the African Union.');
    expect(r.outcome).not.toBe('supported');
    expect([...r.missing, ...r.conflicts.map((c) => c.claim)]).toContain('3rd');
  });

  it('supports "first" where the page writes "1st"', () => {
    const page = 'Mr Obama will become the 1st US president to address the African Union.';
    const claim = 'Obama will become the first US president to address the African Union.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('supported');
  });
});

describe('compareClaim: another rank in the same place', () => {
  const page =
    'As of late 2015, Firefox had about 10% of worldwide usage, making it the 4th most-used web browser.';

  it('refutes a rank in words against one in digits, naming both', () => {
    const claim =
      'In late 2015 Firefox was the third most-used web browser, with about 10% of usage.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'third', page: '4th' });
  });

  it('refutes two ranks in words', () => {
    const words = page.replace('4th', 'fourth');
    const claim =
      'In late 2015 Firefox was the third most-used web browser, with about 10% of usage.';
    const r = compareClaim(claim, words, buildLexicon([claim, words]));
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'third', page: 'fourth' });
  });

  it('supports the same rank written the other way', () => {
    const claim =
      'In late 2015 Firefox was the fourth most-used web browser, with about 10% of usage.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('supported');
  });
});

// videos-1: "In her second collaboration with French director Olivier Assayas, Kristen Stewart …".
describe('compareClaim: "second" as a rank', () => {
  const page =
    'In her second collaboration with French director Olivier Assayas, Kristen Stewart plays a personal shopper.';

  it('says otherwise for another rank after a determiner', () => {
    const claim =
      'In her third collaboration with French director Olivier Assayas, Kristen Stewart plays a personal shopper.';
    const r = compareClaim(claim, page, buildLexicon([claim, page]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: 'third', page: 'second' });
  });

  it('still reads "a second" before a function word as the unit', () => {
    const [second] = analyse('Wait a second before you reply.', BASE_LEXICON).tokens.filter(
      (t) => t.word === 'second',
    );
    expect(second?.rank).toBeFalsy();
  });
});
