// Opening the database, or finding out why the store cannot use it: a newer version's database
// is left untouched, and an open that hangs or fails turns caching off instead of failing every
// question.

import { AnswerPanelDatabase } from './db';
import type { CacheStoreOptions, StoreProblem } from './types';

/** How long opening may take before the store gives up (an old connection that never closes blocks an upgrade). */
const DEFAULT_OPEN_TIMEOUT_MS = 10_000;

type Report = (error: unknown) => void;

/** The store's database object (not yet open), or undefined when Dexie refuses the options. */
export function createDatabase(
  options: CacheStoreOptions,
  now: () => number,
  report: Report,
): AnswerPanelDatabase | undefined {
  try {
    return new AnswerPanelDatabase({
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      now,
    });
  } catch (error) {
    report(error);
    return undefined;
  }
}

/**
 * Opens `database`. Resolves undefined when it is ready for use, else why not (and the database
 * is closed). Never rejects: a failure is reported and becomes 'open-failed'.
 */
export async function openDatabase(
  database: AnswerPanelDatabase,
  options: CacheStoreOptions,
  report: Report,
): Promise<Exclude<StoreProblem, 'quota'> | undefined> {
  try {
    const problem = await openChecked(database, options, report);
    if (problem) database.close();
    return problem;
  } catch (error) {
    report(error);
    database.close();
    return 'open-failed';
  }
}

async function openChecked(
  database: AnswerPanelDatabase,
  options: CacheStoreOptions,
  report: Report,
): Promise<Exclude<StoreProblem, 'quota'> | undefined> {
  // Dexie 4 opens a database newer than ours anyway, and adds what it finds missing (a "schema
  // patch"): look first, where the browser can say, so a newer version's database is not touched
  // at all.
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (await newerOnDisk(database, factory)) return 'newer-version';
  // An older connection (another panel still on version 1) that never closes blocks the
  // upgrade, and an open that never settles would hang every question: give up instead.
  if (!(await openWithin(database, options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS))) {
    report(new Error('opening the database timed out'));
    return 'open-failed';
  }
  // Where `databases()` is missing, check after opening. Dexie's native version is ours × 10
  // and a schema patch adds 1–9, so only the tens tell a newer declared version.
  if (Math.floor(database.backendDB().version / 10) > database.verno) return 'newer-version';
  // Every indexed query needs IDBKeyRange, and Dexie throws MissingAPIError on each one
  // without it (Node with an injected factory and no global one): fail once, here, with a
  // status, rather than answer every lookup with a silent miss.
  await database.ledger.orderBy('lastUsed').limit(1).primaryKeys();
  return undefined;
}

/** True when the database opened within `ms`; false when it did not settle in time. */
async function openWithin(database: AnswerPanelDatabase, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return (await Promise.race([database.open(), timeout])) !== 'timeout';
  } finally {
    clearTimeout(timer);
  }
}

async function newerOnDisk(
  database: AnswerPanelDatabase,
  factory: IDBFactory | undefined,
): Promise<boolean> {
  if (!factory || typeof factory.databases !== 'function') return false;
  try {
    const found = (await factory.databases()).find((info) => info.name === database.name);
    return found?.version !== undefined && Math.floor(found.version / 10) > database.verno;
  } catch {
    return false;
  }
}
