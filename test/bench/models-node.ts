// The Node half of the model bench, run by test/bench/models.ts in a child process of its own so
// that its peak RSS is the models' and the pipeline's, not the orchestrator's (Playwright, model
// generation, bundling): `tsx test/bench/models-node.ts <input.json> <output.json>`.
//
// 1. Cross-encoder throughput on onnxruntime-node (the adapter with device 'cpu'), batch 1/8/32.
// 2. Peak RSS around loading + scoring (+ one batch of embeddings, as the Deduplicator does).
// 3. runPipeline on synthetic pages of N × 5,000 words, with the BM25 first stage (top 200) and
//    without it (every candidate to the cross-encoder; extrapolated from a timed sample when a
//    full run would take longer than `maxFullMs`).

import { readFileSync, writeFileSync } from 'node:fs';
import { MODEL_MANIFEST } from '../../lib/models/manifest';
import { loadModelPorts } from '../../lib/models/transformers';
import { readHtml } from '../../lib/page/node';
import type { Embedder, PairScorer } from '../../lib/pipeline/ports';
import { RETRIEVE_DEFAULTS } from '../../lib/pipeline/retrieve';
import { runPipeline } from '../../lib/ask/run';
import type { PageSnapshot } from '../../lib/pipeline/types';
import {
  measureEmbed,
  measureThroughput,
  type Pair,
  type ThroughputRun,
} from './models-throughput';
import { manifestFor } from './models-dtype';
import type { DtypeRun } from './models';
import { QUESTION, syntheticArticle } from './synthetic';

export interface NodeInput {
  modelsDir: string;
  pairs: Pair[];
  embedTexts: string[];
  batches: number[];
  minPairs: number;
  sizes: number[];
  /** A no-BM25 run predicted to take longer than this is sampled and extrapolated. */
  maxFullMs: number;
  /** Pairs actually scored in a sampled no-BM25 run. */
  samplePairs: number;
  /** Timed runs per size with BM25 (the median is kept), after one untimed run at the first size. */
  reps: number;
}

export interface RetrievalRun {
  size: number;
  words: number;
  chars: number;
  truncated: boolean;
  candidates: number;
  passages: number;
  firstStage: number;
  filtered: number;
  quotes: number;
  /** Wall time of runPipeline (page already read), milliseconds; extrapolated when `extrapolated`. */
  totalMs: number;
  splitMs: number;
  rankMs: number;
  /** Time inside the cross-encoder's `score` and pairs it scored (sampled runs: the sample). */
  crossEncoderMs: number;
  crossEncoderPairs: number;
  embedMs: number;
  embedTexts: number;
  extrapolated: boolean;
  /** Runs with BM25: how many were timed (this one is the median), and the fastest and slowest. */
  reps?: number;
  minMs?: number;
  maxMs?: number;
  /** Sampled runs: measured wall time (sample included), and the pairs the estimate stands for. */
  measuredMs?: number;
  estimatedPairs?: number;
}

export interface NodeOutput {
  device: string | undefined;
  problems: string[];
  loadMs: number;
  throughput: Array<ThroughputRun & { cpuPerWall: number }>;
  embedMs: number;
  /** The same models' fp32 files, measured after everything else (memory figures are int8's). */
  fp32: DtypeRun;
  memory: {
    baselineMB: number;
    afterLoadMB: number;
    peakMB: number;
    maxRssMB: number;
    retrievalPeakMB: number;
  };
  withBm25: RetrievalRun[];
  noBm25: RetrievalRun[];
}

const MB = 2 ** 20;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Highest RSS seen: sampled every 20 ms (ONNX Runtime runs off the event loop) and the kernel's maxRSS. */
function rssPeak() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  timer.unref();
  return {
    read: () => Math.max(peak, process.memoryUsage.rss()),
    maxRss: () => process.resourceUsage().maxRSS * 1024,
    stop: () => clearInterval(timer),
  };
}

interface Meter {
  ms: number;
  items: number;
}

function timedScorer(scorer: PairScorer, meter: Meter): PairScorer {
  return {
    modelId: scorer.modelId,
    async score(pairs) {
      const t0 = performance.now();
      const out = await scorer.score(pairs);
      meter.ms += performance.now() - t0;
      meter.items += pairs.length;
      return out;
    },
  };
}

/**
 * Scores the first `sample` pairs with the model and gives every later pair a constant score (so
 * the sample's best 70 go on to dedup, which costs the same whichever 70 they are). The time of
 * the pairs not scored is then estimated at the sample's time per pair.
 */
