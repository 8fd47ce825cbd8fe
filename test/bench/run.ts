// `npm run bench`: how long reading a page (read → split → BM25) takes, in Node on linkedom and in
// headless Chromium on the live page, for synthetic articles of 1×, 4×, 16× and 64× 5,000 words,
// and over Mozilla Readability's real test pages; then the KG bench (test/bench/kg.ts), the composer
// bench (test/bench/composer.ts), the cache bench (test/bench/cache.ts), the model bench
// (test/bench/models.ts), the UI bench (test/bench/ui.ts: panel first paint, axe-core), the
// answer bench (test/bench/answer-browser.ts: the times a user waits, with models, in Chromium)
// the security bench (test/bench/security.ts: properties held, hidden-text leaks) and the PDF
// bench (test/bench/pdf.ts: reading order, parse + layout per page in Chromium, answer time).
// Writes test/bench/results.json (merged with other benches' figures) and test/bench/RESULTS.md.
// Not a test: nothing here asserts a time.
//
// Options: --only=pages|models|kg|composer|cache|ui|answer|security|pdf   one bench (default all)
//          --security-e2e  the security bench also runs the browser tests of docs/SECURITY.md's table
//          --sizes=1,4   only these multiples (figures of other sizes are kept; page bench)
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
import { sharedData } from '../support/shared-data';
import type { BrowserBench } from './browser-entry';
import { measurePass, type PassTimings } from './measure';
import { renderAllMarkdown } from './models-report';
import { freeMemoryGiB, load1, machineMeta, mergeResults, type Figures } from './results';
import { QUESTION, syntheticArticle, type Synthetic } from './synthetic';
import { median } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const TMP = join(here, 'tmp');
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const PAGES_DIR = sharedData(resolve(here, '../../..'), 'readability-test-pages');

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
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const PARTS = ['pages', 'models', 'kg', 'composer', 'cache', 'ui', 'answer', 'security', 'pdf'];
if (only !== undefined && !PARTS.includes(only))
  throw new Error(`--only=${only}: expected one of ${PARTS.join(', ')}`);

// ---------------------------------------------------------------------------------------------
// Statistics

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
  return {
    words: page.words,
    htmlBytes: Buffer.byteLength(page.html),
    parseMs: median(parses),
    passes,
  };
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
  for (const html of htmls.slice(0, 5))
    measurePass(parseHTML(html).document as unknown as Document, { url: 'http://127.0.0.1/' });
  return pages.map((page, i) => {
    try {
      const t0 = performance.now();
      const { document } = parseHTML(htmls[i]!);
      const parseMs = performance.now() - t0;
      const pass = measurePass(document as unknown as Document, {
        url: `http://127.0.0.1/${page}/source.html`,
      });
      return { page, ms: pass.totalMs, parseMs, passages: pass.passages };
    } catch (error) {
      return { page, ms: NaN, passages: 0, error: String(error) };
    }
  });
}

function realPageFigures(prefix: string, runs: RealPageRun[]): Figures {
  const ok = runs.filter((r) => !r.error);
  const ms = ok.map((r) => r.ms);
  const slowest = ok.reduce<RealPageRun | undefined>(
    (a, r) => (!a || r.ms > a.ms ? r : a),
    undefined,
  );
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

async function openContext(
  bundlePath: string,
): Promise<{ context: BrowserContext; blocked: () => number }> {
  const context = await launchChromium();
  let blocked = 0;
  // Only our loopback server may answer: the real pages' scripts, fonts and images never reach
  // the network (there is none here, and a bench must not depend on it).
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || protocol === 'data:' || protocol === 'blob:')
      return route.continue();
    blocked++;
    return route.abort('blockedbyclient');
  });
  // An init script runs before the page's own scripts and is not subject to the page's CSP.
  await context.addInitScript({ path: bundlePath });
  return { context, blocked: () => blocked };
}

