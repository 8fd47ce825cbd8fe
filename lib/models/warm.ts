// Warming loaded models up before the first question. The first runs of an ONNX Runtime session in
// the browser are several times slower than later ones (the bench logged 2.4 s for the bi-encoder's
// first batch of 4, 0.2–0.3 s for later ones): the WebAssembly engine first runs its quickly
// compiled code and optimises the hot kernels while they run, and the runtime sizes its buffers at
// the first inputs of a shape. One small batch of the shape a question uses, run while the user
// reads or types, moves that cost out of the first answer. On the plain WebAssembly build
// (lib/models/runtime.ts) one run settles it; the asyncify build took three (README, `--only=answer`).
// The scores and vectors are thrown away: nothing here reaches a cache or an answer.

import type { ModelPorts } from '../pipeline/ports';

export const WARM_DEFAULTS = {
  /** Pairs (and texts) in the warm-up batch: half a ranking batch, the shape of a question's batches. */
  batch: 8,
  /**
   * 140 words, more word pieces than the 128 the cross-encoder keeps of a quote, so its buffers
   * sized now fit a question's longest pairs (the bi-encoder reads up to its own limit). Any
   * words do; only the shape matters.
   */
  passage: Array.from(
    { length: 10 },
    (_, i) => `The council rebuilt bridge number ${i} by the harbour after the long winter flood.`,
  ).join(' '),
  question: 'When was the bridge by the harbour rebuilt after the flood?',
};

/**
 * Runs the ranking models once each: the cross-encoder filter on `batch` pairs, then the
 * bi-encoder on `batch` texts (only these two rank every question; the optional models are not
 * touched). `stop()` is asked before each model: once a question has started, warming up would
 * only delay it. Resolves when done or stopped; a failure is left to the question that needs the
 * model to report.
 */
export async function warmUpRanking(
  ports: Pick<ModelPorts, 'filter' | 'embedder'>,
  options: Partial<typeof WARM_DEFAULTS> & { stop?: () => boolean } = {},
): Promise<void> {
  const { batch, passage, question, stop = () => false } = { ...WARM_DEFAULTS, ...options };
  if (ports.filter && !stop())
    await ports.filter
      .score(Array.from({ length: batch }, () => [question, passage] as const))
      .catch(() => undefined);
  if (ports.embedder && !stop())
    await ports.embedder.embed(Array.from({ length: batch }, () => passage)).catch(() => undefined);
}
