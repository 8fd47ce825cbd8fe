// The page reader and the Paragraph Splitter over Mozilla Readability's 130 real test pages
// (news, blogs, wikis, malformed markup; mozilla/readability test/test-pages, kept outside the
// repository in ../shared/data). Properties only: nothing throws, and every passage keeps the
// EWEK-QA §A.7.1 / §A.1 token rules (at least 10 tokens, at most 128) and maps back to its block.
// Timings are written to test/bench/tmp/real-pages.json (not tracked) for people to read; they are never asserted
// (benchmarks are not tests: tests never assert a wall-clock time).

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readHtml } from '../../lib/page/node';
import { sharedData } from '../support/shared-data';
import { countTokens } from '../../lib/core/text';
import { splitParagraphs } from '../../lib/pipeline/split';
import type { PageSnapshot, Passage } from '../../lib/pipeline/types';

const here = dirname(fileURLToPath(import.meta.url));
const PAGES_DIR = sharedData(resolve(here, '../../..'), 'readability-test-pages');
const REPORT = resolve(here, '../bench/tmp/real-pages.json');
const exists = existsSync(PAGES_DIR);
/** In CI (or when asked) the data must be there; on a laptop without it we say so and move on. */
const required = Boolean(process.env.CI) || process.env.REQUIRE_SHARED_DATA === '1';
/** Reported (not asserted) as "slow" above this: a page the reader should not take this long on. */
const SLOW_MS = 2000;

interface PageMeta {
  title?: string;
  lang?: string | null;
}

interface PageReport {
  page: string;
  bytes: number;
  extractor: PageSnapshot['extractor'] | 'error';
  truncated: boolean;
  lang: string | null;
  expectedLang: string | null;
  blocks: number;
  passages: number;
  readMs: number;
  splitMs: number;
  ms: number;
  error?: string;
}

function listPages(): string[] {
  if (!exists) return [];
  return readdirSync(PAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PAGES_DIR, d.name, 'source.html')))
    .map((d) => d.name)
    .sort();
}

function readMeta(page: string): PageMeta {
  try {
    return JSON.parse(
      readFileSync(join(PAGES_DIR, page, 'expected-metadata.json'), 'utf8'),
    ) as PageMeta;
  } catch {
    return {};
  }
}

