// Search and SPARQL responses with an expiry, behind the CachePort the search and knowledge-graph
// adapters take (lib/core/cache.ts). A failing or expired entry is a miss.

import type { CachePort } from '../core/cache';
import type { StoreContext } from './context';
import type { AnswerPanelDatabase, CacheRecord } from './db';
import type { Ledger } from './ledger';
import { isCacheRow } from './records';

type ResponseTable = 'search' | 'sparql';

export function responsePort<T>(
  ctx: StoreContext,
  ledger: Ledger,
  table: ResponseTable,
  ttlMs: number,
): CachePort<T> {
  return {
    async get(key: string): Promise<T | undefined> {
      const found = await ctx.read(`get ${table}`, undefined, (database) =>
        fresh<T>(ctx, ledger, database, table, key),
      );
      if (!found) return undefined;
      await ledger.touch(table, [key]);
      return found.value;
    },
    async set(key: string, value: T): Promise<void> {
      const storedAt = ctx.now();
      const record: CacheRecord = { key, value, storedAt, expiresAt: storedAt + ttlMs };
      await ledger.write(table, [record]);
    },
  };
}

/** The unexpired value under `key`, boxed (a cached value may itself be undefined). */
async function fresh<T>(
  ctx: StoreContext,
  ledger: Ledger,
  database: AnswerPanelDatabase,
  table: ResponseTable,
  key: string,
): Promise<{ value: T } | undefined> {
  const row: unknown = await database.table(table).get(key);
  if (row === undefined) return undefined;
  if (!isCacheRow(row)) {
    await ledger.dropCorrupt(database, table, key);
    return undefined;
  }
  if (row.expiresAt <= ctx.now()) {
    await ledger.remove(database, table, key);
    return undefined;
  }
  return { value: row.value as T };
}
