// The answer bench (`npm run bench -- --only=answer`, and part of the full `npm run bench`): the
// times a user sees, in the built extension in Debian's Chromium, with ranking models of the real
// shape (MiniLM-L6, random weights: models/generate.ts --size minilm-l6, with the real MiniLM
// vocabulary from ../shared/data so inputs split into real lengths) shipped in the build.
// A synthetic article of 1× and 16× 5,000 words (test/bench/synthetic.ts) is served on 127.0.0.1,
// the panel is opened for it, and questions are asked by clicking Ask:
//
//   answer.browser.models.coldFirstAnswerMs / coldFinalAnswerMs   the first question right after
//        the panel opens (the models start loading when it opens, so part of the load is waited for)
//   answer.browser.models.firstAnswerMs   click → the first cited answer on screen (keyword path)
//   answer.browser.models.finalAnswerMs   click → the models' answer (warm: later questions)
//   answer.browser.models.preparedFinalAnswerMs   the first question on a newly opened panel after
//        PREPARED_WAIT_MS of reading (the models load and the page's passages are embedded
//        meanwhile: lib/ask/prepare.ts), with an empty cache before the panel opened (1× only)
//   answer.browser.keyword.answerMs        click → answer with ranking models off in Settings
//   …x16.*                                  the same on the 16× page
//   answer.browser.models.stages.<stage>Ms  the final answer's stage times (warm, 1×)
//
// Times are medians over WARM_QUESTIONS differently worded questions (each asked once: a repeated
// question would come from the cache). Wikidata, web search and the composer endpoint are off:
// this measures reading and ranking. Not a test: nothing here asserts a time.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import {
  clearCache,
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  type Harness,
} from '../e2e/harness';
import type { Route } from '../support/server';
import { sharedData } from '../support/shared-data';
import { renderAllMarkdown } from './models-report';
import { load1, machineMeta, mergeResults, type Figures } from './results';
import { median } from './stats';
import { syntheticArticle } from './synthetic';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../..');
const TMP = join(here, 'tmp');
const MODELS_DIR = join(TMP, 'models');
const BUILD_DIR = join(ROOT, '.output/bench-models');
const EXT_DIR = join(BUILD_DIR, 'chrome-mv3');
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SIZES = [1, 16] as const;
const WARM_QUESTIONS = 3;
/** How long the user reads before asking, in the prepared measurement. */
const PREPARED_WAIT_MS = 15_000;

/** Worded differently each time, so none is answered from the cache. */
export const QUESTIONS = [
  'When did the harbour council rebuild the northern railway bridge after the flood?',
  'Who rebuilt the railway bridge in the north of the harbour?',
  'What happened to the northern bridge after the flood of 1887?',
  'Which council decided to rebuild the harbour bridge?',
  'How long did rebuilding the northern railway bridge take?',
  'Why was the railway bridge by the harbour rebuilt?',
  'Where was the railway bridge that the flood destroyed?',
  'What did the council do about the flooded bridge?',
  'When was the flood that hit the harbour bridge?',
];

export interface Timed {
  firstMs: number | null;
  finalMs: number;
  stages: Record<string, number>;
}

/**
 * In the panel: clicks Ask and times, on the panel's clock, the first answer and the final one;
 * then reads the final answer's stage times. A string, not a function: tsx would wrap the inner
 * functions of a function in helpers that the page does not have.
 */
const TIMED_ASK = `(async () => {
  const turns = () => document.querySelectorAll('article.turn').length;
  const before = turns();
  let firstMs = null;
  const clicked = performance.now();
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const last = document.querySelector('article.turn:last-of-type');
      if (turns() <= before || !last) return;
      if (firstMs === null && last.querySelector('[data-first-answer]'))
        firstMs = performance.now() - clicked;
      if (last.getAttribute('data-status') !== 'running') {
        observer.disconnect();
        resolve(performance.now() - clicked);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  document.querySelector('button[data-action="ask"]').click();
  const finalMs = await done;
  const stages = {};
  for (const li of document.querySelectorAll('article.turn:last-of-type li.stage')) {
    const ms = /([\\d.]+) ms/.exec(li.querySelector('.stage-ms')?.textContent ?? '');
    if (ms) stages[li.getAttribute('data-stage') ?? '?'] = Number(ms[1]);
  }
  return { firstMs, finalMs, stages };
})()`;

export async function timedAsk(panel: Page, question: string): Promise<Timed> {
  await panel.fill('#question', question);
  return (await panel.evaluate(TIMED_ASK)) as Timed;
}

export function stageLine(timed: Timed): string {
  return Object.entries(timed.stages)
    .map(([stage, ms]) => `${stage} ${ms.toFixed(0)}`)
    .join(', ');
}

export async function useModels(h: Harness, on: boolean): Promise<void> {
  await setSettings(h, {
    search: { provider: 'none' },
    knowledgeGraph: { enabled: false },
    composer: { kind: 'extractive', endpoint: 'http://127.0.0.1:11434/v1', model: '' },
    retrieval: { useModels: on, sources: 'page' },
  });
}

interface SizeRun {
  cold: Timed;
  warm: Timed[];
  keyword: Timed[];
}

