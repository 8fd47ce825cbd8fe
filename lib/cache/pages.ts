// Pages as read: a snapshot and its passages per page version (URL and content hash), so a
// repeated question on an unchanged page skips reading and splitting it again.

import type { Passage, PageSnapshot } from '../pipeline/types';
import type { StoreContext } from './context';
import type { AnswerPanelDatabase, PageRecord } from './db';
import { pageHash } from './hash';
import type { Ledger } from './ledger';
import { isPageRow, primaryKeyOf } from './records';
import type { CacheStore } from './types';

/** One record per page version; NUL never occurs in a URL. */
function pageKey(url: string, hash: string): string {
  return `${url}\u0000${hash}`;
}

export class PageStore implements Pick<CacheStore, 'putPage' | 'getPage'> {
  constructor(
    private readonly ctx: StoreContext,
    private readonly ledger: Ledger,
  ) {}

  async putPage(snapshot: PageSnapshot, passages: Passage[]): Promise<PageRecord | null> {
    const hash = await pageHash(snapshot);
    const record: PageRecord = {
      key: pageKey(snapshot.url, hash),
      url: snapshot.url,
      hash,
      title: snapshot.title,
      snapshot,
      passages,
      fetchedAt: this.ctx.now(),
    };
    return (await this.ledger.write('pages', [record])) ? record : null;
  }

  async getPage(url: string, hash?: string): Promise<PageRecord | null> {
    const found = await this.ctx.read('getPage', null, (database) =>
      hash !== undefined ? this.version(database, url, hash) : this.latest(database, url),
    );
    if (found) await this.ledger.touch('pages', [found.key]);
    return found;
  }

  private async version(
    database: AnswerPanelDatabase,
    url: string,
    hash: string,
  ): Promise<PageRecord | null> {
    const key = pageKey(url, hash);
    const row: unknown = await database.pages.get(key);
    if (row === undefined) return null;
    if (isPageRow(row)) return row;
    await this.ledger.dropCorrupt(database, 'pages', key);
    return null;
  }

  /** The version of `url` fetched last. */
  private async latest(database: AnswerPanelDatabase, url: string): Promise<PageRecord | null> {
    const rows: unknown[] = await database.pages.where('url').equals(url).toArray();
    let latest: PageRecord | null = null;
    for (const row of rows) {
      if (!isPageRow(row)) {
        await this.ledger.dropCorrupt(database, 'pages', primaryKeyOf(row, 'key'));
        continue;
      }
      if (!latest || row.fetchedAt > latest.fetchedAt) latest = row;
    }
    return latest;
  }
}
