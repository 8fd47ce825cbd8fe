// Models downloaded on first use, in the production build (which ships no models): Settings shows
// the size before anything is downloaded, downloads with the user's confirmation into Cache
// Storage, and the panel's worker then ranks with them through transformers.js's customCache.
// The hub is a local mirror on 127.0.0.1 that sends CORS headers (as huggingface.co does), so no
// host permission prompt is involved; nothing may leave 127.0.0.1.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { hubRoute } from '../support/hub';
import {
  ask,
  EXTENSION_DIR,
  externalRequests,
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  type Harness,
} from './harness';

let h: Harness;
let dir: string;
let options: Page;
const hubRequests: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'download-e2e-'));
  const source = join(dir, 'models');
  await generateModels({ size: 'tiny', dest: source });
  h = await startHarness(EXTENSION_DIR, [hubRoute({ source, cors: true, requests: hubRequests })]);
  await setSettings(h, {
    search: { provider: 'none' },
    retrieval: { sources: 'page', modelSource: 'download', hubUrl: h.server.url },
  });
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
  if (h) expect(externalRequests(h.netLogPath)).toEqual([]);
});

async function askOnDemo(): Promise<Page> {
  const { page, tabId } = await openFixture(h, 'demo/source.html');
  const panel = await openPanel(h, tabId);
  await ask(panel, 'Who designed the Lighthouse of Alexandria?');
  await page.close();
  return panel;
}

