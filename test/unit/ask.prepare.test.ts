// Embedding a page's passages before the question (lib/ask/prepare.ts): what is embedded, that it
// stops when a question starts, and that a question asked afterwards embeds nothing new for its
// dedup step because every vector it needs is in the cache.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../lib/ask/run';
import {
  AheadProgress,
  embedAhead,
  embedderForPage,
  PREPARE_DEFAULTS,
  textsToPrepare,
} from '../../lib/ask/prepare';
import { openStore } from '../../lib/cache/store';
import type { Embedder, PairScorer } from '../../lib/pipeline/ports';
import { RETRIEVE_DEFAULTS } from '../../lib/pipeline/retrieve';
import type { PageSnapshot } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';

const demo = readFixture('demo');
const QUESTION = 'Who designed the Lighthouse of Alexandria?';

/** Records every text it embeds; a one-hot vector per distinct text, so nothing is a duplicate. */
function countingEmbedder(): Embedder & { embedded: string[] } {
  const slots = new Map<string, number>();
  const embedded: string[] = [];
  return {
    modelId: 'counting',
    embedded,
    async embed(texts) {
      embedded.push(...texts);
      return texts.map((text) => {
        if (!slots.has(text)) slots.set(text, slots.size);
        const vector = new Float32Array(1024);
        vector[slots.get(text)! % 1024] = 1;
        return vector;
      });
    },
  };
}

/** Scores a pair by the question words the passage contains. */
const wordScorer: PairScorer = {
  modelId: 'words',
  async score(pairs) {
    return Float32Array.from(pairs, ([query, passage]) => {
      const text = passage.toLowerCase();
      return query
        .toLowerCase()
        .split(/\W+/)
        .filter((word) => word.length > 3 && text.includes(word)).length;
    });
  },
};

const newStore = () =>
  openStore({ indexedDB: new IDBFactory(), IDBKeyRange, name: `prepare-${Math.random()}` });

describe('textsToPrepare', () => {
  it('gives each rankable candidate text once, passages in reading order before evidence windows', () => {
    const texts = textsToPrepare(demo);
    expect(texts.length).toBeGreaterThan(demo.blocks.length / 2);
    expect(new Set(texts).size).toBe(texts.length);
    // The first passage of the page comes first.
    expect(demo.blocks[0]!.text.startsWith(texts[0]!.slice(0, 40))).toBe(true);
    expect(textsToPrepare(demo, 3)).toEqual(texts.slice(0, 3));
  });

  it('skips text over the quote length and pages without text', () => {
    const words = Array.from({ length: RETRIEVE_DEFAULTS.maxQuoteTokens * 3 }, (_, i) => `w${i}`);
    const long: PageSnapshot = {
      ...demo,
      blocks: [{ kind: 'lines', text: words.join(' ') }],
    };
    expect(textsToPrepare(long).every((text) => text.split(' ').length < words.length)).toBe(true);
    expect(textsToPrepare({ ...demo, blocks: [] })).toEqual([]);
  });
});

describe('embedAhead', () => {
  it('embeds a small batch at a time and stops between batches once a question starts', async () => {
    const embedder = countingEmbedder();
    const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
    let questionStarted = false;
    const stopped = embedAhead(
      {
        modelId: embedder.modelId,
        embed: async (batch) => {
          const vectors = await embedder.embed(batch);
          questionStarted = embedder.embedded.length >= 4;
          return vectors;
        },
      },
      texts,
      { stop: () => questionStarted },
    );
    expect(await stopped).toBe(PREPARE_DEFAULTS.batchSize);
    expect(embedder.embedded).toEqual(texts.slice(0, PREPARE_DEFAULTS.batchSize));
    expect(await embedAhead(embedder, texts, { stop: () => false, batchSize: 3 })).toBe(10);
  });

  it('leaves the question nothing to embed but itself: its dedup step finds every vector cached', async () => {
    const ask = (embedder: Embedder) =>
      runPipeline(
        { mode: 'answer', question: QUESTION, page: demo },
        { models: { filter: wordScorer, embedder, device: 'cpu' } },
      );

    // Without preparing, the question embeds its best candidates itself.
    const unprepared = countingEmbedder();
    const cold = await ask(newStore().cachedEmbedder(unprepared));
    expect(unprepared.embedded.length).toBeGreaterThan(0);

    const inner = countingEmbedder();
    const cached = newStore().cachedEmbedder(inner);
    const texts = textsToPrepare(demo);
    expect(await embedAhead(cached, texts, { stop: () => false })).toBe(texts.length);
    const before = inner.embedded.length;
    const warm = await ask(cached);
    // Only the question itself: it orders the cross-encoder's pairs by its cosine to the saved
    // passage vectors (lib/pipeline/hybrid.ts); dedup embeds nothing.
    expect(inner.embedded.slice(before)).toEqual([QUESTION]);
    // The same quotes either way: the vectors are the same, only where they come from differs.
    expect(warm.retrieval.path).toBe('neural');
    expect(warm.quotes.map((q) => q.passageId)).toEqual(cold.quotes.map((q) => q.passageId));
  });
});

describe('embedderForPage', () => {
  const english = { modelId: 'english', embed: async () => [] };
  const multilingual = { modelId: 'multilingual', embed: async () => [] };
  const french: PageSnapshot = { ...demo, lang: 'fr' };

  it('takes the multilingual bi-encoder for a page in another language when it is installed', () => {
    const models = { embedder: english, multilingual: { embedder: multilingual } };
    expect(embedderForPage(models, french)?.modelId).toBe('multilingual');
    expect(embedderForPage(models, { ...demo, lang: 'en' })?.modelId).toBe('english');
    expect(embedderForPage({ embedder: english }, french)?.modelId).toBe('english');
    expect(embedderForPage({}, french)).toBeUndefined();
  });
});

describe('AheadProgress', () => {
  it('resumes where a question stopped it, and is finished once every text is embedded', async () => {
    const all = textsToPrepare(demo);
    const progress = new AheadProgress(demo, { locale: 'en' });
    expect(progress.finished).toBe(false);
    const embedder = countingEmbedder();
    let questionStarted = false;
    const stop = () => questionStarted;
    const first = embedAhead(
      {
        modelId: embedder.modelId,
        embed: async (batch) => {
          const vectors = await embedder.embed(batch);
          questionStarted = true; // a question starts during the first batch
          return vectors;
        },
      },
      progress.remaining(),
      { stop },
    );
    progress.advance(await first);
    expect(progress.remaining()).toEqual(all.slice(PREPARE_DEFAULTS.batchSize));
    expect(progress.finished).toBe(false);

    // The question is answered: the rest is embedded, nothing twice.
    questionStarted = false;
    progress.advance(await embedAhead(embedder, progress.remaining(), { stop }));
    expect(embedder.embedded).toEqual(all);
    expect(progress.remaining()).toEqual([]);
    expect(progress.finished).toBe(true);
  });
});
