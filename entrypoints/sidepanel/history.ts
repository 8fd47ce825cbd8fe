// The history view's ports: the offline cache (the same IndexedDB database the pipeline worker
// writes) and files (export by download, import from a file the user picked).

import type { HistoryPorts } from '@/components/HistoryView';
import { openStore, type CacheStore } from '@/lib/cache/store';
import { t } from '@/lib/core/i18n';
import { exportJson, exportMarkdown, MAX_IMPORT_BYTES, parseImport } from '@/lib/history/export';

let store: CacheStore | null = null;
const cache = () => (store ??= openStore());

/** Every saved answer, newest first (for export). */
async function everything() {
  return cache().listAnswers({ limit: Number.MAX_SAFE_INTEGER });
}

function download(text: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const historyPorts: HistoryPorts = {
  list: (query) => cache().listAnswers({ query, limit: 200 }),
  remove: async (id) => void (await cache().deleteAnswer(id)),
  removeAll: async () => void (await cache().deleteAllAnswers()),
  async export(format) {
    const records = await everything();
    const stamp = new Date().toISOString().slice(0, 10);
    if (format === 'json')
      download(
        exportJson(records, Date.now()),
        'application/json',
        `answer-panel-history-${stamp}.json`,
      );
    else
      download(
        exportMarkdown(records, Date.now()),
        'text/markdown',
        `answer-panel-history-${stamp}.md`,
      );
    return records.length;
  },
  async import(file) {
    // Checked before reading: a huge file is refused without loading it into memory.
    if (file.size > MAX_IMPORT_BYTES) {
      return {
        ok: false,
        error: t(
          'import_file_too_large',
          (file.size / 2 ** 20).toFixed(0),
          MAX_IMPORT_BYTES / 2 ** 20,
        ),
      };
    }
    const parsed = parseImport(await file.text());
    if (!parsed.ok) return parsed;
    let imported = 0;
    let alreadySaved = 0;
    for (const record of parsed.records) {
      const outcome = await cache().importAnswer(record);
      if (outcome === 'duplicate') alreadySaved++;
      else if (outcome !== null) imported++;
    }
    const status = cache().status();
    if (imported + alreadySaved < parsed.records.length && !status.caching)
      return {
        ok: false,
        error: `${status.reason ?? t('import_storage_failed')} ${t('import_partial', imported, parsed.records.length)}`,
      };
    return { ok: true, imported, skipped: parsed.skipped };
  },
};
