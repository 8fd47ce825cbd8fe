// Screenshots of every view, in light and in dark colours (issue 13): the greeting, a question
// being worked on, an answer, a verdict, the note when the composer cannot be reached, History,
// Settings (Basic and Advanced), a cited quote highlighted on its page beside the panel, and a
// PDF: the answer cited by page, and the extension's PDF viewer with the quote marked (in light
// colours only: the viewer shows the PDF's own colours on pdf.js's grey, whatever the scheme).
// Each view is brought to a fixed state (fresh cache and first-run memory, fixed settings and
// window size, waits on what the view shows) and then shot twice, switching only
// `prefers-color-scheme`; animations and the caret are off. Elapsed times ("Answered in 0.4 s")
// are real and may differ between runs. The files go to test/e2e/artifacts/ and, once looked at,
// are copied to test/e2e/screenshots/ (the README's table).

import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ComposerServer } from '../support/composer-server';
import {
  ask,
  LAST_TURN,
  openFixture,
  openPanel,
  ROOT,
  saveShot,
  setSettings,
  verifyFromMenu,
  type Harness,
} from './harness';
import { usePanelSuite } from './panel-suite';

let h: Harness;
let llm: ComposerServer;

const WHO = 'Who designed the Lighthouse of Alexandria?';
const CLAIM = 'The Pharos was designed by the Greek architect Sostratus of Cnidus.';
/** The page background of each scheme (--bg in components/panel.css). */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(27, 28, 31)' } as const;

/** Serves the real PDFs of test/fixtures/pdf at /pdf/<name> as application/pdf. */
async function pdfRoute(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const name = /^\/pdf\/([\w-]+\.pdf)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
  if (!name) return false;
  const body = await readFile(resolve(ROOT, 'test/fixtures/pdf', name));
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.byteLength });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

usePanelSuite(
  {
    tokenDelayMs: 20,
    routes: [pdfRoute],
    beforeEach: async ({ h }) => {
      // Every panel opens as on first run: the greeting with its choices, no notice dismissed.
      await h.worker.evaluate(() => chrome.storage.local.remove('panel'));
    },
  },
  (suite) => ({ h, llm } = suite),
);

/** Shoots `page` as `<name>-light.png` and `<name>-dark.png`, checking each scheme took effect. */
async function shootBoth(page: Page, name: string, fullPage = false): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).toBe(BACKGROUND[colorScheme]);
    await saveShot(page, `${name}-${colorScheme}.png`, fullPage);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The demo page and the panel for it; `close()` closes both (the cache is cleared between tests). */
async function demoPanel() {
  const { page, tabId } = await openFixture(h, 'demo/source.html');
  const panel = await openPanel(h, tabId);
  return {
    page,
    panel,
    tabId,
    close: async () => {
      await panel.close();
      await page.close();
    },
  };
}

describe('screenshots of the panel, light and dark', () => {
  it('greeting: example questions, Summarize and the first-run choices', async () => {
    const { panel, close } = await demoPanel();
    await panel.waitForSelector('.greeting[data-first-run="true"] .choices');
    expect(await panel.$$eval('button[data-action="example"]', (els) => els.length)).toBe(3);
    await shootBoth(panel, 'panel-greeting');
    await close();
  });

  it('working: a question waiting for a slow composer', async () => {
    await setSettings(h, {
      composer: { kind: 'openai-compatible', endpoint: llm.openAiBase, model: 'test-model' },
    });
    llm.setMode('slow-first-byte');
    llm.configure({ firstByteDelayMs: 30_000 });
    const { panel, close } = await demoPanel();
    await panel.fill('#question', WHO);
    await panel.click('button[data-action="ask"]');
    await panel.waitForSelector(`${LAST_TURN} .working-text:has-text("Writing the answer")`, {
      timeout: 30_000,
    });
    expect(await panel.getAttribute(LAST_TURN, 'data-status')).toBe('running');
    await shootBoth(panel, 'panel-working');
    await panel.click(`${LAST_TURN} button[data-action="stop"]`);
    await panel.waitForSelector(`${LAST_TURN}[data-status="stopped"]`);
    await close();
  });

  it('answered: the answer with its source chips, a source shown; and that quote on the page', async () => {
    const { page, panel, close } = await demoPanel();
    await page.setViewportSize({ width: 960, height: 900 });
    await ask(panel, WHO);
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    const first = await panel.getAttribute(`${LAST_TURN} button.cite`, 'data-cite');
    await panel.click(`${LAST_TURN} button.cite[data-cite="${first}"]`);
    await panel.waitForSelector(`${LAST_TURN} li.quote-focused[data-quote="${first}"]`);
    await page.waitForFunction(() => CSS.highlights.has('answer-panel-focus'));
    await shootBoth(panel, 'panel-answered');
    // The page keeps its own colours; the panel beside it follows the scheme.
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      await saveSideBySide(page, panel, `page-highlight-${colorScheme}.png`);
    }
    await close();
  });

  it('verify: a claim from the page menu, with its verdict and quotes', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    expect(await verifyFromMenu(h, tabId, CLAIM)).toBe(true);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector(`${LAST_TURN} .verdict`, { timeout: 30_000 });
    expect(await panel.getAttribute(`${LAST_TURN} .verdict`, 'data-verdict')).toBe('supported');
    await shootBoth(panel, 'panel-verify');
    await panel.close();
    await page.close();
  });

  it('error: the composer cannot be reached, and the extractive answer is shown instead', async () => {
    await setSettings(h, {
      composer: { kind: 'openai-compatible', endpoint: 'http://127.0.0.1:9/v1', model: 'm' },
    });
    const { panel, close } = await demoPanel();
    await ask(panel, WHO);
    expect(await panel.textContent(`${LAST_TURN} .fallback p`)).toMatch(
      /^The composer at 127\.0\.0\.1:9 didn't answer/,
    );
    await shootBoth(panel, 'panel-error');
    await close();
  });

  it('history: saved answers and verdicts', async () => {
    const { panel, close } = await demoPanel();
    await ask(panel, WHO);
    // A new topic: the claim is saved as an entry of its own, not as a follow-up of the question.
    await panel.click('button[data-action="new-topic"]');
    await ask(panel, CLAIM, 'verify');
    await panel.click('button[data-view="history"]');
    await panel.waitForSelector('li.history-item');
    expect(await panel.$$eval('li.history-item', (els) => els.length)).toBe(2);
    await shootBoth(panel, 'panel-history');
    await close();
  });
});

