import { useEffect, useState } from 'react';
import {
  ComposerKinds,
  ConfidenceLevels,
  DevicePreferences,
  ModelSources,
  SearchProviders,
  SourcesModes,
  validateSettings,
  type Settings,
} from '@/lib/settings/schema';
import { originsForComposer } from '@/lib/settings/permissions';
import type { ErrorInfo } from '@/lib/core/errors';
import { ModelDownload, type ModelDownloadPorts } from './ModelDownload';
import { originsForSearch } from '@/lib/settings/permissions';
import { loadSettings, saveSettings, type KeyValueArea } from '@/lib/settings/store';

const COMPOSER_LABELS: Record<(typeof ComposerKinds)[number], string> = {
  extractive: 'Extractive (no language model, works offline)',
  'openai-compatible':
    'OpenAI-compatible endpoint (OpenAI, Ollama /v1, llama.cpp, vLLM, LM Studio)',
  ollama: 'Ollama (native API)',
  'chrome-prompt': "Chrome's built-in model",
};
const CONFIDENCE_LABELS: Record<(typeof ConfidenceLevels)[number], string> = {
  low: "Low: always show the model's answer",
  medium: 'Medium (default)',
  high: 'High: only answers the model is sure of',
};

export type ConnectionResult = { ok: true; detail: string } | { ok: false; error: ErrorInfo };

/** The composer's side effects for the form: a connection test and built-in model detection. */
export interface ComposerFormPorts {
  test(composer: Settings['composer']): Promise<ConnectionResult>;
  /** Whether this browser has a usable built-in model (the Prompt API); the choice is hidden when not. */
  builtInModel(): Promise<boolean>;
}
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

type Path = `${'composer' | 'search' | 'knowledgeGraph' | 'retrieval' | 'storage'}.${string}`;

export interface SettingsFormProps {
  area: KeyValueArea;
  /** Asks the browser for host access (optional host permissions); resolves to whether it was granted. */
  requestOrigins?: (origins: string[]) => Promise<boolean>;
  /** Fetch, Cache Storage and the extension origin, for downloading the models on first use. */
  models?: ModelDownloadPorts;
  composer?: ComposerFormPorts;
  storage?: StorageFormPorts;
}

/** The offline cache, for the form: what it uses, persistent storage, and clearing it. */
export interface StorageFormPorts {
  usageBytes(): Promise<number>;
  /** navigator.storage.persist(): resolves to whether the browser granted it. */
  persist(): Promise<boolean>;
  clear(): Promise<void>;
}

function composerAccessNote(composer: Settings['composer'], origins: string[]): string {
  return `Access to ${origins.join(', ')} was not granted: only endpoints that allow cross-origin requests will answer${composer.kind === 'ollama' ? ', and Ollama will refuse the extension unless OLLAMA_ORIGINS allows it' : ''}.`;
}

