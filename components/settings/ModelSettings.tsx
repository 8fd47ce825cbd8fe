// Basic → "Language models in your browser": ranking by meaning, the fact-checking model and the
// exact-answer model, each switch showing what the panel will do with the models installed; where
// the model files come from, and the download. Advanced → the second sort, where models run, the model hub.

import { DevicePreferences, ModelSources } from '@/lib/settings/schema';
import { cleanHub, ModelDownload, sizeLabel, useSizeEstimate } from '../ModelDownload';
import type { ModelDownloadPorts } from '../ModelDownload';
import { Checkbox, Choice, TextField, type FormBinding } from './fields';
import {
  exactAnswerSwitch,
  factCheckSwitch,
  fieldsShown,
  multilingualSwitch,
  rankSwitch,
  type SwitchView,
} from './form-state';
import { deviceLabels, modelSourceLabels } from './labels';
import type { InstalledModels, RequestOrigins } from './ports';
import { t } from '@/lib/core/i18n';

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
      <legend>{t('settings_models_legend')}</legend>
      <Checkbox form={form} path="retrieval.useModels" view={rankSwitch(retrieval, installed)}>
        {t('settings_use_models')}
      </Checkbox>
      <OptionalModelSwitch
        form={form}
        models={models}
        path="retrieval.nli"
        view={factCheckSwitch(retrieval, installed)}
        hint={t('settings_nli_hint')}
      >
        {t('settings_nli_label')}
      </OptionalModelSwitch>
      <OptionalModelSwitch
        form={form}
        models={models}
        path="retrieval.exactAnswer"
        view={exactAnswerSwitch(retrieval, installed)}
        hint={t('settings_exact_answer_hint')}
      >
        {t('settings_exact_answer_label')}
      </OptionalModelSwitch>
      <OptionalModelSwitch
        form={form}
        models={models}
        path="retrieval.multilingual"
        view={multilingualSwitch(retrieval, installed)}
        hint={t('settings_multilingual_hint')}
      >
        {t('settings_multilingual_label')}
      </OptionalModelSwitch>
      <Choice
        form={form}
        path="retrieval.modelSource"
        label={t('settings_model_files_label')}
        options={ModelSources}
        labels={modelSourceLabels()}
        hint={t('settings_model_files_hint')}
      />
      {download && models && (
        <ModelDownload
          hubUrl={retrieval.hubUrl}
          optional={{
            rerank: retrieval.rerank,
            nli: retrieval.nli,
            exactAnswer: retrieval.exactAnswer,
            multilingual: retrieval.multilingual,
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
  path: 'retrieval.nli' | 'retrieval.exactAnswer' | 'retrieval.multilingual';
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
    multilingual: path === 'retrieval.multilingual',
  };
  const estimate = useSizeEstimate(
    models ?? NO_MODELS,
    hub,
    { optional, onlyOptional: true },
    false,
  );
  const known = estimate !== null && estimate !== 'loading' && estimate.bytes > 0;
  const downloads =
    hub === null
      ? ''
      : known
        ? ` ${t('settings_nli_downloads', sizeLabel(estimate))}`
        : ` ${t('settings_nli_separate_download')}`;
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
      <legend>{t('settings_models_advanced_legend')}</legend>
      <Checkbox form={form} path="retrieval.rerank" hint={t('settings_rerank_hint')}>
        {t('settings_rerank_label')}
      </Checkbox>
      <Choice
        form={form}
        path="retrieval.device"
        label={t('settings_device_label')}
        options={DevicePreferences}
        labels={deviceLabels()}
      />
      {fieldsShown(form.settings).has('retrieval.hubUrl') && (
        <TextField
          form={form}
          path="retrieval.hubUrl"
          label={t('settings_hub_label')}
          placeholder="https://huggingface.co"
        />
      )}
    </fieldset>
  );
}
