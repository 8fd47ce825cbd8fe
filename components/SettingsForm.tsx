// The options page's form: one fieldset per settings group (components/settings/), the state in
// one reducer, and what the buttons do in components/settings/actions.ts.

import { ComposerSettings } from './settings/ComposerSettings';
import { KnowledgeGraphSettings } from './settings/KnowledgeGraphSettings';
import { RetrievalSettings } from './settings/RetrievalSettings';
import { SearchSettings } from './settings/SearchSettings';
import { StorageSettings } from './settings/StorageSettings';
import { clearCache, failed, saveForm, testConnection } from './settings/actions';
import type { FormBinding } from './settings/fields';
import { patch, type FormState } from './settings/form-state';
import type { SettingsFormProps } from './settings/ports';
import { useSettingsForm } from './settings/use-settings-form';

export type {
  ComposerFormPorts,
  ConnectionResult,
  SettingsFormProps,
  StorageFormPorts,
} from './settings/ports';

export function SettingsForm(props: SettingsFormProps) {
  const { requestOrigins, models, composer, storage } = props;
  const { state, dispatch } = useSettingsForm(props);
  const { settings } = state;
  if (!settings) return <p className="options">Loading settings…</p>;

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
        dispatch(patch({ storageNote: 'The cache could not be cleared.' })),
      ));
  return (
    <form
      className="options"
      onSubmit={(e) => {
        e.preventDefault();
        void saveForm(settings, props, dispatch).catch(() => dispatch(patch({ saved: 'failed' })));
      }}
    >
      <h1>Answer panel settings</h1>
      {state.reset.length > 0 && (
        <p className="notice">
          Some stored settings were invalid and were reset to defaults: {state.reset.join(', ')}.
        </p>
      )}
      <ComposerSettings
        form={form}
        builtIn={state.builtIn}
        connection={state.connection}
        onTest={onTest}
      />
      <SearchSettings form={form} />
      <RetrievalSettings form={form} models={models} requestOrigins={requestOrigins} />
      <KnowledgeGraphSettings form={form} />
      <StorageSettings
        form={form}
        usage={state.usage}
        storageNote={state.storageNote}
        onClear={onClear}
      />
      <SaveStatus permissionNote={state.permissionNote} saved={state.saved} />
    </form>
  );
}

function SaveStatus({ permissionNote, saved }: Pick<FormState, 'permissionNote' | 'saved'>) {
  return (
    <>
      {permissionNote && (
        <p className="notice" role="alert" data-permission="denied">
          {permissionNote}
        </p>
      )}
      <button type="submit">Save</button>{' '}
      {saved === 'saved' && (
        <span role="status" data-saved="true">
          Saved.
        </span>
      )}
      {saved === 'failed' && <span role="alert">Could not save the settings. Try again.</span>}
    </>
  );
}