function sampledScorer(
  scorer: PairScorer,
  meter: Meter,
  sample: number,
  skipped: { pairs: number },
): PairScorer {
  const timed = timedScorer(scorer, meter);
  return {
    modelId: scorer.modelId,
    async score(pairs) {
      if (meter.items < sample) return timed.score(pairs);
      skipped.pairs += pairs.length;
      return new Float32Array(pairs.length).fill(-1e9);
    },
  };
}

function timedEmbedder(embedder: Embedder, meter: Meter): Embedder {
  return {
    modelId: embedder.modelId,
    async embed(texts) {
      const t0 = performance.now();
      const out = await embedder.embed(texts);
      meter.ms += performance.now() - t0;
      meter.items += texts.length;
      return out;
    },
  };
}

/** Batch 8 and one dedup batch with the fp32 files of the same models (Chromium does the same). */
async function fp32Run(input: NodeInput, log: (s: string) => void): Promise<DtypeRun> {
  const t0 = performance.now();
  const ports = await loadModelPorts({
    localModelPath: input.modelsDir,
    device: 'cpu',
    batchSize: 32,
    manifest: manifestFor(MODEL_MANIFEST, 'fp32'),
  });
  const loadMs = performance.now() - t0;
  if (!ports.filter || !ports.embedder)
    throw new Error(`fp32 models did not load: ${ports.unavailableReason}`);
  const b8 = await measureThroughput(ports.filter, input.pairs, 8, input.minPairs);
  const embedMs = await measureEmbed(ports.embedder, input.embedTexts);
  await ports.dispose();
  log(`fp32 batch 8: ${b8.pairsPerSec.toFixed(1)} pairs/s; embed ${embedMs.toFixed(0)} ms`);
  return { loadMs, b8, embedMs };
}