async function runInPage(
  page: Page,
  options: { question?: string; reps: number; warmup: number },
): Promise<PassTimings[]> {
  return page.evaluate(
    (o) =>
      (globalThis as unknown as { __answerPanelBench: BrowserBench }).__answerPanelBench.run(o),
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
  const loadAtStart = load1();
  if (only === undefined || only === 'pages') await benchPages();
  // Imported here: the model bench loads ONNX Runtime, which the page bench does not need.
  if (only === undefined || only === 'kg') await (await import('./kg')).benchKg(loadAtStart);
  if (only === undefined || only === 'composer')
    await (await import('./composer')).benchComposer(loadAtStart);
  if (only === undefined || only === 'cache')
    await (await import('./cache')).benchCache(loadAtStart);
  if (only === undefined || only === 'models')
    await (
      await import('./models')
    ).benchModels(withChromium ? [] : ['--no-chromium'], loadAtStart);
  // The built extension in Chromium (npx wxt build first).
  if ((only === undefined && withChromium) || only === 'ui')
    await (await import('./ui')).benchUi(loadAtStart);
  // The models bench's build, with MiniLM-shaped models: the times a user waits for an answer.
  if ((only === undefined && withChromium) || only === 'answer')
    await (await import('./answer-browser')).benchAnswer(loadAtStart);
  if ((only === undefined && withChromium) || only === 'security')
    await (await import('./security')).benchSecurity(loadAtStart, args.includes('--security-e2e'));
  if ((only === undefined && withChromium) || only === 'pdf')
    await (await import('./pdf')).benchPdf(loadAtStart);
}

async function benchPages(): Promise<void> {
  const started = performance.now();
  const loadAtStart = load1();
  const cores = cpus().length;
  if (loadAtStart > cores) {
    console.warn(
      `load average ${loadAtStart} on ${cores} cores: other work is running, times will be noisy`,
    );
  }
  const figures: Figures = {};
  const log = (s: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
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
    log(
      `node x${size}: ${r.words} words, total ${r2(median(r.passes.map((p) => p.totalMs)))} ms (parse ${r2(r.parseMs!)} ms), ${r.passes[0]!.passages} passages`,
    );
  }

  let nodeReal: RealPageRun[] = [];
  const realNames = withRealPages ? realPages() : [];
  if (withRealPages && realNames.length === 0) log(`real pages: ${PAGES_DIR} is absent; skipped`);
  if (realNames.length) {
    nodeReal = realPagesNode(realNames);
    Object.assign(figures, realPageFigures('realPages.node', nodeReal));
    log(
      `node real pages: ${realNames.length} pages, median ${figures['realPages.node.medianMs']} ms`,
    );
  }

  let chromium: string | null = null;
  const chromiumSizes = new Map<number, SizeResult>();
  const chromiumReal: RealPageRun[] = [];
  if (withChromium && !existsSync(CHROMIUM)) {
    log(
      `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH): Chromium figures skipped`,
    );
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
        const passes = await runInPage(page, {
          question: QUESTION,
          reps: REPS[size] ?? 3,
          warmup: WARMUP[size] ?? 1,
        });
        const p = pages.get(size)!;
        const r = { words: p.words, htmlBytes: Buffer.byteLength(p.html), passes };
        chromiumSizes.set(size, r);
        Object.assign(figures, sizeFigures(`pageRead.chromium.x${size}`, r));
        log(
          `chromium x${size}: total ${r2(median(passes.map((x) => x.totalMs)))} ms, ${passes[0]!.passages} passages`,
        );
      }
      await page.close();

      if (real) {
        // One tab for all pages (a navigation gives each page a fresh document and JS realm, and
        // costs less than a new tab). Loading is most of this loop's time: big real pages take
        // 1–4 s to parse, run their inline scripts and lay out on 2 cores; only the reader is timed.
        const tab = await context.newPage();
        for (const name of realNames) {
          try {
            await tab.goto(`${real.url}/${name}/source.html`, {
              waitUntil: 'load',
              timeout: 15_000,
            });
            const [cold, warm] = await runInPage(tab, { reps: 2, warmup: 0 });
            chromiumReal.push({
              page: name,
              ms: warm!.totalMs,
              coldMs: cold!.totalMs,
              passages: warm!.passages,
            });
          } catch (error) {
            chromiumReal.push({
              page: name,
              ms: NaN,
              passages: 0,
              error: String(error).split('\n')[0]!,
            });
          }
        }
        await tab.close();
        writeFileSync(
          join(TMP, 'real-pages-chromium.json'),
          JSON.stringify(chromiumReal, null, 2) + '\n',
        );
        Object.assign(figures, realPageFigures('realPages.chromium', chromiumReal));
        figures['realPages.chromium.blockedRequests'] = blocked();
        log(
          `chromium real pages: median ${figures['realPages.chromium.medianMs']} ms, ${blocked()} requests blocked`,
        );
      }
    } finally {
      await context.close();
      await synthetic.close();
      await real?.close();
    }
  }

  // Scaling (each size against ×1) and runtime ratios (Chromium over Node, medians of totals).
  for (const [runtime, results] of [
    ['node', node],
    ['chromium', chromiumSizes],
  ] as const) {
    const base = results.get(1);
    if (!base) continue;
    const baseTotal = median(base.passes.map((p) => p.totalMs));
    for (const [size, r] of results) {
      figures[`pageRead.${runtime}.x${size}.totalOverX1`] = r3(
        median(r.passes.map((p) => p.totalMs)) / baseTotal,
      );
    }
  }
  for (const [size, c] of chromiumSizes) {
    const n = node.get(size);
    if (n)
      figures[`pageRead.chromiumOverNode.x${size}`] = r3(
        median(c.passes.map((p) => p.totalMs)) / median(n.passes.map((p) => p.totalMs)),
      );
  }
  if (nodeReal.length && chromiumReal.length) {
    figures['realPages.chromiumOverNode.median'] = r3(
      (figures['realPages.chromium.medianMs'] as number) /
        (figures['realPages.node.medianMs'] as number),
    );
    figures['realPages.chromiumOverNode.p95'] = r3(
      (figures['realPages.chromium.p95Ms'] as number) / (figures['realPages.node.p95Ms'] as number),
    );
  }

  const failures = [...nodeReal, ...chromiumReal].filter((r) => r.error);
  for (const f of failures) log(`FAILED ${f.page}: ${f.error}`);

  const results = mergeResults(
    RESULTS_JSON,
    figures,
    machineMeta(chromium, loadAtStart),
    fullRun ? ['pageRead.', 'realPages.'] : [],
  );
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD} (free memory ${freeMemoryGiB()} GiB)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
