// Answers as the panel showed them: the history, the exact-repeat lookup (same question, mode and
// page version) and the candidates for the semantic one.

import type { StoreContext } from './context';
import {
  MAX_FOLLOW_UPS,
  type AnswerPanelDatabase,
  type AnswerRecord,
  type FollowUpTurn,
} from './db';
import type { Ledger } from './ledger';
import { bytesOf, isAnswerRow, primaryKeyOf, withValidVector } from './records';
import type { CacheStore, ListAnswersOptions } from './types';
import { readUsage, writeUsage } from './usage';

type AnswerMethods =
  | 'putAnswer'
  | 'appendFollowUp'
  | 'importAnswer'
  | 'getAnswer'
  | 'listAnswers'
  | 'deleteAnswer'
  | 'deleteAllAnswers'
  | 'findExact'
  | 'answersForLookup'
  | 'touchAnswer';

function matchesQuery(record: AnswerRecord, needle: string): boolean {
  const followUps = (record.followUps ?? []).map((turn) => turn.question);
  return [record.question, record.pageTitle, record.pageUrl, ...followUps].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

function byNewest(a: AnswerRecord, b: AnswerRecord): number {
  return b.createdAt - a.createdAt || (b.id ?? 0) - (a.id ?? 0);
}

export class AnswerStore implements Pick<CacheStore, AnswerMethods> {
  constructor(
    private readonly ctx: StoreContext,
    private readonly ledger: Ledger,
  ) {}

  async putAnswer(record: Omit<AnswerRecord, 'id'>): Promise<number | null> {
    // Copy without any `id` the caller's object may carry: an answer is always a new row.
    const { id: _ignored, ...fresh } = record as AnswerRecord;
    const keys = await this.ledger.write('answers', [fresh]);
    return typeof keys?.[0] === 'number' ? keys[0] : null;
  }

  /**
   * Adds a later turn to the thread whose first turn is answer `id`. False when that answer is gone
   * (deleted, evicted), already holds MAX_FOLLOW_UPS turns or could not be written: the caller then
   * saves the turn as an answer of its own. The panel asks one question at a time, so the read and
   * the write need not share a transaction.
   */
  async appendFollowUp(id: number, turn: FollowUpTurn): Promise<boolean> {
    const record = await this.getAnswer(id);
    if (!record || (record.followUps?.length ?? 0) >= MAX_FOLLOW_UPS) return false;
    const thread = { ...record, followUps: [...(record.followUps ?? []), turn] };
    const keys = await this.ledger.write('answers', [thread]);
    return keys?.[0] === id;
  }

  /**
   * An answer from an import file: skipped when the same answer is already saved (same page
   * version, question, mode and time), so importing a file twice adds nothing; otherwise saved as
   * last used when it was created, so a large import of old answers is evicted before the user's
   * own recent ones. A saved thread the file has with more follow-ups (exported after more were
   * asked) takes the file's turns.
   */
  async importAnswer(record: Omit<AnswerRecord, 'id'>): Promise<number | 'duplicate' | null> {
    const { id: _ignored, ...fresh } = record as AnswerRecord;
    const twin = await this.ctx.read('importAnswer', undefined, (database) =>
      database.answers
        .where('pageUrl')
        .equals(fresh.pageUrl)
        .filter(
          (row: AnswerRecord) =>
            row.createdAt === fresh.createdAt &&
            row.questionKey === fresh.questionKey &&
            row.mode === fresh.mode &&
            row.pageHash === fresh.pageHash,
        )
        .first(),
    );
    if (twin) return this.extendThread(twin, fresh);
    const keys = await this.ledger.write('answers', [fresh], fresh.createdAt);
    return typeof keys?.[0] === 'number' ? keys[0] : null;
  }

  private async extendThread(
    saved: AnswerRecord,
    imported: Omit<AnswerRecord, 'id'>,
  ): Promise<number | 'duplicate' | null> {
    const turns = imported.followUps ?? [];
    // A row of the wrong shape is left as it was: the import never writes over what it cannot read.
    if (!isAnswerRow(saved) || turns.length <= (saved.followUps?.length ?? 0)) return 'duplicate';
    const keys = await this.ledger.write('answers', [{ ...saved, followUps: turns }]);
    return typeof keys?.[0] === 'number' ? keys[0] : null;
  }

  getAnswer(id: number): Promise<AnswerRecord | null> {
    return this.ctx.read('getAnswer', null, async (database) => {
      const row: unknown = await database.answers.get(id);
      if (row === undefined) return null;
      return (await this.keepValid(database, [row]))[0] ?? null;
    });
  }

  listAnswers(list: ListAnswersOptions = {}): Promise<AnswerRecord[]> {
    return this.ctx.read('listAnswers', [], async (database) => {
      const limit = list.limit ?? Infinity;
      if (limit <= 0) return [];
      const { out, corrupt } = await scanNewest(database, list, limit);
      await this.keepValid(database, corrupt);
      return out;
    });
  }

  async deleteAnswer(id: number): Promise<boolean> {
    const database = await this.ctx.ready;
    return database ? this.ledger.remove(database, 'answers', id) : false;
  }

  deleteAllAnswers(): Promise<number> {
    return this.ctx.read('deleteAllAnswers', 0, (database) =>
      database.transaction('rw', database.answers, database.ledger, database.meta, async () => {
        const count = await database.answers.count();
        const rows = await database.ledger.where('table').equals('answers').toArray();
        const freed = rows.reduce((sum, row) => sum + bytesOf(row), 0);
        const usage = await readUsage(database);
        await database.answers.clear();
        await database.ledger.bulkDelete(rows.map((row) => row.ref));
        await writeUsage(database, usage - freed);
        return count;
      }),
    );
  }

  findExact(
    mode: AnswerRecord['mode'],
    questionKey: string,
    pageUrl: string,
    pageHash: string,
  ): Promise<AnswerRecord | null> {
    return this.ctx.read('findExact', null, async (database) => {
      const rows: unknown[] = await database.answers
        .where('questionKey')
        .equals(questionKey)
        .toArray();
      const matches = (await this.keepValid(database, rows)).filter(
        (row) => row.mode === mode && row.pageUrl === pageUrl && row.pageHash === pageHash,
      );
      return matches.sort(byNewest)[0] ?? null;
    });
  }

  answersForLookup(lookup: { pageUrl?: string; limit?: number } = {}): Promise<AnswerRecord[]> {
    return this.ctx.read('answersForLookup', [], async (database) => {
      const limit = lookup.limit ?? Infinity;
      if (lookup.pageUrl !== undefined) {
        const rows: unknown[] = await database.answers
          .where('pageUrl')
          .equals(lookup.pageUrl)
          .toArray();
        return (await this.keepValid(database, rows)).sort(byNewest).slice(0, limit);
      }
      const newest = database.answers.orderBy('createdAt').reverse();
      const rows: unknown[] = await (Number.isFinite(limit)
        ? newest.limit(limit).toArray()
        : newest.toArray());
      return this.keepValid(database, rows);
    });
  }

  touchAnswer(id: number): Promise<void> {
    return this.ledger.touch('answers', [id]);
  }

  /** Validates rows read from `answers`; drops the corrupt ones. */
  private async keepValid(database: AnswerPanelDatabase, rows: unknown[]): Promise<AnswerRecord[]> {
    const valid: AnswerRecord[] = [];
    for (const row of rows) {
      if (isAnswerRow(row)) valid.push(withValidVector(row));
      else await this.ledger.dropCorrupt(database, 'answers', primaryKeyOf(row, 'id'));
    }
    return valid;
  }
}

/**
 * One page of the history, newest first: a cursor over the createdAt index that stops at offset +
 * limit. History may hold thousands of answers, each with its quotes, and none of them needs to
 * be in memory at once. Rows of the wrong shape met on the way come back in `corrupt`.
 */
async function scanNewest(
  database: AnswerPanelDatabase,
  list: ListAnswersOptions,
  limit: number,
): Promise<{ out: AnswerRecord[]; corrupt: unknown[] }> {
  const needle = list.query?.trim().toLowerCase() ?? '';
  const offset = Math.max(0, list.offset ?? 0);
  const out: AnswerRecord[] = [];
  const corrupt: unknown[] = [];
  let skipped = 0;
  await database.answers
    .orderBy('createdAt')
    .reverse()
    .until(() => out.length >= limit)
    .each((row: unknown) => {
      if (!isAnswerRow(row)) {
        corrupt.push(row);
        return;
      }
      if (needle && !matchesQuery(row, needle)) return;
      if (skipped < offset) {
        skipped += 1;
        return;
      }
      if (out.length < limit) out.push(withValidVector(row));
    });
  return { out, corrupt };
}
