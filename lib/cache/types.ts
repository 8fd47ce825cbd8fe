// The cache store's public types: what openStore (store.ts) takes and returns. The pieces of the
// store each implement a part of `CacheStore`, typed against it here.

import type { CachePort } from '../core/cache';
import type { Embedder } from '../pipeline/ports';
import type { Passage, PageSnapshot } from '../pipeline/types';
import type { AnswerRecord, FollowUpTurn, LedgerTable, PageRecord } from './db';

export type StoreProblem = 'quota' | 'newer-version' | 'open-failed';

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
  /** Adds a turn to the thread whose first turn is answer `id`; false when it could not. */
  appendFollowUp(id: number, turn: FollowUpTurn): Promise<boolean>;
  /** An imported answer: 'duplicate' when already saved; stored as last used at its creation. */
  importAnswer(record: Omit<AnswerRecord, 'id'>): Promise<number | 'duplicate' | null>;
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
