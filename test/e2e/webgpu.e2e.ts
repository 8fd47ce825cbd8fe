// The WebGPU path for real: Chromium's software adapter (SwiftShader, switched on with
// --enable-unsafe-webgpu --use-webgpu-adapter=swiftshader) gives the extension's worker a WebGPU
// device with no GPU, so ONNX Runtime Web's WebGPU execution provider runs the shipped (small,
// generated) models, and its scores are compared with the WebAssembly path's on the same question.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  TEST_MODELS_EXTENSION_DIR,
  type Harness,
} from './harness';

const SOFTWARE_WEBGPU = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];
const QUESTION = 'Who designed the Lighthouse of Alexandria?';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(TEST_MODELS_EXTENSION_DIR, [], undefined, SOFTWARE_WEBGPU);
});
afterAll(async () => {
  await h?.close();
});

async function scoresOn(device: 'webgpu' | 'wasm') {
  await setSettings(h, {
    search: { provider: 'none' },
    retrieval: { sources: 'page', device, useModels: true },
  });
  const { page, tabId } = await openFixture(h, 'demo/source.html');
  const panel = await openPanel(h, tabId);
  await panel.fill('#question', QUESTION);
  await panel.click('button[data-action="ask"]');
  // Software WebGPU is slow (about 25 s for this page here): wait longer than the usual 30 s.
  await panel.waitForSelector('article.turn[data-status="done"]', { timeout: 150_000 });
  const close = async () => {
    await panel.close();
    await page.close();
  };
  const path = (await panel.textContent('.retrieval-path')) ?? '';
  const quotes = await panel.$$eval('.quote-score', (els) => els.map((e) => e.textContent ?? ''));
  // The scripts ONNX Runtime's extra threads started on: the glue of the build that ran.
  const threads = panel
    .workers()
    .map((w) => new URL(w.url()).pathname)
    .filter((p) => p.startsWith('/ort/'));
  await close();
  return { path, quotes, threads: new Set(threads) };
}

describe('WebGPU through the software adapter', () => {
  it(
    'ranks on WebGPU and gives the same quotes and scores as WebAssembly',
    { timeout: 300_000 },
    async () => {
      const gpu = await scoresOn('webgpu');
      expect(gpu.path).toMatch(/WebGPU/);
      // WebGPU needs the asyncify build (lib/models/runtime.ts); WASM runs on the plain one.
      expect(gpu.threads).toEqual(new Set(['/ort/ort-wasm-simd-threaded.asyncify.mjs']));
      // Not from the cache: the device is part of what a cached answer must match.
      const wasm = await scoresOn('wasm');
      expect(wasm.path).toMatch(/WebAssembly/);
      expect(wasm.threads).toEqual(new Set(['/ort/ort-wasm-simd-threaded.mjs']));
      expect(gpu.quotes.length).toBeGreaterThan(0);
      // Scores are shown rounded to whole percents: float differences between the two backends
      // stay below that.
      expect(gpu.quotes).toEqual(wasm.quotes);
    },
  );
});
