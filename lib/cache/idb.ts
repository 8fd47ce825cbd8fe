// A CachePort kept in IndexedDB (Dexie), for answers that should outlive the panel: SPARQL
// responses (issue: "results cached, IndexedDB in the extension") and, later, fetched pages.
// Expiry is by time since it was stored; failures reach callers as rejections, which the cache
// helpers (cacheGet/cacheSet) treat as a miss, so a broken database never stops an answer.

import Dexie, { type EntityTable } from 'dexie';
import type { CachePort } from '../search/cache';

interface Entry {
  key: string;
  value: unknown;
  storedAt: number;
}

class CacheDatabase extends Dexie {
  entries!: EntityTable<Entry, 'key'>;
  constructor(name: string, indexedDB?: IDBFactory) {
    super(name, indexedDB ? { indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : undefined);
    // Version 1: one table keyed by the cache key, indexed by time for expiry sweeps.
    this.version(1).stores({ entries: 'key, storedAt' });
  }
}

export interface IdbCacheOptions {
  ttlMs: number;
  now?: () => number;
  /** Injected in tests (fake-indexeddb); the browser's by default. */
  indexedDB?: IDBFactory;
}

export function createIdbCache<T>(name: string, options: IdbCacheOptions): CachePort<T> & { close(): void } {
  const db = new CacheDatabase(name, options.indexedDB);
  const now = options.now ?? Date.now;
  return {
    async get(key) {
      const entry = await db.entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= options.ttlMs) {
        await db.entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    async set(key, value) {
      await db.entries.put({ key, value, storedAt: now() });
    },
    close: () => db.close(),
  };
}