describe('screenshots of a PDF: the answer cited by page, and the viewer', () => {
  it('answers about a specification with p. N chips, and shows the quote marked in the viewer', async () => {
    const url = `${h.server.url}/pdf/shared-mime-info-spec.pdf`;
    // Opened from the extension: Playwright's goto would take a PDF for a download.
    const tabId = await h.worker.evaluate(async (u) => {
      const tab = await chrome.tabs.create({ url: u });
      for (let i = 0; i < 100 && (await chrome.tabs.get(tab.id!)).status !== 'complete'; i++)
        await new Promise((r) => setTimeout(r, 100));
      return tab.id!;
    }, url);
    const panel = await openPanel(h, tabId);
    await ask(panel, 'What is the default priority of a magic rule?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.locator('.answer-text').innerText()).toContain(
      'The default priority value is 50',
    );
    const chip = turn.locator('.answer-text button.cite').first();
    expect(await chip.innerText()).toMatch(/p\. \d+/);
    await shootBoth(panel, 'panel-pdf');

    await chip.click();
    // A new tab's page has its address only once it navigates: look for it among the pages.
    const viewerTab = () => h.context.pages().find((p) => p.url().includes('/pdf-viewer.html'));
    await expect.poll(viewerTab, { timeout: 15_000 }).toBeDefined();
    const viewer = viewerTab()!;
    await viewer.setViewportSize({ width: 960, height: 900 });
    // The resize fits the pages again and pdf.js draws them anew: let it settle.
    await viewer.waitForTimeout(500);
    await viewer.waitForSelector('.textLayer[data-quote-marked] .pdf-quote', { timeout: 20_000 });
    expect((await viewer.locator('.pdf-quote').allInnerTexts()).join(' ')).toContain(
      'default priority value is 50',
    );
    // The quote, scrolled to the middle of the window once the page was fitted to it.
    await viewer
      .locator('.pdf-quote')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await saveShot(viewer, 'pdf-viewer-light.png');
    await viewer.close();
    await panel.close();
  });
});

describe('screenshots of the settings page, light and dark', () => {
  it('Basic, then Advanced opened', async () => {
    const options = await h.context.newPage();
    await options.setViewportSize({ width: 900, height: 900 });
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.waitForSelector('form.options');
    expect(await options.isChecked('#answer-with-page')).toBe(true);
    await shootBoth(options, 'settings-basic', true);
    await options.click('details.advanced > summary');
    expect(await options.isVisible('[id="storage.budgetMB"]')).toBe(true);
    await shootBoth(options, 'settings-advanced', true);
    await options.close();
  });
});

/** The page with its highlight beside the panel, composed into one picture in Chromium. */
async function saveSideBySide(page: Page, panel: Page, name: string): Promise<void> {
  const shot = async (p: Page) =>
    (await p.screenshot({ animations: 'disabled', caret: 'hide' })).toString('base64');
  const [pageShot, panelShot] = [await shot(page), await shot(panel)];
  const sheet = await h.context.newPage();
  await sheet.setViewportSize({ width: 1384, height: 900 });
  await sheet.setContent(
    `<body style="margin:0;display:flex;background:#ccc;gap:4px"><img style="height:900px" src="data:image/png;base64,${pageShot}"><img style="height:900px" src="data:image/png;base64,${panelShot}"></body>`,
  );
  await saveShot(sheet, name);
  await sheet.close();
}
