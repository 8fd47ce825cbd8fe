import { Checkbox, NumberField, type FormBinding } from './fields';

export interface StorageSettingsProps {
  form: FormBinding;
  /** Bytes the cache uses now, when known. */
  usage: number | null;
  storageNote: string | null;
  /** Clears the cache and the history; absent when the page gives the form no cache. */
  onClear?: (() => void) | undefined;
}

export function StorageSettings({ form, usage, storageNote, onClear }: StorageSettingsProps) {
  return (
    <fieldset>
      <legend>Offline cache and history</legend>
      <NumberField
        form={form}
        path="storage.budgetMB"
        label="Keep at most (MB) of pages, answers and responses"
        min={10}
        max={5000}
      >
        <div className="hint">
          The least recently used entries are removed first.
          {usage !== null && ` Using ${(usage / 2 ** 20).toFixed(1)} MB now.`}
        </div>
      </NumberField>
      <Checkbox form={form} path="storage.persist">
        Ask the browser to keep the cache when disk space runs low (persistent storage)
      </Checkbox>
      {onClear && (
        <button type="button" data-action="clear-cache" onClick={onClear}>
          Clear cache and history
        </button>
      )}
      {storageNote && (
        <p className="notice" role="status" data-storage-note="true">
          {storageNote}
        </p>
      )}
    </fieldset>
  );
}
