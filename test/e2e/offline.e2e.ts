// Offline cached answers and history (issue 6) in the built extension: answer online with the
// local composer server, then go offline with the server stopped and ask again (the same
// question, a close variant, and on a tab that cannot load); reload the extension and find the
// history intact; export it, delete it, import it back.
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ask,
  externalRequests,
  LAST_TURN,
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  type Harness,
} from './harness';
import { startComposerServer, type ComposerServer } from '../support/composer-server';

let h: Harness;
let llm: ComposerServer;

const openDemo = () => openFixture(h, 'demo/source.html');

beforeAll(async () => {
  llm = await startComposerServer({ tokenDelayMs: 2 });
  h = await startHarness();
  await setSettings(h, {
    search: { provider: 'none' },
    composer: {
      kind: 'openai-compatible',
      endpoint: llm.openAiBase,
      model: 'test-model',
      apiKey: '',
      minConfidence: 'medium',
      timeoutSeconds: 10,
    },
  });
});
afterAll(async () => {
  await h?.context.setOffline(false);
  await h?.close();
  await llm?.close();
  if (h) for (const log of h.netLogPaths) expect(externalRequests(log)).toEqual([]);
});

const QUESTION = 'Who designed the Lighthouse of Alexandria?';
/** The panel's answer-origin label, or null when it shows none (a fresh live answer); does not wait. */
const origin = async (panel: Page) =>
  (await panel.$(`${LAST_TURN} [data-origin]`))?.getAttribute('data-origin') ?? null;
const historyCount = async (panel: Page) => {
  await panel.click('button[data-view="history"]');
  await panel.waitForSelector('.history-list, .history .footnote');
  return panel.$$eval('li.history-item', (els) => els.length);
};

describe('offline cached answers', () => {
  let page: Page;
  let panel: Page;
  let tabId: number;

  it('answers online from the endpoint, then serves the same question from the cache, labelled', async () => {
    ({ page, tabId } = await openDemo());
    panel = await openPanel(h, tabId);
    await ask(panel, QUESTION);
    expect(await panel.getAttribute(`${LAST_TURN} .answer`, 'data-composer')).toBe(
      'openai-compatible',
    );
    expect(await origin(panel)).toBeNull();
    const chats = llm.requests.filter((r) => r.method === 'POST').length;

    await ask(panel, QUESTION);
    expect(await origin(panel)).toBe('exact');
    expect(await panel.textContent(`${LAST_TURN} .origin`)).toMatch(
      /Cached answer from (just now|\d+ minutes? ago)/,
    );
    expect(llm.requests.filter((r) => r.method === 'POST').length).toBe(chats);
  });

  it('offline, with the endpoint stopped: the same question and a close variant are answered from the cache', async () => {
    await llm.close();
    await h.context.setOffline(true);
    await ask(panel, QUESTION);
    expect(await origin(panel)).toBe('exact');
    expect(await panel.getAttribute(`${LAST_TURN} .answer`, 'data-composer')).toBe(
      'openai-compatible',
    );

    await ask(panel, 'Who designed the Alexandria lighthouse?');
    expect(await origin(panel)).toBe('similar');
    expect(await panel.textContent(`${LAST_TURN} .origin`)).toMatch(
      /Offline: saved answer from .* to a similar question, “Who designed the Lighthouse of Alexandria\?”/,
    );
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    // Highlights still work: the answer's page is the one in the tab.
    await expect
      .poll(() => page.evaluate(() => [...CSS.highlights.keys()].length))
      .toBeGreaterThan(0);
  });

  it('offline on a tab that cannot load, answers extractively from the saved copy of the page', async () => {
    const offlineTab = await h.context.newPage();
    await offlineTab.goto(page.url()).catch(() => undefined);
    const id = await h.worker.evaluate(async () =>
      Math.max(...(await chrome.tabs.query({})).map((t) => t.id ?? -1)),
    );
    const panel2 = await openPanel(h, id);
    await ask(panel2, 'When did Ibn Battuta visit Alexandria?');
    expect(await origin(panel2)).toBe('cached-page');
    // It says why the tab was not read, and when the copy was saved (docs/SECURITY.md, property 8).
    expect(await panel2.textContent(`${LAST_TURN} .origin`)).toMatch(
      /^Couldn't read this tab \(the browser shows a page of its own there, such as its offline error page\), showing the copy saved .+: an extractive answer from it\./,
    );
    expect(await panel2.textContent(`${LAST_TURN} .answer-text`)).toContain('1326');
    await panel2.close();
    await offlineTab.close();
  });

  it('keeps everything when the browser and the extension restart', async () => {
    await h.context.setOffline(false);
    // Cached and offline answers reuse saved ones; the live answer of the first test is the one saved.
    const before = await historyCount(panel);
    expect(before).toBe(1);
    await h.restart();
    ({ page, tabId } = await openFixture(h, 'demo/source.html'));
    panel = await openPanel(h, tabId);
    expect(await historyCount(panel)).toBe(before);
    // And the saved answer is still served for the same question on the same page.
    await panel.click('button[data-view="ask"]');
    await ask(panel, QUESTION);
    expect(await origin(panel)).toBe('exact');
  });
});

