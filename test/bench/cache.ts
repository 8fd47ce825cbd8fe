// The cache bench (`npm run bench -- --only=cache`, and part of the full `npm run bench`): what the
// offline cache (lib/cache/store.ts, lib/cache/ask-cached.ts) buys and costs.
//
//   1. Repeat speed-up: `askWithCache` on the demo page for a question with an empty store (cold:
//      the live pipeline runs, its answer is saved), then the same question again (repeat: an exact
//      hit). Two configurations: (a) "models + composer", as the extension runs with models
//      installed and an endpoint set up — runPipeline with the random-weight MiniLM-L6-shaped
//      cross-encoder and bi-encoder (models/generate.ts --size minilm-l6, onnxruntime-node through
//      lib/models/transformers.ts, as the model and composer benches load them; the bi-encoder
//      wrapped in the store's embedding cache, as pipeline.worker.ts does) and the
//      OpenAI-compatible composer against the SIMULATED streaming server of the composer bench
//      (test/support/composer-server.ts, its default reply, TOKEN_DELAY_MS between words); (b) the
//      keyword path with the extractive composer (no models, no endpoint).
//   2. Lookups in a store of STORED answers: findExact (hit and miss) and the semantic lookup
//      path of askWithCache (answersForLookup({ limit: 2000 }) + findSimilar), lexical and with
//      question vectors.
//   3. Storage per answered page: the store's ledger bytes for one answered page (page record,
//      answer record, embeddings).
//
// Everything runs in Node on fake-indexeddb (an in-memory IndexedDB in JavaScript), not Chromium's
// IndexedDB (LevelDB on disk, structured clone in C++): absolute lookup and write times are
// indicative only; the ratios and the byte counts (the store's own ledger measure) carry over.
// Not a test: nothing here asserts a time.

import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { askWithCache, type CachedAskDeps } from '../../lib/ask/cached';
import {
  AnswerPanelDatabase,
  DB_NAME,
  ledgerRef,
  recordBytes,
  type AnswerRecord,
  type LedgerRow,
  type LedgerTable,
} from '../../lib/cache/db';
import { DEFAULT_BUDGET_BYTES, openStore, pageHash, type CacheStore } from '../../lib/cache/store';
import { openAiCompatibleComposer } from '../../lib/composer/endpoints';
import { findSimilar } from '../../lib/history/similar';
import { questionKey } from '../../lib/history/question';
import { MODEL_MANIFEST, modelForRole } from '../../lib/models/manifest';
import type { LoadedModelPorts } from '../../lib/models/transformers';
import type { Embedder, ModelPorts } from '../../lib/pipeline/ports';
import { runPipeline } from '../../lib/ask/run';
import type { AskRequest, AskResult, PageSnapshot } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';
import { startComposerServer, type ComposerServer } from '../support/composer-server';
import { TOKEN_DELAY_MS } from './composer';
import { renderAllMarkdown } from './models-report';
import { load1, machineMeta, mergeResults, type Figures } from './results';
import { median } from './stats';
// Seeded, so every run stores the same records.
import { prng as rng } from '../../models/tiny-bert';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
/** The model bench's folder: the same generated files (fixed seeds, byte-identical). */
const MODELS_DIR = join(here, 'tmp', 'models');

/** The issue's goal: a repeated question answers at least this many times faster than the first time. */
export const SPEEDUP_GOAL = 20;
const PAGE = 'demo';
/** Timed questions (each cold once, in a store of its own, then repeated). */
export const QUESTIONS = [
  'Who designed the Lighthouse of Alexandria?',
  'When was the lighthouse finished?',
  'How tall was the lighthouse?',
  'What destroyed the lighthouse?',
  'How much did the tower cost to build?',
];
/** One untimed cold + repeat first: JIT, ONNX sessions and the HTTP connection warm up. */
const WARMUP_QUESTION = 'What was the lighthouse built from?';
/** Exact hits timed per question (their median is that question's repeat time). */
export const REPEATS = 5;

