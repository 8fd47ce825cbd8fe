import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// blogger (Silego GreenPak4): the forms a composer's restatement took.
const PARTS =
  'They are tiny (the SLG46620V is a 20-pin 0.4mm pitch STQFN) and probably the cheapest programmable logic device on the market - $0.50 in low volume.';

describe('compareClaim: an adjective graded down on one side', () => {
  it('supports "the least expensive" against "the cheapest"', () => {
    const r = compare(
      'They are the least expensive programmable logic device on the market.',
      PARTS,
    );
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('still refutes "the most expensive"', () => {
    const r = compare(
      'They are the most expensive programmable logic device on the market.',
      PARTS,
    );
    expect(r.outcome).toBe('contradicted');
  });
});

describe('compareClaim: a code whose letters run into digits', () => {
  it('reads "SLG46620V" as one word, never the number 46620', () => {
    const tokens = analyse(PARTS, buildLexicon([PARTS])).tokens;
    expect(tokens.find((t) => t.text === 'SLG46620V')).toMatchObject({ kind: 'word' });
    expect(tokens.some((t) => t.value === 46620)).toBe(false);
  });

  it('finds the family a code belongs to ("GreenPak" of "GreenPak4")', () => {
    const r = compare(
      'GreenPak devices run on anything from 1.8 to 5V.',
      'GreenPak4 devices run on anything from 1.8 to 5V.',
    );
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });

  it('keeps another code of the family missing', () => {
    const r = compare('The SLG46140V is tiny.', 'The SLG46620V is tiny.');
    expect(r.outcome).not.toBe('supported');
    expect(r.missing).toEqual(['SLG46140V']);
  });
});

describe('compareClaim: an amount in cents', () => {
  it('supports "fifty cents" against "$0.50"', () => {
    const r = compare(
      'The chip costs fifty cents in low volume.',
      'The chip costs $0.50 in low volume.',
    );
    expect(r.outcome).toBe('supported');
  });

  it('refutes "forty cents" against "$0.50"', () => {
    const r = compare(
      'The chip costs forty cents in low volume.',
      'The chip costs $0.50 in low volume.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number' });
  });
});

describe('compareClaim: support needs two words of the claim found in the sentence', () => {
  it('does not support a short claim from one matched word and the page subject', () => {
    // "It" stands for the page's subject, GreenPak4; only "device" is the sentence's own.
    const r = compareClaim(
      'Every GreenPak4 device is supported.',
      "It'll have an ADC and DAC on every device pin.",
      buildLexicon(['Every GreenPak4 device is supported.']),
      { context: ['Open Verilog flow for Silego GreenPak4 programmable logic devices'] },
    );
    expect(r.outcome).not.toBe('supported');
  });
});
