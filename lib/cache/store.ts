// The cache store: everything the extension keeps in IndexedDB (pages read, answers, embeddings,
// search and SPARQL responses), behind one object whose methods never reject for a storage
// failure. A cache that fails is a miss and a write that fails is skipped (STYLE 7: degrade,
// don't crash): the panel keeps answering, and `status()` says in words why nothing is saved.
//
// Security property 13 (STYLE): the database stays within a byte budget. Every write goes through
// `writeRecords`, which in one transaction puts the records, their ledger rows and the new usage
// total; over budget, the least recently used records of any table are evicted. A
// QuotaExceededError (the browser's own limit, also arriving as an AbortError whose `inner` is
// one) evicts and retries once; a second one turns caching off for the store's life.

import type { CachePort } from '../core/cache';
import type { Embedder } from '../pipeline/ports';
import type { Passage, PageSnapshot } from '../pipeline/types';
import {
  AnswerPanelDatabase,
  ledgerRef,
  recordBytes,
  type AnswerRecord,
  type CacheRecord,
  type EmbeddingRecord,
  type LedgerTable,
  type PageRecord,
} from './db';

export const DEFAULT_BUDGET_BYTES = 200 * 1024 * 1024;

/**
 * Over budget, evict down to this share of it. Evicting only to the budget itself would leave
 * the database full, so the very next write would evict again (a transaction over all tables per
 * write); the 10% headroom lets many writes through between evictions.
 */
export const EVICT_TO_SHARE = 0.9;

/**
 * After a QuotaExceededError, evict down to this share of our current usage before the retry:
 * the browser's quota covers the whole origin (model files too) and we cannot see how far over
 * it we are, so free a lot at once rather than retry on a guess that fails again.
 */
export const QUOTA_EVICT_SHARE = 0.5;

/** Ledger rows evicted per transaction: keeps each transaction short (other writes wait on it). */
const EVICT_BATCH = 100;

/** How long opening may take before the store gives up (an old connection that never closes blocks an upgrade). */
const DEFAULT_OPEN_TIMEOUT_MS = 10_000;

const ALL_TABLES: readonly LedgerTable[] = ['pages', 'embeddings', 'search', 'sparql', 'answers'];

export type StoreProblem = 'quota' | 'newer-version' | 'open-failed';

const REASONS: Record<StoreProblem, string> = {
  quota:
    'Storage is full: new answers are not being saved. Free space or raise the budget in Settings.',
  'newer-version':
    'Saved answers were written by a newer version of the extension, so they are not used and new answers are not being saved. Update the extension to use them.',
  'open-failed':
    'The answer cache could not be opened, so saved answers are not used and new answers are not being saved.',
};

export interface StoreStatus {
  caching: boolean;
  /** Why caching is off, as a sentence for the panel. */
  reason?: string;
  code?: StoreProblem;
  /** Records of the wrong shape met on reads (skipped and deleted). */
  skippedCorrupt: number;
}

/** The part of `navigator.storage` the store uses (injected in tests). */
export interface StorageLike {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
  persist?(): Promise<boolean>;
}

export interface CacheStoreOptions {
  /** Injected in tests (fake-indexeddb); the browser's by default. */
  indexedDB?: IDBFactory;
  /** Must come with an injected `indexedDB` where there is no global one (Node). */
  IDBKeyRange?: typeof IDBKeyRange;
  name?: string;
  now?: () => number;
  budgetBytes?: number;
  storage?: StorageLike;
  openTimeoutMs?: number;
  /** Test hook: runs inside every write transaction, before the put; throw to inject a fault. */
  faults?: { beforeWrite?(table: LedgerTable): void };
  /** Told about every swallowed storage failure (diagnostics); never required. */
  onError?(operation: string, error: unknown): void;
}

export interface ListAnswersOptions {
  /** Case-insensitive substring of the question, the page title or the page URL. */
  query?: string;
  limit?: number;
  offset?: number;
}