/** Answers in the lookup store, and the share of them with a question vector (answered with models loaded). */
export const STORED = 10_000;
export const VECTOR_SHARE = 0.5;
const VECTOR_DIM = 384;
/** lib/cache/ask-cached.ts's LOOKUP_LIMIT: a semantic lookup compares against the newest 2000. */
export const LOOKUP_LIMIT = 2000;
/** Distinct pages the stored answers are spread over (5 answers per page on average). */
const STORED_PAGES = 2000;
/** Timed lookups of each kind (median kept), after LOOKUP_WARMUP untimed ones. */
export const LOOKUP_RUNS = 9;
const LOOKUP_WARMUP = 2;
/**
 * The store has single-answer writes only (putAnswer: one transaction per answer, with its ledger
 * row and the usage total). Records are written that way for at most this long; the rest go in
 * with Dexie bulkAdd on the same database, ledger rows and usage written in the same transaction
 * (what writeRecords does, batched), so the ledger stays consistent.
 */
const FILL_PUT_BUDGET_MS = 45_000;
const BULK_BATCH = 1000;
/** No eviction while filling: the point is to look up in STORED answers, not in what a budget keeps. */
const FILL_BUDGET_BYTES = 4 * 2 ** 30;
/** Not close to any stored question (a full scan, no match): the lookup a new question makes. */
const LOOKUP_QUESTION = 'How many steps led up to the top of the old harbour tower?';

const MODEL = 'llama3.1:8b';

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const freshStore = (factory: IDBFactory, budgetBytes?: number): CacheStore =>
  openStore({
    indexedDB: factory,
    IDBKeyRange,
    now: Date.now,
    ...(budgetBytes ? { budgetBytes } : {}),
  });

/** A second connection to the store's database (same name, same factory): ledger reads and bulk writes. */
const rawDatabase = (factory: IDBFactory) =>
  new AnswerPanelDatabase({ name: DB_NAME, indexedDB: factory, IDBKeyRange });

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

// ---------------------------------------------------------------------------------------------
// Models and composer

/** The generated MiniLM-L6-shaped cross-encoder and bi-encoder, or why there are none. */
async function loadModels(
  log: (s: string) => void,
): Promise<{ ports?: LoadedModelPorts; loadMs?: number; note?: string }> {
  try {
    const roles = ['cross-encoder', 'bi-encoder'] as const;
    const missing = roles.some((role) => {
      const model = modelForRole(MODEL_MANIFEST, role)!;
      return !model.files.every((f) => existsSync(join(MODELS_DIR, model.folder, f.path)));
    });
    if (missing) {
      log(`generating the MiniLM-L6-shaped random-weight models into ${MODELS_DIR}`);
      const { generateModels } = await import('../../models/generate');
      await generateModels({ size: 'minilm-l6', dest: MODELS_DIR });
    }
    const t0 = performance.now();
    const { loadModelPorts } = await import('../../lib/models/transformers');
    const ports = await loadModelPorts({ localModelPath: MODELS_DIR, device: 'cpu', roles });
    const loadMs = performance.now() - t0;
    if (!ports.filter || !ports.embedder) {
      const note =
        ports.unavailableReason ??
        (ports.problems.map((p) => `${p.modelId}: ${p.code} ${p.detail}`).join('; ') ||
          'a model did not load');
      await ports.dispose();
      return { note };
    }
    log(`cross-encoder and bi-encoder loaded in ${loadMs.toFixed(0)} ms on ${ports.device}`);
    return { ports, loadMs };
  } catch (error) {
    return { note: `the models could not be generated or loaded: ${String(error).split('\n')[0]}` };
  }
}

/** How askWithCache is wired for one store: the worker's wiring (pipeline.worker.ts pipelineFor). */
interface Variant {
  name: 'full' | 'keyword';
  deps(store: CacheStore): CachedAskDeps;
}

