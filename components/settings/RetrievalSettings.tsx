import { DevicePreferences, ModelSources, SourcesModes } from '@/lib/settings/schema';
import { ModelDownload, type ModelDownloadPorts } from '../ModelDownload';
import { Checkbox, Choice, TextField, type FormBinding } from './fields';
import { DEVICE_LABELS, MODEL_SOURCE_LABELS, SOURCES_LABELS } from './labels';
import type { RequestOrigins } from './ports';

export interface RetrievalSettingsProps {
  form: FormBinding;
  /** For the first-use model download; without them the hub can be set but nothing downloaded. */
  models?: ModelDownloadPorts | undefined;
  requestOrigins?: RequestOrigins | undefined;
}

export function RetrievalSettings({ form, models, requestOrigins }: RetrievalSettingsProps) {
  const { retrieval } = form.settings;
  return (
    <fieldset>
      <legend>Retrieval</legend>
      <Choice
        form={form}
        path="retrieval.sources"
        label="Evidence from"
        options={SourcesModes}
        labels={SOURCES_LABELS}
      />
      <Checkbox form={form} path="retrieval.useModels">
        Rank with the MiniLM models (otherwise keywords only)
      </Checkbox>
      <Checkbox form={form} path="retrieval.rerank">
        Second-stage reranker (larger model: better order, slower)
      </Checkbox>
      <Choice
        form={form}
        path="retrieval.device"
        label="Run models on"
        options={DevicePreferences}
        labels={DEVICE_LABELS}
      />
      <Choice
        form={form}
        path="retrieval.modelSource"
        label="Model files"
        options={ModelSources}
        labels={MODEL_SOURCE_LABELS}
      />
      {retrieval.modelSource === 'download' && (
        <>
          <TextField
            form={form}
            path="retrieval.hubUrl"
            label="Model hub"
            placeholder="https://huggingface.co"
          />
          {models && (
            <ModelDownload
              hubUrl={retrieval.hubUrl}
              includeOptional={retrieval.rerank}
              ports={{ ...models, requestOrigins: models.requestOrigins ?? requestOrigins }}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
