import { SearchProviders } from '@/lib/settings/schema';
import { Choice, TextField, type FormBinding } from './fields';
import { SEARCH_LABELS } from './labels';

export function SearchSettings({ form }: { form: FormBinding }) {
  return (
    <fieldset>
      <legend>Web search</legend>
      <Choice
        form={form}
        path="search.provider"
        label="Provider"
        options={SearchProviders}
        labels={SEARCH_LABELS}
      />
      <TextField
        form={form}
        path="search.searxngUrl"
        label="SearXNG instance URL"
        placeholder="https://searx.example.org"
      />
      <TextField
        form={form}
        path="search.braveApiKey"
        label="Brave Search API key"
        type="password"
      />
    </fieldset>
  );
}
