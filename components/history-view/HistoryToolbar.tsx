import { useRef, useState } from 'react';
import type { HistoryPorts } from '../HistoryView';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t, tn } from '../../lib/core/i18n';

/** A line under the toolbar: what an export or import did, or why it failed. */
export interface HistoryNote {
  text: string;
  error: boolean;
}

export function exportedNote(n: number, format: 'JSON' | 'Markdown'): HistoryNote {
  return { text: tn(n, 'history_exported_one', 'history_exported_other', format), error: false };
}

export function importedNote(result: Awaited<ReturnType<HistoryPorts['import']>>): HistoryNote {
  if (!result.ok) return { text: result.error, error: true };
  const skipped = result.skipped
    ? tn(result.skipped, 'history_import_skipped_one', 'history_import_skipped_other')
    : '';
  return {
    text: tn(result.imported, 'history_imported_one', 'history_imported_other', skipped),
    error: false,
  };
}

export interface HistoryToolbarProps {
  ports: HistoryPorts;
  /** There is something to delete. */
  hasRecords: boolean;
  onNote(note: HistoryNote): void;
  /** Lists the history again, after an import or a deletion. */
  refresh(): Promise<void>;
}

/** Export, import, and "delete all" (which asks once more before it deletes). */
export function HistoryToolbar({ ports, hasRecords, onNote, refresh }: HistoryToolbarProps) {
  return (
    <div className="history-actions">
      <button
        type="button"
        data-action="export-json"
        disabled={!hasRecords}
        title={hasRecords ? undefined : t('history_nothing_to_export')}
        onClick={() => void ports.export('json').then((n) => onNote(exportedNote(n, 'JSON')))}
      >
        {t('history_export_json')}
      </button>
      <button
        type="button"
        data-action="export-markdown"
        disabled={!hasRecords}
        title={hasRecords ? undefined : t('history_nothing_to_export')}
        onClick={() =>
          void ports.export('markdown').then((n) => onNote(exportedNote(n, 'Markdown')))
        }
      >
        {t('history_export_markdown')}
      </button>
      <ImportButton ports={ports} onNote={onNote} refresh={refresh} />
      <DeleteAll ports={ports} hasRecords={hasRecords} refresh={refresh} />
    </div>
  );
}

/** A button like the others, which opens the file picker of a hidden file input. */
function ImportButton({ ports, onNote, refresh }: Omit<HistoryToolbarProps, 'hasRecords'>) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" data-action="import-pick" onClick={() => input.current?.click()}>
        {t('history_import_json')}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept="application/json,.json"
        data-action="import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so that picking the same file again imports it again.
          e.target.value = '';
          if (!file) return;
          void ports.import(file).then((result) => {
            onNote(importedNote(result));
            void refresh();
          });
        }}
      />
    </>
  );
}

function DeleteAll({
  ports,
  hasRecords,
  refresh,
}: Pick<HistoryToolbarProps, 'ports' | 'hasRecords' | 'refresh'>) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button
        type="button"
        data-action="delete-all"
        onClick={() => setConfirming(true)}
        disabled={!hasRecords}
      >
        {t('history_delete_all')}
      </button>
    );
  return (
    <>
      <button
        type="button"
        data-action="delete-all-confirm"
        onClick={() => void ports.removeAll().then(() => (setConfirming(false), refresh()))}
      >
        {t('history_delete_all_confirm')}
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        {t('history_keep')}
      </button>
    </>
  );
}
