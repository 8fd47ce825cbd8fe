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
    <fieldset data-group="storage">
      <legend>Saved answers and offline copies</legend>
      <NumberField
        form={form}
        path="storage.budgetMB"
        label="Space to use (MB)"
        min={10}
        max={5000}
        hint={`Pages, answers and replies kept for offline use; the least recently used go first.${usage !== null ? ` Using ${(usage / 2 ** 20).toFixed(1)} MB now.` : ''}`}
      />
      <Checkbox form={form} path="storage.persist">
        Ask the browser to keep them when disk space runs low
      </Checkbox>
      {onClear && (
        <p className="actions">
          <button type="button" data-action="clear-cache" onClick={onClear}>
            Clear saved answers and offline copies
          </button>
        </p>
      )}
      {storageNote && (
        <p className="notice" role="status" data-storage-note="true">
          {storageNote}
        </p>
      )}
    </fieldset>
  );
}
