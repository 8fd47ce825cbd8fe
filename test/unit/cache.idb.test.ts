import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createIdbCache } from '../../lib/cache/idb';
import { cacheGet, cacheSet } from '../../lib/search/cache';

describe('createIdbCache', () => {
  it('keeps values across instances until the TTL passes', async () => {
    const indexedDB = new IDBFactory();
    let clock = 1_000;
    const first = createIdbCache<{ rows: number[] }>('kg-test', { ttlMs: 100, now: () => clock, indexedDB });
    await first.set('SELECT 1', { rows: [1, 2] });
    first.close();
    const second = createIdbCache<{ rows: number[] }>('kg-test', { ttlMs: 100, now: () => clock, indexedDB });
    expect(await second.get('SELECT 1')).toEqual({ rows: [1, 2] });
    clock += 100;
    expect(await second.get('SELECT 1')).toBeUndefined();
    expect(await second.get('never stored')).toBeUndefined();
    second.close();
  });

  it('is a miss, not a failure, when the database is closed', async () => {
    const cache = createIdbCache<number>('kg-closed', { ttlMs: 100, indexedDB: new IDBFactory() });
    cache.close();
    await cacheSet(cache, 'k', 1);
    expect(await cacheGet(cache, 'k')).toBeUndefined();
  });
});
