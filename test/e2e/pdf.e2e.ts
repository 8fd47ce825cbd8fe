// Questions about a PDF (issue 16): a PDF served on 127.0.0.1 as application/pdf is opened in a
// tab, the panel recognises it, downloads and parses it in its Worker, and answers citing "p. N";
// clicking the citation opens the extension's viewer page at that page with the quote marked in
// pdf.js's text layer; answers are kept in the offline cache and the PDF's saved copy answers
// when it cannot be downloaded; a scanned or encrypted PDF gets the plain message, nothing made
// up; a claim selected in the viewer is verified against the PDF.
//
// What this covers: headless Chromium has no PDF viewer plugin, so the PDF tab holds a document
// of type application/pdf with no <embed> (seen with chrome.scripting on 2026-11-24) rather than
// Chrome's viewer; the tab's address and the server's Content-Type are the same as with the
// viewer, and those are all the panel's recognition uses. That the page reader cannot be injected
// into Chrome's real viewer is not reproduced here.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { encrypted, scanned } from '../support/pdf-layouts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ask,
  clearCache,
  externalRequests,
  LAST_TURN,
  openPanel,
  setSettings,
  startHarness,
  verifyFromMenu,
  type Harness,
} from './harness';

/** Three pages of a small report; the answer to the question is on page 2 only. */
const REPORT_PAGES = [
  [
    'Harbour Lights: A Short Report',
    'This report describes three lighthouses of the ancient world and how',
    'they were built. The first part gives the sources and the method used.',
  ],
  [
    'The Pharos of Alexandria',
    'The Pharos lighthouse was designed by Sostratus of Cnidus and finished',
    'around 280 BC under Ptolemy II. It stood on the island of Pharos at the',
    'entrance of the harbour and guided ships for many centuries.',
  ],
  [
    'Later history',
    'Earthquakes damaged the tower in the fourteenth century, and its stones',
    'were used for the citadel of Qaitbay built on the same site in 1480.',
  ],
];

async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Harbour Lights');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of REPORT_PAGES) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) =>
      page.drawText(line, { x: 60, y: 760 - i * 20, size: i === 0 ? 18 : 11, font }),
    );
  }
  return doc.save();
}

let h: Harness;
const pdfs = new Map<string, Uint8Array>();

/** Serves the generated PDFs as application/pdf (`/pdf/report.pdf`, `/pdf/report-by-type`). */
function pdfRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const body = pdfs.get(path);
  if (!body) return false;
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.byteLength });
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(body));
  return true;
}

beforeAll(async () => {
  const report = await reportPdf();
  pdfs.set('/pdf/report.pdf', report);
  pdfs.set('/pdf/report-by-type', report);
  pdfs.set('/pdf/scanned.pdf', (await scanned()).bytes);
  pdfs.set('/pdf/encrypted.pdf', encrypted().bytes);
  pdfs.set('/pdf/partly-scanned.pdf', (await scanned(true)).bytes);
  h = await startHarness(undefined, [pdfRoute]);
});
afterAll(async () => {
  await h?.close();
  if (h) expect(externalRequests(h.netLogPath)).toEqual([]);
});
beforeEach(async () => {
  await clearCache(h);
  await setSettings(h, {
    search: { provider: 'none' },
    composer: { kind: 'extractive', endpoint: 'http://127.0.0.1:11434/v1', model: '' },
    retrieval: { useModels: false },
  });
});

/**
 * Opens `path` in a new tab from the extension (Playwright's `goto` would treat a PDF as a
 * download) and returns the tab's id once its address is the PDF's.
 */
async function openPdfTab(path: string): Promise<number> {
  const url = `${h.server.url}${path}`;
  return h.worker.evaluate(async (u) => {
    const tab = await chrome.tabs.create({ url: u });
    for (let i = 0; i < 100; i++) {
      const now = await chrome.tabs.get(tab.id!);
      if (now.url === u && now.status === 'complete') return tab.id!;
      await new Promise((r) => setTimeout(r, 100));
    }
    return tab.id!;
  }, url);
}

