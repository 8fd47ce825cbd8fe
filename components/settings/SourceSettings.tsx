// Basic → "Where answers come from": this page only, or the page and the web (with the chosen
// search service's own fields and nothing else), and whether to add facts from Wikidata.

import { SearchProviders } from '@/lib/settings/schema';
import { Checkbox, Choice, TextField, type FormBinding } from './fields';
import { answerWith, fieldsShown, type AnswerWith } from './form-state';
import { SEARCH_LABELS, SOURCES_LABELS } from './labels';

const ANSWER_WITH: Record<AnswerWith, string> = {
  page: 'This page only',
  web: 'This page and the web',
};

export interface SourceSettingsProps {
  form: FormBinding;
  onAnswerWith(value: AnswerWith): void;
}

export function SourceSettings({ form, onAnswerWith }: SourceSettingsProps) {
  const shown = fieldsShown(form.settings);
  const current = answerWith(form.settings);
  return (
    <fieldset data-group="sources">
      <legend>Where answers come from</legend>
      <div className="field" role="radiogroup" aria-labelledby="answer-with-label">
        <span className="field-label" id="answer-with-label">
          Answer with
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
              {ANSWER_WITH[value]}
            </label>
          ))}
        </div>
      </div>
      {shown.has('search.provider') && (
        <Choice
          form={form}
          path="search.provider"
          label="Search with"
          options={SearchProviders.filter((p) => p !== 'none')}
          labels={SEARCH_LABELS}
        />
      )}
      {shown.has('search.searxngUrl') && (
        <TextField
          form={form}
          path="search.searxngUrl"
          label="SearXNG address"
          placeholder="https://searx.example.org"
        />
      )}
      {shown.has('search.braveApiKey') && (
        <TextField
          form={form}
          path="search.braveApiKey"
          label="Brave Search API key"
          type="password"
        />
      )}
      {shown.has('search.allowLocalResults') && (
        <Checkbox
          form={form}
          path="search.allowLocalResults"
          hint="Off: a result or redirect that points at this computer or your local network (a router, an intranet page) is not opened, even with a search service you run yourself."
        >
          Read results on this computer and my local network
        </Checkbox>
      )}
      {shown.has('retrieval.sources') && (
        <Choice
          form={form}
          path="retrieval.sources"
          label="Search the web"
          options={['auto', 'page+web'] as const}
          labels={SOURCES_LABELS}
          hint="Each question in the panel can still choose its own sources."
        />
      )}
      <Checkbox
        form={form}
        path="knowledgeGraph.enabled"
        hint="Wikidata is a free knowledge base; the names found in your question are looked up there."
      >
        Add facts from Wikidata
      </Checkbox>
    </fieldset>
  );
}
