// The extension with (small, generated) ONNX models shipped: transformers.js + onnxruntime-web
// (WASM; headless Chromium has no WebGPU adapter) inside the panel's worker. Every request is
// logged by Chromium; none may leave 127.0.0.1 (no CDN, no model hub).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askAbout,
  externalRequests,
  setSettings,
  startHarness,
  TEST_MODELS_EXTENSION_DIR,
  type Harness,
} from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(TEST_MODELS_EXTENSION_DIR);
  await setSettings(h, { search: { provider: 'none' }, retrieval: { sources: 'auto' } });
});
afterAll(async () => {
  await h?.close();
  if (h) expect(externalRequests(h.netLogPath)).toEqual([]);
});

describe('ranking with the shipped models', () => {
  it('runs the MiniLM cross-encoder and bi-encoder on WASM in the worker and says so', async () => {
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'Who designed the Lighthouse of Alexandria?',
    );
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('neural');
    // Isolated (COOP/COEP in the manifest), so ONNX Runtime's WASM backend may use threads.
    expect(await panel.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await panel.textContent('.retrieval-path')).toMatch(
      /MiniLM cross-encoder \(WebAssembly\)/,
    );
    expect(await panel.getAttribute('li.stage[data-stage="models"]', 'data-status')).toBe('done');
    expect(await panel.textContent('li.stage[data-stage="models"]')).toContain('wasm');
    const scores = await panel.$$eval('.quote-score', (els) => els.map((e) => e.textContent ?? ''));
    expect(scores.length).toBeGreaterThan(0);
    for (const s of scores) expect(s).toMatch(/^MiniLM \d+% · BM25/);
    await close();
  });

  it('verifies a claim with the shipped fact-checking (NLI) model in the worker', async () => {
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'The Pharos was designed by the Greek architect Sostratus of Cnidus.',
      'verify',
    );
    // The small model's weights are random, so its label means nothing; that it decided does.
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    expect(await panel.getAttribute('.verdict', 'data-method')).toBe('nli');
    expect(await panel.textContent('.verdict')).toContain(
      'Meaning checked by the fact-checking model',
    );
    await close();
  });

  it('Settings shows ranking by meaning as on, and the built-in fact-checking model as used', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const rank = '[id="retrieval.useModels"]';
    await expect.poll(() => options.isChecked(rank)).toBe(true);
    expect(await options.isDisabled(rank)).toBe(false);
    // The test build ships the small fact-checking model: always used, so the switch only says so.
    const nli = '[id="retrieval.nli"]';
    await expect.poll(() => options.isChecked(nli)).toBe(true);
    expect(await options.isDisabled(nli)).toBe(true);
    expect(await options.textContent('[id="retrieval.nli-note"]')).toBe(
      'Built into this version: always used.',
    );
    await options.close();
  });
});