/** The viewer tab the citation opened, once its text layer has been drawn and marked. */
async function viewerPage(): Promise<Page> {
  const prefix = `chrome-extension://${h.extensionId}/pdf-viewer.html`;
  // A tab the extension opens is announced as a page before it has its address, so the 'page'
  // event's predicate can see about:blank and miss it: look among the pages until it is there.
  const viewerTab = () => h.context.pages().find((p) => p.url().startsWith(prefix));
  await expect.poll(viewerTab, { timeout: 15_000 }).toBeDefined();
  const found = viewerTab()!;
  await found.waitForSelector('.textLayer[data-quote-marked]', { timeout: 20_000 });
  return found;
}

describe('a PDF in a tab', () => {
  it('answers citing the page, and the citation opens the viewer at that page with the quote marked', async () => {
    const tabId = await openPdfTab('/pdf/report.pdf');
    const panel = await openPanel(h, tabId);
    // pdf.js in the worker reads its fonts' data from the package (it failed to, in a worker,
    // until it was told to fetch from its worker code).
    const fontFailures: string[] = [];
    panel.on('console', (m) => {
      if (/Unable to load font data/.test(m.text())) fontFailures.push(m.text());
    });
    await ask(panel, 'Who designed the Pharos lighthouse?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(fontFailures).toEqual([]);
    expect(await turn.locator('.answer-text').innerText()).toMatch(/Sostratus/);
    const chip = turn.locator('.answer-text button.cite').first();
    expect(await chip.getAttribute('data-page')).toBe('2');
    expect(await chip.innerText()).toContain('p. 2');
    expect(await chip.getAttribute('aria-label')).toMatch(/p\. 2$/);
    // The quote card says where in the PDF it is.
    expect(await turn.locator('.quote-where').first().textContent()).toContain('p. 2');

    await chip.click();
    const viewer = await viewerPage();
    const layer = viewer.locator('.page[data-page-number="2"] .textLayer');
    expect(Number(await layer.getAttribute('data-quote-marked'))).toBeGreaterThan(0);
    const marked = await layer.locator('.pdf-quote').allInnerTexts();
    expect(marked.join(' ')).toMatch(/designed by Sostratus of Cnidus/);
    // Only page 2 carries the mark.
    expect(await viewer.locator('.page:not([data-page-number="2"]) .pdf-quote').count()).toBe(0);
    // pdf.js's worker script and fonts came from the package: nothing was asked of anyone else.
    expect(h.blocked).toEqual([]);

    // A quote from another page moves the same viewer tab there (its fragment changes, no reload).
    const other = turn.locator('li.quote').filter({ hasNotText: 'p. 2' }).first();
    const otherPage = (await other.locator('.quote-where').textContent())!.match(/p\. (\d+)/)![1]!;
    await turn
      .locator('details:has(li.quote)')
      .evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await other.locator('button.quote-button').click();
    await viewer.waitForFunction(
      (n) =>
        document.querySelector(`.page[data-page-number="${n}"] .textLayer .pdf-quote`) !== null,
      otherPage,
      { timeout: 15_000 },
    );
    expect(new URL(viewer.url()).hash).toContain(`page=${otherPage}`);
    expect(await viewer.locator('.page[data-page-number="2"] .pdf-quote').count()).toBe(0);
    const viewers = h.context.pages().filter((p) => p.url().includes('/pdf-viewer.html'));
    expect(viewers).toHaveLength(1);
    await viewer.close();

    await panel.close();
  });

  it('keeps PDF answers in the offline cache, and answers from the saved copy when the PDF cannot be downloaded', async () => {
    const tabId = await openPdfTab('/pdf/report.pdf');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the Pharos lighthouse?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.getAttribute('data-status')).toBe('done');

    // Asked again, the answer comes from the offline cache (keyed by address and content hash),
    // still cited by page.
    await ask(panel, 'Who designed the Pharos lighthouse?');
    const again = panel.locator(LAST_TURN);
    expect(await again.locator('[data-origin]').getAttribute('data-origin')).toBe('exact');
    expect(await again.locator('.answer-text button.cite').first().getAttribute('data-page')).toBe(
      '2',
    );

    // The PDF can no longer be downloaded (offline, or gone): a new question is answered from the
    // saved copy of the PDF, saying why, still cited by page.
    const report = pdfs.get('/pdf/report.pdf')!;
    pdfs.delete('/pdf/report.pdf');
    try {
      await ask(panel, 'When was the Pharos lighthouse finished?');
    } finally {
      pdfs.set('/pdf/report.pdf', report);
    }
    const saved = panel.locator(LAST_TURN);
    expect(await saved.getAttribute('data-status')).toBe('done');
    expect(await saved.locator('[data-origin]').getAttribute('data-origin')).toBe('cached-page');
    expect(await saved.locator('[data-origin]').innerText()).toContain(
      'The PDF could not be downloaded',
    );
    expect(await saved.locator('.answer-text').innerText()).toMatch(/280 BC/);
    expect(await saved.locator('.answer-text button.cite').first().getAttribute('data-page')).toBe(
      '2',
    );
    await panel.close();
  });

  it('recognises a PDF at an address without .pdf by its Content-Type', async () => {
    const tabId = await openPdfTab('/pdf/report-by-type');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the Pharos lighthouse?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.getAttribute('data-status'), await turn.innerText()).toBe('done');
    expect(await turn.locator('.answer-text button.cite').first().getAttribute('data-page')).toBe(
      '2',
    );
    await panel.close();
  });

  it.each([
    [
      '/pdf/scanned.pdf',
      'pdf-no-text',
      'This PDF has no text layer (scanned pages); text recognition is not supported.',
    ],
    [
      '/pdf/encrypted.pdf',
      'pdf-encrypted',
      'This PDF is protected by a password, so it cannot be read. Save a copy without the password',
    ],
  ])('says plainly why %s cannot be read (%s), and answers nothing', async (path, code, text) => {
    const tabId = await openPdfTab(path);
    const panel = await openPanel(h, tabId);
    await ask(panel, 'What does this document say?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.getAttribute('data-status')).toBe('error');
    const error = turn.locator('.error');
    expect(await error.getAttribute('data-error')).toBe(code);
    expect(await error.innerText()).toContain(text);
    expect(await turn.locator('.answer-text').count()).toBe(0);
    await panel.close();
  });

  it('answers from the pages with text, and says which scanned pages were left out', async () => {
    const tabId = await openPdfTab('/pdf/partly-scanned.pdf');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Which pages are scanned images?');
    const turn = panel.locator(LAST_TURN);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await turn.textContent()).toContain(
      'Pages without a text layer (scanned) were left out: 2, 3.',
    );
    expect(await turn.locator('.quote-where').first().textContent()).toContain('p. 1');
    await panel.close();
  });

  it('verifies a claim selected in the viewer against the PDF', async () => {
    const tabId = await openPdfTab('/pdf/report.pdf');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the Pharos lighthouse?');
    await panel.locator(`${LAST_TURN} .answer-text button.cite`).first().click();
    const viewer = await viewerPage();
    const viewerTabId = await h.worker.evaluate(async (prefix) => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((t) => t.url?.startsWith(prefix))!.id!;
    }, `chrome-extension://${h.extensionId}/pdf-viewer.html`);
    const viewerPanel = await openPanel(h, viewerTabId);
    await viewerPanel.waitForSelector('form.ask');
    expect(
      await verifyFromMenu(h, viewerTabId, 'The Pharos lighthouse was designed by Sostratus.'),
    ).toBe(true);
    await viewerPanel.waitForFunction(
      () =>
        document.querySelector('article.turn:last-of-type')?.getAttribute('data-status') === 'done',
      undefined,
      { timeout: 30_000 },
    );
    const turn = viewerPanel.locator(LAST_TURN);
    expect(await turn.locator('.verdict').getAttribute('data-verdict')).toBe('supported');
    expect(await turn.locator('.quote-where').first().textContent()).toContain('p. 2');
    await viewerPanel.close();
    await viewer.close();
    await panel.close();
  });
});
