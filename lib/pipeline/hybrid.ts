// Which passages the cross-encoder scores, within its pair budget: BM25's order, fused with the
// bi-encoder's where the page's passages are already embedded (embedding ahead, lib/ask/prepare.ts).
// BM25 alone misses a passage that says the question's thing in other words; the bi-encoder's
// cosine finds it. Reciprocal rank fusion (the sum of 1 / (k + rank) over the two orders) needs no
// calibration between a BM25 score and a cosine. The fusion only decides the order in which pairs
// are scored: the cross-encoder still decides the ranking.

import { cosine } from '../core/vector';
import type { Embedder } from './ports';
import type { Scored } from './retrieve';

export const HYBRID_DEFAULTS = {
  /** The usual constant of reciprocal rank fusion: ranks far down either list weigh little. */
  k: 60,
  /**
   * Share of the candidates that must already have a vector. Below it the page is still being
   * embedded, and a passage without a vector would lose its place only for that reason.
   */
  minCachedShare: 0.9,
};

/**
 * `items` (in BM25 order) reordered by BM25 fused with the question's cosine to each item's saved
 * vector. Unchanged when the embedder keeps no saved vectors or too few of them are saved; the
 * question is embedded only when they are.
 */
export async function withDenseOrder(
  question: string,
  items: readonly Scored[],
  embedder: Embedder | undefined,
  { k, minCachedShare } = HYBRID_DEFAULTS,
): Promise<Scored[]> {
  if (!embedder?.cached || items.length === 0) return [...items];
  const vectors = await embedder.cached(items.map((item) => item.candidate.text));
  const saved = vectors.filter((v) => v !== undefined).length;
  if (saved < minCachedShare * items.length) return [...items];
  const [q] = await embedder.embed([question]);
  if (!q) return [...items];
  const similarity = vectors.map((v) => (v ? cosine(q, v) : -Infinity));
  const byDense = items.map((_, i) => i).sort((a, b) => similarity[b]! - similarity[a]!);
  const denseRank = new Map(byDense.map((index, rank) => [index, rank]));
  const fused = items.map((_, i) => 1 / (k + i + 1) + 1 / (k + denseRank.get(i)! + 1));
  return items
    .map((_, i) => i)
    .sort((a, b) => fused[b]! - fused[a]! || a - b)
    .map((i) => items[i]!);
}
