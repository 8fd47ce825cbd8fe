// Cache port for search: fetched result pages (and search responses) by key. The default is an
// in-memory LRU with a TTL; the extension backs the same port with IndexedDB (lib/cache/store.ts). A cache
// that fails is treated as a miss (degrade, don't crash: as uBlock treats a failed IndexedDB open).

export interface CachePort<T> {
  get(key: string): Promise<T | undefined> | T | undefined;
  set(key: string, value: T): Promise<void> | void;
}

export interface MemoryCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** Milliseconds clock (injected so tests control expiry). */
  now?: () => number;
}

export const PAGE_CACHE_DEFAULTS = { maxEntries: 100, ttlMs: 60 * 60_000 };
export const HIT_CACHE_DEFAULTS = { maxEntries: 100, ttlMs: 10 * 60_000 };

export function createMemoryCache<T>(options: MemoryCacheOptions = {}): CachePort<T> {
  const maxEntries = Math.max(1, options.maxEntries ?? PAGE_CACHE_DEFAULTS.maxEntries);
  const ttlMs = options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlMs;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Reads through a cache that may throw or reject: any failure is a miss. */
export async function cacheGet<T>(
  cache: CachePort<T> | undefined,
  key: string,
): Promise<T | undefined> {
  try {
    return (await cache?.get(key)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes through a cache that may throw or reject (quota, closed database): the answer goes on. */
export async function cacheSet<T>(
  cache: CachePort<T> | undefined,
  key: string,
  value: T,
): Promise<void> {
  try {
    await cache?.set(key, value);
  } catch {
    // Continue without caching.
  }
}
