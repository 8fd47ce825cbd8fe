// Stage logic of retrieve-and-rerank with fake models whose scores are known exactly.
import { describe, expect, it } from 'vitest';
import type { Embedder, PairScorer } from '../../lib/pipeline/ports';
import {
  cosine,
  dedupByEmbedding,
  dedupLexically,
  firstStage,
  rerankAndDedup,
  RETRIEVE_DEFAULTS,
  type Scored,
} from '../../lib/pipeline/retrieve';
import type { Candidate } from '../../lib/pipeline/types';

function candidate(
  i: number,
  text = `passage number ${i} about lighthouses and harbours`,
  tokens = 12,
): Candidate {
  return {
    id: `s0.b${i}.0`,
    text,
    tokens,
    blockIndex: i,
    endBlockIndex: i,
    kind: 'paragraph',
    origin: 'splitter',
    sourceIndex: 0,
  };
}
const scored = (c: Candidate, bm25 = 1): Scored => ({ candidate: c, bm25, coverage: 1 });

/** Scores a pair by the number written in the passage ("passage number 17" → 17). */
function numberScorer(log: number[] = []): PairScorer {
  return {
    modelId: 'fake/cross-encoder',
    async score(pairs) {
      log.push(pairs.length);
      return Float32Array.from(pairs, ([, p]) => Number(/number (\d+)/.exec(p)?.[1] ?? 0));
    },
  };
}

/** A 100-dimensional unit vector along axis `n`: passages that share nothing. */
function oneHot(n: number): number[] {
  return Array.from({ length: 100 }, (_, i) => (i === n ? 1 : 0));
}

/** Embeds a text as a fixed vector chosen by its first word, so cosines are exact. */
function tableEmbedder(vectors: Record<string, number[]>): Embedder {
  return {
    modelId: 'fake/bi-encoder',
    async embed(texts) {
      return texts.map((t) => Float32Array.from(vectors[t.split(' ')[0]!]!));
    },
  };
}

describe('firstStage (BM25)', () => {
  it('keeps the best k candidates', () => {
    const all = [
      candidate(0, 'nothing relevant here at all today'),
      candidate(1, 'the lighthouse of alexandria was tall'),
      candidate(2, 'lighthouse'),
    ];
    const kept = firstStage('lighthouse alexandria', all, 2);
    expect(kept.map((k) => k.candidate.id)).toEqual(['s0.b1.0', 's0.b2.0']);
  });
});

