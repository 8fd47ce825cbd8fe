import { useEffect, useState } from 'react';
import { ComposerKinds, DevicePreferences, ModelSources, SearchProviders, SourcesModes, type Settings } from '@/lib/settings/schema';
import { ModelDownload, type ModelDownloadPorts } from './ModelDownload';
import { originsForSearch } from '@/lib/search/permissions';
import { loadSettings, saveSettings, type KeyValueArea } from '@/lib/settings/store';

const COMPOSER_LABELS: Record<(typeof ComposerKinds)[number], string> = {
  extractive: 'Extractive (no language model, works offline)',
  'openai-compatible': 'OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio)',
};
const SEARCH_LABELS: Record<(typeof SearchProviders)[number], string> = {
  none: 'None (this page only)',
  wikipedia: 'Wikipedia (no key needed)',
  searxng: 'SearXNG instance',
  brave: 'Brave Search (API key)',
};

const SOURCES_LABELS: Record<(typeof SourcesModes)[number], string> = {
  auto: 'This page, and the web when the page falls short',
  page: 'This page only',
  'page+web': 'This page and the web, always',
};
const DEVICE_LABELS: Record<(typeof DevicePreferences)[number], string> = {
  auto: 'WebGPU when available, else WebAssembly',
  wasm: 'WebAssembly only',
};

const MODEL_SOURCE_LABELS: Record<(typeof ModelSources)[number], string> = {
  bundled: 'Shipped with the extension',
  download: 'Download on first use (from the model hub)',
};

type Path = `${'composer' | 'search' | 'knowledgeGraph' | 'retrieval'}.${string}`;

export interface SettingsFormProps {
  area: KeyValueArea;
  /** Asks the browser for host access (optional host permissions); resolves to whether it was granted. */
  requestOrigins?: (origins: string[]) => Promise<boolean>;
  /** Fetch, Cache Storage and the extension origin, for downloading the models on first use. */
  models?: ModelDownloadPorts;
}