export interface CacheStore {
  putPage(snapshot: PageSnapshot, passages: Passage[]): Promise<PageRecord | null>;
  /** The page version with `hash`, or the latest fetched when no hash is given. */
  getPage(url: string, hash?: string): Promise<PageRecord | null>;
  putAnswer(record: Omit<AnswerRecord, 'id'>): Promise<number | null>;
  getAnswer(id: number): Promise<AnswerRecord | null>;
  /** Newest first. */
  listAnswers(options?: ListAnswersOptions): Promise<AnswerRecord[]>;
  deleteAnswer(id: number): Promise<boolean>;
  /** How many were deleted. */
  deleteAllAnswers(): Promise<number>;
  /** The newest answer to the same question (questionKey) in the same mode on the same page version. */
  findExact(
    mode: AnswerRecord['mode'],
    questionKey: string,
    pageUrl: string,
    pageHash: string,
  ): Promise<AnswerRecord | null>;
  /** Newest first, question vectors included, for semantic lookup; only `pageUrl`'s when given. */
  answersForLookup(options?: { pageUrl?: string; limit?: number }): Promise<AnswerRecord[]>;
  touchAnswer(id: number): Promise<void>;
  /** Wraps an embedder with this store's embedding cache. */
  cachedEmbedder(embedder: Embedder): Embedder;
  cachePort<T>(table: 'search' | 'sparql', ttlMs: number): CachePort<T>;
  /** Bytes the ledger accounts for. */
  usage(): Promise<number>;
  setBudget(bytes: number): Promise<void>;
  /** Deletes everything, the ledger and usage included. */
  clearAll(): Promise<void>;
  estimate(): Promise<{ usage: number; budget: number; quota?: number }>;
  /** Asks the browser not to evict our storage under pressure. */
  persist(): Promise<boolean>;
  status(): StoreStatus;
  close(): void;
}

/** SHA-256 of a string's UTF-8, lowercase hex (WebCrypto: in browsers, workers and Node 20). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A page version's identity: SHA-256 of the title and the blocks' text. NUL separates them
 * because it never occurs in page text, so moving a boundary between blocks changes the hash.
 */
export function pageHash(snapshot: Pick<PageSnapshot, 'title' | 'blocks'>): Promise<string> {
  return sha256Hex([snapshot.title, ...snapshot.blocks.map((block) => block.text)].join('\u0000'));
}

const QUOTA_NAMES = new Set([
  'QuotaExceededError',
  // Older Firefox.
  'NS_ERROR_DOM_QUOTA_REACHED',
]);

/**
 * True when `error` is, or wraps, a quota error: a DOMException or Dexie.QuotaExceededError, or
 * an AbortError / Dexie.AbortError (what a transaction that failed on commit rejects with) whose
 * `inner` — possibly nested — is one. Also follows `cause` and a BulkError's `failures`.
 */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    // Depth and `seen` bound the walk: error objects are foreign data and may be cyclic.
    if (depth > 8 || typeof value !== 'object' || value === null || seen.has(value)) return false;
    seen.add(value);
    const { name, inner, cause, failures } = value as {
      name?: unknown;
      inner?: unknown;
      cause?: unknown;
      failures?: unknown;
    };
    if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
    if (visit(inner, depth + 1) || visit(cause, depth + 1)) return true;
    return Array.isArray(failures) && failures.some((failure) => visit(failure, depth + 1));
  };
  return visit(error, 0);
}

// ---- Shape checks: records written by other code (or older code) must not reach callers. ----

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function validPage(value: unknown): value is PageRecord {
  if (!isObject(value)) return false;
  const { snapshot } = value;
  return (
    typeof value.key === 'string' &&
    typeof value.url === 'string' &&
    typeof value.hash === 'string' &&
    typeof value.title === 'string' &&
    isTime(value.fetchedAt) &&
    Array.isArray(value.passages) &&
    isObject(snapshot) &&
    Array.isArray(snapshot.blocks) &&
    snapshot.blocks.every((block) => isObject(block) && typeof block.text === 'string')
  );
}