describe('rerankAndDedup', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => scored(candidate(i)));

  it('keeps the cross-encoder’s best 70 (EWEK-QA filter) and scores in batches', async () => {
    const batches: number[] = [];
    const outcome = await rerankAndDedup(
      'q',
      hundred,
      { filter: numberScorer(batches) },
      { topK: 100, dedupThreshold: 1.01, maxPairs: 100, batchSize: 32 },
    );
    expect(RETRIEVE_DEFAULTS.filterK).toBe(70);
    expect(outcome.counts).toEqual({ firstStage: 100, filtered: 70, deduplicated: 70 });
    expect(outcome.ranked.map((r) => r.filter)).toEqual(
      Array.from({ length: 70 }, (_, i) => 99 - i),
    );
    expect(batches).toEqual([32, 32, 32, 4]);
    expect(outcome.path).toBe('neural');
  });

  it('returns the top 5 by default', async () => {
    const outcome = await rerankAndDedup(
      'q',
      hundred,
      { filter: numberScorer() },
      { maxPairs: 100 },
    );
    expect(outcome.ranked.map((r) => r.filter)).toEqual([99, 98, 97, 96, 95]);
  });

  it('scores at most maxPairs pairs, in BM25 order, and drops what it did not score', async () => {
    const batches: number[] = [];
    // BM25 order is the reverse of the passages' numbers: the best-scored come first.
    const byBm25 = hundred.map((item, i) => ({ ...item, bm25: 100 - i }));
    const outcome = await rerankAndDedup(
      'q',
      byBm25,
      { filter: numberScorer(batches) },
      {
        maxPairs: 40,
        batchSize: 16,
        topK: 100,
        dedupThreshold: 1.01,
      },
    );
    expect(batches).toEqual([16, 16, 8]);
    expect(outcome.counts.filtered).toBe(40);
    expect(outcome.ranked.map((r) => r.filter)).toEqual(
      Array.from({ length: 40 }, (_, i) => 39 - i),
    );
  });

  it('stops scoring once a batch leaves the top 5 unchanged', async () => {
    const batches: number[] = [];
    // Passages 99…90 first in BM25 order: the second batch of 16 cannot beat the first.
    const byBm25 = hundred.map((item, i) => ({ ...item, bm25: i }));
    const outcome = await rerankAndDedup('q', byBm25, { filter: numberScorer(batches) });
    expect(batches).toEqual([16, 16]);
    expect(outcome.ranked.map((r) => r.filter)).toEqual([99, 98, 97, 96, 95]);
  });

  it('scores a text that appears twice once, and gives both items its score', async () => {
    const batches: number[] = [];
    const twins = [
      scored(candidate(1, 'passage number 7')),
      {
        ...scored(candidate(2, 'passage number 7')),
        candidate: { ...candidate(2, 'passage number 7'), id: 'w' },
      },
      scored(candidate(3, 'passage number 3')),
    ];
    const outcome = await rerankAndDedup(
      'q',
      twins,
      { filter: numberScorer(batches) },
      {
        dedupThreshold: 1.01,
      },
    );
    expect(batches).toEqual([2]);
    expect(outcome.ranked.map((r) => r.filter)).toEqual([7, 7, 3]);
  });

  it('stops embedding once the top 5 distinct quotes are kept, keeping what embedding all keeps', async () => {
    const embedded: number[] = [];
    // Passage n points along axis n, except 98, a near-copy of 99 (dropped as a duplicate).
    const embedder: Embedder = {
      modelId: 'fake/bi-encoder',
      async embed(texts) {
        embedded.push(texts.length);
        return texts.map((t) => {
          const n = Number(/number (\d+)/.exec(t)![1]);
          return Float32Array.from(oneHot(n === 98 ? 99 : n));
        });
      },
    };
    const models = { filter: numberScorer(), embedder };
    const some = await rerankAndDedup('q', hundred, models, { maxPairs: 100 });
    // Five places: 99..95 embedded, 98 is a copy, so one more (94) for the last place.
    expect(embedded).toEqual([5, 1]);
    // Every one of the filter's 70 embedded, no limit on what is kept: the same first five.
    const byFilter = [...hundred]
      .map((item) => ({ ...item, filter: Number(/number (\d+)/.exec(item.candidate.text)![1]) }))
      .sort((a, b) => b.filter - a.filter)
      .slice(0, 70);
    const all = await dedupByEmbedding(embedder, byFilter, RETRIEVE_DEFAULTS.dedupThreshold);
    expect(embedded).toEqual([5, 1, 70]);
    expect(some.ranked.map((r) => r.filter)).toEqual([99, 97, 96, 95, 94]);
    expect(all.slice(0, 5).map((r) => r.filter)).toEqual([99, 97, 96, 95, 94]);
  });

  it('embeds at most 16 candidates; past them, near-copies are told apart by their words', async () => {
    const embedded: number[] = [];
    // Every vector the same (as a randomly initialised bi-encoder nearly gives): all are copies.
    const embedder: Embedder = {
      modelId: 'fake/bi-encoder',
      async embed(texts) {
        embedded.push(texts.length);
        return texts.map(() => Float32Array.from(oneHot(0)));
      },
    };
    // Candidate 81 repeats 82's words: a near-copy by words too, so it is left out.
    const items = hundred.map((item, i) =>
      i === 81 ? scored(candidate(81, 'passage number 82')) : item,
    );
    const outcome = await rerankAndDedup(
      'q',
      items,
      { filter: numberScorer(), embedder },
      {
        maxPairs: 100,
      },
    );
    // One kept of the first five, then four places left each time: 16 embedded in all.
    expect(embedded).toEqual([5, 4, 4, 3]);
    expect(outcome.ranked.map((r) => r.filter)).toEqual([99, 83, 82, 80, 79]);
  });

  it('reorders with the optional reranker only when enabled', async () => {
    const reverse: PairScorer = {
      modelId: 'fake/reranker',
      score: async (pairs) =>
        Float32Array.from(pairs, ([, p]) => -Number(/number (\d+)/.exec(p)![1])),
    };
    const off = await rerankAndDedup(
      'q',
      hundred,
      { filter: numberScorer(), reranker: reverse },
      { maxPairs: 100 },
    );
    expect(off.ranked[0]!.filter).toBe(99);
    const on = await rerankAndDedup(
      'q',
      hundred,
      { filter: numberScorer(), reranker: reverse },
      { rerank: true, maxPairs: 100 },
    );
    expect(on.ranked.map((r) => r.filter)).toEqual([30, 31, 32, 33, 34]);
  });

  it('drops a quote whose cosine to a better-ranked one exceeds 0.9, keeps one at exactly 0.9', async () => {
    const items = [
      scored(candidate(9, 'a passage number 9')),
      scored(candidate(8, 'b passage number 8')),
      scored(candidate(7, 'c passage number 7')),
      scored(candidate(6, 'd passage number 6')),
    ];
    // b·a = 0.95 (dropped), c·a = 0.9 exactly (kept: the paper removes only > 0.9), d orthogonal.
    const embedder = tableEmbedder({
      a: [1, 0, 0],
      b: [0.95, Math.sqrt(1 - 0.95 ** 2), 0],
      c: [0.9, 0, Math.sqrt(1 - 0.81)],
      d: [0, 1, 0],
    });
    expect(
      cosine(Float32Array.from([1, 0, 0]), Float32Array.from([0.9, 0, Math.sqrt(1 - 0.81)])),
    ).toBeCloseTo(0.9, 6);
    const outcome = await rerankAndDedup('q', items, { filter: numberScorer(), embedder });
    expect(outcome.ranked.map((r) => r.candidate.text[0])).toEqual(['a', 'c', 'd']);
  });

  it('never passes a quote over 128 tokens to the composer', async () => {
    const items = [
      scored(candidate(50, 'passage number 50', 129)),
      scored(candidate(40, 'passage number 40', 128)),
    ];
    const outcome = await rerankAndDedup('q', items, { filter: numberScorer() });
    expect(outcome.ranked.map((r) => r.candidate.tokens)).toEqual([128]);
  });

  it('falls back to BM25 order and lexical dedup without models, and says so', async () => {
    const items = [
      scored(candidate(1, 'the tower was built of limestone and granite blocks'), 3),
      scored(candidate(2, 'the tower was built of limestone and granite blocks with lead'), 5),
      scored(candidate(3, 'a fire burned at the summit every night'), 1),
      scored(candidate(4, 'sailors saw the light from far out at sea on clear nights'), 0),
    ];
    const outcome = await rerankAndDedup('q', items, {});
    expect(outcome.path).toBe('keyword');
    // Candidate 1, a near-duplicate of 2, is dropped as a match, and does not come back as filler
    // either. With fewer matches than topK, candidate 4 (no word of the question) fills in as a
    // weak fallback, marked so no composer answers from it.
    expect(outcome.ranked.map((r) => r.candidate.id)).toEqual(['s0.b2.0', 's0.b3.0', 's0.b4.0']);
    expect(outcome.ranked.map((r) => Boolean(r.weak))).toEqual([false, false, true]);
    expect(outcome.ranked.every((r) => r.filter === undefined)).toBe(true);
  });
});

describe('dedupLexically', () => {
  it('keeps texts that share less than 90% of the shorter one’s terms', () => {
    const items = [
      scored(candidate(1, 'alpha beta gamma delta epsilon zeta eta theta iota kappa')),
      scored(candidate(2, 'alpha beta gamma delta epsilon zeta eta theta iota lambda')),
      scored(candidate(3, 'alpha beta gamma delta epsilon zeta eta theta mu nu')),
    ];
    // Candidate 2 shares 9 of 10 terms (0.9, kept); candidate 3 shares 8 of 10.
    expect(dedupLexically(items, 0.9).map((r) => r.candidate.id)).toEqual([
      's0.b1.0',
      's0.b2.0',
      's0.b3.0',
    ]);
    expect(dedupLexically(items, 0.85).map((r) => r.candidate.id)).toEqual(['s0.b1.0', 's0.b3.0']);
  });
});
