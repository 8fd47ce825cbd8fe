import { useEffect, useState } from 'react';
import type { AnswerRecord } from '@/lib/cache/db';
import { timeAgo } from '@/lib/core/time';

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
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const refresh = () => ports.list(query).then(setRecords, () => setRecords([]));
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const now = Date.now();
  return (
    <section className="history" aria-label="History">
      <input
        type="search"
        placeholder="Search questions and pages…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label="Search history"
      />
      <div className="history-actions">
        <button
          type="button"
          data-action="export-json"
          onClick={() =>
            void ports.export('json').then((n) =>
              setNote({
                text: `Exported ${n} answer${n === 1 ? '' : 's'} (JSON).`,
                error: false,
              }),
            )
          }
        >
          Export JSON
        </button>
        <button
          type="button"
          data-action="export-markdown"
          onClick={() =>
            void ports.export('markdown').then((n) =>
              setNote({
                text: `Exported ${n} answer${n === 1 ? '' : 's'} (Markdown).`,
                error: false,
              }),
            )
          }
        >
          Export Markdown
        </button>
        <label className="import-label">
          Import JSON
          <input
            type="file"
            accept="application/json,.json"
            data-action="import"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              void ports.import(file).then((r) => {
                setNote(
                  r.ok
                    ? {
                        text: `Imported ${r.imported} answer${r.imported === 1 ? '' : 's'}${r.skipped ? `; ${r.skipped} could not be read and were skipped` : ''}.`,
                        error: false,
                      }
                    : { text: r.error, error: true },
                );
                void refresh();
              });
            }}
          />
        </label>
        {confirmAll ? (
          <>
            <button
              type="button"
              data-action="delete-all-confirm"
              onClick={() => void ports.removeAll().then(() => (setConfirmAll(false), refresh()))}
            >
              Delete all answers
            </button>
            <button type="button" onClick={() => setConfirmAll(false)}>
              Keep them
            </button>
          </>
        ) : (
          <button
            type="button"
            data-action="delete-all"
            onClick={() => setConfirmAll(true)}
            disabled={!records?.length}
          >
            Delete all…
          </button>
        )}
      </div>
      {note && (
        <p
          className={note.error ? 'error' : 'notice'}
          role={note.error ? 'alert' : 'status'}
          data-history-note={note.error ? 'error' : 'ok'}
        >
          {note.text}
        </p>
      )}
      {records === null ? (
        <p>Loading…</p>
      ) : records.length === 0 ? (
        <p className="footnote">
          {query
            ? 'No saved answer matches.'
            : 'No saved answers yet. Answers are saved here as you ask.'}
        </p>
      ) : (
        <ul className="history-list">
          {records.map((record) => (
            <li key={record.id} className="history-item" data-history-id={record.id}>
              <button
                type="button"
                className="history-open"
                onClick={() => onOpen(record)}
                title="Show this answer"
              >
                <span className="history-question">{record.question}</span>
                <span className="history-meta">
                  {record.mode === 'verify'
                    ? `Claim · ${record.result.verdict?.label ?? ''} · `
                    : ''}
                  {record.pageTitle || record.pageUrl} · {timeAgo(record.createdAt, now)}
                </span>
              </button>
              <button
                type="button"
                className="history-delete"
                data-action="delete"
                aria-label={`Delete "${record.question}"`}
                onClick={() => void ports.remove(record.id!).then(refresh)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
