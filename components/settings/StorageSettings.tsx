import { Checkbox, NumberField, type FormBinding } from './fields';
import { formatNumber, t } from '@/lib/core/i18n';

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
      <legend>{t('settings_storage_legend')}</legend>
      <NumberField
        form={form}
        path="storage.budgetMB"
        label={t('settings_budget_label')}
        min={10}
        max={5000}
        hint={`${t('settings_budget_hint')}${usage !== null ? ` ${t('settings_budget_using', formatNumber(usage / 2 ** 20, 1))}` : ''}`}
      />
      <Checkbox form={form} path="storage.persist">
        {t('settings_persist_label')}
      </Checkbox>
      {onClear && (
        <p className="actions">
          <button type="button" data-action="clear-cache" onClick={onClear}>
            {t('settings_clear_cache')}
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