/** Passages breaking a rule, described so a failure names the page, passage and rule. */
function ruleViolations(page: PageSnapshot, passages: readonly Passage[]): string[] {
  const bad: string[] = [];
  for (const p of passages) {
    const tokens = countTokens(p.text);
    if (tokens < 10) bad.push(`${p.id}: ${tokens} tokens < 10`);
    if (tokens > 128) bad.push(`${p.id}: ${tokens} tokens > 128`);
    if (tokens !== p.tokens) bad.push(`${p.id}: tokens field ${p.tokens} ≠ counted ${tokens}`);
    if (page.blocks[p.blockIndex]?.text.slice(p.start, p.end) !== p.text) {
      bad.push(`${p.id}: text is not blocks[${p.blockIndex}].text.slice(${p.start}, ${p.end})`);
    }
  }
  return bad;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

const pages = listPages();
const reports: PageReport[] = [];

describe('real pages (mozilla/readability test pages)', () => {
  if (!exists) {
    it('finds the shared test pages', () => {
      const message =
        `real-pages: ${PAGES_DIR} is absent, so the 130-page sweep did not run. ` +
        'It holds mozilla/readability test/test-pages/*; put them there to run it.';
      if (required) {
        expect(exists, message).toBe(true);
      } else {
        console.warn(message);
        expect(exists).toBe(false);
      }
    });
    return;
  }

  it('has pages to read', () => {
    expect(pages.length, `no */source.html under ${PAGES_DIR}`).toBeGreaterThan(0);
  });

  it.each(pages)(
    '%s: reads, splits, and keeps the token rules',
    (page) => {
      const html = readFileSync(join(PAGES_DIR, page, 'source.html'), 'utf8');
      const meta = readMeta(page);
      const url = `http://127.0.0.1/${page}/source.html`;
      const report: PageReport = {
        page,
        bytes: Buffer.byteLength(html),
        extractor: 'error',
        truncated: false,
        lang: null,
        expectedLang: meta.lang ?? null,
        blocks: 0,
        passages: 0,
        readMs: 0,
        splitMs: 0,
        ms: 0,
      };
      reports.push(report);

      let snapshot: PageSnapshot;
      let passages: Passage[];
      const t0 = performance.now();
      try {
        snapshot = readHtml(html, { url });
      } catch (error) {
        report.error = `readHtml threw: ${String(error)}`;
        throw new Error(`${page}: ${report.error}`, { cause: error });
      }
      const t1 = performance.now();
      try {
        // As the pipeline does (lib/pipeline/run.ts): the page's own lang attribute, if any.
        passages = splitParagraphs(snapshot.blocks, snapshot.lang ? { lang: snapshot.lang } : {});
      } catch (error) {
        report.error = `splitParagraphs threw: ${String(error)}`;
        throw new Error(`${page}: ${report.error}`, { cause: error });
      }
      const t2 = performance.now();

      Object.assign(report, {
        extractor: snapshot.extractor,
        truncated: snapshot.truncated,
        lang: snapshot.lang ?? null,
        blocks: snapshot.blocks.length,
        passages: passages.length,
        readMs: round(t1 - t0),
        splitMs: round(t2 - t1),
        ms: round(t2 - t0),
      });

      expect(ruleViolations(snapshot, passages), page).toEqual([]);
    },
    30_000,
  );

  afterAll(() => {
    // A filtered run (`-t`) reads only some pages: keep the full report from the last whole run.
    if (reports.length === 0 || reports.length < pages.length) return;
    const ok = reports.filter((r) => !r.error);
    const ms = ok.map((r) => r.ms).sort((a, b) => a - b);
    const summary = {
      pages: reports.length,
      failed: reports.length - ok.length,
      totalPassages: ok.reduce((n, r) => n + r.passages, 0),
      totalBlocks: ok.reduce((n, r) => n + r.blocks, 0),
      readability: ok.filter((r) => r.extractor === 'readability').length,
      bodyFallback: ok.filter((r) => r.extractor === 'body').length,
      noPassages: ok.filter((r) => r.passages === 0).map((r) => r.page),
      medianMs: round(quantile(ms, 0.5)),
      p95Ms: round(quantile(ms, 0.95)),
      maxMs: round(ms.at(-1) ?? 0),
      totalMs: round(ms.reduce((a, b) => a + b, 0)),
      slow: ok
        .filter((r) => r.ms > SLOW_MS)
        .map((r) => ({ page: r.page, ms: r.ms, bytes: r.bytes })),
      errors: reports.filter((r) => r.error).map((r) => ({ page: r.page, error: r.error })),
    };
    const doc = {
      about:
        'readHtml (linkedom + Readability) then splitParagraphs over mozilla/readability test pages, in Node. ' +
        'Written by test/unit/real-pages.test.ts; times are one run on the machine below, for reading only.',
      meta: {
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        date: new Date().toISOString(),
      },
      summary,
      pages: [...reports].sort((a, b) => a.page.localeCompare(b.page)),
    };
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, JSON.stringify(doc, null, 2) + '\n');
    console.log(
      `real-pages: ${summary.pages} pages, ${summary.failed} failed, ${summary.totalPassages} passages ` +
        `(${summary.readability} readability, ${summary.bodyFallback} body fallback), ` +
        `median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms, max ${summary.maxMs} ms` +
        (summary.slow.length
          ? `; slow (> ${SLOW_MS} ms): ${summary.slow.map((s) => `${s.page} ${s.ms} ms`).join(', ')}`
          : '') +
        (summary.noPassages.length ? `; no passages: ${summary.noPassages.join(', ')}` : '') +
        ` → ${REPORT}`,
    );
  });
});
