import { useEffect, useState } from 'react';
import type { AnswerRecord } from '@/lib/cache/db';
import { HistoryList } from './history-view/HistoryList';
import { HistoryToolbar, type HistoryNote } from './history-view/HistoryToolbar';
import './history-view/history.css';
import { t } from '@/lib/core/i18n';

/** What the history view needs from the cache and the file system (entrypoints/sidepanel wires them). */
export interface HistoryPorts {
  list(query: string): Promise<AnswerRecord[]>;
  remove(id: number): Promise<void>;
  removeAll(): Promise<void>;
  /** Saves the history as a file; resolves to how many answers were written. */
  export(format: 'json' | 'markdown'): Promise<number>;
  /** Reads an export back; a message for the panel either way (nothing is lost on a bad file). */
  import(
    file: File,
  ): Promise<{ ok: true; imported: number; skipped: number } | { ok: false; error: string }>;
}

export function HistoryView({
  ports,
  onOpen,
}: {
  ports: HistoryPorts;
  onOpen: (record: AnswerRecord) => void;
}) {
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<AnswerRecord[] | null>(null);
  const [note, setNote] = useState<HistoryNote | null>(null);

  const refresh = () => ports.list(query).then(setRecords, () => setRecords([]));
  useEffect(() => {
    void refresh();
    // Listed again when the search changes; `ports` is the panel's one history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  return (
    <section className="history" aria-label={t('tabs_history')}>
      <input
        type="search"
        placeholder={t('history_search_placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t('history_search_label')}
      />
      <HistoryToolbar
        ports={ports}
        hasRecords={Boolean(records?.length)}
        onNote={setNote}
        refresh={refresh}
      />
      {note && (
        <p
          className={note.error ? 'error' : 'notice'}
          role={note.error ? 'alert' : 'status'}
          data-history-note={note.error ? 'error' : 'ok'}
        >
          {note.text}
        </p>
      )}
      <HistoryList
        records={records}
        query={query}
        onOpen={onOpen}
        onDelete={(record) => void ports.remove(record.id!).then(refresh)}
      />
    </section>
  );
}