async function main(): Promise<void> {
  const [inputPath, outputPath] = process.argv.slice(2);
  if (!inputPath || !outputPath)
    throw new Error('usage: tsx test/bench/models-node.ts <input.json> <output.json>');
  const input = JSON.parse(readFileSync(inputPath, 'utf8')) as NodeInput;
  const log = (s: string) => console.log(`  node: ${s}`);

  const mem = rssPeak();
  const baseline = process.memoryUsage.rss();
  const t0 = performance.now();
  // batchSize 32: one ONNX Runtime call per `score` of up to 32 pairs. The pipeline below passes
  // retrieve.batchSize 16, the calls the panel's worker makes (its adapter's default batch is 16).
  const ports = await loadModelPorts({
    localModelPath: input.modelsDir,
    device: 'cpu',
    batchSize: 32,
  });
  const loadMs = performance.now() - t0;
  const afterLoad = process.memoryUsage.rss();
  if (!ports.filter || !ports.embedder)
    throw new Error(`models did not load: ${ports.unavailableReason}`);
  log(`loaded in ${loadMs.toFixed(0)} ms on ${ports.device}`);

  const throughput: NodeOutput['throughput'] = [];
  for (const batch of input.batches) {
    // CPU time over wall time: how many cores ONNX Runtime's threads kept busy (warm-up call included).
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const run = await measureThroughput(ports.filter, input.pairs, batch, input.minPairs);
    const cpu = process.cpuUsage(cpu0);
    const cpuPerWall = (cpu.user + cpu.system) / 1000 / (performance.now() - wall0);
    throughput.push({ ...run, cpuPerWall });
    log(
      `batch ${batch}: ${run.pairsPerSec.toFixed(1)} pairs/s (${run.calls} calls, CPU/wall ${cpuPerWall.toFixed(2)})`,
    );
  }
  const embedMs = await measureEmbed(ports.embedder, input.embedTexts);
  const peakModels = mem.read();
  const maxRssModels = mem.maxRss();

  const pages = new Map<number, { page: PageSnapshot; words: number }>();
  for (const size of input.sizes) {
    const article = syntheticArticle(size);
    pages.set(size, {
      page: readHtml(article.html, { url: `http://127.0.0.1/synthetic-x${size}.html` }),
      words: article.words,
    });
  }

  const runOnce = async (
    size: number,
    mode: 'bm25' | 'full' | 'sampled',
  ): Promise<RetrievalRun> => {
    const { page, words } = pages.get(size)!;
    const filterMeter: Meter = { ms: 0, items: 0 };
    const embedMeter: Meter = { ms: 0, items: 0 };
    const skipped = { pairs: 0 };
    const filter =
      mode === 'sampled'
        ? sampledScorer(ports.filter!, filterMeter, input.samplePairs, skipped)
        : timedScorer(ports.filter!, filterMeter);
    const models = {
      filter,
      embedder: timedEmbedder(ports.embedder!, embedMeter),
      device: ports.device,
    };
    // The product's bounds (BM25 first stage, pair budget) against scoring every candidate.
    const firstStageK = mode === 'bm25' ? RETRIEVE_DEFAULTS.firstStageK : Infinity;
    const maxPairs = mode === 'bm25' ? RETRIEVE_DEFAULTS.maxPairs : Infinity;
    const started = performance.now();
    const result = await runPipeline(
      { mode: 'answer', question: QUESTION, page },
      { models, retrieve: { firstStageK, maxPairs, batchSize: 16 } },
    );
    const measuredMs = performance.now() - started;
    const c = result.retrieval.counts;
    const run: RetrievalRun = {
      size,
      words,
      chars: page.textLength,
      truncated: page.truncated,
      candidates: c.candidates,
      passages: result.passageCount,
      firstStage: c.firstStage,
      filtered: c.filtered,
      quotes: c.quotes,
      totalMs: measuredMs,
      splitMs: result.timings.split ?? NaN,
      rankMs: result.timings.rank ?? NaN,
      crossEncoderMs: filterMeter.ms,
      crossEncoderPairs: filterMeter.items,
      embedMs: embedMeter.ms,
      embedTexts: embedMeter.items,
      extrapolated: false,
    };
    if (mode === 'sampled') {
      const perPair = filterMeter.ms / filterMeter.items;
      run.extrapolated = true;
      run.measuredMs = measuredMs;
      run.estimatedPairs = filterMeter.items + skipped.pairs;
      run.totalMs = measuredMs + perPair * skipped.pairs;
      run.rankMs += perPair * skipped.pairs;
    }
    return run;
  };

  // One untimed run first: ONNX Runtime meets the pipeline's batch shapes, the JIT the pipeline.
  await runOnce(input.sizes[0]!, 'bm25');
  const withBm25: RetrievalRun[] = [];
  for (const size of input.sizes) {
    const runs: RetrievalRun[] = [];
    for (let i = 0; i < input.reps; i++) runs.push(await runOnce(size, 'bm25'));
    runs.sort((a, b) => a.totalMs - b.totalMs);
    const run = {
      ...runs[Math.floor(runs.length / 2)]!,
      reps: runs.length,
      minMs: runs[0]!.totalMs,
      maxMs: runs.at(-1)!.totalMs,
    };
    withBm25.push(run);
    log(
      `x${size} with BM25: median ${run.totalMs.toFixed(0)} ms of ${runs.map((r) => r.totalMs.toFixed(0)).join(', ')}; ${run.candidates} candidates → ${run.firstStage} → ${run.filtered} → ${run.quotes}`,
    );
  }
  const noBm25: RetrievalRun[] = [];
  for (const size of input.sizes) {
    const ref = withBm25.find((r) => r.size === size)!;
    if (ref.candidates <= RETRIEVE_DEFAULTS.firstStageK) {
      // Every candidate already went to the cross-encoder: the no-BM25 run is the same run.
      noBm25.push({ ...ref, reps: 1 });
      log(
        `x${size} without BM25: same as with (${ref.candidates} candidates ≤ ${RETRIEVE_DEFAULTS.firstStageK})`,
      );
      continue;
    }
    const perPair = ref.crossEncoderMs / ref.crossEncoderPairs;
    const predicted = ref.totalMs - ref.crossEncoderMs + perPair * ref.candidates;
    const run = await runOnce(size, predicted > input.maxFullMs ? 'sampled' : 'full');
    noBm25.push(run);
    log(
      `x${size} without BM25: ${run.totalMs.toFixed(0)} ms${run.extrapolated ? ` (extrapolated from ${run.crossEncoderPairs} of ${run.estimatedPairs} pairs)` : ''}`,
    );
  }
  const retrievalPeak = Math.max(mem.read(), mem.maxRss());
  mem.stop();
  await ports.dispose();
  const fp32 = await fp32Run(input, log);

  const output: NodeOutput = {
    device: ports.device,
    problems: ports.problems.map((p) => `${p.modelId}: ${p.code} ${p.detail}`),
    loadMs,
    throughput,
    embedMs,
    fp32,
    memory: {
      baselineMB: mb(baseline),
      afterLoadMB: mb(afterLoad),
      peakMB: mb(peakModels),
      maxRssMB: mb(maxRssModels),
      retrievalPeakMB: mb(retrievalPeak),
    },
    withBm25,
    noBm25,
  };
  writeFileSync(outputPath, JSON.stringify(output, null, 2) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
