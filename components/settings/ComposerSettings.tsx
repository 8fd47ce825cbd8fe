// Basic → "How answers are written": the composer, its server's fields (only for a server
// composer) and the connection test. Advanced → its confidence bar and time limit.

import { ComposerKinds, ConfidenceLevels, type Settings } from '@/lib/settings/schema';
import { Choice, NumberField, TextField, type FormBinding } from './fields';
import { fieldsShown, type FormState } from './form-state';
import { COMPOSER_LABELS, CONFIDENCE_LABELS } from './labels';

export interface ComposerSettingsProps {
  form: FormBinding;
  /** The browser has a usable built-in model: only then is it offered (or kept if chosen). */
  builtIn: boolean;
  connection: FormState['connection'];
  /** Runs the connection test; absent when the page gives the form no composer to test. */
  onTest?: (() => void) | undefined;
}

/** What each composer sends, and where: the line under the choice. */
const COMPOSER_HINTS: Record<Settings['composer']['kind'], string> = {
  extractive: 'The answer is made of sentences quoted from the page. Nothing is sent anywhere.',
  'openai-compatible':
    'One request per question to the server below, with your question and the quoted passages and nothing else. If it fails, the quoted answer is shown with the reason.',
  ollama:
    'One request per question to Ollama, with your question and the quoted passages and nothing else. If it fails, the quoted answer is shown with the reason.',
  'chrome-prompt': 'The model runs inside Chrome on this computer: nothing is sent anywhere.',
};

export function ComposerSettings({ form, builtIn, connection, onTest }: ComposerSettingsProps) {
  const { kind } = form.settings.composer;
  const kinds = ComposerKinds.filter((k) => k !== 'chrome-prompt' || builtIn || kind === k);
  const shown = fieldsShown(form.settings);
  return (
    <fieldset data-group="composer">
      <legend>How answers are written</legend>
      <Choice
        form={form}
        path="composer.kind"
        label="Write answers by"
        options={kinds}
        labels={COMPOSER_LABELS}
        hint={COMPOSER_HINTS[kind]}
      />
      {kind === 'chrome-prompt' && !builtIn && (
        <div className="field-error">
          This browser has no built-in model: answers will quote the page instead.
        </div>
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
      <legend>Answers from a language model</legend>
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
        label="Give up after (seconds of silence)"
        min={5}
        max={600}
        hint="Then the answer quotes the page instead."
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
        label="Server address"
        placeholder={kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:11434/v1'}
        hint={
          kind === 'ollama'
            ? 'Ollama’s address, usually http://127.0.0.1:11434. It needs no extra set-up.'
            : 'The address its API starts with, often ending in /v1.'
        }
      />
      <TextField form={form} path="composer.model" label="Model" placeholder="e.g. llama3.1:8b" />
      {shown.has('composer.apiKey') && (
        <TextField
          form={form}
          path="composer.apiKey"
          label="API key (optional)"
          type="password"
          hint="Kept where web pages cannot read it, and sent only to the server above, over https (or to this computer)."
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
