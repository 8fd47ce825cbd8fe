// The extension's IndexedDB database (Dexie): what was read, computed and answered, kept so that
// a repeated question is instant and a question already answered on a page can be answered again
// offline. One database for the panel and its worker (same extension origin).
//
// Every stored record has a row in `ledger` with its size and when it was last used: the byte
// budget is enforced by evicting the least recently used records across all tables
// (eviction.ts).
//
// Versions (each kept declared, so Dexie can upgrade any older database in place):
//   1  pages and answers only (the first layout; no byte accounting).
//   2  adds embeddings, search and sparql caches, the ledger and the meta table; the upgrade
//      gives every version-1 record its ledger row, so old answers count against the budget.
// A thread (a question and its follow-ups) is one answer record: the first turn's, with the later
// turns in `followUps`. That needed no new version: no index changed, and a record without
// `followUps` is read as a thread of one turn, as it always was.

import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { AskResult, PageSnapshot, Passage } from '../pipeline/types';
import { isFiniteNumber } from './records';

export const DB_NAME = 'answer-panel';

/** A page as read: the snapshot and its passages, by URL and content hash. */
export interface PageRecord {
  /** `${url}\u0000${hash}`: one record per page version. */
  key: string;
  url: string;
  /** SHA-256 (hex) of the page's block text: tells page versions apart (content.ts reads it live). */
  hash: string;
  title: string;
  snapshot: PageSnapshot;
  passages: Passage[];
  fetchedAt: number;
}

/** A bi-encoder embedding of a text, so re-asking on a page skips re-encoding its passages. */
export interface EmbeddingRecord {
  /** `${modelId}\u0000${textHash}`. */
  key: string;
  modelId: string;
  vector: Float32Array;
}

/** A cached response (search hits, a fetched result page, a SPARQL answer) with its expiry. */
export interface CacheRecord {
  key: string;
  value: unknown;
  storedAt: number;
  expiresAt: number;
}

/** A later turn of a thread, saved inside the record of its first turn, in the order asked. */
export interface FollowUpTurn {
  mode: AskResult['mode'];
  question: string;
  questionKey: string;
  /** The page version it was answered on (the page may change between turns). */
  pageHash: string;
  /** Its answer, quotes and citations, as the panel showed them. */
  result: AskResult;
  createdAt: number;
}

/** Follow-ups one thread record holds; a longer conversation continues in a new record. */
export const MAX_FOLLOW_UPS = 50;

/**
 * An answer as the panel showed it, with what it was computed from; with `followUps`, the first
 * turn of a thread.
 */
export interface AnswerRecord {
  id?: number;
  mode: AskResult['mode'];
  question: string;
  /** Normalised question (questionKey()): exact lookups match on it. */
  questionKey: string;
  pageUrl: string;
  pageHash: string;
  pageTitle: string;
  /** Quotes, triples, answer text, citations and their checks, verdict, composer, timings. */
  result: AskResult;
  createdAt: number;
  /** The settings that shape an answer (composer, sources, models, knowledge graph), as a string:
   *  an exact hit must have been made the same way. */
  configKey?: string;
  /** The question's bi-encoder embedding when models were loaded (semantic lookup). */
  questionVector?: { modelId: string; vector: Float32Array };
  /** The thread's later turns, oldest first (absent: a single answer). */
  followUps?: FollowUpTurn[];
}

export type LedgerTable = 'pages' | 'embeddings' | 'search' | 'sparql' | 'answers';

/** Every table whose records the ledger accounts for. */
export const LEDGER_TABLES: readonly LedgerTable[] = [
  'pages',
  'embeddings',
  'search',
  'sparql',
  'answers',
];

/** One row per stored record: its size and last use, for the byte budget's LRU eviction. */
export interface LedgerRow {
  /** `${table}:${primary key}`. */
  ref: string;
  table: LedgerTable;
  key: string | number;
  bytes: number;
  lastUsed: number;
}

