// What every piece of one store shares: the database once open, the clock, the byte budget, and
// whether (and why) caching is off. A cache that fails is a miss and a write that fails is
// skipped: the panel keeps answering without its cache, and `status()` says in words why nothing
// is saved.

import { t } from '../core/i18n';
import type { AnswerPanelDatabase, LedgerTable } from './db';
import { createDatabase, openDatabase } from './open';
import type { CacheStoreOptions, StorageLike, StoreProblem, StoreStatus } from './types';

export const DEFAULT_BUDGET_BYTES = 200 * 1024 * 1024;

/** Why caching is off, in words (looked up when asked, in the language bound then). */
const REASONS: Record<StoreProblem, () => string> = {
  quota: () => t('storage_quota'),
  'newer-version': () => t('storage_newer_version'),
  'open-failed': () => t('storage_open_failed'),
};

export class StoreContext {
  readonly now: () => number;
  readonly storage: StorageLike | undefined;
  /** Resolves to the open database, or null when the store cannot use one (status says why). */
  readonly ready: Promise<AnswerPanelDatabase | null>;
  budget: number;
  /** Why caching is off; undefined while it is on. */
  problem: StoreProblem | undefined;
  /** Records of the wrong shape met on reads (skipped and deleted). */
  skippedCorrupt = 0;
  private readonly database: AnswerPanelDatabase | undefined;

  constructor(private readonly options: CacheStoreOptions) {
    this.now = options.now ?? Date.now;
    this.budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.storage =
      options.storage ??
      (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage;
    this.database = createDatabase(options, this.now, (error) => this.report('open', error));
    this.ready = this.open(this.database);
  }

  /** Tells the diagnostics hook about a swallowed failure. */
  report(operation: string, error: unknown): void {
    try {
      this.options.onError?.(operation, error);
    } catch {
      // A diagnostics hook must not turn a handled failure into an unhandled one.
    }
  }

  /** Runs a read; a storage failure (or no database) becomes `fallback`. */
  async read<R>(
    operation: string,
    fallback: R,
    body: (database: AnswerPanelDatabase) => Promise<R>,
  ): Promise<R> {
    const database = await this.ready;
    if (!database) return fallback;
    try {
      return await body(database);
    } catch (error) {
      this.report(operation, error);
      return fallback;
    }
  }

  /** Test hook: runs inside every write transaction, before the put. */
  beforeWrite(table: LedgerTable): void {
    this.options.faults?.beforeWrite?.(table);
  }

  status(): StoreStatus {
    const { problem, skippedCorrupt } = this;
    return problem
      ? { caching: false, reason: REASONS[problem](), code: problem, skippedCorrupt }
      : { caching: true, skippedCorrupt };
  }

  close(): void {
    this.database?.close();
  }

  private async open(
    database: AnswerPanelDatabase | undefined,
  ): Promise<AnswerPanelDatabase | null> {
    if (!database) {
      this.problem = 'open-failed';
      return null;
    }
    const problem = await openDatabase(database, this.options, (error) =>
      this.report('open', error),
    );
    if (problem) this.problem = problem;
    return problem ? null : database;
  }
}