function fullVariant(models: LoadedModelPorts | undefined, server: ComposerServer): Variant {
  const composer = openAiCompatibleComposer(
    { endpoint: server.openAiBase, model: MODEL },
    { fetch: (u, n) => fetch(u, n) },
  );
  const configKey = JSON.stringify({
    composer: ['openai-compatible', server.openAiBase, MODEL],
    models: [models?.filter?.modelId, models?.embedder?.modelId, models?.device],
  });
  return {
    name: 'full',
    deps(store) {
      // As the worker does: the bi-encoder behind the store's embedding cache, for the pipeline's
      // dedup and for the question vector askWithCache stores.
      const embedder = models?.embedder ? store.cachedEmbedder(models.embedder) : undefined;
      const ports: ModelPorts = models ? { ...models, ...(embedder ? { embedder } : {}) } : {};
      return {
        store,
        run: (request: AskRequest) => runPipeline(request, { models: ports, composer }),
        online: () => true,
        configKey,
        ...(embedder ? { embedder } : {}),
      };
    },
  };
}

const keywordVariant: Variant = {
  name: 'keyword',
  deps: (store) => ({
    store,
    run: (request: AskRequest) => runPipeline(request),
    online: () => true,
    configKey: JSON.stringify({ composer: ['extractive'], models: [] }),
  }),
};

// ---------------------------------------------------------------------------------------------
// 1. Repeat speed-up

interface RepeatRun {
  question: string;
  coldMs: number;
  /** Median of REPEATS exact hits. */
  repeatMs: number;
  /** Its steps timed apart, medians of REPEATS. */
  hashMs: number;
  findExactMs: number;
  touchMs: number;
  /** The cold run's pipeline stages (AskResult.timings). */
  rankMs: number;
  composeMs: number;
  checkMs: number;
  result: AskResult;
}

async function repeatRun(
  variant: Variant,
  page: PageSnapshot,
  question: string,
): Promise<RepeatRun> {
  const factory = new IDBFactory();
  const store = freshStore(factory);
  try {
    await store.usage(); // opened before the clock starts: the panel's store is open long before a question
    if (store.status().caching === false)
      throw new Error(`the store did not open: ${store.status().reason}`);
    const deps = variant.deps(store);
    const request = { mode: 'answer' as const, question, page };
    const cold = await time(() => askWithCache(request, deps));
    if (cold.value.origin.kind !== 'live')
      throw new Error(`cold run of "${question}" came from ${cold.value.origin.kind}`);
    const { answer } = cold.value.result;
    if (variant.name === 'full' && (answer.composer === 'extractive' || answer.fallback)) {
      throw new Error(
        `the composer fell back to the extractive answer: ${answer.fallback?.reason.code ?? '?'} ${answer.fallback?.reason.message ?? ''}`,
      );
    }
    const repeats: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const hit = await time(() => askWithCache(request, deps));
      if (hit.value.origin.kind !== 'exact')
        throw new Error(
          `repeat of "${question}" came from ${hit.value.origin.kind}, not an exact hit`,
        );
      repeats.push(hit.ms);
    }
    // The repeat's three steps apart (askWithCache: hash the page, findExact, then touchAnswer, started but not awaited).
    const parts = { hash: [] as number[], find: [] as number[], touch: [] as number[] };
    const key = questionKey(question);
    for (let i = 0; i < REPEATS; i++) {
      const hash = await time(() => pageHash(page));
      const found = await time(() => store.findExact('answer', key, page.url, hash.value));
      const touch = await time(() => store.touchAnswer(found.value!.id!));
      parts.hash.push(hash.ms);
      parts.find.push(found.ms);
      parts.touch.push(touch.ms);
    }
    const { timings } = cold.value.result;
    return {
      question,
      coldMs: cold.ms,
      repeatMs: median(repeats),
      hashMs: median(parts.hash),
      findExactMs: median(parts.find),
      touchMs: median(parts.touch),
      rankMs: timings.rank ?? NaN,
      composeMs: timings.compose ?? NaN,
      checkMs: timings.check ?? NaN,
      result: cold.value.result,
    };
  } finally {
    store.close();
  }
}

