// The options page's form: Basic (where answers come from, how they are written, the models in
// the browser, and what leaves it), then Advanced, closed. One component per group
// (components/settings/), the state in one reducer, and what the buttons do in
// components/settings/actions.ts.

import { AdvancedSettings } from './settings/AdvancedSettings';
import { ComposerSettings } from './settings/ComposerSettings';
import { ModelSettings } from './settings/ModelSettings';
import { PrivacySummary } from './settings/PrivacySummary';
import { SourceSettings } from './settings/SourceSettings';
import { TabAccessSettings } from './settings/TabAccessSettings';
import { clearCache, failed, saveForm, testConnection } from './settings/actions';
import type { FormBinding } from './settings/fields';
import { patch, type FormState } from './settings/form-state';
import { fieldName } from './settings/labels';
import type { SettingsFormProps } from './settings/ports';
import { useSettingsForm } from './settings/use-settings-form';

export type {
  ComposerFormPorts,
  ConnectionResult,
  InstalledModels,
  SettingsFormProps,
  StorageFormPorts,
} from './settings/ports';
import { t } from '@/lib/core/i18n';
export type { TabAccessPorts } from './settings/TabAccessSettings';

export function SettingsForm(props: SettingsFormProps) {
  const { requestOrigins, models, composer, storage } = props;
  const { state, dispatch, refreshInstalled } = useSettingsForm(props);
  const { settings } = state;
  if (!settings) return <p className="options">{t('settings_loading')}</p>;

  const form: FormBinding = {
    settings,
    errors: state.errors,
    update: (path, value) => dispatch({ type: 'edit', path, value }),
  };
  // Each button's work reports its own outcome; what is left is a failure it did not expect.
  const onTest =
    composer &&
    (() =>
      void testConnection(settings, composer, requestOrigins, dispatch).catch((error: unknown) =>
        dispatch(patch({ connection: failed(error) })),
      ));
  const onClear =
    storage &&
    (() =>
      void clearCache(storage, dispatch).catch(() =>
        dispatch(patch({ storageNote: t('settings_cache_not_cleared') })),
      ));
  return (
    <form
      className="options"
      onSubmit={(e) => {
        e.preventDefault();
        void saveForm(settings, props, dispatch).catch(() => dispatch(patch({ saved: 'failed' })));
      }}
    >
      <h1>{t('settings_title')}</h1>
      {state.reset.length > 0 && (
        <p className="notice">
          {t('settings_reset_notice', state.reset.map(fieldName).join(', '))}
        </p>
      )}
      <SourceSettings
        form={form}
        onAnswerWith={(value) => dispatch({ type: 'answer-with', value })}
      />
      <ComposerSettings
        form={form}
        builtIn={state.builtIn}
        connection={state.connection}
        onTest={onTest}
      />
      <ModelSettings
        form={form}
        installed={state.installed}
        models={models}
        requestOrigins={requestOrigins}
        onInstalledChange={refreshInstalled}
      />
      {props.tabAccess && <TabAccessSettings ports={props.tabAccess} />}
      <PrivacySummary settings={settings} />
      <AdvancedSettings
        form={form}
        storage={{ usage: state.usage, storageNote: state.storageNote, onClear }}
      />
      <SaveStatus permissionNote={state.permissionNote} saved={state.saved} />
    </form>
  );
}

function SaveStatus({ permissionNote, saved }: Pick<FormState, 'permissionNote' | 'saved'>) {
  return (
    <div className="save-bar">
      {permissionNote && (
        <p className="notice" role="alert" data-permission="denied">
          {permissionNote}
        </p>
      )}
      <button type="submit" className="primary">
        {t('settings_save')}
      </button>{' '}
      {saved === 'saved' && (
        <span role="status" data-saved="true">
          {t('settings_saved')}
        </span>
      )}
      {saved === 'failed' && <span role="alert">{t('settings_save_failed')}</span>}
    </div>
  );
}
