// `npm run bench`: how long reading a page (read → split → BM25) takes, in Node on linkedom and in
// headless Chromium on the live page, for synthetic articles of 1×, 4×, 16× and 64× 5,000 words,
// and over Mozilla Readability's real test pages. Writes test/bench/results.json (merged with
// other benches' figures) and test/bench/RESULTS.md. Not a test: nothing here asserts a time.
//
// Options: --sizes=1,4   only these multiples (figures of other sizes are kept)
//          --no-chromium --no-real-pages

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { build } from 'esbuild';
import { parseHTML } from 'linkedom';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../support/chromium';
import { serveDirectory } from '../support/server';
import type { BrowserBench } from './browser-entry';
import { measurePass, type PassTimings } from './measure';
import { freeMemoryGiB, load1, machineMeta, mergeResults, renderMarkdown, type Figures } from './results';

const here = dirname(fileURLToPath(import.meta.url));
const TMP = join(here, 'tmp');
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const PAGES_DIR = resolve(here, '../../../shared/data/readability-test-pages');

const WORDS_PER_UNIT = 5000;
const QUESTION = 'When did the harbour council rebuild the northern railway bridge after the flood of 1887?';
/** Timed runs per size: fewer for big pages, to keep the bench short. */
const REPS: Record<number, number> = { 1: 9, 4: 5, 16: 3, 64: 3 };
/** Untimed runs first: more for small pages, whose first runs are mostly the JIT warming up. */
const WARMUP: Record<number, number> = { 1: 5, 4: 3, 16: 1, 64: 1 };

const args = process.argv.slice(2);
const sizesArg = args.find((a) => a.startsWith('--sizes='));
const SIZES = sizesArg ? sizesArg.slice('--sizes='.length).split(',').map(Number) : [1, 4, 16, 64];
const withChromium = !args.includes('--no-chromium');
const withRealPages = !args.includes('--no-real-pages');
const fullRun = !sizesArg && withChromium && withRealPages;

// ---------------------------------------------------------------------------------------------
// Synthetic article

