// Warming the ranking models up (lib/models/warm.ts): one batch of a question's shape per ranking
// model, optional models untouched, failures swallowed, and no effect on later scores.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { loadModelPorts } from '../../lib/models/transformers';
import { WARM_DEFAULTS, warmUpRanking } from '../../lib/models/warm';
import type { Embedder, NliScorer, PairScorer } from '../../lib/pipeline/ports';

function recordingScorer(calls: Array<ReadonlyArray<readonly [string, string]>>): PairScorer {
  return {
    modelId: 'scorer',
    async score(pairs) {
      calls.push(pairs);
      return new Float32Array(pairs.length);
    },
  };
}

function recordingEmbedder(calls: Array<readonly string[]>): Embedder {
  return {
    modelId: 'embedder',
    async embed(texts) {
      calls.push(texts);
      return texts.map(() => new Float32Array(4));
    },
  };
}

describe('warmUpRanking', () => {
  it('runs the filter on one batch of question–passage pairs and the embedder on one batch', async () => {
    const scored: Array<ReadonlyArray<readonly [string, string]>> = [];
    const embedded: Array<readonly string[]> = [];
    await warmUpRanking({ filter: recordingScorer(scored), embedder: recordingEmbedder(embedded) });
    expect(scored).toHaveLength(1);
    expect(scored[0]).toHaveLength(WARM_DEFAULTS.batch);
    expect(scored[0]![0]).toEqual([WARM_DEFAULTS.question, WARM_DEFAULTS.passage]);
    expect(embedded).toEqual([Array(WARM_DEFAULTS.batch).fill(WARM_DEFAULTS.passage)]);
  });

  it('has a passage of about a quote’s length (≥ 100 words), so the buffers fit a question’s batches', () => {
    expect(WARM_DEFAULTS.passage.split(/\s+/).length).toBeGreaterThanOrEqual(100);
  });

  it('leaves the optional models alone', async () => {
    let classified = 0;
    const nli: NliScorer = {
      modelId: 'nli',
      async classify(pairs) {
        classified += pairs.length;
        return [];
      },
    };
    const ports = { embedder: recordingEmbedder([]), nli };
    await warmUpRanking(ports);
    expect(classified).toBe(0);
  });

  it('stops before the next model once stop() says a question has started', async () => {
    const scored: Array<ReadonlyArray<readonly [string, string]>> = [];
    const embedded: Array<readonly string[]> = [];
    let questionStarted = false;
    const filter: PairScorer = {
      modelId: 'scorer',
      async score(pairs) {
        scored.push(pairs);
        questionStarted = true;
        return new Float32Array(pairs.length);
      },
    };
    await warmUpRanking(
      { filter, embedder: recordingEmbedder(embedded) },
      { stop: () => questionStarted },
    );
    expect(scored).toHaveLength(1);
    expect(embedded).toEqual([]);
    await warmUpRanking(
      { filter: recordingScorer(scored), embedder: recordingEmbedder(embedded) },
      { stop: () => true },
    );
    expect(scored).toHaveLength(1);
    expect(embedded).toEqual([]);
  });

  it('resolves when a model fails: the question that needs it reports the failure', async () => {
    const embedded: Array<readonly string[]> = [];
    const failing: PairScorer = {
      modelId: 'broken',
      score: () => Promise.reject(new Error('session lost')),
    };
    await expect(
      warmUpRanking({ filter: failing, embedder: recordingEmbedder(embedded) }),
    ).resolves.toBeUndefined();
    expect(embedded).toHaveLength(1);
  });
});

describe('warmUpRanking on generated tiny models', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('changes no later score or vector (the warm-up output is thrown away)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'models-warm-'));
    const models = join(dir, 'models');
    await generateModels({ size: 'tiny', dest: models });
    const pairs = [
      ['who built the lighthouse?', 'the lighthouse was built by sostratus'],
      ['who built the lighthouse?', 'paris is the capital of france'],
    ] as const;
    const cold = await loadModelPorts({ localModelPath: models, device: 'cpu' });
    const warm = await loadModelPorts({ localModelPath: models, device: 'cpu' });
    try {
      await warmUpRanking(warm);
      expect(Array.from(await warm.filter!.score(pairs))).toEqual(
        Array.from(await cold.filter!.score(pairs)),
      );
      const texts = pairs.map(([, passage]) => passage);
      const [a, b] = [await warm.embedder!.embed(texts), await cold.embedder!.embed(texts)];
      expect(a.map((v) => Array.from(v))).toEqual(b.map((v) => Array.from(v)));
    } finally {
      await Promise.all([cold.dispose(), warm.dispose()]);
    }
  }, 30_000);
});