function validAnswer(value: unknown): value is AnswerRecord {
  if (!isObject(value)) return false;
  const { result } = value;
  return (
    typeof value.id === 'number' &&
    typeof value.mode === 'string' &&
    typeof value.question === 'string' &&
    typeof value.questionKey === 'string' &&
    typeof value.pageUrl === 'string' &&
    typeof value.pageHash === 'string' &&
    typeof value.pageTitle === 'string' &&
    isTime(value.createdAt) &&
    // The panel reads result.answer (fallback, text, citations) and result.quotes straight away.
    isObject(result) &&
    isObject(result.answer) &&
    Array.isArray(result.quotes)
  );
}

/** A bad question vector only costs the semantic lookup: keep the answer, drop the vector. */
function withValidVector(record: AnswerRecord): AnswerRecord {
  const vector: unknown = record.questionVector;
  if (vector === undefined) return record;
  if (
    isObject(vector) &&
    typeof vector.modelId === 'string' &&
    vector.vector instanceof Float32Array
  )
    return record;
  const { questionVector: _dropped, ...rest } = record;
  return rest;
}

function validEmbedding(value: unknown, modelId: string): value is EmbeddingRecord {
  return isObject(value) && value.modelId === modelId && value.vector instanceof Float32Array;
}

function validCacheRecord(value: unknown): value is CacheRecord {
  return (
    isObject(value) && typeof value.key === 'string' && isTime(value.expiresAt) && 'value' in value
  );
}

