// Keeping to the byte budget (docs/SECURITY.md, property 13): the least recently used records of
// any table go first, in short transactions, one eviction after another.

import { LEDGER_TABLES, type AnswerPanelDatabase } from './db';
import { bytesOf } from './records';
import { readUsage, writeUsage } from './usage';

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

export class Evictions {
  // Evictions run one after another: each re-reads usage in its own transaction, so a second
  // one queued behind the first finds the work done and stops.
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly report: (operation: string, error: unknown) => void) {}

  /** Evicts until usage ≤ target, after any eviction already under way. Never rejects. */
  schedule(database: AnswerPanelDatabase, target: number): Promise<void> {
    this.last = this.last.then(() => this.evictTo(database, target));
    return this.last;
  }

  private async evictTo(database: AnswerPanelDatabase, target: number): Promise<void> {
    try {
      let done = false;
      while (!done) done = await evictBatch(database, target);
    } catch (error) {
      this.report('evict', error);
    }
  }
}

/** One transaction's worth of eviction; true when usage is at or under `target` after it. */
function evictBatch(database: AnswerPanelDatabase, target: number): Promise<boolean> {
  return database.transaction(
    'rw',
    [...LEDGER_TABLES.map((name) => database.table(name)), database.ledger, database.meta],
    async () => {
      let usage = await readUsage(database);
      if (usage <= target) return true;
      const rows = await database.ledger.orderBy('lastUsed').limit(EVICT_BATCH).toArray();
      if (rows.length === 0) {
        // Nothing left to evict but usage says otherwise: the total drifted (written by other
        // code); the ledger is the truth.
        await writeUsage(database, 0);
        return true;
      }
      for (const row of rows) {
        if (usage <= target) break;
        // A ledger row naming no table of ours (written by other code) is dropped on its own.
        if ((LEDGER_TABLES as readonly string[]).includes(row.table))
          await database.table(row.table).delete(row.key);
        await database.ledger.delete(row.ref);
        usage -= bytesOf(row);
      }
      await writeUsage(database, usage);
      return usage <= target;
    },
  );
}