async function benchRepeat(
  variant: Variant,
  page: PageSnapshot,
  figures: Figures,
  log: (s: string) => void,
): Promise<RepeatRun[]> {
  await repeatRun(variant, page, WARMUP_QUESTION);
  const runs: RepeatRun[] = [];
  for (const question of QUESTIONS) runs.push(await repeatRun(variant, page, question));
  const p = `cache.repeat.${variant.name}.`;
  const cold = median(runs.map((r) => r.coldMs));
  const repeat = median(runs.map((r) => r.repeatMs));
  const last = runs.at(-1)!.result;
  Object.assign(figures, {
    [`${p}coldMs`]: r2(cold),
    [`${p}minColdMs`]: r2(Math.min(...runs.map((r) => r.coldMs))),
    [`${p}maxColdMs`]: r2(Math.max(...runs.map((r) => r.coldMs))),
    [`${p}rankMs`]: r2(median(runs.map((r) => r.rankMs))),
    [`${p}composeMs`]: r2(median(runs.map((r) => r.composeMs))),
    [`${p}checkMs`]: r2(median(runs.map((r) => r.checkMs))),
    [`${p}repeatMs`]: r3(repeat),
    [`${p}minRepeatMs`]: r3(Math.min(...runs.map((r) => r.repeatMs))),
    [`${p}maxRepeatMs`]: r3(Math.max(...runs.map((r) => r.repeatMs))),
    [`${p}repeat.pageHashMs`]: r3(median(runs.map((r) => r.hashMs))),
    [`${p}repeat.findExactMs`]: r3(median(runs.map((r) => r.findExactMs))),
    [`${p}repeat.touchAnswerMs`]: r3(median(runs.map((r) => r.touchMs))),
    [`${p}path`]: last.retrieval.path,
    [`${p}composer`]: last.answer.composer,
    [`${p}answerWords`]: last.answer.text.split(/\s+/).filter(Boolean).length,
  });
  figures[variant.name === 'full' ? 'cache.repeatSpeedup' : 'cache.repeatSpeedup.keyword'] = r2(
    cold / repeat,
  );
  log(
    `${variant.name}: cold ${r2(cold)} ms (${runs.map((r) => r.coldMs.toFixed(0)).join(', ')}; rank ${figures[`${p}rankMs`]}, compose ${figures[`${p}composeMs`]}, ` +
      `check ${figures[`${p}checkMs`]} ms), repeat ${r3(repeat)} ms ` +
      `(${runs.map((r) => r.repeatMs.toFixed(2)).join(', ')}; hash ${figures[`${p}repeat.pageHashMs`]}, findExact ${figures[`${p}repeat.findExactMs`]}, ` +
      `touchAnswer ${figures[`${p}repeat.touchAnswerMs`]} ms) → ${r2(cold / repeat)}×`,
  );
  return runs;
}

// ---------------------------------------------------------------------------------------------
// 2. Lookups among STORED answers

const TEMPLATES = [
  'Who designed the',
  'When was the',
  'How tall is the',
  'Who paid for the',
  'Why was the',
  'Where is the',
  'What destroyed the',
  'How old is the',
  'Who restored the',
  'What is the history of the',
];
const TEMPLATE_ENDS = ['', ' built', '', '', ' abandoned', '', '', '', '', ''];
const PLACES = [
  'Alexandria',
  'Rhodes',
  'Cairo',
  'Athens',
  'Rome',
  'Istanbul',
  'Lisbon',
  'Seville',
  'Venice',
  'Genoa',
  'Marseille',
  'Naples',
  'Palermo',
  'Valletta',
  'Beirut',
  'Tyre',
  'Sidon',
  'Carthage',
  'Tunis',
  'Tangier',
  'Cadiz',
  'Malaga',
  'Barcelona',
  'Nice',
  'Pisa',
  'Ravenna',
  'Trieste',
  'Split',
  'Dubrovnik',
  'Corfu',
  'Crete',
  'Cyprus',
  'Smyrna',
  'Ephesus',
  'Antioch',
  'Jaffa',
  'Haifa',
  'Acre',
  'Byblos',
  'Latakia',
];
const THINGS = [
  'lighthouse',
  'harbour wall',
  'cathedral',
  'old bridge',
  'city gate',
  'aqueduct',
  'fortress',
  'clock tower',
  'main mosque',
  'royal palace',
  'amphitheatre',
  'great library',
  'market hall',
  'city wall',
  'bell tower',
  'opera house',
  'town hall',
  'breakwater',
  'arsenal',
  'citadel',
  'monastery',
  'colonnade',
  'sea fort',
  'grand bazaar',
  'old port',
];

