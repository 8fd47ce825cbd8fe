// The cache store: everything the extension keeps in IndexedDB (pages read, answers, embeddings,
// search and SPARQL responses), behind one object whose methods never reject for a storage
// failure. A cache that fails is a miss and a write that fails is skipped, so the panel keeps
// answering; `status()` says in words why nothing is saved.
//
// The database stays within a byte budget (docs/SECURITY.md, property 13): every write goes
// through the ledger (ledger.ts), and over budget the least recently used records of any table
// are evicted (eviction.ts).
//
// The pieces, each a module of this folder:
//   db.ts           the Dexie schema and its versions
//   open.ts         opening, or finding out why not (newer version, blocked, failed)
//   context.ts      what one store's pieces share: the open database, clock, budget, status
//   records.ts      the valibot schemas that rows read back must pass
//   usage.ts, ledger.ts, eviction.ts, quota.ts   byte accounting, writes, LRU eviction, quota
//   pages.ts, answers.ts, embeddings.ts, responses.ts   one per record kind
//   maintenance.ts  usage, budget, clearing, the browser's estimate

import { AnswerStore } from './answers';
import { StoreContext } from './context';
import { EmbeddingCache } from './embeddings';
import { Ledger } from './ledger';
import { Maintenance } from './maintenance';
import { PageStore } from './pages';
import { responsePort } from './responses';
import type { CacheStore, CacheStoreOptions } from './types';

export { DEFAULT_BUDGET_BYTES } from './context';
export { EVICT_TO_SHARE, QUOTA_EVICT_SHARE } from './eviction';
export { pageHash, sha256Hex } from './hash';
export { isQuotaError } from './quota';
export type {
  CacheStore,
  CacheStoreOptions,
  ListAnswersOptions,
  StorageLike,
  StoreProblem,
  StoreStatus,
} from './types';

export function openStore(options: CacheStoreOptions = {}): CacheStore {
  const ctx = new StoreContext(options);
  const ledger = new Ledger(ctx);
  const pages = new PageStore(ctx, ledger);
  const answers = new AnswerStore(ctx, ledger);
  const embeddings = new EmbeddingCache(ctx, ledger);
  const maintenance = new Maintenance(ctx, ledger);
  return {
    putPage: (snapshot, passages) => pages.putPage(snapshot, passages),
    getPage: (url, hash) => pages.getPage(url, hash),
    putAnswer: (record) => answers.putAnswer(record),
    appendFollowUp: (id, turn) => answers.appendFollowUp(id, turn),
    importAnswer: (record) => answers.importAnswer(record),
    getAnswer: (id) => answers.getAnswer(id),
    listAnswers: (list) => answers.listAnswers(list),
    deleteAnswer: (id) => answers.deleteAnswer(id),
    deleteAllAnswers: () => answers.deleteAllAnswers(),
    findExact: (mode, questionKey, pageUrl, hash) =>
      answers.findExact(mode, questionKey, pageUrl, hash),
    answersForLookup: (lookup) => answers.answersForLookup(lookup),
    touchAnswer: (id) => answers.touchAnswer(id),
    cachedEmbedder: (embedder) => embeddings.wrap(embedder),
    cachePort: (table, ttlMs) => responsePort(ctx, ledger, table, ttlMs),
    usage: () => maintenance.usage(),
    setBudget: (bytes) => maintenance.setBudget(bytes),
    clearAll: () => maintenance.clearAll(),
    estimate: () => maintenance.estimate(),
    persist: () => maintenance.persist(),
    status: () => ctx.status(),
    close: () => ctx.close(),
  };
}
