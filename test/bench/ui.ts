// The UI bench (`npm run bench -- --only=ui`, and part of the full `npm run bench`), on the built
// extension (.output/chrome-mv3, from `npx wxt build`) in Debian's Chromium:
//
//   ui.panelFirstPaintMs   time from navigating to sidepanel.html to its first contentful paint
//                          (performance.getEntriesByType('paint')), median of COLD_LOADS loads,
//                          each in a new browser with a new profile (goal: at most 200 ms)
//   ui.axeSeriousViolations  serious and critical axe-core findings (elements) on the panel
//                          (greeting, answered with sources and details open, history) and the
//                          settings page (Basic, Advanced), light and dark (goal: 0)
//
// Not a test: nothing here asserts (test/e2e/a11y.e2e.ts does, for the violations).

import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import {
  ask,
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  type Harness,
} from '../e2e/harness';
import { renderAllMarkdown } from './models-report';
import { load1, machineMeta, mergeResults, type Figures } from './results';
import { median } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const COLD_LOADS = 5;
const PAGE = 'demo/source.html';

async function settle(h: Harness): Promise<void> {
  await setSettings(h, {
    search: { provider: 'none' },
    composer: { kind: 'extractive', endpoint: 'http://127.0.0.1:11434/v1', model: '' },
  });
}

/** One cold load: a new browser and profile, the panel opened once, its first contentful paint. */
async function coldFirstPaint(): Promise<number> {
  const h = await startHarness();
  try {
    const { tabId } = await openFixture(h, PAGE);
    const panel = await openPanel(h, tabId);
    await panel.waitForFunction(
      () => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'),
      undefined,
      { timeout: 10_000 },
    );
    return await panel.evaluate(
      () =>
        performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')!
          .startTime,
    );
  } finally {
    await h.close();
  }
}

async function seriousCount(page: Page): Promise<number> {
  let count = 0;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations)
      if (v.impact === 'serious' || v.impact === 'critical') {
        count += v.nodes.length;
        console.log(
          `  ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }
  }
  return count;
}

async function axeViolations(): Promise<number> {
  const h = await startHarness();
  try {
    await settle(h);
    const { tabId } = await openFixture(h, PAGE);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.greeting');
    let total = await seriousCount(panel);
    await ask(panel, 'Who designed the Lighthouse of Alexandria?');
    await panel.click('article.turn:last-of-type .quotes-title');
    await panel.click('article.turn:last-of-type .run-details > summary');
    total += await seriousCount(panel);
    await panel.click('button[data-view="history"]');
    await panel.waitForSelector('li.history-item');
    total += await seriousCount(panel);
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.waitForSelector('form.options');
    total += await seriousCount(options);
    await options.click('details.advanced > summary');
    total += await seriousCount(options);
    return total;
  } finally {
    await h.close();
  }
}

export async function benchUi(loadAtStart = load1()): Promise<void> {
  const loads: number[] = [];
  for (let i = 0; i < COLD_LOADS; i++) {
    loads.push(await coldFirstPaint());
    console.log(`[ui] cold load ${i + 1}: first contentful paint ${loads.at(-1)!.toFixed(0)} ms`);
  }
  const violations = await axeViolations();
  console.log(`[ui] axe-core serious or critical violations: ${violations}`);
  const figures: Figures = {
    'ui.panelFirstPaintMs': Math.round(median(loads)),
    'ui.panelFirstPaintLoads': loads.length,
    'ui.panelFirstPaintMaxMs': Math.round(Math.max(...loads)),
    'ui.axeSeriousViolations': violations,
  };
  const results = mergeResults(RESULTS_JSON, figures, machineMeta(null, loadAtStart), ['ui.']);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  console.log(`[ui] wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchUi().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