describe('history', () => {
  it('exports JSON and Markdown, deletes everything, and imports the JSON back', async () => {
    const { tabId } = await openDemo();
    const panel = await openPanel(h, tabId);
    const count = await historyCount(panel);
    expect(count).toBeGreaterThan(0);

    const [json] = await Promise.all([
      panel.waitForEvent('download'),
      panel.click('button[data-action="export-json"]'),
    ]);
    const jsonPath = await json.path();
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
      format: string;
      answers: unknown[];
    };
    expect(exported.format).toBe('answer-panel-history');
    expect(exported.answers).toHaveLength(count);
    const [md] = await Promise.all([
      panel.waitForEvent('download'),
      panel.click('button[data-action="export-markdown"]'),
    ]);
    expect(readFileSync(await md.path(), 'utf8')).toContain(QUESTION);

    await panel.click('button[data-action="delete-all"]');
    await panel.click('button[data-action="delete-all-confirm"]');
    await expect.poll(() => panel.$$eval('li.history-item', (els) => els.length)).toBe(0);
    // Nothing to export now; importing is still offered, as a button like the others.
    expect(await panel.isDisabled('button[data-action="export-json"]')).toBe(true);
    expect(await panel.isDisabled('button[data-action="export-markdown"]')).toBe(true);
    expect(await panel.isEnabled('button[data-action="import-pick"]')).toBe(true);

    await panel.setInputFiles('input[data-action="import"]', jsonPath);
    await panel.waitForSelector('[data-history-note="ok"]:has-text("Imported")');
    expect(await panel.textContent('[data-history-note]')).toBe(
      `Imported ${count} answer${count === 1 ? '' : 's'}.`,
    );
    expect(await panel.$$eval('li.history-item', (els) => els.length)).toBe(count);
    expect(await panel.isEnabled('button[data-action="export-json"]')).toBe(true);
    // Each row has a small delete button, named after its question.
    const question = await panel.textContent('li.history-item .history-question');
    await expect
      .poll(() =>
        panel
          .getByRole('button', { name: `Delete “${question}”` })
          .first()
          .isVisible(),
      )
      .toBe(true);

    // Opening one shows it, with its quotes.
    await panel.click('li.history-item .history-open');
    await panel.waitForSelector('.result');
    expect(await origin(panel)).toBe('history');
    await panel.close();
  });

  it('opens a saved answer on its page, highlights its quotes, and offers re-verify when the page changed', async () => {
    const { page, tabId } = await openDemo();
    await page.evaluate(() =>
      document
        .querySelector('p')!
        .insertAdjacentHTML(
          'afterend',
          '<p>A paragraph added after the answer was saved changes this version of the page.</p>',
        ),
    );
    const panel = await openPanel(h, tabId);
    await historyCount(panel);
    await panel.click('li.history-item .history-open');
    await panel.waitForSelector('[data-page-changed="true"]');
    await expect
      .poll(() => page.evaluate(() => [...CSS.highlights.keys()].length))
      .toBeGreaterThan(0);
    await panel.click('button[data-action="reverify"]');
    // Answered anew from the live page, under the saved answer; the endpoint was stopped earlier,
    // so extractively, and said so by the composer's own note (the browser is online: no
    // "offline" label).
    await expect
      .poll(() => panel.$$eval('article.turn[data-status="done"]', (els) => els.length))
      .toBe(2);
    expect(await origin(panel)).toBeNull();
    expect(await panel.getAttribute(`${LAST_TURN} [data-fallback]`, 'data-fallback')).toBe(
      'composer-unreachable',
    );
    expect(await panel.getAttribute(`${LAST_TURN} .answer`, 'data-composer')).toBe('extractive');
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    await panel.close();
    await page.close();
  });

  it('refuses a file that is not an export and keeps the history', async () => {
    const { tabId } = await openDemo();
    const panel = await openPanel(h, tabId);
    const count = await historyCount(panel);
    await panel.setInputFiles('input[data-action="import"]', {
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    });
    await panel.waitForSelector('[data-history-note="error"]');
    expect(await panel.textContent('[data-history-note]')).toMatch(
      /not an Answer panel history export/,
    );
    await panel.setInputFiles('input[data-action="import"]', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "answer-panel-hist'),
    });
    await expect.poll(() => panel.textContent('[data-history-note]')).toMatch(/JSON|read/i);
    // A 200 MB file is refused by its size, before it is read.
    const huge = join(mkdtempSync(join(tmpdir(), 'import-')), 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 200 * 2 ** 20);
    await panel.setInputFiles('input[data-action="import"]', huge);
    await expect
      .poll(() => panel.textContent('[data-history-note]'))
      .toMatch(/200 MB.*Nothing was imported/);
    expect(await panel.$$eval('li.history-item', (els) => els.length)).toBe(count);
    await panel.close();
  });
});