export function SettingsForm({
  area,
  requestOrigins,
  models,
  composer,
  storage,
}: SettingsFormProps) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [reset, setReset] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle');
  const [permissionNote, setPermissionNote] = useState<string | null>(null);
  const [builtIn, setBuiltIn] = useState(false);
  const [connection, setConnection] = useState<ConnectionResult | 'testing' | null>(null);
  const [usage, setUsage] = useState<number | null>(null);
  const [storageNote, setStorageNote] = useState<string | null>(null);

  useEffect(() => {
    void storage?.usageBytes().then(setUsage, () => setUsage(null));
  }, [storage]);

  useEffect(() => {
    void composer?.builtInModel().then(setBuiltIn, () => setBuiltIn(false));
  }, [composer]);

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
    if (group === 'composer') setConnection(null);
  };

  /** Asks for the endpoint's origin in the click that needs it; a refusal leaves CORS-enabled servers working. */
  const askComposerAccess = async (): Promise<string | null> => {
    const origins = originsForComposer(settings.composer);
    if (
      origins.length === 0 ||
      !requestOrigins ||
      (await requestOrigins(origins).catch(() => false))
    )
      return null;
    return composerAccessNote(settings.composer, origins);
  };

  const testConnection = async () => {
    if (!composer) return;
    const checked = validateSettings(settings);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setConnection('testing');
    const note = await askComposerAccess();
    if (note) setPermissionNote(note);
    setConnection(
      await composer.test(checked.settings.composer).catch((error: unknown) => ({
        ok: false as const,
        error: { code: 'internal' as const, message: String(error) },
      })),
    );
  };
  const usesEndpoint =
    settings.composer.kind === 'openai-compatible' || settings.composer.kind === 'ollama';
  const composerKinds = ComposerKinds.filter(
    (kind) => kind !== 'chrome-prompt' || builtIn || settings.composer.kind === kind,
  );
  const field = (
    path: Path,
    label: string,
    props: { type?: string; placeholder?: string; hint?: string } = {},
  ) => {
    const [group, name] = path.split('.') as [keyof Omit<Settings, 'version'>, string];
    const value = (settings[group] as Record<string, string>)[name] ?? '';
    return (
      <div>
        <label htmlFor={path}>{label}</label>
        <input
          id={path}
          name={path}
          type={props.type ?? 'text'}
          value={value}
          placeholder={props.placeholder}
          autoComplete="off"
          onChange={(e) => update(path, e.target.value)}
        />
        {props.hint && <div className="hint">{props.hint}</div>}
        {errors[path] && <div className="field-error">{errors[path]}</div>}
      </div>
    );
  };

  const choice = <T extends string>(
    path: Path,
    label: string,
    options: readonly T[],
    labels: Record<T, string>,
  ) => {
    const [group, name] = path.split('.') as [keyof Omit<Settings, 'version'>, string];
    return (
      <div>
        <label htmlFor={path}>{label}</label>
        <select
          id={path}
          value={(settings[group] as Record<string, string>)[name]}
          onChange={(e) => update(path, e.target.value)}
        >
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
          // Host access for the composer endpoint and the search provider, asked for in one prompt,
          // now, in the click that saves them (a second prompt would have lost the user gesture).
          const composerOrigins = originsForComposer(settings.composer);
          const searchOrigins = originsForSearch(settings.search);
          const origins = [...new Set([...composerOrigins, ...searchOrigins])];
          if (
            origins.length > 0 &&
            requestOrigins &&
            !(await requestOrigins(origins).catch(() => false))
          ) {
            const notes: string[] = [];
            if (searchOrigins.length > 0) {
              candidate = { ...settings, search: { ...settings.search, provider: 'none' } };
              setSettings(candidate);
              notes.push(
                `Web search needs access to ${searchOrigins.join(', ')}. It was not granted, so web search is off.`,
              );
            }
            if (composerOrigins.length > 0)
              notes.push(composerAccessNote(settings.composer, composerOrigins));
            setPermissionNote(notes.join(' '));
          }
          const result = await saveSettings(area, candidate);
          if (result.ok) {
            setErrors({});
            setSaved('saved');
            // Asked in the click that saved it: the user's consent to persistent storage.
            if (candidate.storage.persist && storage) {
              const granted = await storage.persist().catch(() => false);
              setStorageNote(
                granted
                  ? 'The browser will keep the cache under storage pressure.'
                  : 'The browser did not grant persistent storage; the cache may be cleared when space runs low.',
              );
            }
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
      {reset.length > 0 && (
        <p className="notice">
          Some stored settings were invalid and were reset to defaults: {reset.join(', ')}.
        </p>
      )}
      <fieldset>
        <legend>Answer composer</legend>
        {choice('composer.kind', 'Composer', composerKinds, COMPOSER_LABELS)}
        {settings.composer.kind === 'chrome-prompt' && !builtIn && (
          <div className="field-error">
            This browser has no built-in model: answers will use the extractive composer.
          </div>
        )}
        <div className="hint">
          One call per question with the numbered quotes; if the endpoint fails, the extractive
          answer is shown with the reason. Nothing but the quotes and the question is sent.
        </div>
        {usesEndpoint && (
          <>
            {field('composer.endpoint', 'Endpoint base URL', {
              placeholder:
                settings.composer.kind === 'ollama'
                  ? 'http://127.0.0.1:11434'
                  : 'http://127.0.0.1:11434/v1',
              hint:
                settings.composer.kind === 'ollama'
                  ? 'Ollama’s address; the extension removes its own Origin header for this host only, so OLLAMA_ORIGINS needs no change.'
                  : undefined,
            })}
            {field('composer.model', 'Model', { placeholder: 'e.g. llama3.1:8b' })}
            {settings.composer.kind === 'openai-compatible' &&
              field('composer.apiKey', 'API key (optional)', {
                type: 'password',
                hint: 'Stored in extension storage that web pages and content scripts cannot read; sent only to the endpoint above.',
              })}
          </>
        )}
        {settings.composer.kind !== 'extractive' && (
          <>
            {choice(
              'composer.minConfidence',
              'Show answers the model rates at least',
              ConfidenceLevels,
              CONFIDENCE_LABELS,
            )}
            <div>
              <label htmlFor="composer.timeoutSeconds">
                Give up and answer extractively after (seconds without a token)
              </label>
              <input
                id="composer.timeoutSeconds"
                type="number"
                min={5}
                max={600}
                value={settings.composer.timeoutSeconds}
                onChange={(e) => update('composer.timeoutSeconds', Number(e.target.value))}
              />
              {errors['composer.timeoutSeconds'] && (
                <div className="field-error">{errors['composer.timeoutSeconds']}</div>
              )}
            </div>
            {composer && (
              <p>
                <button
                  type="button"
                  data-action="test-connection"
                  onClick={() => void testConnection()}
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
            )}
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Web search</legend>
        {choice('search.provider', 'Provider', SearchProviders, SEARCH_LABELS)}
        {field('search.searxngUrl', 'SearXNG instance URL', {
          placeholder: 'https://searx.example.org',
        })}
        {field('search.braveApiKey', 'Brave Search API key', { type: 'password' })}
      </fieldset>
      <fieldset>
        <legend>Retrieval</legend>
        {choice('retrieval.sources', 'Evidence from', SourcesModes, SOURCES_LABELS)}
        <label>
          <input
            type="checkbox"
            id="retrieval.useModels"
            checked={settings.retrieval.useModels}
            onChange={(e) => update('retrieval.useModels', e.target.checked)}
          />{' '}
          Rank with the MiniLM models (otherwise keywords only)
        </label>
        <label>
          <input
            type="checkbox"
            id="retrieval.rerank"
            checked={settings.retrieval.rerank}
            onChange={(e) => update('retrieval.rerank', e.target.checked)}
          />{' '}
          Second-stage reranker (larger model: better order, slower)
        </label>
        {choice('retrieval.device', 'Run models on', DevicePreferences, DEVICE_LABELS)}
        {choice('retrieval.modelSource', 'Model files', ModelSources, MODEL_SOURCE_LABELS)}
        {settings.retrieval.modelSource === 'download' && (
          <>
            {field('retrieval.hubUrl', 'Model hub', { placeholder: 'https://huggingface.co' })}
            {models && (
              <ModelDownload
                hubUrl={settings.retrieval.hubUrl}
                includeOptional={settings.retrieval.rerank}
                ports={{ ...models, requestOrigins: models.requestOrigins ?? requestOrigins }}
              />
            )}
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Knowledge graph</legend>
        <label>
          <input
            type="checkbox"
            id="knowledgeGraph.enabled"
            checked={settings.knowledgeGraph.enabled}
            onChange={(e) => update('knowledgeGraph.enabled', e.target.checked)}
          />{' '}
          Add facts from Wikidata (sent: the entity names found in your question)
        </label>
        {(['width', 'depth'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`knowledgeGraph.${name}`}>Beam {name} (ToG-E; 3 in the paper)</label>
            <select
              id={`knowledgeGraph.${name}`}
              value={settings.knowledgeGraph[name]}
              onChange={(e) => update(`knowledgeGraph.${name}`, Number(e.target.value))}
            >
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
      <fieldset>
        <legend>Offline cache and history</legend>
        <div>
          <label htmlFor="storage.budgetMB">
            Keep at most (MB) of pages, answers and responses
          </label>
          <input
            id="storage.budgetMB"
            type="number"
            min={10}
            max={5000}
            value={settings.storage.budgetMB}
            onChange={(e) => update('storage.budgetMB', Number(e.target.value))}
          />
          {errors['storage.budgetMB'] && (
            <div className="field-error">{errors['storage.budgetMB']}</div>
          )}
          <div className="hint">
            The least recently used entries are removed first.
            {usage !== null && ` Using ${(usage / 2 ** 20).toFixed(1)} MB now.`}
          </div>
        </div>
        <label>
          <input
            type="checkbox"
            id="storage.persist"
            checked={settings.storage.persist}
            onChange={(e) => update('storage.persist', e.target.checked)}
          />{' '}
          Ask the browser to keep the cache when disk space runs low (persistent storage)
        </label>
        {storage && (
          <button
            type="button"
            data-action="clear-cache"
            onClick={() =>
              void storage.clear().then(
                async () => {
                  setUsage(await storage.usageBytes().catch(() => null));
                  setStorageNote('The cache and the history were cleared.');
                },
                () => setStorageNote('The cache could not be cleared.'),
              )
            }
          >
            Clear cache and history
          </button>
        )}
        {storageNote && (
          <p className="notice" role="status" data-storage-note="true">
            {storageNote}
          </p>
        )}
      </fieldset>
      {permissionNote && (
        <p className="notice" role="alert" data-permission="denied">
          {permissionNote}
        </p>
      )}
      <button type="submit">Save</button>{' '}
      {saved === 'saved' && (
        <span role="status" data-saved="true">
          Saved.
        </span>
      )}
      {saved === 'failed' && <span role="alert">Could not save the settings. Try again.</span>}
    </form>
  );
}
