// The usage total: the sum of the ledger's bytes, kept in `meta` in step with every write and
// delete (in the same transactions), so the budget check does not sum the ledger each time.

import type { AnswerPanelDatabase } from './db';
import { bytesOf, storedUsage } from './records';

/** Usage from meta; a missing or foreign value is recomputed from the ledger. */
export async function readUsage(database: AnswerPanelDatabase): Promise<number> {
  const stored = storedUsage(await database.meta.get('usage'));
  if (stored !== undefined) return stored;
  let total = 0;
  await database.ledger.each((row) => {
    total += bytesOf(row);
  });
  return total;
}

/** Stores the usage total (never below zero: a total that drifted must not go negative). */
export async function writeUsage(database: AnswerPanelDatabase, bytes: number): Promise<void> {
  await database.meta.put({ key: 'usage', bytes: Math.max(0, bytes) });
}

/** Usage in a transaction of its own; a storage failure reads as 0 (and is reported). */
export async function usageOf(
  database: AnswerPanelDatabase,
  report: (operation: string, error: unknown) => void,
): Promise<number> {
  try {
    return await database.transaction('r', database.meta, database.ledger, () =>
      readUsage(database),
    );
  } catch (error) {
    report('usage', error);
    return 0;
  }
}