/** mulberry32: a small seeded PRNG, so every run benchmarks the same page. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS = (
  'the the the of of and and a a to in in is was for on that with as by at from it this which were ' +
  'be its their an or had has not but after before during under over between into its they'
).split(' ');
const CONTENT_WORDS = (
  'harbour council railway bridge northern southern flood river valley town city mayor engineer ' +
  'station line track timber stone iron steel merchant trade market wool grain coal ship ships ' +
  'dock quay warehouse street road tunnel canal lock mill factory workers union strike wages ' +
  'school church hospital library museum archive record records survey map census population ' +
  'families settlers farmers land estate tenant rent tax budget loan bank company shares board ' +
  'committee report inquiry evidence witness court judge law act parliament election vote ' +
  'newspaper editor letter letters photograph winter summer spring autumn storm rain drought ' +
  'harvest fire plague fever doctor nurse teacher pupils students college university professor ' +
  'history historian century decade year years month weeks days morning evening night crowd ' +
  'ceremony opening celebration memorial statue monument garden park square hall tower clock ' +
  'rebuilt repaired opened closed expanded demolished built designed financed approved rejected ' +
  'delayed completed announced recorded reported described argued claimed estimated measured ' +
  'important major minor local regional national early late new old large small first second ' +
  'final original modern ancient wooden narrow wide busy quiet famous controversial expensive'
).split(' ');
const NAMES = 'Ashford Brennan Calloway Dunmore Elsworth Fairley Galbraith Hollis Ingram Jarrow Kestrel Lindqvist Marrow Northcote'.split(' ');

interface Synthetic {
  html: string;
  words: number;
}

function syntheticArticle(multiplier: number, seed = 20261122): Synthetic {
  const rand = prng(seed + multiplier);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const target = multiplier * WORDS_PER_UNIT;
  let words = 0;

  const word = (): string => {
    const r = rand();
    if (r < 0.45) return pick(FUNCTION_WORDS);
    if (r < 0.93) return pick(CONTENT_WORDS);
    if (r < 0.97) return pick(NAMES);
    return String(between(1820, 1960));
  };
  const phrase = (n: number): string => {
    const ws: string[] = [];
    for (let i = 0; i < n; i++) ws.push(word());
    words += n;
    return ws.join(' ');
  };
  const sentence = (): string => {
    // Mostly 6–30 words; one in 40 is a run-on of 90–150 words (over the 128-token quote cap).
    const n = rand() < 0.025 ? between(90, 150) : between(6, 30);
    const ws = phrase(n).split(' ');
    for (let i = 4; i < ws.length - 3; i += between(6, 14)) ws[i] += ',';
    const s = ws.join(' ');
    return s[0]!.toUpperCase() + s.slice(1) + (rand() < 0.1 ? '?' : '.');
  };
  const paragraph = (): string => {
    // Lengths from a one-line aside to ~250 words: many cross the splitter's 80-token limit.
    const r = rand();
    const n = r < 0.1 ? 1 : r < 0.55 ? between(2, 4) : r < 0.9 ? between(4, 7) : between(8, 12);
    const sentences: string[] = [];
    // Stops at the target word count, so an article overshoots N × 5,000 by at most one sentence.
    for (let i = 0; i < n && (i === 0 || words < target); i++) {
      let s = sentence();
      if (rand() < 0.15) {
        const a = s.split(' ');
        const i0 = between(1, Math.max(1, a.length - 2));
        a[i0] = rand() < 0.5 ? `<a href="/wiki/${a[i0]}">${a[i0]}</a>` : `<em>${a[i0]}</em>`;
        s = a.join(' ');
      }
      sentences.push(s);
    }
    return `<p>${sentences.join(' ')}</p>`;
  };
  const table = (): string => {
    const cols = ['Year', 'Station', 'Passengers', 'Freight (tons)'];
    words += cols.length + 1;
    const rows: string[] = [];
    for (let i = 0, n = between(6, 12); i < n; i++) {
      const station = `${pick(NAMES)} ${pick(['Junction', 'Halt', 'Road', 'Quay'])}`;
      rows.push(`<tr><td>${between(1850, 1939)}</td><td>${station}</td><td>${between(1000, 90000)}</td><td>${between(100, 20000)}</td></tr>`);
      words += 5;
    }
    return (
      `<table><caption>Traffic at ${phrase(1)} stations</caption>` +
      `<thead><tr>${cols.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
    );
  };
  const list = (): string => {
    const items: string[] = [];
    for (let i = 0, n = between(4, 8); i < n; i++) items.push(`<li>${phrase(between(3, 16))}.</li>`);
    return `<ul>${items.join('')}</ul>`;
  };

  const sections: string[] = [];
  let unitsWithTable = 0;
  let unitsWithList = 0;
  while (words < target) {
    const parts = [`<h2>${capitalise(phrase(between(2, 6)))}</h2>`];
    for (let i = 0, n = between(3, 8); i < n && words < target; i++) {
      parts.push(paragraph());
      const unit = Math.floor(words / WORDS_PER_UNIT);
      // One table and one list in every 5,000 words, a third and two thirds of the way through.
      if (words % WORDS_PER_UNIT > WORDS_PER_UNIT / 3 && unitsWithTable <= unit) {
        parts.push(table());
        unitsWithTable = unit + 1;
      } else if (words % WORDS_PER_UNIT > (2 * WORDS_PER_UNIT) / 3 && unitsWithList <= unit) {
        parts.push(list());
        unitsWithList = unit + 1;
      }
    }
    sections.push(`<section>${parts.join('\n')}</section>`);
  }

  const navLinks = ['Home', 'News', 'History', 'Archive', 'Maps', 'Photographs', 'About us', 'Contact']
    .map((l) => `<li><a href="/${l.toLowerCase().replace(' ', '-')}">${l}</a></li>`)
    .join('');
  const related = NAMES.slice(0, 6)
    .map((n) => `<li><a href="/people/${n.toLowerCase()}">${n} family papers</a></li>`)
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The Northern Railway and the Harbour Town (×${multiplier})</title>
<style>body{font:16px/1.5 serif;max-width:48rem;margin:auto} .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}</style></head>
<body>
<header><a class="logo" href="/">Harbour Town Historical Society</a><nav><ul>${navLinks}</ul></nav>
<form role="search"><input type="search" placeholder="Search the archive"><button>Search</button></form></header>
<div id="cookie-banner" style="display:none">We use cookies to remember your reading position. Accept all cookies or manage preferences.</div>
<main><article>
<h1>The Northern Railway and the Harbour Town</h1>
<p class="byline">By ${NAMES[0]} ${NAMES[1]} · <span class="sr-only">Published on</span> 12 March 2024 · 14 min read</p>
${sections.join('\n')}
</article>
<aside><h3>Related collections</h3><ul>${related}</ul><p>Share this article: <a href="#">Mail</a> · <a href="#">Print</a></p></aside></main>
<footer><p>© 2024 Harbour Town Historical Society. Registered charity 1234567.</p>
<ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li><li><a href="/accessibility">Accessibility</a></li></ul></footer>
</body></html>
`;
  // Words of article text as a reader counts them (tags stripped), not the generator's tally.
  const articleWords = sections.join(' ').replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
  return { html, words: articleWords };
}

function capitalise(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Statistics

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Nearest-rank quantile, as in test/unit/real-pages.test.ts. */
function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

