// The extension with (small, generated) ONNX models shipped: transformers.js + onnxruntime-web
// (WASM; headless Chromium has no WebGPU adapter) inside the panel's worker. Every request is
// logged by Chromium; none may leave 127.0.0.1 (no CDN, no model hub).

import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAnswerSpan } from '../../lib/pipeline/answer-span';
import { loadModelPorts } from '../../lib/models/transformers';
import {
  ask,
  askAbout,
  externalRequests,
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  TEST_MODELS_EXTENSION_DIR,
  type Harness,
} from './harness';

let h: Harness;

/** Scripts of the panel's Workers that ONNX Runtime started as its extra threads (from `ort/`). */
function ortThreadScripts(panel: Page): string[] {
  return panel
    .workers()
    .map((w) => new URL(w.url()).pathname)
    .filter((path) => path.startsWith('/ort/'));
}

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
    // And they run, on the plain WebAssembly build (lib/models/runtime.ts): its extra threads are
    // Workers started on that build's glue script, not the asyncify build's, nor the pipeline's.
    const threads = ortThreadScripts(panel);
    expect(threads.length).toBeGreaterThan(0);
    expect(new Set(threads)).toEqual(new Set(['/ort/ort-wasm-simd-threaded.mjs']));
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

  it('ranks a French page with the shipped multilingual pair, an English one with MiniLM, and says which', async () => {
    const french = await askAbout(h, 'phare-fr/source.html', "Qui a conçu le phare d'Alexandrie ?");
    expect(await french.panel.getAttribute('.retrieval', 'data-path')).toBe('neural');
    expect(await french.panel.getAttribute('.retrieval', 'data-multilingual')).toBe('true');
    expect(await french.panel.textContent('.retrieval-path')).toMatch(
      /multilingual cross-encoder \(mMARCO MiniLM\) and multilingual E5 \(WebAssembly\)/,
    );
    expect(await french.panel.textContent('.retrieval')).not.toMatch(/would rank it better/);
    await french.close();
    const english = await askAbout(h, 'demo/source.html', 'Who built the lighthouse?');
    expect(await english.panel.getAttribute('.retrieval', 'data-multilingual')).toBeNull();
    expect(await english.panel.textContent('.retrieval-path')).toMatch(
      /^Ranked by the MiniLM cross-encoder \(WebAssembly\)/,
    );
    await english.close();
  });

  it('shows the keyword answer first, then the models answer in its place', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    // Records whether a first answer was ever on screen, and what it said.
    await panel.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { firstAnswers: string[] }).firstAnswers = seen;
      new MutationObserver(() => {
        const first = document.querySelector('[data-first-answer]');
        if (first && seen.length === 0) seen.push(first.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Not asked before in this browser: a cached answer is shown at once, with no first answer.
    await ask(panel, 'When was the lighthouse finished?');
    const firstAnswers = await panel.evaluate(
      () => (window as unknown as { firstAnswers: string[] }).firstAnswers,
    );
    expect(firstAnswers).toHaveLength(1);
    expect(firstAnswers[0]).toContain('First answer, found by keywords');
    expect(firstAnswers[0]).toContain('280 BC');
    // The final answer replaced it: ranked by the models, nothing marked as first any more.
    expect(await panel.$('[data-first-answer]')).toBeNull();
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('neural');
    await panel.close();
    await page.close();
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

  it('Settings shows ranking by meaning as on, and the built-in fact-checking and multilingual models as used', async () => {
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
    // The multilingual pair likewise (the test build ships its stand-ins).
    const multilingual = '[id="retrieval.multilingual"]';
    await expect.poll(() => options.isChecked(multilingual)).toBe(true);
    expect(await options.isDisabled(multilingual)).toBe(true);
    expect(await options.textContent('[id="retrieval.multilingual-note"]')).toBe(
      'Built into this version: always used.',
    );
    await options.close();
  });
});

describe('the exact answer with the shipped extractive-QA model', () => {
  // The files the test build shipped (package.json's test:e2e generates them here first).
  const MODELS_DIR = resolve(import.meta.dirname, '../tmp/models');
  const READER_ID = 'Xenova/distilbert-base-cased-distilled-squad';

  it('marks the span the model gives inside the cited quote, in the panel and on the page', async () => {
    // Keyword ranking, as a new user has it without ranking models: the exact-answer model ranks
    // nothing and is used whenever installed.
    await setSettings(h, { retrieval: { useModels: false } });
    try {
      const question = 'When did Ibn Battuta visit Alexandria?';
      const { page, panel, close } = await askAbout(h, 'demo/source.html', question);
      const marked = await panel.$$eval('li.quote.quote-cited', (items) =>
        items.flatMap((li) => {
          const mark = li.querySelector('mark.answer-span[data-by]');
          const text = li.querySelector('.quote-text')?.textContent ?? '';
          return mark
            ? [{ text, phrase: mark.textContent ?? '', by: mark.getAttribute('data-by') }]
            : [];
        }),
      );
      expect(marked.length).toBeGreaterThan(0);
      // The same model in Node, on the same question and quote, gives the same span: the panel
      // shows the model's answer, not the patterns' ("1326" for a "when" question).
      const ports = await loadModelPorts({
        localModelPath: MODELS_DIR,
        device: 'cpu',
        roles: ['extractive-qa'],
      });
      try {
        for (const { text, phrase, by } of marked) {
          expect(by).toBe(READER_ID);
          const [span] = await ports.reader!.read(question, [text]);
          expect(span).toBeDefined();
          expect(phrase).toBe(text.slice(span!.start, span!.end));
          const rules = findAnswerSpan(question, text);
          expect(phrase).not.toBe(rules ? text.slice(rules.start, rules.end) : '');
        }
      } finally {
        await ports.dispose();
      }
      // The page draws the answer phrase strongest: the model's span is among those ranges.
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              [...(CSS.highlights.get('answer-panel-answer') ?? [])].map((r) =>
                (r as Range).toString(),
              ),
            ),
          { timeout: 10_000 },
        )
        .toEqual(expect.arrayContaining(marked.map((m) => m.phrase)));
      await close();
    } finally {
      await setSettings(h, { retrieval: { useModels: true } });
    }
  });

  it('where the model is not confident, the patterns mark the answer (no model named)', async () => {
    await setSettings(h, { retrieval: { useModels: false } });
    try {
      const { panel, close } = await askAbout(
        h,
        'demo/source.html',
        'When was the lighthouse finished?',
      );
      const marks = await panel.$$eval('li.quote.quote-cited mark.answer-span', (els) =>
        els.map((e) => [e.textContent, e.getAttribute('data-by')]),
      );
      expect(marks).toContainEqual(['280 BC', null]);
      await close();
    } finally {
      await setSettings(h, { retrieval: { useModels: true } });
    }
  });

  it('Settings shows the built-in exact-answer model as used', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    const exact = '[id="retrieval.exactAnswer"]';
    await expect.poll(() => options.isChecked(exact)).toBe(true);
    expect(await options.isDisabled(exact)).toBe(true);
    expect(await options.textContent('[id="retrieval.exactAnswer-note"]')).toBe(
      'Built into this version: always used.',
    );
    await options.close();
  });
});
