// Two builds of the extension against each other, alternating in the same minutes, for a change
// whose effect the shared machine's load would hide between two full `--only=models` runs:
//
//   tsx test/bench/models-ab.ts <extension dir A> <extension dir B> [rounds, default 3]
//
// Each directory is a bench build with the bench page (test/bench/models.ts builds one into
// .output/bench-models/chrome-mv3; a build of an older commit in a copy elsewhere is the usual A).
// Per round, A then B (B then A in odd rounds), each in a fresh Chromium: the time to load the
// cross-encoder and the bi-encoder, the first batch of 8 pairs (ONNX Runtime's first run) and
// later batches of 8 (pairs per second). Prints one JSON line per build and round, with the load
// average; writes nothing. `THREADS=<n>` sets ONNX Runtime's threads in both.

import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { extensionWorker, launchChromium } from '../support/chromium';
import { buildPairs } from './models';
import type { ModelsBenchPage } from './models-page';
import type { LoadReply, WorkerCommand } from './models-worker';
import type { ThroughputRun } from './models-throughput';

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: tsx test/bench/models-ab.ts <extension dir A> <extension dir B> [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 3);
const threads = process.env.THREADS ? Number(process.env.THREADS) : undefined;

function caller(page: Page) {
  return <T>(message: WorkerCommand) =>
    page.evaluate(
      (m) => (globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench.call(m),
      message,
    ) as Promise<T>;
}

async function measure(dir: string, pairs: Awaited<ReturnType<typeof buildPairs>>['pairs']) {
  const context = await launchChromium(dir, []);
  try {
    const base = `chrome-extension://${new URL((await extensionWorker(context)).url()).host}`;
    const page = await context.newPage();
    await page.goto(`${base}/bench/bench.html`);
    await page.waitForFunction(() => '__modelsBench' in globalThis);
    await page.evaluate(() =>
      (globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench.start(),
    );
    const call = caller(page);
    const load1 = loadavg()[0]!;
    let t0 = performance.now();
    // Both ways of naming ONNX Runtime's files, so builds from before the plain-build change
    // (one `wasmUrl`, the asyncify file) load too.
    const load = await call<LoadReply>({
      cmd: 'load',
      modelBaseUrl: `${base}/models/`,
      ortFolderUrl: `${base}/ort/`,
      ...{ wasmUrl: `${base}/ort/ort-wasm-simd-threaded.asyncify.wasm` },
      batchSize: 32,
      ...(threads ? { threads } : {}),
    });
    const loadMs = performance.now() - t0;
    t0 = performance.now();
    // One untimed call (the first run) and three timed ones: the first is the rest of the wall time.
    const first = await call<ThroughputRun>({ cmd: 'throughput', pairs, batch: 8, minPairs: 1 });
    const firstBatchMs = performance.now() - t0 - first.ms;
    const later = await call<ThroughputRun>({ cmd: 'throughput', pairs, batch: 8, minPairs: 48 });
    return {
      load1: Math.round(load1 * 10) / 10,
      loadMs: Math.round(loadMs),
      threads: load.numThreads,
      firstBatchMs: Math.round(firstBatchMs),
      b8PairsPerSec: Math.round(later.pairsPerSec * 10) / 10,
    };
  } finally {
    await context.close();
  }
}

const { pairs } = await buildPairs(64);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [dirA, dirB] : [dirB, dirA];
  for (const dir of order)
    console.log(
      JSON.stringify({ round, build: dir === dirA ? 'A' : 'B', ...(await measure(dir, pairs)) }),
    );
}
process.exit(0);
