// The embedding cache: bi-encoder vectors by model and text hash, so asking again on a page skips
// re-encoding its passages. It wraps an embedder and is only an optimisation: whatever the
// store cannot do, the wrapped embedder still answers.

import type { Embedder } from '../pipeline/ports';
import type { StoreContext } from './context';
import type { EmbeddingRecord } from './db';
import { sha256Hex } from './hash';
import type { Ledger } from './ledger';
import { isEmbeddingRow } from './records';

type Lookup = Array<Float32Array | undefined>;

/** The cache misses: each distinct key once, in the order its text first appears. */
interface Misses {
  /** Key → where its text is in `texts` (and its vector in what the embedder returns). */
  index: Map<string, number>;
  texts: string[];
}

function missesOf(texts: readonly string[], keys: readonly string[], found: Lookup): Misses {
  const misses: Misses = { index: new Map(), texts: [] };
  texts.forEach((text, i) => {
    if (found[i] === undefined && !misses.index.has(keys[i]!)) {
      misses.index.set(keys[i]!, misses.texts.length);
      misses.texts.push(text);
    }
  });
  return misses;
}

export class EmbeddingCache {
  constructor(
    private readonly ctx: StoreContext,
    private readonly ledger: Ledger,
  ) {}

  /** Wraps an embedder with this store's embedding cache. */
  wrap(embedder: Embedder): Embedder {
    return {
      modelId: embedder.modelId,
      embed: (texts, kind) => this.embed(embedder, texts, kind),
      cached: (texts) => this.cached(embedder.modelId, texts),
    };
  }

  /** Saved vectors only (a query's key, as `embed` writes it by default); never throws. */
  private async cached(
    modelId: string,
    texts: readonly string[],
  ): Promise<Array<Float32Array | undefined>> {
    try {
      const keys = await Promise.all(
        texts.map(async (text) => `${modelId}\u0000${await sha256Hex(text)}`),
      );
      return await this.lookup(keys, modelId);
    } catch {
      return texts.map(() => undefined);
    }
  }

  private async embed(
    embedder: Embedder,
    texts: readonly string[],
    kind?: 'query' | 'passage',
  ): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const { modelId } = embedder;
    // A model may read a passage with another prefix than a query (E5), so a passage's vector is
    // kept apart; a query's key is the one earlier versions wrote.
    const of = kind === 'passage' ? 'passage\u0000' : '';
    let keys: string[];
    let found: Lookup;
    try {
      keys = await Promise.all(
        texts.map(async (text) => `${modelId}\u0000${of}${await sha256Hex(text)}`),
      );
      found = await this.lookup(keys, modelId);
    } catch {
      // No hashing or no database: the cache is an optimisation, the caller needs vectors.
      return embedder.embed(texts, kind);
    }
    const misses = missesOf(texts, keys, found);
    const fresh = misses.texts.length > 0 ? await embedder.embed(misses.texts, kind) : [];
    if (fresh.length !== misses.texts.length)
      throw new Error(
        `embedder ${modelId} returned ${fresh.length} vectors for ${misses.texts.length} texts`,
      );
    if (misses.texts.length > 0) await this.save(modelId, misses, fresh);
    const hits = keys.filter((_, i) => found[i] !== undefined);
    await this.ledger.touch('embeddings', [...new Set(hits)]);
    return texts.map((_, i) => found[i] ?? fresh[misses.index.get(keys[i]!)!]!);
  }

  /** Cached vectors by key (undefined = miss). Throws when the store cannot read. */
  private async lookup(keys: string[], modelId: string): Promise<Lookup> {
    const database = await this.ctx.ready;
    if (!database) return keys.map(() => undefined);
    const rows: unknown[] = await database.embeddings.bulkGet(keys);
    const out: Lookup = [];
    for (const [i, row] of rows.entries()) {
      if (row === undefined) out.push(undefined);
      else if (isEmbeddingRow(row, modelId)) out.push(row.vector);
      else {
        await this.ledger.dropCorrupt(database, 'embeddings', keys[i]);
        out.push(undefined);
      }
    }
    return out;
  }

  private async save(modelId: string, misses: Misses, fresh: Float32Array[]): Promise<void> {
    const records: EmbeddingRecord[] = [...misses.index].map(([key, at]) => ({
      key,
      modelId,
      // A copy: a vector may be a view into one big output tensor, and structured clone would
      // store the whole buffer behind it.
      vector: new Float32Array(fresh[at]!),
    }));
    await this.ledger.write('embeddings', records);
  }
}