interface StoredPlan {
  records: Array<Omit<AnswerRecord, 'id'>>;
  withVector: number;
}

/** STORED answer records: one real AskResult, varied questions, pages and times; a share with question vectors. */
async function planRecords(
  result: AskResult,
  modelId: string,
  demo: { url: string; hash: string; title: string; question: string; configKey: string },
): Promise<StoredPlan> {
  const random = rng(0xcac4e);
  const pages = await Promise.all(
    Array.from({ length: STORED_PAGES }, async (_, n) => ({
      url: `https://en.wikipedia.org/wiki/Article_${n}`,
      hash: await pageHash({
        title: `Article ${n}`,
        blocks: [{ kind: 'paragraph', text: `page ${n}` }],
      }),
      title: `Article ${n} - Wikipedia`,
    })),
  );
  const start = Date.now() - STORED * 60_000;
  const records: Array<Omit<AnswerRecord, 'id'>> = [];
  let withVector = 0;
  for (let i = 0; i < STORED; i++) {
    const t = i % TEMPLATES.length;
    const place = PLACES[Math.floor(i / TEMPLATES.length) % PLACES.length]!;
    const thing = THINGS[Math.floor(i / (TEMPLATES.length * PLACES.length)) % THINGS.length]!;
    const question = `${TEMPLATES[t]} ${thing} of ${place}${TEMPLATE_ENDS[t]}?`;
    const page = pages[Math.floor(random() * pages.length)]!;
    const record: Omit<AnswerRecord, 'id'> = {
      mode: 'answer',
      question,
      questionKey: questionKey(question),
      pageUrl: page.url,
      pageHash: page.hash,
      pageTitle: page.title,
      result: { ...result, question },
      createdAt: start + i * 60_000,
      configKey: demo.configKey,
    };
    // Interleaved, so the newest LOOKUP_LIMIT carry the same share as the whole store.
    if (Math.floor((i + 1) * VECTOR_SHARE) > Math.floor(i * VECTOR_SHARE)) {
      const vector = new Float32Array(VECTOR_DIM);
      let norm = 0;
      for (let d = 0; d < VECTOR_DIM; d++) {
        vector[d] = random() * 2 - 1;
        norm += vector[d]! ** 2;
      }
      for (let d = 0; d < VECTOR_DIM; d++) vector[d]! /= Math.sqrt(norm);
      record.questionVector = { modelId, vector };
      withVector++;
    }
    records.push(record);
  }
  // One of them is the demo page's real question: askWithCache's exact hit in the full store.
  const mid = Math.floor(STORED / 2);
  records[mid] = {
    ...records[mid]!,
    question: demo.question,
    questionKey: questionKey(demo.question),
    pageUrl: demo.url,
    pageHash: demo.hash,
    pageTitle: demo.title,
    result,
  };
  return { records, withVector };
}

/** Writes the records: putAnswer while FILL_PUT_BUDGET_MS lasts, then bulkAdd with ledger rows. */
async function fill(
  store: CacheStore,
  factory: IDBFactory,
  records: Array<Omit<AnswerRecord, 'id'>>,
  log: (s: string) => void,
) {
  const t0 = performance.now();
  let viaPut = 0;
  while (viaPut < records.length && performance.now() - t0 < FILL_PUT_BUDGET_MS) {
    if ((await store.putAnswer(records[viaPut]!)) === null)
      throw new Error(
        `putAnswer ${viaPut} wrote nothing: ${store.status().reason ?? 'see onError'}`,
      );
    viaPut++;
    if (viaPut % 2000 === 0)
      log(
        `  ${viaPut} answers written with putAnswer (${((performance.now() - t0) / viaPut).toFixed(2)} ms each)`,
      );
  }
  const putMs = performance.now() - t0;
  const b0 = performance.now();
  if (viaPut < records.length) {
    const db = rawDatabase(factory);
    try {
      for (let from = viaPut; from < records.length; from += BULK_BATCH) {
        const batch = records.slice(from, from + BULK_BATCH);
        await db.transaction('rw', db.answers, db.ledger, db.meta, async () => {
          const keys = (await db.answers.bulkAdd(batch as AnswerRecord[], {
            allKeys: true,
          })) as number[];
          const time = Date.now();
          const rows: LedgerRow[] = batch.map((record, i) => ({
            ref: ledgerRef('answers', keys[i]!),
            table: 'answers',
            key: keys[i]!,
            // As writeRecords measures it: the record as stored, id included.
            bytes: recordBytes({ ...record, id: keys[i] }),
            lastUsed: time,
          }));
          await db.ledger.bulkAdd(rows);
          const usage = (await db.meta.get('usage'))?.bytes ?? 0;
          await db.meta.put({
            key: 'usage',
            bytes: usage + rows.reduce((sum, row) => sum + row.bytes, 0),
          });
        });
      }
    } finally {
      db.close();
    }
  }
  return { viaPut, putMs, bulkMs: performance.now() - b0 };
}

