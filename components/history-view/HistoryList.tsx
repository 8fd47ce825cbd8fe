import type { AnswerRecord } from '@/lib/cache/db';
import { useNow } from '../use-now';
import { historyMeta } from './labels';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t } from '../../lib/core/i18n';

export interface HistoryListProps {
  /** Null while loading. */
  records: AnswerRecord[] | null;
  /** The search typed, which changes what an empty list says. */
  query: string;
  onOpen(record: AnswerRecord): void;
  onDelete(record: AnswerRecord): void;
}

export function HistoryList({ records, query, onOpen, onDelete }: HistoryListProps) {
  if (records === null) return <p>{t('history_loading')}</p>;
  if (records.length === 0)
    return <p className="footnote">{query ? t('history_no_match') : t('history_empty')}</p>;
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
  const turns = 1 + (record.followUps?.length ?? 0);
  return (
    <li className="history-item" data-history-id={record.id} data-turns={turns}>
      <button
        type="button"
        className="history-open"
        onClick={onOpen}
        title={turns > 1 ? t('history_show_thread') : t('history_show')}
      >
        <span className="history-question">{record.question}</span>
        <span className="history-meta">{historyMeta(record, now)}</span>
      </button>
      <button
        type="button"
        className="history-delete"
        data-action="delete"
        aria-label={t('history_delete_label', record.question)}
        title={t('history_delete_title')}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

/** A small bin, drawn in the text colour; the button around it carries the name. */
function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 1.5h4a.5.5 0 0 1 .5.5v1H14a.5.5 0 0 1 0 1h-.8l-.7 9.6A1.5 1.5 0 0 1 11 15H5a1.5 1.5 0 0 1-1.5-1.4L2.8 4H2a.5.5 0 0 1 0-1h3.5V2a.5.5 0 0 1 .5-.5Zm.5 1.5h3v-.5h-3V3ZM3.8 4l.7 9.5c0 .3.2.5.5.5h6c.3 0 .5-.2.5-.5l.7-9.5H3.8Zm2.7 2a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-1 0v-5a.5.5 0 0 1 .5-.5Zm3 0a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-1 0v-5a.5.5 0 0 1 .5-.5Z"
      />
    </svg>
  );
}
