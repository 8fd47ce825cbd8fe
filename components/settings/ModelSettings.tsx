// Basic → "Language models in your browser": ranking by meaning, the fact-checking model and the
// exact-answer model, each switch showing what the panel will do with the models installed; where the model files
// come from, and the download. Advanced → the second sort, where models run, the model hub.

import { DevicePreferences, ModelSources } from '@/lib/settings/schema';
import { cleanHub, ModelDownload, sizeLabel, useSizeEstimate } from '../ModelDownload';
import type { ModelDownloadPorts } from '../ModelDownload';
import { Checkbox, Choice, TextField, type FormBinding } from './fields';
import {
  exactAnswerSwitch,
  factCheckSwitch,
  fieldsShown,
  rankSwitch,
  type SwitchView,
} from './form-state';
import { DEVICE_LABELS, MODEL_SOURCE_LABELS } from './labels';
import type { InstalledModels, RequestOrigins } from './ports';

export interface ModelSettingsProps {
  form: FormBinding;
  installed: InstalledModels | null;
  /** For the first-use model download; without them the hub can be set but nothing downloaded. */
  models?: ModelDownloadPorts | undefined;
  requestOrigins?: RequestOrigins | undefined;
  /** Models were downloaded or removed: look again at what is installed. */
  onInstalledChange?: (() => void) | undefined;
}

export function ModelSettings(props: ModelSettingsProps) {
  const { form, installed, models, requestOrigins, onInstalledChange } = props;
  const { retrieval } = form.settings;
  const download = retrieval.modelSource === 'download';
  return (
    <fieldset data-group="models">
      <legend>Language models in your browser</legend>
      <Checkbox form={form} path="retrieval.useModels" view={rankSwitch(retrieval, installed)}>
        Find passages by meaning, not only by matching words
      </Checkbox>
      <OptionalModelSwitch
        form={form}
        models={models}
        path="retrieval.nli"
        view={factCheckSwitch(retrieval, installed)}
        hint="Used to tell whether a quote supports or contradicts a claim you verify."
      >
        Check meaning with a fact-checking model
      </OptionalModelSwitch>
      <OptionalModelSwitch
        form={form}
        models={models}
        path="retrieval.exactAnswer"
        view={exactAnswerSwitch(retrieval, installed)}
        hint="Used to mark the words inside a quote that answer your question; without it they are found by the kind of question (who, when, how many)."
      >
        Find the exact answer with a question-answering model
      </OptionalModelSwitch>
      <Choice
        form={form}
        path="retrieval.modelSource"
        label="Model files"
        options={ModelSources}
        labels={MODEL_SOURCE_LABELS}
        hint="They run on this computer; your pages and questions are never sent to the model hub."
      />
      {download && models && (
        <ModelDownload
          hubUrl={retrieval.hubUrl}
          optional={{
            rerank: retrieval.rerank,
            nli: retrieval.nli,
            exactAnswer: retrieval.exactAnswer,
          }}
          ports={{ ...models, requestOrigins: models.requestOrigins ?? requestOrigins }}
          onChange={onInstalledChange}
        />
      )}
    </fieldset>
  );
}

/** An optional model's switch, with its download size when it is downloaded. */
function OptionalModelSwitch({
  form,
  models,
  path,
  view,
  hint,
  children,
}: Pick<ModelSettingsProps, 'form' | 'models'> & {
  path: 'retrieval.nli' | 'retrieval.exactAnswer';
  view: SwitchView;
  hint: string;
  children: string;
}) {
  const { retrieval } = form.settings;
  const hub = models && retrieval.modelSource === 'download' ? cleanHub(retrieval.hubUrl) : null;
  const optional = {
    rerank: false,
    nli: path === 'retrieval.nli',
    exactAnswer: path === 'retrieval.exactAnswer',
  };
  const estimate = useSizeEstimate(
    models ?? NO_MODELS,
    hub,
    { optional, onlyOptional: true },
    false,
  );
  const size = estimate === null || estimate === 'loading' ? null : sizeLabel(estimate);
  const downloads =
    hub === null
      ? ''
      : size && size !== 'size unknown'
        ? ` (downloads ~${size})`
        : ' (a separate download)';
  return (
    <Checkbox form={form} path={path} view={view} hint={hint}>
      {children}
      {downloads}
    </Checkbox>
  );
}

/** Stands in for the download ports where the page gives none: nothing is estimated. */
const NO_MODELS: ModelDownloadPorts = {
  record: () => Promise.resolve(null),
  clear: () => Promise.resolve(),
  estimate: () => Promise.resolve({ bytes: 0, unknownFiles: [] }),
  saveEstimate: () => Promise.resolve(),
  download: () => Promise.reject(new Error('no model store')),
  hasUnpinned: () => false,
  originsForHub: () => [],
};

/** Advanced → ranking models: the second sort, where they run, and the hub they come from. */
export function ModelAdvanced({ form }: { form: FormBinding }) {
  return (
    <fieldset data-group="models-advanced">
      <legend>Models in your browser</legend>
      <Checkbox
        form={form}
        path="retrieval.rerank"
        hint="A larger model sorts the best passages again: a better order, but slower (and a separate download)."
      >
        Sort the best passages a second time
      </Checkbox>
      <Choice
        form={form}
        path="retrieval.device"
        label="Run models on"
        options={DevicePreferences}
        labels={DEVICE_LABELS}
      />
      {fieldsShown(form.settings).has('retrieval.hubUrl') && (
        <TextField
          form={form}
          path="retrieval.hubUrl"
          label="Model hub"
          placeholder="https://huggingface.co"
        />
      )}
    </fieldset>
  );
}