function matchesQuery(record: AnswerRecord, needle: string): boolean {
  return [record.question, record.pageTitle, record.pageUrl].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

function byNewest(a: AnswerRecord, b: AnswerRecord): number {
  return b.createdAt - a.createdAt || (b.id ?? 0) - (a.id ?? 0);
}

export function openStore(options: CacheStoreOptions = {}): CacheStore {
  const now = options.now ?? Date.now;
  let budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const storage: StorageLike | undefined =
    options.storage ?? (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage;

  let problem: StoreProblem | undefined;
  let skippedCorrupt = 0;

  const report = (operation: string, error: unknown): void => {
    try {
      options.onError?.(operation, error);
    } catch {
      // A diagnostics hook must not turn a handled failure into an unhandled one.
    }
  };

  let db: AnswerPanelDatabase | undefined;
  try {
    db = new AnswerPanelDatabase({
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      now,
    });
  } catch (error) {
    report('open', error);
  }

  /** Resolves to the open database, or null when the store cannot use one (status says why). */
  const ready: Promise<AnswerPanelDatabase | null> = open(db);

  async function open(
    database: AnswerPanelDatabase | undefined,
  ): Promise<AnswerPanelDatabase | null> {
    if (!database) {
      problem = 'open-failed';
      return null;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // Dexie 4 opens a database newer than ours anyway, and adds what it finds missing (a
      // "schema patch"): look first, where the browser can say, so a newer version's database
      // is not touched at all.
      if (
        await newerOnDisk(
          database,
          options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB,
        )
      ) {
        problem = 'newer-version';
        database.close();
        return null;
      }
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(
          () => resolve('timeout'),
          options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS,
        );
      });
      // An older connection (another panel still on version 1) that never closes blocks the
      // upgrade, and an open that never settles would hang every question: give up instead.
      if ((await Promise.race([database.open(), timeout])) === 'timeout') {
        problem = 'open-failed';
        report('open', new Error('opening the database timed out'));
        database.close();
        return null;
      }
      // Where `databases()` is missing, check after opening. Dexie's native version is ours × 10
      // and a schema patch adds 1–9, so only the tens tell a newer declared version.
      if (Math.floor(database.backendDB().version / 10) > database.verno) {
        problem = 'newer-version';
        database.close();
        return null;
      }
      // Every indexed query needs IDBKeyRange, and Dexie throws MissingAPIError on each one
      // without it (Node with an injected factory and no global one): fail once, here, with a
      // status, rather than answer every lookup with a silent miss.
      await database.ledger.orderBy('lastUsed').limit(1).primaryKeys();
      return database;
    } catch (error) {
      problem = 'open-failed';
      report('open', error);
      database.close();
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function newerOnDisk(
    database: AnswerPanelDatabase,
    factory: IDBFactory | undefined,
  ): Promise<boolean> {
    if (!factory || typeof factory.databases !== 'function') return false;
    try {
      const found = (await factory.databases()).find((info) => info.name === database.name);
      return found?.version !== undefined && Math.floor(found.version / 10) > database.verno;
    } catch {
      return false;
    }
  }

  /** Runs a read; a storage failure becomes `fallback`. */
  async function read<R>(
    operation: string,
    fallback: R,
    body: (database: AnswerPanelDatabase) => Promise<R>,
  ): Promise<R> {
    const database = await ready;
    if (!database) return fallback;
    try {
      return await body(database);
    } catch (error) {
      report(operation, error);
      return fallback;
    }
  }

  // ---- Writes: the one helper every write goes through ----

  /** What one write transaction does; throws what IndexedDB throws. */
  async function attemptWrite(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    records: object[],
  ): Promise<{ keys: Array<string | number>; usage: number }> {
    return database.transaction(
      'rw',
      [database.table(table), database.ledger, database.meta],
      async () => {
        options.faults?.beforeWrite?.(table);
        // Read before the ledger changes: where meta is missing, usage is summed from the ledger.
        const base = await readUsage(database);
        const keys: Array<string | number> = [];
        let delta = 0;
        const time = now();
        for (const record of records) {
          const key = (await database.table(table).put(record)) as string | number;
          // Measure the record as stored: an answer's id is assigned by the put.
          const bytes = recordBytes(table === 'answers' ? { ...record, id: key } : record);
          const ref = ledgerRef(table, key);
          const old = await database.ledger.get(ref);
          await database.ledger.put({ ref, table, key, bytes, lastUsed: time });
          delta += bytes - (isTime(old?.bytes) ? old.bytes : 0);
          keys.push(key);
        }
        const usage = Math.max(0, base + delta);
        await database.meta.put({ key: 'usage', bytes: usage });
        return { keys, usage };
      },
    );
  }

  /**
   * Puts records into `table` with their ledger rows, then keeps to the budget. Resolves the
   * keys, or null when nothing was written (caching off, no database, a failure).
   */
  async function writeRecords(
    table: LedgerTable,
    records: object[],
  ): Promise<Array<string | number> | null> {
    if (problem === 'quota') return null;
    const database = await ready;
    if (!database || problem || records.length === 0) return null;
    // A record bigger than what eviction keeps would evict everything, itself included.
    if (records.reduce((sum, record) => sum + recordBytes(record), 0) > budget * EVICT_TO_SHARE)
      return null;
    let written: { keys: Array<string | number>; usage: number };
    try {
      written = await attemptWrite(database, table, records);
    } catch (error) {
      if (!isQuotaError(error)) {
        report(`write ${table}`, error);
        return null;
      }
      report(`write ${table}`, error);
      await scheduleEviction(database, Math.floor((await usageOf(database)) * QUOTA_EVICT_SHARE));
      try {
        written = await attemptWrite(database, table, records);
      } catch (retryError) {
        report(`write ${table} (retry)`, retryError);
        // Failing again after freeing half of what we use: the disk or the origin's quota is
        // taken by something else. Stop writing rather than fail every later write the same way.
        if (isQuotaError(retryError)) problem = 'quota';
        return null;
      }
    }
    if (written.usage > budget)
      await scheduleEviction(database, Math.floor(budget * EVICT_TO_SHARE));
    return written.keys;
  }

  /** Usage from meta; a missing or foreign value is recomputed from the ledger. */
  async function readUsage(database: AnswerPanelDatabase): Promise<number> {
    const meta = await database.meta.get('usage');
    if (isTime(meta?.bytes) && meta.bytes >= 0) return meta.bytes;
    let total = 0;
    await database.ledger.each((row) => {
      if (isTime(row.bytes)) total += row.bytes;
    });
    return total;
  }

  async function usageOf(database: AnswerPanelDatabase): Promise<number> {
    try {
      return await database.transaction('r', database.meta, database.ledger, () =>
        readUsage(database),
      );
    } catch (error) {
      report('usage', error);
      return 0;
    }
  }

  // Evictions run one after another: each re-reads usage in its own transaction, so a second
  // one queued behind the first finds the work done and stops.
  let evictions: Promise<void> = Promise.resolve();
  function scheduleEviction(database: AnswerPanelDatabase, target: number): Promise<void> {
    evictions = evictions.then(() => evictTo(database, target));
    return evictions;
  }

  /** Deletes least recently used records (any table) until usage ≤ target. Never throws. */
  async function evictTo(database: AnswerPanelDatabase, target: number): Promise<void> {
    try {
      for (;;) {
        const done = await database.transaction(
          'rw',
          [...ALL_TABLES.map((name) => database.table(name)), database.ledger, database.meta],
          async () => {
            let usage = await readUsage(database);
            if (usage <= target) return true;
            const rows = await database.ledger.orderBy('lastUsed').limit(EVICT_BATCH).toArray();
            if (rows.length === 0) {
              // Nothing left to evict but usage says otherwise: the total drifted (written by
              // other code); the ledger is the truth.
              await database.meta.put({ key: 'usage', bytes: 0 });
              return true;
            }
            for (const row of rows) {
              if (usage <= target) break;
              if ((ALL_TABLES as readonly string[]).includes(row.table))
                await database.table(row.table).delete(row.key);
              await database.ledger.delete(row.ref);
              usage -= isTime(row.bytes) ? row.bytes : 0;
            }
            await database.meta.put({ key: 'usage', bytes: Math.max(0, usage) });
            return usage <= target;
          },
        );
        if (done) return;
      }
    } catch (error) {
      report('evict', error);
    }
  }

  /** Deletes one record with its ledger row and takes its bytes off usage. */
  async function removeRecord(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    key: string | number,
  ): Promise<boolean> {
    try {
      return await database.transaction(
        'rw',
        [database.table(table), database.ledger, database.meta],
        async () => {
          const existed = (await database.table(table).get(key)) !== undefined;
          await database.table(table).delete(key);
          const ref = ledgerRef(table, key);
          const row = await database.ledger.get(ref);
          if (row) {
            const usage = await readUsage(database);
            await database.ledger.delete(ref);
            await database.meta.put({
              key: 'usage',
              bytes: Math.max(0, usage - (isTime(row.bytes) ? row.bytes : 0)),
            });
          }
          return existed;
        },
      );
    } catch (error) {
      report(`delete ${table}`, error);
      return false;
    }
  }

  /** A record of the wrong shape: not for callers. Delete it so it is not met again. */
  async function dropCorrupt(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    key: unknown,
  ): Promise<void> {
    skippedCorrupt += 1;
    if (typeof key === 'string' || typeof key === 'number')
      await removeRecord(database, table, key);
  }

  /** Marks records as just used (LRU). A failure only makes them look older. */
  async function touch(table: LedgerTable, keys: Array<string | number>): Promise<void> {
    if (problem === 'quota' || keys.length === 0) return;
    const database = await ready;
    if (!database) return;
    try {
      const time = now();
      await database.transaction('rw', database.ledger, async () => {
        for (const key of keys)
          await database.ledger.update(ledgerRef(table, key), { lastUsed: time });
      });
    } catch (error) {
      report(`touch ${table}`, error);
    }
  }

  // ---- Pages ----

  async function putPage(snapshot: PageSnapshot, passages: Passage[]): Promise<PageRecord | null> {
    const hash = await pageHash(snapshot);
    const record: PageRecord = {
      key: `${snapshot.url}\u0000${hash}`,
      url: snapshot.url,
      hash,
      title: snapshot.title,
      snapshot,
      passages,
      fetchedAt: now(),
    };
    return (await writeRecords('pages', [record])) ? record : null;
  }

  async function getPage(url: string, hash?: string): Promise<PageRecord | null> {
    const found = await read('getPage', null, async (database): Promise<PageRecord | null> => {
      if (hash !== undefined) {
        const key = `${url}\u0000${hash}`;
        const record: unknown = await database.pages.get(key);
        if (record === undefined) return null;
        if (validPage(record)) return record;
        await dropCorrupt(database, 'pages', key);
        return null;
      }
      const rows: unknown[] = await database.pages.where('url').equals(url).toArray();
      let latest: PageRecord | null = null;
      for (const row of rows) {
        if (!validPage(row)) {
          await dropCorrupt(database, 'pages', isObject(row) ? row.key : undefined);
          continue;
        }
        if (!latest || row.fetchedAt > latest.fetchedAt) latest = row;
      }
      return latest;
    });
    if (found) await touch('pages', [found.key]);
    return found;
  }

  // ---- Answers ----

  /** Validates rows read from `answers`; drops the corrupt ones. */
  async function keepValidAnswers(
    database: AnswerPanelDatabase,
    rows: unknown[],
  ): Promise<AnswerRecord[]> {
    const valid: AnswerRecord[] = [];
    for (const row of rows) {
      if (validAnswer(row)) valid.push(withValidVector(row));
      else await dropCorrupt(database, 'answers', isObject(row) ? row.id : undefined);
    }
    return valid;
  }

  async function putAnswer(record: Omit<AnswerRecord, 'id'>): Promise<number | null> {
    // Copy without any `id` the caller's object may carry: an answer is always a new row.
    const { id: _ignored, ...fresh } = record as AnswerRecord;
    const keys = await writeRecords('answers', [fresh]);
    return typeof keys?.[0] === 'number' ? keys[0] : null;
  }

  function getAnswer(id: number): Promise<AnswerRecord | null> {
    return read('getAnswer', null, async (database) => {
      const row: unknown = await database.answers.get(id);
      if (row === undefined) return null;
      return (await keepValidAnswers(database, [row]))[0] ?? null;
    });
  }

  function listAnswers(list: ListAnswersOptions = {}): Promise<AnswerRecord[]> {
    return read('listAnswers', [], async (database) => {
      const needle = list.query?.trim().toLowerCase() ?? '';
      const offset = Math.max(0, list.offset ?? 0);
      const limit = list.limit ?? Infinity;
      if (limit <= 0) return [];
      const corrupt: unknown[] = [];
      // A cursor over the createdAt index, newest first, stopping at offset + limit: history
      // may hold thousands of answers, each with its quotes, and none of them needs to be in
      // memory at once.
      const out: AnswerRecord[] = [];
      let skipped = 0;
      await database.answers
        .orderBy('createdAt')
        .reverse()
        .until(() => out.length >= limit)
        .each((row: unknown) => {
          if (!validAnswer(row)) {
            corrupt.push(row);
            return;
          }
          if (needle && !matchesQuery(row, needle)) return;
          if (skipped < offset) {
            skipped += 1;
            return;
          }
          if (out.length < limit) out.push(withValidVector(row));
        });
      await keepValidAnswers(database, corrupt);
      return out;
    });
  }

  async function deleteAnswer(id: number): Promise<boolean> {
    const database = await ready;
    return database ? removeRecord(database, 'answers', id) : false;
  }

  function deleteAllAnswers(): Promise<number> {
    return read('deleteAllAnswers', 0, (database) =>
      database.transaction('rw', database.answers, database.ledger, database.meta, async () => {
        const count = await database.answers.count();
        const rows = await database.ledger.where('table').equals('answers').toArray();
        const freed = rows.reduce((sum, row) => sum + (isTime(row.bytes) ? row.bytes : 0), 0);
        const usage = await readUsage(database);
        await database.answers.clear();
        await database.ledger.bulkDelete(rows.map((row) => row.ref));
        await database.meta.put({ key: 'usage', bytes: Math.max(0, usage - freed) });
        return count;
      }),
    );
  }

  function findExact(
    mode: AnswerRecord['mode'],
    questionKey: string,
    pageUrl: string,
    pageHash: string,
  ): Promise<AnswerRecord | null> {
    return read('findExact', null, async (database) => {
      const rows: unknown[] = await database.answers
        .where('questionKey')
        .equals(questionKey)
        .toArray();
      const matches = (await keepValidAnswers(database, rows)).filter(
        (row) => row.mode === mode && row.pageUrl === pageUrl && row.pageHash === pageHash,
      );
      return matches.sort(byNewest)[0] ?? null;
    });
  }

  function answersForLookup(
    lookup: { pageUrl?: string; limit?: number } = {},
  ): Promise<AnswerRecord[]> {
    return read('answersForLookup', [], async (database) => {
      const limit = lookup.limit ?? Infinity;
      if (lookup.pageUrl !== undefined) {
        const rows: unknown[] = await database.answers
          .where('pageUrl')
          .equals(lookup.pageUrl)
          .toArray();
        return (await keepValidAnswers(database, rows)).sort(byNewest).slice(0, limit);
      }
      const rows: unknown[] = await (Number.isFinite(limit)
        ? database.answers.orderBy('createdAt').reverse().limit(limit).toArray()
        : database.answers.orderBy('createdAt').reverse().toArray());
      return keepValidAnswers(database, rows);
    });
  }

  // ---- Embeddings ----

  function cachedEmbedder(embedder: Embedder): Embedder {
    const { modelId } = embedder;
    return {
      modelId,
      async embed(texts: readonly string[]): Promise<Float32Array[]> {
        if (texts.length === 0) return [];
        let keys: string[];
        let found: Array<Float32Array | undefined>;
        try {
          keys = await Promise.all(
            texts.map(async (text) => `${modelId}\u0000${await sha256Hex(text)}`),
          );
          found = await lookupEmbeddings(keys, modelId);
        } catch {
          // No hashing or no database: the cache is an optimisation, the caller needs vectors.
          return embedder.embed(texts);
        }
        // Misses, each distinct text once, in the order they first appear.
        const missIndex = new Map<string, number>();
        const missTexts: string[] = [];
        texts.forEach((text, i) => {
          if (found[i] === undefined && !missIndex.has(keys[i]!)) {
            missIndex.set(keys[i]!, missTexts.length);
            missTexts.push(text);
          }
        });
        const fresh = missTexts.length > 0 ? await embedder.embed(missTexts) : [];
        if (fresh.length !== missTexts.length)
          throw new Error(
            `embedder ${modelId} returned ${fresh.length} vectors for ${missTexts.length} texts`,
          );
        if (missTexts.length > 0) {
          const records: EmbeddingRecord[] = [...missIndex].map(([key, at]) => ({
            key,
            modelId,
            // A copy: a vector may be a view into one big output tensor, and structured clone
            // would store the whole buffer behind it.
            vector: new Float32Array(fresh[at]!),
          }));
          await writeRecords('embeddings', records);
        }
        const hits = keys.filter((_, i) => found[i] !== undefined);
        await touch('embeddings', [...new Set(hits)]);
        return texts.map((_, i) => found[i] ?? fresh[missIndex.get(keys[i]!)!]!);
      },
    };
  }

  /** Cached vectors by key (undefined = miss). Throws when the store cannot read. */
  async function lookupEmbeddings(
    keys: string[],
    modelId: string,
  ): Promise<Array<Float32Array | undefined>> {
    const database = await ready;
    if (!database) return keys.map(() => undefined);
    const rows: unknown[] = await database.embeddings.bulkGet(keys);
    const out: Array<Float32Array | undefined> = [];
    for (const [i, row] of rows.entries()) {
      if (row === undefined) out.push(undefined);
      else if (validEmbedding(row, modelId)) out.push(row.vector);
      else {
        await dropCorrupt(database, 'embeddings', keys[i]);
        out.push(undefined);
      }
    }
    return out;
  }

  // ---- Search and SPARQL responses ----

  function cachePort<T>(table: 'search' | 'sparql', ttlMs: number): CachePort<T> {
    return {
      async get(key: string): Promise<T | undefined> {
        const value = await read(
          `get ${table}`,
          undefined,
          async (database): Promise<{ value: T } | undefined> => {
            const row: unknown = await database.table(table).get(key);
            if (row === undefined) return undefined;
            if (!validCacheRecord(row)) {
              await dropCorrupt(database, table, key);
              return undefined;
            }
            if (row.expiresAt <= now()) {
              await removeRecord(database, table, key);
              return undefined;
            }
            return { value: row.value as T };
          },
        );
        if (!value) return undefined;
        await touch(table, [key]);
        return value.value;
      },
      async set(key: string, value: T): Promise<void> {
        const storedAt = now();
        const record: CacheRecord = { key, value, storedAt, expiresAt: storedAt + ttlMs };
        await writeRecords(table, [record]);
      },
    };
  }

  // ---- Budget and housekeeping ----

  async function usage(): Promise<number> {
    const database = await ready;
    return database ? usageOf(database) : 0;
  }

  async function setBudget(bytes: number): Promise<void> {
    if (!Number.isFinite(bytes) || bytes <= 0)
      throw new RangeError(`budget must be a positive number of bytes, got ${bytes}`);
    budget = bytes;
    const database = await ready;
    if (database && (await usageOf(database)) > budget)
      await scheduleEviction(database, Math.floor(budget * EVICT_TO_SHARE));
  }

  async function clearAll(): Promise<void> {
    await read('clearAll', undefined, (database) =>
      database.transaction(
        'rw',
        [...ALL_TABLES.map((name) => database.table(name)), database.ledger, database.meta],
        async () => {
          await Promise.all([
            ...ALL_TABLES.map((name) => database.table(name).clear()),
            database.ledger.clear(),
            database.meta.clear(),
          ]);
        },
      ),
    );
  }

  async function estimate(): Promise<{ usage: number; budget: number; quota?: number }> {
    const out: { usage: number; budget: number; quota?: number } = { usage: await usage(), budget };
    try {
      const quota = (await storage?.estimate?.())?.quota;
      if (isTime(quota)) out.quota = quota;
    } catch (error) {
      report('estimate', error);
    }
    return out;
  }

  async function persist(): Promise<boolean> {
    try {
      return (await storage?.persist?.()) === true;
    } catch (error) {
      report('persist', error);
      return false;
    }
  }

  function status(): StoreStatus {
    return problem
      ? { caching: false, reason: REASONS[problem], code: problem, skippedCorrupt }
      : { caching: true, skippedCorrupt };
  }

  return {
    putPage,
    getPage,
    putAnswer,
    getAnswer,
    listAnswers,
    deleteAnswer,
    deleteAllAnswers,
    findExact,
    answersForLookup,
    touchAnswer: (id) => touch('answers', [id]),
    cachedEmbedder,
    cachePort,
    usage,
    setBudget,
    clearAll,
    estimate,
    persist,
    status,
    close: () => db?.close(),
  };
}
