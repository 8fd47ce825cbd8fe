// The cross-encoder's pair order: BM25's, fused with the bi-encoder's once the page's passages
// have saved vectors (lib/pipeline/hybrid.ts).
import { describe, expect, it } from 'vitest';
import { withDenseOrder } from '../../lib/pipeline/hybrid';
import type { Embedder } from '../../lib/pipeline/ports';
import type { Scored } from '../../lib/pipeline/retrieve';

const QUESTION = 'who paid for the new harbour wall';
// A passage that answers in other words ("funded", "sea defences") ranks last by BM25.
const TEXTS = [
  'the harbour wall was painted blue and the harbour cafe reopened',
  'new benches line the harbour path near the old wall',
  'the ferry timetable for the harbour changes in spring',
  'the county council funded the sea defences built last year',
];
const VECTORS: Record<string, number[]> = {
  [QUESTION]: [1, 0, 0],
  [TEXTS[0]!]: [0.2, 1, 0],
  [TEXTS[1]!]: [0.1, 0, 1],
  [TEXTS[2]!]: [0, 1, 1],
  [TEXTS[3]!]: [1, 0.1, 0],
};

const items: Scored[] = TEXTS.map((text, i) => ({
  candidate: {
    id: `s0.b${i}.0`,
    text,
    tokens: 12,
    blockIndex: i,
    endBlockIndex: i,
    kind: 'paragraph',
    origin: 'splitter',
    sourceIndex: 0,
  },
  bm25: 4 - i,
  coverage: 1,
}));

/** An embedder whose saved vectors are those of `saved`; it records what it is asked to embed. */
function savedEmbedder(saved: readonly string[], embedded: string[] = []): Embedder {
  return {
    modelId: 'fake/bi-encoder',
    async embed(texts) {
      embedded.push(...texts);
      return texts.map((t) => Float32Array.from(VECTORS[t]!));
    },
    async cached(texts) {
      return texts.map((t) => (saved.includes(t) ? Float32Array.from(VECTORS[t]!) : undefined));
    },
  };
}

const order = (scored: readonly Scored[]) => scored.map((s) => TEXTS.indexOf(s.candidate.text));

describe('withDenseOrder', () => {
  it('moves a passage the question matches in meaning ahead of word matches, once every passage is embedded', async () => {
    const embedded: string[] = [];
    const ordered = await withDenseOrder(QUESTION, items, savedEmbedder(TEXTS, embedded));
    // Fused ranks: the last by BM25 is first by cosine, so it comes before the third and fourth.
    expect(order(ordered)).toEqual([0, 3, 1, 2]);
    expect(embedded).toEqual([QUESTION]);
  });

  it('keeps BM25 order, embedding nothing, while the page is still being embedded or nothing is saved', async () => {
    const embedded: string[] = [];
    const partly = await withDenseOrder(
      QUESTION,
      items,
      savedEmbedder(TEXTS.slice(0, 3), embedded),
    );
    expect(order(partly)).toEqual([0, 1, 2, 3]);
    expect(embedded).toEqual([]);
    const bare: Embedder = { modelId: 'bare', embed: savedEmbedder(TEXTS).embed };
    expect(order(await withDenseOrder(QUESTION, items, bare))).toEqual([0, 1, 2, 3]);
    expect(order(await withDenseOrder(QUESTION, items, undefined))).toEqual([0, 1, 2, 3]);
  });
});