async function benchSize(h: Harness, size: number, log: (s: string) => void): Promise<SizeRun> {
  await useModels(h, true);
  const { page, tabId } = await openFixture(h, `${h.server.url}/bench/x${size}.html`);
  const panel = await openPanel(h, tabId);
  await panel.waitForSelector('#question');
  const questions = [...QUESTIONS];
  const cold = await timedAsk(panel, questions.shift()!);
  log(
    `${size}×: cold first ${cold.firstMs?.toFixed(0)} ms, final ${cold.finalMs.toFixed(0)} ms (${stageLine(cold)})`,
  );
  const warm: Timed[] = [];
  for (let i = 0; i < WARM_QUESTIONS; i++) warm.push(await timedAsk(panel, questions.shift()!));
  log(`${size}×: warm final ${warm.map((t) => t.finalMs.toFixed(0)).join(', ')} ms`);
  log(`${size}×: warm stages ${warm.map(stageLine).join(' | ')}`);
  await useModels(h, false);
  const keyword: Timed[] = [];
  for (let i = 0; i < WARM_QUESTIONS; i++) keyword.push(await timedAsk(panel, questions.shift()!));
  log(`${size}×: keyword ${keyword.map((t) => t.finalMs.toFixed(0)).join(', ')} ms`);
  await panel.close();
  await page.close();
  return { cold, warm, keyword };
}

/** A new panel on an empty cache, a question after PREPARED_WAIT_MS of reading. */
async function benchPrepared(h: Harness, log: (s: string) => void): Promise<Timed> {
  await clearCache(h);
  await useModels(h, true);
  const { page, tabId } = await openFixture(h, `${h.server.url}/bench/x1.html`);
  const panel = await openPanel(h, tabId);
  await panel.waitForSelector('#question');
  await panel.waitForTimeout(PREPARED_WAIT_MS);
  const prepared = await timedAsk(panel, 'Which flood destroyed the bridge by the harbour?');
  log(
    `1× after ${PREPARED_WAIT_MS} ms of reading: final ${prepared.finalMs.toFixed(0)} ms (${stageLine(prepared)})`,
  );
  await panel.close();
  await page.close();
  return prepared;
}

function figuresOf(size: number, run: SizeRun): Figures {
  const suffix = size === 1 ? '' : `.x${size}`;
  const med = (xs: Array<number | null>) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length > 0 ? Math.round(median(known)) : 'not shown';
  };
  const figures: Figures = {
    [`answer.browser.keyword.answerMs${suffix}`]: med(run.keyword.map((t) => t.finalMs)),
    [`answer.browser.models.firstAnswerMs${suffix}`]: med(run.warm.map((t) => t.firstMs)),
    [`answer.browser.models.finalAnswerMs${suffix}`]: med(run.warm.map((t) => t.finalMs)),
    [`answer.browser.models.coldFirstAnswerMs${suffix}`]: med([run.cold.firstMs]),
    [`answer.browser.models.coldFinalAnswerMs${suffix}`]: Math.round(run.cold.finalMs),
  };
  if (size === 1) {
    const stages = new Set(run.warm.flatMap((t) => Object.keys(t.stages)));
    for (const stage of stages)
      figures[`answer.browser.models.stages.${stage}Ms`] = med(
        run.warm.map((t) => t.stages[stage] ?? null),
      );
    // Where the cold question's extra time goes: the models stage is the wait for the load that
    // started when the panel opened.
    for (const [stage, ms] of Object.entries(run.cold.stages))
      figures[`answer.browser.models.coldStages.${stage}Ms`] = Math.round(ms);
  }
  return figures;
}

function buildWithModels(log: (s: string) => void): void {
  const run = (args: string[]) => execFileSync(TSX, args, { cwd: ROOT, stdio: 'inherit' });
  // The real models' vocabulary: with the generated one a question splits into three times the
  // pieces, and every pair the cross-encoder scores is longer than a real model's.
  const vocab = join(sharedData(ROOT, 'bert-base-uncased-tokenizer'), 'vocab.txt');
  if (!existsSync(vocab))
    throw new Error(`${vocab} not found: the answer bench needs ../shared/data`);
  run(['models/generate.ts', '--size', 'minilm-l6', '--dest', MODELS_DIR, '--vocab', vocab]);
  run([join(here, 'build-extension.ts'), BUILD_DIR, MODELS_DIR]);
  log(`built ${EXT_DIR} with MiniLM-L6-shaped models`);
}

export async function benchAnswer(loadAtStart = load1()): Promise<void> {
  const started = performance.now();
  const log = (s: string) =>
    console.log(`[answer ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  mkdirSync(TMP, { recursive: true });
  if (!process.argv.includes('--no-build') || !existsSync(EXT_DIR)) buildWithModels(log);
  const pages = new Map(SIZES.map((size) => [`/bench/x${size}.html`, syntheticArticle(size).html]));
  const route: Route = (req, res) => {
    const html = pages.get(req.url ?? '');
    if (html === undefined) return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
    return true;
  };
  const h = await startHarness(EXT_DIR, [route]);
  const figures: Figures = {
    'answer.browser.modelShape':
      'MiniLM-L6 cross-encoder and bi-encoder, random weights (int8), the real MiniLM vocabulary',
    'answer.browser.loadAtStart': Math.round(load1() * 100) / 100,
  };
  try {
    for (const size of SIZES)
      Object.assign(figures, figuresOf(size, await benchSize(h, size, log)));
    const prepared = await benchPrepared(h, log);
    figures['answer.browser.models.preparedFinalAnswerMs'] = Math.round(prepared.finalMs);
  } finally {
    await h.close();
  }
  figures['answer.browser.loadAtEnd'] = Math.round(load1() * 100) / 100;
  const results = mergeResults(RESULTS_JSON, figures, machineMeta(null, loadAtStart), [
    'answer.browser.',
  ]);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchAnswer().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
