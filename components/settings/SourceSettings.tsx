// Basic → "Where answers come from": this page only, or the page and the web (with the chosen
// search service's own fields and nothing else), and whether to add facts from Wikidata.

import { SearchProviders } from '@/lib/settings/schema';
import { Checkbox, Choice, TextField, type FormBinding } from './fields';
import { answerWith, fieldsShown, type AnswerWith } from './form-state';
import { searchLabels, sourcesLabels } from './labels';
import { t } from '@/lib/core/i18n';

const answerWithLabel = (value: AnswerWith) =>
  value === 'page' ? t('settings_answer_with_page') : t('settings_answer_with_web');

export interface SourceSettingsProps {
  form: FormBinding;
  onAnswerWith(value: AnswerWith): void;
}

export function SourceSettings({ form, onAnswerWith }: SourceSettingsProps) {
  const shown = fieldsShown(form.settings);
  const current = answerWith(form.settings);
  return (
    <fieldset data-group="sources">
      <legend>{t('settings_sources_legend')}</legend>
      <div className="field" role="radiogroup" aria-labelledby="answer-with-label">
        <span className="field-label" id="answer-with-label">
          {t('settings_answer_with_label')}
        </span>
        <div className="field-control radios">
          {(['page', 'web'] as const).map((value) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name="answer-with"
                id={`answer-with-${value}`}
                value={value}
                checked={current === value}
                onChange={() => onAnswerWith(value)}
              />
              {answerWithLabel(value)}
            </label>
          ))}
        </div>
      </div>
      {shown.has('search.provider') && (
        <Choice
          form={form}
          path="search.provider"
          label={t('settings_search_label')}
          options={SearchProviders.filter((p) => p !== 'none')}
          labels={searchLabels()}
        />
      )}
      {shown.has('search.searxngUrl') && (
        <TextField
          form={form}
          path="search.searxngUrl"
          label={t('settings_searxng_label')}
          placeholder="https://searx.example.org"
        />
      )}
      {shown.has('search.braveApiKey') && (
        <TextField
          form={form}
          path="search.braveApiKey"
          label={t('settings_brave_label')}
          type="password"
        />
      )}
      {shown.has('search.allowLocalResults') && (
        <Checkbox
          form={form}
          path="search.allowLocalResults"
          hint={t('settings_local_results_hint')}
        >
          {t('settings_local_results_label')}
        </Checkbox>
      )}
      {shown.has('retrieval.sources') && (
        <Choice
          form={form}
          path="retrieval.sources"
          label={t('settings_search_when_label')}
          options={['auto', 'page+web'] as const}
          labels={sourcesLabels()}
          hint={t('settings_search_when_hint')}
        />
      )}
      <Checkbox form={form} path="knowledgeGraph.enabled" hint={t('settings_kg_enabled_hint')}>
        {t('settings_kg_enabled_label')}
      </Checkbox>
    </fieldset>
  );
}
