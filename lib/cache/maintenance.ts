// The store as a whole: its usage against the budget, the browser's quota, clearing everything.

import type { StoreContext } from './context';
import { LEDGER_TABLES } from './db';
import { EVICT_TO_SHARE } from './eviction';
import type { Ledger } from './ledger';
import { isFiniteNumber } from './records';
import type { CacheStore } from './types';

type MaintenanceMethods = 'usage' | 'setBudget' | 'clearAll' | 'estimate' | 'persist';

export class Maintenance implements Pick<CacheStore, MaintenanceMethods> {
  constructor(
    private readonly ctx: StoreContext,
    private readonly ledger: Ledger,
  ) {}

  async usage(): Promise<number> {
    const database = await this.ctx.ready;
    return database ? this.ledger.usage(database) : 0;
  }

  async setBudget(bytes: number): Promise<void> {
    if (!Number.isFinite(bytes) || bytes <= 0)
      throw new RangeError(`budget must be a positive number of bytes, got ${bytes}`);
    this.ctx.budget = bytes;
    const database = await this.ctx.ready;
    if (database && (await this.ledger.usage(database)) > this.ctx.budget)
      await this.ledger.evictions.schedule(database, Math.floor(this.ctx.budget * EVICT_TO_SHARE));
  }

  async clearAll(): Promise<void> {
    await this.ctx.read('clearAll', undefined, (database) =>
      database.transaction(
        'rw',
        [...LEDGER_TABLES.map((name) => database.table(name)), database.ledger, database.meta],
        async () => {
          await Promise.all([
            ...LEDGER_TABLES.map((name) => database.table(name).clear()),
            database.ledger.clear(),
            database.meta.clear(),
          ]);
        },
      ),
    );
  }

  async estimate(): Promise<{ usage: number; budget: number; quota?: number }> {
    const out: { usage: number; budget: number; quota?: number } = {
      usage: await this.usage(),
      budget: this.ctx.budget,
    };
    try {
      const quota = (await this.ctx.storage?.estimate?.())?.quota;
      if (isFiniteNumber(quota)) out.quota = quota;
    } catch (error) {
      this.ctx.report('estimate', error);
    }
    return out;
  }

  async persist(): Promise<boolean> {
    try {
      return (await this.ctx.storage?.persist?.()) === true;
    } catch (error) {
      this.ctx.report('persist', error);
      return false;
    }
  }
}
