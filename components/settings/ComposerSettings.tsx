// Basic → "How answers are written": the composer, its server's fields (only for a server
// composer) and the connection test. Advanced → its confidence bar and time limit.

import { ComposerKinds, ConfidenceLevels, type Settings } from '@/lib/settings/schema';
import { Choice, NumberField, TextField, type FormBinding } from './fields';
import { fieldsShown, type FormState } from './form-state';
import { composerLabels, confidenceLabels } from './labels';
import { t } from '@/lib/core/i18n';

export interface ComposerSettingsProps {
  form: FormBinding;
  /** The browser has a usable built-in model: only then is it offered (or kept if chosen). */
  builtIn: boolean;
  connection: FormState['connection'];
  /** Runs the connection test; absent when the page gives the form no composer to test. */
  onTest?: (() => void) | undefined;
}

/** What each composer sends, and where: the line under the choice. */
function composerHint(kind: Settings['composer']['kind']): string {
  switch (kind) {
    case 'extractive':
      return t('settings_composer_hint_extractive');
    case 'openai-compatible':
      return t('settings_composer_hint_server');
    case 'ollama':
      return t('settings_composer_hint_ollama');
    case 'chrome-prompt':
      return t('settings_composer_hint_chrome');
  }
}

export function ComposerSettings({ form, builtIn, connection, onTest }: ComposerSettingsProps) {
  const { kind } = form.settings.composer;
  const kinds = ComposerKinds.filter((k) => k !== 'chrome-prompt' || builtIn || kind === k);
  const shown = fieldsShown(form.settings);
  return (
    <fieldset data-group="composer">
      <legend>{t('settings_composer_legend')}</legend>
      <Choice
        form={form}
        path="composer.kind"
        label={t('settings_composer_kind_label')}
        options={kinds}
        labels={composerLabels()}
        hint={composerHint(kind)}
      />
      {kind === 'chrome-prompt' && !builtIn && (
        <div className="field-error">{t('settings_no_builtin')}</div>
      )}
      {shown.has('composer.endpoint') && <EndpointFields form={form} shown={shown} />}
      {kind !== 'extractive' && onTest && (
        <ConnectionTest connection={connection} onTest={onTest} />
      )}
    </fieldset>
  );
}

/** Advanced → the language model's confidence bar and time limit (not for quoting the page). */
export function ComposerLimits({ form }: { form: FormBinding }) {
  if (!fieldsShown(form.settings).has('composer.minConfidence')) return null;
  return (
    <fieldset data-group="composer-limits">
      <legend>{t('settings_limits_legend')}</legend>
      <Choice
        form={form}
        path="composer.minConfidence"
        label={t('settings_min_confidence_label')}
        options={ConfidenceLevels}
        labels={confidenceLabels()}
      />
      <NumberField
        form={form}
        path="composer.timeoutSeconds"
        label={t('settings_timeout_label')}
        min={5}
        max={600}
        hint={t('settings_timeout_hint')}
      />
    </fieldset>
  );
}

function EndpointFields({ form, shown }: { form: FormBinding; shown: Set<string> }) {
  const { kind } = form.settings.composer;
  return (
    <>
      <TextField
        form={form}
        path="composer.endpoint"
        label={t('settings_endpoint_label')}
        placeholder={kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:11434/v1'}
        hint={
          kind === 'ollama'
            ? t('settings_endpoint_hint_ollama')
            : t('settings_endpoint_hint_server')
        }
      />
      <TextField
        form={form}
        path="composer.model"
        label={t('settings_model_label')}
        placeholder={t('settings_model_placeholder')}
      />
      {shown.has('composer.apiKey') && (
        <TextField
          form={form}
          path="composer.apiKey"
          label={t('settings_api_key_label')}
          type="password"
          hint={t('settings_api_key_hint')}
        />
      )}
    </>
  );
}

function ConnectionTest({
  connection,
  onTest,
}: {
  connection: FormState['connection'];
  onTest: () => void;
}) {
  return (
    <p className="actions">
      <button
        type="button"
        data-action="test-connection"
        onClick={onTest}
        disabled={connection === 'testing'}
      >
        {t('settings_test_connection')}
      </button>
      {connection === 'testing' && <span className="connection-test">{t('settings_testing')}</span>}
      {connection && connection !== 'testing' && (
        <span
          className={`connection-test ${connection.ok ? 'connection-ok' : 'connection-failed'}`}
          role="status"
          data-connection={connection.ok ? 'ok' : connection.error.code}
        >
          {connection.ok
            ? connection.detail
            : // The panel's wording sends the user to Settings; here the fields are just above.
              connection.error.code === 'composer-not-configured'
              ? t('settings_connection_needs_fields')
              : connection.error.message}
        </span>
      )}
    </p>
  );
}
