// The PDF bench (`npm run bench -- --only=pdf`, and part of the full `npm run bench`):
// - `pdf.msPerPage`: readPdf (pdf.js parse + text extraction + lib/pdf's layout) per page, in
//   headless Chromium, on the 14-page two-column paper (test/support/pdf-layouts.ts `paper14`),
//   pdf.js's worker a real Web Worker as in the extension; median of timed runs after warm-up.
// - `pdf.readingOrderAccuracy`: share of the generated layouts (pdf-lib's, the paper, and a page
//   printed to PDF by Chromium in two CSS columns) whose blocks equal their expected order exactly
//   (readPdf in Node).
// - `pdf.answerMs`: `npm run ask` (cli/ask.ts's main, keywords, extractive composer) answering a
//   question about the paper, in Node, reading the PDF included.
// Not a test: nothing here asserts a time.

import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { main as ask } from '../../cli/ask';
import { configureNodePdfjs } from '../../lib/pdf/node';
import { readPdf } from '../../lib/pdf/read';
import { CHROMIUM, launchChromium } from '../support/chromium';
import type { GeneratedPdf } from '../support/pdf-gen';
import { orderedLayouts, paper14 } from '../support/pdf-layouts';
import { printedTwoColumns } from '../support/pdf-print';
import { serveDirectory } from '../support/server';
import { sharedData } from '../support/shared-data';
import { renderAllMarkdown } from './models-report';
import type { PdfBench } from './pdf-entry';
import { machineMeta, mergeResults, type Figures } from './results';
import { median } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const TMP = join(here, 'tmp', 'pdf');
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
export const PDF_QUESTION = 'How many parameters does the MiniLM filtration model have?';

const r2 = (x: number) => Math.round(x * 100) / 100;

async function readingOrder(extra: GeneratedPdf[]) {
  await configureNodePdfjs();
  const layouts = [...(await orderedLayouts()), ...extra];
  const results = await Promise.all(
    layouts.map(async (l) => {
      const got = (await readPdf(l.bytes, { url: `http://127.0.0.1/${l.name}.pdf` })).blocks;
      return {
        name: l.name,
        exact: JSON.stringify(got.map((b) => b.text)) === JSON.stringify(l.expected),
      };
    }),
  );
  return results;
}

/** The page the bench loads: pdf.js, its worker and font data, and the bundle, from 127.0.0.1. */
async function preparePage(paper: Uint8Array): Promise<void> {
  mkdirSync(TMP, { recursive: true });
  const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  cpSync(join(pdfjsRoot, 'build', 'pdf.worker.mjs'), join(TMP, 'pdf.worker.mjs'));
  cpSync(join(pdfjsRoot, 'standard_fonts'), join(TMP, 'standard_fonts'), { recursive: true });
  writeFileSync(join(TMP, 'paper-14.pdf'), paper);
  await build({
    entryPoints: [join(here, 'pdf-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outfile: join(TMP, 'pdf-bench.js'),
    logLevel: 'warning',
  });
  writeFileSync(
    join(TMP, 'index.html'),
    '<!doctype html><meta charset="utf-8"><script type="module" src="/pdf-bench.js"></script>',
  );
}

async function chromiumRead(): Promise<{
  ms: number[];
  pages: number;
  blocks: number;
  version: string | null;
}> {
  const server = await serveDirectory(TMP);
  const context = await launchChromium();
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/index.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__pdfBench' in globalThis);
    const result = await page.evaluate(
      (o) => (globalThis as unknown as { __pdfBench: PdfBench }).__pdfBench.run(o),
      { url: `${server.url}/paper-14.pdf`, reps: 7, warmup: 3 },
    );
    return { ...result, version: context.browser()?.version() ?? null };
  } finally {
    await context.close();
    await server.close();
  }
}

async function printWithChromium(): Promise<GeneratedPdf[]> {
  const context = await launchChromium();
  try {
    return [await printedTwoColumns(context)];
  } finally {
    await context.close();
  }
}

async function answerTimes(path: string): Promise<{ ms: number[]; cited: boolean }> {
  const ms: number[] = [];
  let cited = false;
  for (let i = 0; i < 4; i++) {
    let out = '';
    const t0 = performance.now();
    const code = await ask(
      ['--page', path, '--json', PDF_QUESTION],
      { write: (s: string) => (out += s) },
      { write: () => 0 },
    );
    const elapsed = performance.now() - t0;
    if (code !== 0) throw new Error(`npm run ask failed (${code})`);
    if (i > 0) ms.push(elapsed);
    const result = JSON.parse(out) as {
      quotes: Array<{ text: string; source: { page?: number } }>;
    };
    cited = result.quotes.some((q) => q.text.includes('22M parameters') && q.source.page === 3);
  }
  return { ms, cited };
}

export async function benchPdf(loadAtStart: number): Promise<void> {
  const started = performance.now();
  const log = (s: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const figures: Figures = {};
  const paper = await paper14(sharedData(resolve(here, '../../..'), '../seeds'));
  figures['pdf.paper.pages'] = paper.pages;
  figures['pdf.paper.bytes'] = paper.bytes.length;

  // A PDF from another writer than pdf-lib: Chromium's print to PDF of a two-column page.
  const printed = existsSync(CHROMIUM) ? await printWithChromium() : [];
  const order = await readingOrder([paper, ...printed]);
  figures['pdf.readingOrderAccuracy'] = r2(order.filter((o) => o.exact).length / order.length);
  figures['pdf.readingOrderLayouts'] = order.length;
  figures['pdf.readingOrderMisses'] =
    order
      .filter((o) => !o.exact)
      .map((o) => o.name)
      .join(', ') || 'none';
  log(`reading order: ${order.filter((o) => o.exact).length} of ${order.length} layouts exact`);

  await preparePage(paper.bytes);
  const answer = await answerTimes(join(TMP, 'paper-14.pdf'));
  figures['pdf.answerMs'] = r2(median(answer.ms));
  figures['pdf.answerCitesPage'] = answer.cited;
  log(`answer (Node CLI): median ${figures['pdf.answerMs']} ms, cites p. 3: ${answer.cited}`);

  let chromium: string | null = null;
  if (existsSync(CHROMIUM)) {
    const read = await chromiumRead();
    chromium = read.version;
    figures['pdf.msPerPage'] = r2(median(read.ms) / read.pages);
    figures['pdf.chromium.readMs'] = r2(median(read.ms));
    figures['pdf.chromium.blocks'] = read.blocks;
    figures['pdf.chromium.reps'] = read.ms.length;
    log(
      `Chromium: ${figures['pdf.chromium.readMs']} ms for ${read.pages} pages → ${figures['pdf.msPerPage']} ms/page`,
    );
  } else log(`Chromium not found at ${CHROMIUM}: pdf.msPerPage skipped`);

  const results = mergeResults(RESULTS_JSON, figures, machineMeta(chromium, loadAtStart), ['pdf.']);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}
