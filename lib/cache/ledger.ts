// Every write and delete goes through the ledger: in one transaction it puts or deletes the
// records, their ledger rows (size, last use) and the new usage total, then keeps to the byte
// budget (docs/SECURITY.md, property 13). A QuotaExceededError (the browser's own limit, also
// arriving as an AbortError whose `inner` is one) evicts and retries once; a second one turns
// caching off for the store's life, and the store carries on without saving.

import type { StoreContext } from './context';
import { ledgerRef, recordBytes, type AnswerPanelDatabase, type LedgerTable } from './db';
import { EVICT_TO_SHARE, Evictions, QUOTA_EVICT_SHARE } from './eviction';
import { isQuotaError } from './quota';
import { bytesOf } from './records';
import { readUsage, usageOf, writeUsage } from './usage';

type Key = string | number;

interface Written {
  keys: Key[];
  /** The usage total after the write. */
  usage: number;
}

export class Ledger {
  readonly evictions: Evictions;

  constructor(private readonly ctx: StoreContext) {
    this.evictions = new Evictions((operation, error) => ctx.report(operation, error));
  }

  /**
   * Puts records into `table` with their ledger rows, then keeps to the budget. Resolves the
   * keys, or null when nothing was written (caching off, no database, a failure).
   */
  /** `lastUsed`: when the records count as last used for eviction (default: now). */
  async write(table: LedgerTable, records: object[], lastUsed?: number): Promise<Key[] | null> {
    const { ctx } = this;
    if (ctx.problem === 'quota') return null;
    const database = await ctx.ready;
    if (!database || ctx.problem || records.length === 0) return null;
    // A record bigger than what eviction keeps would evict everything, itself included.
    const bytes = records.reduce((sum, record) => sum + recordBytes(record), 0);
    if (bytes > ctx.budget * EVICT_TO_SHARE) return null;
    const written = await this.putOrRetry(database, table, records, lastUsed);
    if (!written) return null;
    if (written.usage > ctx.budget)
      await this.evictions.schedule(database, Math.floor(ctx.budget * EVICT_TO_SHARE));
    return written.keys;
  }

  /** Deletes one record with its ledger row and takes its bytes off usage. */
  async remove(database: AnswerPanelDatabase, table: LedgerTable, key: Key): Promise<boolean> {
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
            await writeUsage(database, usage - bytesOf(row));
          }
          return existed;
        },
      );
    } catch (error) {
      this.ctx.report(`delete ${table}`, error);
      return false;
    }
  }

  /** A record of the wrong shape: not for callers. Delete it so it is not met again. */
  async dropCorrupt(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    key: unknown,
  ): Promise<void> {
    this.ctx.skippedCorrupt += 1;
    if (typeof key === 'string' || typeof key === 'number') await this.remove(database, table, key);
  }

  /** Marks records as just used (LRU). A failure only makes them look older. */
  async touch(table: LedgerTable, keys: Key[]): Promise<void> {
    const { ctx } = this;
    if (ctx.problem === 'quota' || keys.length === 0) return;
    const database = await ctx.ready;
    if (!database) return;
    try {
      const time = ctx.now();
      await database.transaction('rw', database.ledger, async () => {
        for (const key of keys)
          await database.ledger.update(ledgerRef(table, key), { lastUsed: time });
      });
    } catch (error) {
      ctx.report(`touch ${table}`, error);
    }
  }

  /** Bytes the ledger accounts for; 0 when the store cannot read. */
  usage(database: AnswerPanelDatabase): Promise<number> {
    return usageOf(database, (operation, error) => this.ctx.report(operation, error));
  }

  /** Writes; on a quota error, evicts and retries once. Null when nothing was written. */
  private async putOrRetry(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    records: object[],
    lastUsed: number | undefined,
  ): Promise<Written | null> {
    const { ctx } = this;
    try {
      return await this.put(database, table, records, lastUsed);
    } catch (error) {
      ctx.report(`write ${table}`, error);
      if (!isQuotaError(error)) return null;
    }
    const target = Math.floor((await this.usage(database)) * QUOTA_EVICT_SHARE);
    await this.evictions.schedule(database, target);
    try {
      return await this.put(database, table, records, lastUsed);
    } catch (retryError) {
      ctx.report(`write ${table} (retry)`, retryError);
      // Failing again after freeing half of what we use: the disk or the origin's quota is
      // taken by something else. Stop writing rather than fail every later write the same way.
      if (isQuotaError(retryError)) ctx.problem = 'quota';
      return null;
    }
  }

  /** What one write transaction does; throws what IndexedDB throws. */
  private put(
    database: AnswerPanelDatabase,
    table: LedgerTable,
    records: object[],
    lastUsed?: number,
  ): Promise<Written> {
    return database.transaction(
      'rw',
      [database.table(table), database.ledger, database.meta],
      async () => {
        this.ctx.beforeWrite(table);
        // Read before the ledger changes: where meta is missing, usage is summed from the ledger.
        const base = await readUsage(database);
        const time = lastUsed ?? this.ctx.now();
        const keys: Key[] = [];
        let delta = 0;
        for (const record of records) {
          const key = (await database.table(table).put(record)) as Key;
          // Measure the record as stored: an answer's id is assigned by the put.
          const bytes = recordBytes(table === 'answers' ? { ...record, id: key } : record);
          const ref = ledgerRef(table, key);
          const old = await database.ledger.get(ref);
          await database.ledger.put({ ref, table, key, bytes, lastUsed: time });
          delta += bytes - bytesOf(old);
          keys.push(key);
        }
        const usage = Math.max(0, base + delta);
        await writeUsage(database, usage);
        return { keys, usage };
      },
    );
  }
}
