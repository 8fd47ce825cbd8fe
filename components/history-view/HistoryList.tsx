import type { AnswerRecord } from '@/lib/cache/db';
import { timeAgo } from '@/lib/core/time';
import { useNow } from '../use-now';

export interface HistoryListProps {
  /** Null while loading. */
  records: AnswerRecord[] | null;
  /** The search typed, which changes what an empty list says. */
  query: string;
  onOpen(record: AnswerRecord): void;
  onDelete(record: AnswerRecord): void;
}

export function HistoryList({ records, query, onOpen, onDelete }: HistoryListProps) {
  if (records === null) return <p>Loading…</p>;
  if (records.length === 0)
    return (
      <p className="footnote">
        {query
          ? 'No saved answer matches.'
          : 'No saved answers yet. Answers are saved here as you ask.'}
      </p>
    );
  return <HistoryItems records={records} onOpen={onOpen} onDelete={onDelete} />;
}

function HistoryItems({
  records,
  onOpen,
  onDelete,
}: Pick<HistoryListProps, 'onOpen' | 'onDelete'> & { records: AnswerRecord[] }) {
  const now = useNow();
  return (
    <ul className="history-list">
      {records.map((record) => (
        <HistoryRow
          key={record.id}
          record={record}
          now={now}
          onOpen={() => onOpen(record)}
          onDelete={() => onDelete(record)}
        />
      ))}
    </ul>
  );
}

function HistoryRow({
  record,
  now,
  onOpen,
  onDelete,
}: {
  record: AnswerRecord;
  now: number;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="history-item" data-history-id={record.id}>
      <button type="button" className="history-open" onClick={onOpen} title="Show this answer">
        <span className="history-question">{record.question}</span>
        <span className="history-meta">
          {record.mode === 'verify' ? `Claim · ${record.result.verdict?.label ?? ''} · ` : ''}
          {record.pageTitle || record.pageUrl} · {timeAgo(record.createdAt, now)}
        </span>
      </button>
      <button
        type="button"
        className="history-delete"
        data-action="delete"
        aria-label={`Delete "${record.question}"`}
        onClick={onDelete}
      >
        Delete
      </button>
    </li>
  );
}