export function SettingsForm({ area, requestOrigins, models }: SettingsFormProps) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [reset, setReset] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle');
  const [permissionNote, setPermissionNote] = useState<string | null>(null);

  useEffect(() => {
    void loadSettings(area).then((m) => {
      setSettings(m.settings);
      setReset(m.reset.filter((p) => p !== '(all)'));
    });
  }, [area]);

  if (!settings) return <p className="options">Loading settings…</p>;

  const update = (path: Path, value: string | boolean | number) => {
    const [group, field] = path.split('.') as [keyof Omit<Settings, 'version'>, string];
    setSettings({ ...settings, [group]: { ...settings[group], [field]: value } });
    setSaved('idle');
  };
  const field = (path: Path, label: string, props: { type?: string; placeholder?: string; hint?: string } = {}) => {
    const [group, name] = path.split('.') as [keyof Omit<Settings, 'version'>, string];
    const value = (settings[group] as Record<string, string>)[name] ?? '';
    return (
      <div>
        <label htmlFor={path}>{label}</label>
        <input id={path} name={path} type={props.type ?? 'text'} value={value} placeholder={props.placeholder} autoComplete="off" onChange={(e) => update(path, e.target.value)} />
        {props.hint && <div className="hint">{props.hint}</div>}
        {errors[path] && <div className="field-error">{errors[path]}</div>}
      </div>
    );
  };

  const choice = <T extends string>(path: Path, label: string, options: readonly T[], labels: Record<T, string>) => {
    const [group, name] = path.split('.') as [keyof Omit<Settings, 'version'>, string];
    return (
      <div>
        <label htmlFor={path}>{label}</label>
        <select id={path} value={(settings[group] as Record<string, string>)[name]} onChange={(e) => update(path, e.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <form
      className="options"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          let candidate = settings;
          setPermissionNote(null);
          // Host access for the search provider is asked for now, in the click that saves it.
          const origins = originsForSearch(settings.search);
          if (origins.length > 0 && requestOrigins && !(await requestOrigins(origins).catch(() => false))) {
            candidate = { ...settings, search: { ...settings.search, provider: 'none' } };
            setSettings(candidate);
            setPermissionNote(`Web search needs access to ${origins.join(', ')}. It was not granted, so web search is off.`);
          }
          const result = await saveSettings(area, candidate);
          if (result.ok) {
            setErrors({});
            setSaved('saved');
          } else {
            setErrors(result.errors);
            setSaved('idle');
          }
        } catch {
          setSaved('failed');
        }
      }}
    >
      <h1>Answer panel settings</h1>
      {reset.length > 0 && <p className="notice">Some stored settings were invalid and were reset to defaults: {reset.join(', ')}.</p>}
      <fieldset>
        <legend>Answer composer</legend>
        {choice('composer.kind', 'Composer', ComposerKinds, COMPOSER_LABELS)}
        <div className="hint">Answers currently always use the extractive composer; endpoint composers arrive in a coming release.</div>
        {field('composer.endpoint', 'Endpoint base URL', { placeholder: 'http://127.0.0.1:11434/v1' })}
        {field('composer.model', 'Model', { placeholder: 'e.g. llama3.1:8b' })}
        {field('composer.apiKey', 'API key', { type: 'password', hint: 'Stored in extension storage that web pages and content scripts cannot read; sent only to the endpoint above.' })}
      </fieldset>
      <fieldset>
        <legend>Web search</legend>
        {choice('search.provider', 'Provider', SearchProviders, SEARCH_LABELS)}
        {field('search.searxngUrl', 'SearXNG instance URL', { placeholder: 'https://searx.example.org' })}
        {field('search.braveApiKey', 'Brave Search API key', { type: 'password' })}
      </fieldset>
      <fieldset>
        <legend>Retrieval</legend>
        {choice('retrieval.sources', 'Evidence from', SourcesModes, SOURCES_LABELS)}
        <label>
          <input type="checkbox" id="retrieval.useModels" checked={settings.retrieval.useModels} onChange={(e) => update('retrieval.useModels', e.target.checked)} /> Rank with
          the MiniLM models (otherwise keywords only)
        </label>
        <label>
          <input type="checkbox" id="retrieval.rerank" checked={settings.retrieval.rerank} onChange={(e) => update('retrieval.rerank', e.target.checked)} /> Second-stage
          reranker (larger model: better order, slower)
        </label>
        {choice('retrieval.device', 'Run models on', DevicePreferences, DEVICE_LABELS)}
        {choice('retrieval.modelSource', 'Model files', ModelSources, MODEL_SOURCE_LABELS)}
        {settings.retrieval.modelSource === 'download' && (
          <>
            {field('retrieval.hubUrl', 'Model hub', { placeholder: 'https://huggingface.co' })}
            {models && <ModelDownload hubUrl={settings.retrieval.hubUrl} includeOptional={settings.retrieval.rerank} ports={{ ...models, requestOrigins: models.requestOrigins ?? requestOrigins }} />}
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Knowledge graph</legend>
        <label>
          <input type="checkbox" id="knowledgeGraph.enabled" checked={settings.knowledgeGraph.enabled} onChange={(e) => update('knowledgeGraph.enabled', e.target.checked)} />{' '}
          Add facts from Wikidata (sent: the entity names found in your question)
        </label>
        {(['width', 'depth'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`knowledgeGraph.${name}`}>Beam {name} (ToG-E; 3 in the paper)</label>
            <select id={`knowledgeGraph.${name}`} value={settings.knowledgeGraph[name]} onChange={(e) => update(`knowledgeGraph.${name}`, Number(e.target.value))}>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
        {field('knowledgeGraph.sparqlEndpoint', 'SPARQL endpoint')}
        {field('knowledgeGraph.entitySearchEndpoint', 'Entity search (wbsearchentities) endpoint')}
      </fieldset>
      {permissionNote && (
        <p className="notice" role="alert" data-permission="denied">
          {permissionNote}
        </p>
      )}
      <button type="submit">Save</button>{' '}
      {saved === 'saved' && <span role="status" data-saved="true">Saved.</span>}
      {saved === 'failed' && <span role="alert">Could not save the settings. Try again.</span>}
    </form>
  );
}
