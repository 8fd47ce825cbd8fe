import { ComposerKinds, ConfidenceLevels } from '@/lib/settings/schema';
import { Choice, NumberField, TextField, type FormBinding } from './fields';
import type { FormState } from './form-state';
import { COMPOSER_LABELS, CONFIDENCE_LABELS } from './labels';

export interface ComposerSettingsProps {
  form: FormBinding;
  /** The browser has a usable built-in model: only then is it offered (or kept if chosen). */
  builtIn: boolean;
  connection: FormState['connection'];
  /** Runs the connection test; absent when the page gives the form no composer to test. */
  onTest?: (() => void) | undefined;
}

export function ComposerSettings({ form, builtIn, connection, onTest }: ComposerSettingsProps) {
  const { kind } = form.settings.composer;
  const kinds = ComposerKinds.filter((k) => k !== 'chrome-prompt' || builtIn || kind === k);
  return (
    <fieldset>
      <legend>Answer composer</legend>
      <Choice
        form={form}
        path="composer.kind"
        label="Composer"
        options={kinds}
        labels={COMPOSER_LABELS}
      />
      {kind === 'chrome-prompt' && !builtIn && (
        <div className="field-error">
          This browser has no built-in model: answers will use the extractive composer.
        </div>
      )}
      <div className="hint">
        One call per question with the numbered quotes; if the endpoint fails, the extractive answer
        is shown with the reason. Nothing but the quotes and the question is sent.
      </div>
      {(kind === 'openai-compatible' || kind === 'ollama') && <EndpointFields form={form} />}
      {kind !== 'extractive' && (
        <>
          <Choice
            form={form}
            path="composer.minConfidence"
            label="Show answers the model rates at least"
            options={ConfidenceLevels}
            labels={CONFIDENCE_LABELS}
          />
          <NumberField
            form={form}
            path="composer.timeoutSeconds"
            label="Give up and answer extractively after (seconds without a token)"
            min={5}
            max={600}
          />
          {onTest && <ConnectionTest connection={connection} onTest={onTest} />}
        </>
      )}
    </fieldset>
  );
}

function EndpointFields({ form }: { form: FormBinding }) {
  const { kind } = form.settings.composer;
  return (
    <>
      <TextField
        form={form}
        path="composer.endpoint"
        label="Endpoint base URL"
        placeholder={kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:11434/v1'}
        hint={
          kind === 'ollama'
            ? 'Ollama’s address; the extension removes its own Origin header for this host only, so OLLAMA_ORIGINS needs no change.'
            : undefined
        }
      />
      <TextField form={form} path="composer.model" label="Model" placeholder="e.g. llama3.1:8b" />
      {kind === 'openai-compatible' && (
        <TextField
          form={form}
          path="composer.apiKey"
          label="API key (optional)"
          type="password"
          hint="Stored in extension storage that web pages and content scripts cannot read; sent only to the endpoint above."
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
    <p>
      <button
        type="button"
        data-action="test-connection"
        onClick={onTest}
        disabled={connection === 'testing'}
      >
        Test connection
      </button>
      {connection === 'testing' && <span className="connection-test">Testing…</span>}
      {connection && connection !== 'testing' && (
        <span
          className={`connection-test ${connection.ok ? 'connection-ok' : 'connection-failed'}`}
          role="status"
          data-connection={connection.ok ? 'ok' : connection.error.code}
        >
          {connection.ok ? connection.detail : connection.error.message}
        </span>
      )}
    </p>
  );
}
