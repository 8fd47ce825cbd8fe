// A claim the page states word for word is found in the page's whole text, whatever retrieval
// ranks: sentences of real tune pages (../shared/data/readability-test-pages) that no passage
// holds, or that the ranking reads as boilerplate far down a long page, verified as claims.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../lib/ask/run';
import { runCli } from '../support/cli-run';
import { locateClaim, nearestSentence } from '../../lib/pipeline/claim-locate';
import { verbatimSpan } from '../../lib/pipeline/claim-text';
import { splitParagraphs } from '../../lib/pipeline/split';
import type { Block } from '../../lib/pipeline/types';
import { readTestPage } from '../eval/verify-data';
import { sharedData } from '../support/shared-data';

const PAGES = sharedData(resolve(import.meta.dirname, '../../..'), 'readability-test-pages');
const required = Boolean(process.env.CI) || process.env.REQUIRE_SHARED_DATA === '1';
const hasPages = existsSync(PAGES) || required;

const para = (text: string): Block => ({ kind: 'paragraph', text });

describe('verbatimSpan', () => {
  it('reads past footnote markers on either side', () => {
    const text = 'Revenue grew 5%[3] in 2010, the report[citation needed] said.';
    expect(verbatimSpan('Revenue grew 5% in 2010, the report said', text)).not.toBeNull();
    expect(verbatimSpan('Revenue grew 5%[3] in 2010', 'Revenue grew 5% in 2010.')).not.toBeNull();
    expect(verbatimSpan('Revenue grew 5%² in 2010', 'Revenue grew 5% in 2010.')).not.toBeNull();
  });

  it('still needs every word, in order', () => {
    const text = 'Revenue grew 5%[3] in 2010, the report said.';
    expect(verbatimSpan('Revenue grew 3% in 2010', text)).toBeNull();
    expect(verbatimSpan('Revenue grew in 2010 5%', text)).toBeNull();
  });
});

describe('locateClaim', () => {
  const blocks = [
    para('The bridge opened in 1932. It carried trains until 1960.'),
    para('Tolls were removed in “1971” — after a long campaign.'),
  ];

  it('returns the whole sentence that states the claim, and its block', () => {
    expect(locateClaim('it carried trains until 1960', blocks)).toEqual({
      blockIndex: 0,
      endBlockIndex: 0,
      text: 'It carried trains until 1960.',
    });
    expect(locateClaim('Tolls were removed in "1971" - after a long campaign', blocks)?.text).toBe(
      'Tolls were removed in “1971” — after a long campaign.',
    );
  });

  it('finds a sentence that a block boundary splits', () => {
    const split = [para('The committee met on Tuesday and'), para('voted to close the line.')];
    expect(locateClaim('The committee met on Tuesday and voted to close the line.', split)).toEqual(
      {
        blockIndex: 0,
        endBlockIndex: 1,
        text: 'The committee met on Tuesday and voted to close the line.',
      },
    );
  });

  it('finds nothing for a changed claim', () => {
    expect(locateClaim('It carried trains until 1961', blocks)).toBeNull();
  });
});

describe('nearestSentence', () => {
  const blocks = [
    para('Tolls were removed in 1971 after a long campaign. The bridge was repainted.'),
    para('Mr Obama said race relations had improved during his presidency.'),
  ];

  it('finds the sentence an edited claim was made from', () => {
    expect(
      nearestSentence(
        'Mr Obama said race relations had not improved during his presidency',
        blocks,
      ),
    ).toEqual({
      blockIndex: 1,
      endBlockIndex: 1,
      text: 'Mr Obama said race relations had improved during his presidency.',
    });
    expect(nearestSentence('Tolls were removed in 1981 after a long campaign.', blocks)?.text).toBe(
      'Tolls were removed in 1971 after a long campaign.',
    );
  });

  it('finds none for a claim that shares only some words', () => {
    expect(nearestSentence('Race relations were a theme of the long campaign', blocks)).toBeNull();
  });
});

describe.skipIf(!hasPages)('verify mode on real tune pages', () => {
  it('supports a sentence that no passage holds (quanta-1)', async () => {
    const page = await readTestPage('quanta-1');
    const claim = 'This article was reprinted on Wired.com.';
    // The precondition that makes this a test of locating: retrieval has no passage with it.
    const passages = splitParagraphs(page.blocks).map((p) => p.text.replace(/\s+/g, ' '));
    expect(passages.some((p) => p.includes(claim))).toBe(false);
    const result = await runPipeline({ mode: 'verify', question: claim, page });
    expect(result.verdict?.label).toBe('supported');
    expect(result.quotes[0]?.text).toBe(claim);
  });

  it.each([
    [
      'wikipedia-3',
      'Also known as the Rayleigh–Ritz ratio; named after Walther Ritz and Lord Rayleigh.',
    ],
    [
      'wikipedia-3',
      'Also known as the Rayleigh-Ritz ratio; named after Walther Ritz and Lord Rayleigh',
    ],
    ['webmd-1', 'By Brenda Goodman, MA WebMD Health News'],
  ])('supports a sentence ranked as boilerplate far down the page (%s)', async (name, claim) => {
    const page = await readTestPage(name);
    const result = await runPipeline({ mode: 'verify', question: claim, page });
    expect(result.verdict?.label).toBe('supported');
    expect(result.verdict?.summary).toBeTruthy();
    expect(result.quotes[0]?.source.blockIndex).toBeGreaterThanOrEqual(0);
  });

  it('refutes a changed name in a sentence far down the page, quoting its original (wikipedia-3)', async () => {
    const page = await readTestPage('wikipedia-3');
    const claim =
      'Also known as the Rayleigh–Ritz ratio; named after Walther Ritz and Lord Kelvin.';
    const result = await runPipeline({ mode: 'verify', question: claim, page });
    expect(result.verdict?.label).toBe('refuted');
    expect(result.quotes[0]?.text).toContain('named after Walther Ritz and Lord Rayleigh');
    expect(result.verdict?.conflicts?.[0]).toMatchObject({ claim: 'Kelvin', page: 'Rayleigh' });
  });

  it('supports it through the CLI --claim path too (webmd-1)', async () => {
    const file = resolve(PAGES, 'webmd-1/source.html');
    const claim = 'By Brenda Goodman, MA WebMD Health News';
    const { code, out } = await runCli('--page', file, '--json', '--claim', claim);
    expect(code).toBe(0);
    expect(JSON.parse(out).verdict).toMatchObject({ label: 'supported' });
  });
});