describe('download the models on first use', () => {
  it('Settings shows the size before downloading anything', async () => {
    options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    expect(await options.inputValue('select[id="retrieval.modelSource"]')).toBe('download');
    expect(await options.inputValue('input[id="retrieval.hubUrl"]')).toBe(h.server.url);
    const button = options.locator('#models-download');
    await expect
      .poll(() => button.textContent(), { timeout: 10_000 })
      .toMatch(/^Download models \(\d+(\.\d)? MB\)$/);
    // The fact-checking model's own size, for its switch: a separate download, off by default.
    const factCheck = options.locator('label[for="retrieval.nli"]');
    await expect
      .poll(() => factCheck.textContent(), { timeout: 10_000 })
      .toMatch(/^Check meaning with a fact-checking model \(downloads ~\d+(\.\d)? MB\)$/);
    expect(await options.isChecked('[id="retrieval.nli"]')).toBe(false);
    // The exact-answer model likewise: its own size, off by default.
    const exact = options.locator('label[for="retrieval.exactAnswer"]');
    await expect
      .poll(() => exact.textContent(), { timeout: 10_000 })
      .toMatch(
        /^Find the exact answer with a question-answering model \(downloads ~\d+(\.\d)? MB\)$/,
      );
    expect(await options.isChecked('[id="retrieval.exactAnswer"]')).toBe(false);
    // The multilingual ranking pair likewise: the size of both, off by default.
    const multilingual = options.locator('label[for="retrieval.multilingual"]');
    await expect
      .poll(() => multilingual.textContent(), { timeout: 10_000 })
      .toMatch(
        /^Rank pages in other languages with multilingual models \(downloads ~\d+(\.\d)? MB\)$/,
      );
    expect(await options.isChecked('[id="retrieval.multilingual"]')).toBe(false);
    // Four files for each of the two ranking models, and four for each optional model's size.
    const nli = hubRequests.filter((r) => r.includes('/nli-deberta-v3-xsmall/'));
    const squad = hubRequests.filter((r) => r.includes('/distilbert-base-cased-distilled-squad/'));
    const pair = hubRequests.filter(
      (r) => r.includes('/mmarco-mMiniLMv2-L12-H384-v1/') || r.includes('/multilingual-e5-small/'),
    );
    expect(hubRequests.length - nli.length - squad.length - pair.length).toBe(8);
    expect(nli.length).toBe(4);
    expect(squad.length).toBe(4);
    expect(pair.length).toBe(8);
    expect(hubRequests.every((r) => r.startsWith('HEAD '))).toBe(true);
    // Unpinned manifest: nothing starts until the user confirms trusting the files on first use.
    expect(await button.isDisabled()).toBe(true);
    // Nothing downloaded yet: ranking by meaning cannot be on, and the switch says why.
    expect(await options.isChecked('[id="retrieval.useModels"]')).toBe(false);
    expect(await options.isDisabled('[id="retrieval.useModels"]')).toBe(true);
    expect(await options.textContent('[id="retrieval.useModels-note"]')).toMatch(
      /^Not downloaded yet/,
    );
  });

  it('before the download, the panel ranks by keywords and says the models are not downloaded, with their size', async () => {
    const size = /\((\d+(?:\.\d)? MB)\)/.exec(
      (await options.textContent('#models-download')) ?? '',
    )![1];
    const panel = await askOnDemo();
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('keyword');
    expect(await panel.textContent('.retrieval')).toContain(
      `Models not downloaded yet: open Settings to download them (${size}); ranking by keywords.`,
    );
    await panel.close();
  });

  it('downloads after the confirmation, with progress, and says done', async () => {
    hubRequests.length = 0;
    await options.check('#models-trust');
    // Every state of the progress bar, as rendered (the local download is too fast to poll).
    await options.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('.download-progress progress');
        const label = document.querySelector('.download-bytes')?.textContent;
        if (bar && label)
          seen.push(`${bar.getAttribute('value')}/${bar.getAttribute('max')} ${label}`);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    await options.click('#models-download');
    await options.waitForSelector('[data-download="done"]', { timeout: 30_000 });
    const progress = await options.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(progress.length).toBeGreaterThan(0);
    for (const state of progress)
      expect(state).toMatch(/^\d+\/\d+ \d+(\.\d)? MB of \d+(\.\d)? MB$/);
    const last = /^(\d+)\/(\d+)/.exec(progress.at(-1)!)!;
    expect(Number(last[1])).toBeGreaterThan(0);
    expect(Number(last[1])).toBeLessThanOrEqual(Number(last[2]));
    expect(await options.textContent('[data-download="done"]')).toMatch(
      /^Models downloaded \(\d+(\.\d)? MB\)/,
    );
    expect(hubRequests.length).toBe(8);
    expect(hubRequests.every((r) => /^GET \/Xenova\/[^/]+\/resolve\/main\//.test(r))).toBe(true);
    const stored = await options.evaluate(async () => {
      const cache = await caches.open('answer-panel-models-v1');
      return (await cache.keys()).map((r) => r.url).sort();
    });
    expect(stored).toContain('https://answer-panel.invalid/downloaded-models/_record.json');
    expect(stored).toContain(
      'https://answer-panel.invalid/downloaded-models/all-MiniLM-L6-v2/onnx/model_quantized.onnx',
    );
    expect(await options.isVisible('#models-remove')).toBe(true);
    // Downloaded: the switch is the user's choice again (on, as saved).
    expect(await options.isDisabled('[id="retrieval.useModels"]')).toBe(false);
    expect(await options.isChecked('[id="retrieval.useModels"]')).toBe(true);
    if (process.env.ANSWER_PANEL_SCREENSHOTS)
      await options.screenshot({
        path: join(process.env.ANSWER_PANEL_SCREENSHOTS, 'options-models-downloaded.png'),
        fullPage: true,
      });
  });

  it('the panel then ranks with the downloaded models (WASM in the worker), fetching nothing more', async () => {
    hubRequests.length = 0;
    const panel = await askOnDemo();
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('neural');
    expect(await panel.textContent('.retrieval-path')).toMatch(
      /MiniLM cross-encoder \(WebAssembly\)/,
    );
    expect(await panel.getAttribute('li.stage[data-stage="models"]', 'data-status')).toBe('done');
    expect(hubRequests).toEqual([]);
    await panel.close();
  });

  it('a downloaded file that changed is refused (model-corrupt) and the panel says so', async () => {
    await options.evaluate(async () => {
      const cache = await caches.open('answer-panel-models-v1');
      const key =
        'https://answer-panel.invalid/downloaded-models/ms-marco-MiniLM-L-6-v2/config.json';
      const text = await (await cache.match(key))!.text();
      await cache.put(
        key,
        new Response(text.replace('{', '{ '), { headers: { 'content-type': 'application/json' } }),
      );
    });
    // A new record timestamp makes the worker load again (as a repeated download would).
    await options.evaluate(async () => {
      const cache = await caches.open('answer-panel-models-v1');
      const key = 'https://answer-panel.invalid/downloaded-models/_record.json';
      const record = (await (await cache.match(key))!.json()) as { completedAt: string };
      record.completedAt = new Date(Date.parse(record.completedAt) + 1000).toISOString();
      await cache.put(key, new Response(JSON.stringify(record)));
    });
    const panel = await askOnDemo();
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('keyword');
    expect(await panel.textContent('.retrieval')).toMatch(
      /A model file is damaged, so passages are ranked by keywords[\s\S]*changed since it was downloaded/,
    );
    await panel.close();
  });

  it('"Remove downloaded models" empties the store: back to keywords, said', async () => {
    await options.click('#models-remove');
    await options.waitForSelector('[data-download="removed"]');
    await expect.poll(() => options.isDisabled('[id="retrieval.useModels"]')).toBe(true);
    const panel = await askOnDemo();
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('keyword');
    expect(await panel.textContent('.retrieval')).toContain('Models not downloaded yet');
    await panel.close();
  });

  it('a failing hub gives a clear model-download-failed message and keeps nothing', async () => {
    // The hub's address is under Advanced.
    await options.click('details.advanced > summary');
    await options.fill('input[id="retrieval.hubUrl"]', `${h.server.url}/nothing-here`);
    const button = options.locator('#models-download');
    await expect
      .poll(() => button.textContent(), { timeout: 10_000 })
      .toBe('Download models (size unknown)');
    await options.click('#models-download');
    await options.waitForSelector('[data-download="failed"]', { timeout: 30_000 });
    expect(await options.textContent('[data-download="failed"]')).toMatch(
      /^The models could not be downloaded\. Check the connection and try again\. \(HTTP 404 /,
    );
    expect(await options.isVisible('#models-remove')).toBe(false);
  });
});