export interface MetaRow {
  key: 'usage';
  /** Sum of the ledger's bytes, kept in step in the same transactions. */
  bytes: number;
}

/** Version 1 of the schema, exported so the upgrade test can create a version-1 database. */
export const SCHEMA_V1 = {
  pages: 'key, url, fetchedAt',
  answers: '++id, questionKey, pageUrl, createdAt',
} as const;

export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  embeddings: 'key',
  search: 'key, expiresAt',
  sparql: 'key, expiresAt',
  ledger: 'ref, lastUsed, table',
  meta: 'key',
} as const;

export class AnswerPanelDatabase extends Dexie {
  pages!: EntityTable<PageRecord, 'key'>;
  answers!: EntityTable<AnswerRecord, 'id'>;
  embeddings!: EntityTable<EmbeddingRecord, 'key'>;
  search!: EntityTable<CacheRecord, 'key'>;
  sparql!: EntityTable<CacheRecord, 'key'>;
  ledger!: EntityTable<LedgerRow, 'ref'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(
    options: {
      name?: string;
      indexedDB?: IDBFactory;
      IDBKeyRange?: typeof IDBKeyRange;
      now?: () => number;
    } = {},
  ) {
    // IDBKeyRange must come with an injected factory: Dexie needs it for every where()/orderBy(),
    // and in Node (tests with fake-indexeddb) there is no global one, so passing the global alone
    // left Dexie with `undefined` and every indexed query threw MissingAPIError.
    super(
      options.name ?? DB_NAME,
      options.indexedDB
        ? {
            indexedDB: options.indexedDB,
            IDBKeyRange: options.IDBKeyRange ?? globalThis.IDBKeyRange,
          }
        : undefined,
    );
    const now = options.now ?? Date.now;
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade((tx) => ledgerVersion1(tx, now));
  }
}

/** The version-2 upgrade: every version-1 record gets its ledger row, so it counts against the budget. */
async function ledgerVersion1(tx: Transaction, now: () => number): Promise<void> {
  let total = 0;
  const rows: LedgerRow[] = [];
  for (const table of ['pages', 'answers'] as const) {
    await tx
      .table(table)
      .toCollection()
      .each((record: PageRecord | AnswerRecord, cursor) => {
        const key = cursor.primaryKey as string | number;
        const bytes = recordBytes(record);
        // A non-number here (a row some other code wrote) would be left out of the lastUsed
        // index, and a row missing from that index is never evicted.
        const time = 'fetchedAt' in record ? record.fetchedAt : record.createdAt;
        const lastUsed = isFiniteNumber(time) ? time : now();
        rows.push({ ref: ledgerRef(table, key), table, key, bytes, lastUsed });
        total += bytes;
      });
  }
  await tx.table('ledger').bulkPut(rows);
  await tx.table('meta').put({ key: 'usage', bytes: total });
}

export function ledgerRef(table: LedgerTable, key: string | number): string {
  return `${table}:${key}`;
}

/**
 * Approximate bytes a record takes: its JSON length (UTF-16 in IndexedDB's serialisation of
 * strings is not the point; what matters is a consistent measure for the budget) plus typed
 * arrays at their byte length.
 */
export function recordBytes(record: unknown): number {
  let extra = 0;
  try {
    const json = JSON.stringify(record, (_key, value: unknown) => {
      if (ArrayBuffer.isView(value)) {
        extra += value.byteLength;
        return undefined;
      }
      // IndexedDB stores BigInts, which JSON.stringify throws on.
      if (typeof value === 'bigint') return value.toString();
      return value;
    });
    return (json?.length ?? 0) + extra;
  } catch {
    // Structured clone also keeps cycles, which JSON cannot: a foreign record with one must not
    // fail the version-2 upgrade (the database would never open). Count it at a nominal size.
    return UNMEASURABLE_RECORD_BYTES;
  }
}

/** What recordBytes charges for a record it cannot serialise (a foreign one with a cycle). */
const UNMEASURABLE_RECORD_BYTES = 1024;