interface SizeResult {
  words: number;
  htmlBytes: number;
  parseMs?: number;
  passes: PassTimings[];
}

function sizeFigures(prefix: string, r: SizeResult): Figures {
  const p = r.passes;
  const last = p.at(-1)!;
  const f: Figures = {
    [`${prefix}.words`]: r.words,
    [`${prefix}.htmlBytes`]: r.htmlBytes,
    [`${prefix}.chars`]: last.chars,
    [`${prefix}.blocks`]: last.blocks,
    [`${prefix}.passages`]: last.passages,
    [`${prefix}.extractor`]: last.extractor,
    [`${prefix}.truncated`]: last.truncated,
    [`${prefix}.reps`]: p.length,
    [`${prefix}.readMs`]: r2(median(p.map((x) => x.readMs))),
    [`${prefix}.splitMs`]: r2(median(p.map((x) => x.splitMs))),
    [`${prefix}.rankMs`]: r2(median(p.map((x) => x.rankMs))),
    [`${prefix}.totalMs`]: r2(median(p.map((x) => x.totalMs))),
    [`${prefix}.minTotalMs`]: r2(Math.min(...p.map((x) => x.totalMs))),
    [`${prefix}.maxTotalMs`]: r2(Math.max(...p.map((x) => x.totalMs))),
  };
  if (r.parseMs !== undefined) f[`${prefix}.parseMs`] = r2(r.parseMs);
  return f;
}

// ---------------------------------------------------------------------------------------------
// Node

function benchNode(page: Synthetic, size: number): SizeResult {
  const url = `http://127.0.0.1/synthetic-x${size}.html`;
  const parses: number[] = [];
  const passes: PassTimings[] = [];
  const reps = REPS[size] ?? 3;
  const warmup = WARMUP[size] ?? 1;
  for (let i = 0; i < warmup + reps; i++) {
    // A fresh document each run, as the CLI reads each page once (readHtml = parseHTML + readPage).
    const t0 = performance.now();
    const { document } = parseHTML(page.html);
    const parseMs = performance.now() - t0;
    const pass = measurePass(document as unknown as Document, { url, question: QUESTION });
    if (i < warmup) continue;
    parses.push(parseMs);
    passes.push(pass);
  }
  return { words: page.words, htmlBytes: Buffer.byteLength(page.html), parseMs: median(parses), passes };
}

interface RealPageRun {
  page: string;
  ms: number;
  coldMs?: number;
  parseMs?: number;
  passages: number;
  error?: string;
}

function realPages(): string[] {
  if (!existsSync(PAGES_DIR)) return [];
  return readdirSync(PAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PAGES_DIR, d.name, 'source.html')))
    .map((d) => d.name)
    .sort();
}

function realPagesNode(pages: string[]): RealPageRun[] {
  const htmls = pages.map((p) => readFileSync(join(PAGES_DIR, p, 'source.html'), 'utf8'));
  // Warm-up over a few pages so the JIT has seen the code, as it has for later pages anyway.
  for (const html of htmls.slice(0, 5)) measurePass(parseHTML(html).document as unknown as Document, { url: 'http://127.0.0.1/' });
  return pages.map((page, i) => {
    try {
      const t0 = performance.now();
      const { document } = parseHTML(htmls[i]!);
      const parseMs = performance.now() - t0;
      const pass = measurePass(document as unknown as Document, { url: `http://127.0.0.1/${page}/source.html` });
      return { page, ms: pass.totalMs, parseMs, passages: pass.passages };
    } catch (error) {
      return { page, ms: NaN, passages: 0, error: String(error) };
    }
  });
}

