// Cross-encoder throughput: the same loop in Node (onnxruntime-node, test/bench/models-node.ts) and
// in the built extension's Web Worker (onnxruntime-web WASM, test/bench/models-worker.ts), so both
// runtimes time exactly the same calls of `PairScorer.score` from lib/models/transformers.ts.
// No Node or DOM imports: this file is bundled for the browser.

import type { Embedder, PairScorer } from '../../lib/pipeline/ports';
import { median } from './stats';

export type Pair = readonly [query: string, passage: string];

export interface ThroughputRun {
  batch: number;
  /** Timed `score` calls (after `warmup` untimed ones). */
  calls: number;
  pairs: number;
  /** Sum of the timed calls, milliseconds. */
  ms: number;
  pairsPerSec: number;
  /** Median of the timed calls, milliseconds. */
  medianCallMs: number;
}

/** Timed calls for a batch size: at least `minPairs` pairs and at least 3 calls. */
export function callsFor(batch: number, minPairs: number): number {
  return Math.max(3, Math.ceil(minPairs / batch));
}

/**
 * `score` over `batch` pairs at a time, cycling through `pairs` (all distinct, so nothing is
 * cached anywhere). One untimed call first: ONNX Runtime allocates buffers for a new shape.
 */
export async function measureThroughput(
  scorer: PairScorer,
  pairs: readonly Pair[],
  batch: number,
  minPairs: number,
  warmup = 1,
): Promise<ThroughputRun> {
  let next = 0;
  const take = (): Pair[] => {
    const out: Pair[] = [];
    for (let i = 0; i < batch; i++) out.push(pairs[next++ % pairs.length]!);
    return out;
  };
  for (let i = 0; i < warmup; i++) await scorer.score(take());
  const calls = callsFor(batch, minPairs);
  const callMs: number[] = [];
  for (let i = 0; i < calls; i++) {
    const input = take();
    const t0 = performance.now();
    const scores = await scorer.score(input);
    callMs.push(performance.now() - t0);
    if (scores.length !== batch)
      throw new Error(`${scorer.modelId} returned ${scores.length} scores for ${batch} pairs`);
  }
  const ms = callMs.reduce((a, b) => a + b, 0);
  return {
    batch,
    calls,
    pairs: calls * batch,
    ms,
    pairsPerSec: (calls * batch) / (ms / 1000),
    medianCallMs: median(callMs),
  };
}

/** What the worker does after scoring (the Deduplicator): one batch of embeddings; milliseconds. */
export async function measureEmbed(embedder: Embedder, texts: readonly string[]): Promise<number> {
  const t0 = performance.now();
  const vectors = await embedder.embed(texts);
  if (vectors.length !== texts.length)
    throw new Error(
      `${embedder.modelId} returned ${vectors.length} vectors for ${texts.length} texts`,
    );
  return performance.now() - t0;
}