async function timedRuns(work: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < LOOKUP_WARMUP + LOOKUP_RUNS; i++) {
    const t = await time(work);
    if (i >= LOOKUP_WARMUP) ms.push(t.ms);
  }
  return median(ms);
}

async function benchLookup(
  result: AskResult,
  page: PageSnapshot,
  full: Variant,
  embedder: Embedder | undefined,
  figures: Figures,
  log: (s: string) => void,
): Promise<void> {
  const factory = new IDBFactory();
  const store = freshStore(factory, FILL_BUDGET_BYTES);
  try {
    await store.usage();
    const hash = await pageHash(page);
    const demoDeps = full.deps(store);
    const modelId = embedder?.modelId ?? 'Xenova/all-MiniLM-L6-v2';
    const plan = await planRecords(result, modelId, {
      url: page.url,
      hash,
      title: page.title,
      question: QUESTIONS[0]!,
      configKey: demoDeps.configKey!,
    });
    const filled = await fill(store, factory, plan.records, log);
    const db = rawDatabase(factory);
    const count = await db.answers.count().finally(() => db.close());
    const usage = await store.usage();
    Object.assign(figures, {
      'cache.lookup.records': count,
      'cache.lookup.recordsWithVector': plan.withVector,
      'cache.lookup.vectorDim': VECTOR_DIM,
      'cache.lookup.usageBytes': usage,
      'cache.lookup.bytesPerAnswer': Math.round(usage / count),
      'cache.lookup.fill.viaPutAnswer': filled.viaPut,
      'cache.lookup.fill.viaBulkAdd': count - filled.viaPut,
      'cache.lookup.fill.putAnswerMsEach': r3(filled.putMs / Math.max(1, filled.viaPut)),
      'cache.lookup.fill.totalMs': Math.round(filled.putMs + filled.bulkMs),
    });
    log(
      `stored ${count} answers (${filled.viaPut} with putAnswer at ${(filled.putMs / Math.max(1, filled.viaPut)).toFixed(2)} ms each, ` +
        `${count - filled.viaPut} with bulkAdd in ${filled.bulkMs.toFixed(0)} ms); ledger usage ${(usage / 2 ** 20).toFixed(1)} MiB`,
    );

    const hit = plan.records[Math.floor(STORED / 3)]!;
    let found = await store.findExact('answer', hit.questionKey, hit.pageUrl, hit.pageHash);
    if (found?.question !== hit.question) throw new Error('findExact missed a stored answer');
    figures['cache.lookup.findExactHitMs'] = r3(
      await timedRuns(() => store.findExact('answer', hit.questionKey, hit.pageUrl, hit.pageHash)),
    );
    const missKey = questionKey(LOOKUP_QUESTION);
    found = await store.findExact('answer', missKey, page.url, hash);
    if (found) throw new Error('findExact found an answer to a question never stored');
    figures['cache.lookup.findExactMissMs'] = r3(
      await timedRuns(() => store.findExact('answer', missKey, page.url, hash)),
    );

    // askWithCache's exact hit in the full store (pageHash, findExact, touchAnswer): the repeat of part 1 at 10 000 answers.
    const request = { mode: 'answer' as const, question: QUESTIONS[0]!, page };
    const again = await askWithCache(request, demoDeps);
    if (again.origin.kind !== 'exact')
      throw new Error(`the demo question in the full store came from ${again.origin.kind}`);
    figures['cache.lookup.askExactHitMs'] = r3(
      await timedRuns(() => askWithCache(request, demoDeps)),
    );

    // The semantic lookup askWithCache makes when the live answer is degraded: the newest
    // LOOKUP_LIMIT answers, the reusable ones, then findSimilar.
    const candidates = async () =>
      (await store.answersForLookup({ limit: LOOKUP_LIMIT })).filter(
        (r) => !r.result.answer.fallback,
      );
    const pool = await candidates();
    figures['cache.lookup.candidates'] = pool.length;
    figures['cache.lookup.candidatesWithVector'] = pool.filter(
      (r) => r.questionVector?.modelId === modelId,
    ).length;
    figures['cache.lookup.answersForLookupMs'] = r2(await timedRuns(candidates));
    const options = { pageUrl: page.url, mode: 'answer' as const };
    // The query's vector computed once: this embedder costs nothing, so the figure is the comparisons alone.
    const queryVector = embedder
      ? (await embedder.embed([LOOKUP_QUESTION]))[0]!
      : plan.records
          .find((r) => r.questionVector)!
          .questionVector!.vector.map((x, i) => (i % 2 ? x : -x));
    const precomputed: Embedder = { modelId, embed: async (texts) => texts.map(() => queryVector) };
    const kinds: Array<[string, Embedder | undefined]> = [
      ['lexical', undefined],
      ['vectors', precomputed],
      ...(embedder ? [['biEncoder', embedder] as [string, Embedder]] : []),
    ];
    for (const [kind, e] of kinds) {
      const match = await findSimilar(LOOKUP_QUESTION, pool, {
        ...options,
        ...(e ? { embedder: e } : {}),
      });
      figures[`cache.lookup.similar.${kind}.matched`] = match !== null;
      figures[`cache.lookup.similar.${kind}.findSimilarMs`] = r2(
        await timedRuns(() =>
          findSimilar(LOOKUP_QUESTION, pool, { ...options, ...(e ? { embedder: e } : {}) }),
        ),
      );
      figures[`cache.lookup.similar.${kind}.totalMs`] = r2(
        await timedRuns(async () =>
          findSimilar(LOOKUP_QUESTION, await candidates(), {
            ...options,
            ...(e ? { embedder: e } : {}),
          }),
        ),
      );
    }
    log(
      `findExact hit ${figures['cache.lookup.findExactHitMs']} ms, miss ${figures['cache.lookup.findExactMissMs']} ms, askWithCache exact hit ${figures['cache.lookup.askExactHitMs']} ms; ` +
        `answersForLookup(${LOOKUP_LIMIT}) ${figures['cache.lookup.answersForLookupMs']} ms; findSimilar ` +
        kinds
          .map(
            ([k]) =>
              `${k} ${figures[`cache.lookup.similar.${k}.findSimilarMs`]} ms (with the read ${figures[`cache.lookup.similar.${k}.totalMs`]} ms)`,
          )
          .join(', '),
    );
  } finally {
    store.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Storage per answered page

async function ledgerBytes(
  factory: IDBFactory,
): Promise<Record<LedgerTable, { bytes: number; records: number }>> {
  const db = rawDatabase(factory);
  try {
    const out = Object.fromEntries(
      ['pages', 'answers', 'embeddings', 'search', 'sparql'].map((t) => [
        t,
        { bytes: 0, records: 0 },
      ]),
    ) as Record<LedgerTable, { bytes: number; records: number }>;
    for (const row of await db.ledger.toArray()) {
      out[row.table].bytes += row.bytes;
      out[row.table].records += 1;
    }
    return out;
  } finally {
    db.close();
  }
}

async function benchStorage(
  variant: Variant,
  page: PageSnapshot,
  figures: Figures,
  log: (s: string) => void,
): Promise<void> {
  const factory = new IDBFactory();
  const store = freshStore(factory);
  try {
    const before = await store.usage();
    const deps = variant.deps(store);
    const first = await askWithCache({ mode: 'answer', question: QUESTIONS[0]!, page }, deps);
    const afterFirst = await store.usage();
    const ledger = await ledgerBytes(factory);
    const answer = first.answerId !== undefined ? await store.getAnswer(first.answerId) : null;
    const p = `cache.storage.${variant.name}.`;
    Object.assign(figures, {
      [`${p}pageBytes`]: ledger.pages.bytes,
      [`${p}answerBytes`]: ledger.answers.bytes,
      [`${p}questionVectorBytes`]: answer?.questionVector?.vector.byteLength ?? 0,
      [`${p}embeddingBytes`]: ledger.embeddings.bytes,
      [`${p}embeddings`]: ledger.embeddings.records,
      [`${p}totalBytes`]: afterFirst - before,
      [`${p}pagesPerDefaultBudget`]: Math.floor(DEFAULT_BUDGET_BYTES / (afterFirst - before)),
    });
    // A second question on the same page: the page record is the same version (same key, same
    // bytes), so only the answer and any new embeddings add up.
    await askWithCache({ mode: 'answer', question: QUESTIONS[1]!, page }, deps);
    figures[`${p}nextQuestionBytes`] = (await store.usage()) - afterFirst;
    log(
      `${variant.name}: one answered page ${afterFirst - before} B (page ${ledger.pages.bytes}, answer ${ledger.answers.bytes}, ` +
        `${ledger.embeddings.records} embeddings ${ledger.embeddings.bytes}); a second question on it +${figures[`${p}nextQuestionBytes`]} B`,
    );
  } finally {
    store.close();
  }
}

// ---------------------------------------------------------------------------------------------

export async function benchCache(loadAtStart = load1()): Promise<void> {
  const started = performance.now();
  const log = (s: string) =>
    console.log(`[cache ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const page = readFixture(PAGE);
  const figures: Figures = {
    'cache.indexedDB': "fake-indexeddb (in-memory, JavaScript) in Node, not Chromium's IndexedDB",
    'cache.page': PAGE,
    'cache.questions': QUESTIONS.length,
    'cache.repeats': REPEATS,
    'cache.lookupRuns': LOOKUP_RUNS,
    'cache.lookupLimit': LOOKUP_LIMIT,
    'cache.tokenDelayMs': TOKEN_DELAY_MS,
    'cache.speedupGoal': SPEEDUP_GOAL,
    'cache.defaultBudgetBytes': DEFAULT_BUDGET_BYTES,
  };

  const models = await loadModels(log);
  if (models.ports) {
    figures['cache.models'] =
      'MiniLM-L6 shape (ms-marco-MiniLM-L-6-v2 cross-encoder, all-MiniLM-L6-v2 bi-encoder), random weights, int8, onnxruntime-node (cpu)';
    figures['cache.modelsLoadMs'] = r2(models.loadMs!);
  } else {
    figures['cache.modelsUnavailable'] = models.note!;
    log(
      `models unavailable, the full configuration runs the keyword path with the composer: ${models.note}`,
    );
  }

  const server = await startComposerServer({ tokenDelayMs: TOKEN_DELAY_MS });
  try {
    const full = fullVariant(models.ports, server);
    const fullRuns = await benchRepeat(full, page, figures, log);
    await benchRepeat(keywordVariant, page, figures, log);

    await benchLookup(fullRuns[0]!.result, page, full, models.ports?.embedder, figures, log);

    await benchStorage(full, page, figures, log);
    await benchStorage(keywordVariant, page, figures, log);
  } finally {
    await server.close();
    await models.ports?.dispose();
  }

  console.log(
    `goal: a repeated question ≥ ${SPEEDUP_GOAL}× faster than the first time; measured: ${figures['cache.repeatSpeedup']}× with ` +
      `${models.ports ? 'models' : 'no models (unavailable)'} + composer at ${TOKEN_DELAY_MS} ms/word, ${figures['cache.repeatSpeedup.keyword']}× on the keyword path (extractive)`,
  );

  const results = mergeResults(RESULTS_JSON, figures, machineMeta(null, loadAtStart), ['cache.']);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchCache().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