function realPageFigures(prefix: string, runs: RealPageRun[]): Figures {
  const ok = runs.filter((r) => !r.error);
  const ms = ok.map((r) => r.ms);
  const slowest = ok.reduce<RealPageRun | undefined>((a, r) => (!a || r.ms > a.ms ? r : a), undefined);
  const f: Figures = {
    [`${prefix}.pages`]: runs.length,
    [`${prefix}.failed`]: runs.length - ok.length,
    [`${prefix}.totalPassages`]: ok.reduce((n, r) => n + r.passages, 0),
    [`${prefix}.medianMs`]: r2(median(ms)),
    [`${prefix}.p95Ms`]: r2(quantile(ms, 0.95)),
    [`${prefix}.maxMs`]: r2(Math.max(...ms)),
    [`${prefix}.totalMs`]: r2(ms.reduce((a, b) => a + b, 0)),
    [`${prefix}.slowestPage`]: slowest ? `${slowest.page} (${r2(slowest.ms)} ms)` : '—',
  };
  const cold = ok.flatMap((r) => (r.coldMs === undefined ? [] : [r.coldMs]));
  if (cold.length) {
    f[`${prefix}.coldMedianMs`] = r2(median(cold));
    f[`${prefix}.coldP95Ms`] = r2(quantile(cold, 0.95));
  }
  const parse = ok.flatMap((r) => (r.parseMs === undefined ? [] : [r.parseMs]));
  if (parse.length) {
    f[`${prefix}.parseMedianMs`] = r2(median(parse));
    f[`${prefix}.parseP95Ms`] = r2(quantile(parse, 0.95));
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// Chromium

async function bundle(): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const outfile = join(TMP, 'page-bench.js');
  await build({
    entryPoints: [join(here, 'browser-entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

async function openContext(bundlePath: string): Promise<{ context: BrowserContext; blocked: () => number }> {
  const context = await launchChromium();
  let blocked = 0;
  // Only our loopback server may answer: the real pages' scripts, fonts and images never reach
  // the network (there is none here, and a bench must not depend on it).
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || protocol === 'data:' || protocol === 'blob:') return route.continue();
    blocked++;
    return route.abort('blockedbyclient');
  });
  // An init script runs before the page's own scripts and is not subject to the page's CSP.
  await context.addInitScript({ path: bundlePath });
  return { context, blocked: () => blocked };
}

async function runInPage(page: Page, options: { question?: string; reps: number; warmup: number }): Promise<PassTimings[]> {
  return page.evaluate(
    (o) => (globalThis as unknown as { __answerPanelBench: BrowserBench }).__answerPanelBench.run(o),
    options,
  );
}

function chromiumVersion(context?: BrowserContext): string | null {
  const v = context?.browser()?.version();
  if (v) return v;
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = load1();
  const cores = cpus().length;
  if (loadAtStart > cores) {
    console.warn(`load average ${loadAtStart} on ${cores} cores: other work is running, times will be noisy`);
  }
  const figures: Figures = {};
  const log = (s: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  mkdirSync(TMP, { recursive: true });

  const pages = new Map<number, Synthetic>();
  for (const size of SIZES) {
    const page = syntheticArticle(size);
    pages.set(size, page);
    writeFileSync(join(TMP, `synthetic-x${size}.html`), page.html);
  }

  const node = new Map<number, SizeResult>();
  for (const size of SIZES) {
    const r = benchNode(pages.get(size)!, size);
    node.set(size, r);
    Object.assign(figures, sizeFigures(`pageRead.node.x${size}`, r));
    log(`node x${size}: ${r.words} words, total ${r2(median(r.passes.map((p) => p.totalMs)))} ms (parse ${r2(r.parseMs!)} ms), ${r.passes[0]!.passages} passages`);
  }

  let nodeReal: RealPageRun[] = [];
  const realNames = withRealPages ? realPages() : [];
  if (withRealPages && realNames.length === 0) log(`real pages: ${PAGES_DIR} is absent; skipped`);
  if (realNames.length) {
    nodeReal = realPagesNode(realNames);
    Object.assign(figures, realPageFigures('realPages.node', nodeReal));
    log(`node real pages: ${realNames.length} pages, median ${figures['realPages.node.medianMs']} ms`);
  }

  let chromium: string | null = null;
  const chromiumSizes = new Map<number, SizeResult>();
  let chromiumReal: RealPageRun[] = [];
  if (withChromium && !existsSync(CHROMIUM)) {
    log(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH): Chromium figures skipped`);
  } else if (withChromium) {
    const bundlePath = await bundle();
    const { context, blocked } = await openContext(bundlePath);
    chromium = chromiumVersion(context);
    const synthetic = await serveDirectory(TMP);
    const real = realNames.length ? await serveDirectory(PAGES_DIR) : undefined;
    try {
      const page = await context.newPage();
      for (const size of SIZES) {
        await page.goto(`${synthetic.url}/synthetic-x${size}.html`, { waitUntil: 'load' });
        const passes = await runInPage(page, { question: QUESTION, reps: REPS[size] ?? 3, warmup: WARMUP[size] ?? 1 });
        const p = pages.get(size)!;
        const r = { words: p.words, htmlBytes: Buffer.byteLength(p.html), passes };
        chromiumSizes.set(size, r);
        Object.assign(figures, sizeFigures(`pageRead.chromium.x${size}`, r));
        log(`chromium x${size}: total ${r2(median(passes.map((x) => x.totalMs)))} ms, ${passes[0]!.passages} passages`);
      }
      await page.close();

      if (real) {
        // One tab for all pages (a navigation gives each page a fresh document and JS realm, and
        // costs less than a new tab). Loading is most of this loop's time: big real pages take
        // 1–4 s to parse, run their inline scripts and lay out on 2 cores; only the reader is timed.
        const tab = await context.newPage();
        for (const name of realNames) {
          try {
            await tab.goto(`${real.url}/${name}/source.html`, { waitUntil: 'load', timeout: 15_000 });
            const [cold, warm] = await runInPage(tab, { reps: 2, warmup: 0 });
            chromiumReal.push({ page: name, ms: warm!.totalMs, coldMs: cold!.totalMs, passages: warm!.passages });
          } catch (error) {
            chromiumReal.push({ page: name, ms: NaN, passages: 0, error: String(error).split('\n')[0]! });
          }
        }
        await tab.close();
        writeFileSync(join(TMP, 'real-pages-chromium.json'), JSON.stringify(chromiumReal, null, 2) + '\n');
        Object.assign(figures, realPageFigures('realPages.chromium', chromiumReal));
        figures['realPages.chromium.blockedRequests'] = blocked();
        log(`chromium real pages: median ${figures['realPages.chromium.medianMs']} ms, ${blocked()} requests blocked`);
      }
    } finally {
      await context.close();
      await synthetic.close();
      await real?.close();
    }
  }

  // Scaling (each size against ×1) and runtime ratios (Chromium over Node, medians of totals).
  for (const [runtime, results] of [['node', node], ['chromium', chromiumSizes]] as const) {
    const base = results.get(1);
    if (!base) continue;
    const baseTotal = median(base.passes.map((p) => p.totalMs));
    for (const [size, r] of results) {
      figures[`pageRead.${runtime}.x${size}.totalOverX1`] = r3(median(r.passes.map((p) => p.totalMs)) / baseTotal);
    }
  }
  for (const [size, c] of chromiumSizes) {
    const n = node.get(size);
    if (n) figures[`pageRead.chromiumOverNode.x${size}`] = r3(median(c.passes.map((p) => p.totalMs)) / median(n.passes.map((p) => p.totalMs)));
  }
  if (nodeReal.length && chromiumReal.length) {
    figures['realPages.chromiumOverNode.median'] = r3(
      (figures['realPages.chromium.medianMs'] as number) / (figures['realPages.node.medianMs'] as number),
    );
    figures['realPages.chromiumOverNode.p95'] = r3(
      (figures['realPages.chromium.p95Ms'] as number) / (figures['realPages.node.p95Ms'] as number),
    );
  }

  const failures = [...nodeReal, ...chromiumReal].filter((r) => r.error);
  for (const f of failures) log(`FAILED ${f.page}: ${f.error}`);

  const results = mergeResults(RESULTS_JSON, figures, machineMeta(chromium, loadAtStart), fullRun ? ['pageRead.', 'realPages.'] : []);
  writeFileSync(RESULTS_MD, renderMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD} (free memory ${freeMemoryGiB()} GiB)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
