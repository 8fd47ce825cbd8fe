import { describe, expect, it } from 'vitest';
import {
  apiKeyOverHttpMessage,
  DEFAULT_SETTINGS,
  migrateSettings,
  SETTINGS_KEY,
  SETTINGS_VERSION,
  validateSettings,
} from '../../lib/settings/schema';
import { accessFor, withoutDeniedAccess } from '../../lib/settings/permissions';
import { loadSettings, saveSettings, type KeyValueArea } from '../../lib/settings/store';

function memoryArea(
  initial: Record<string, unknown> = {},
): KeyValueArea & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get: async (key) => (key in data ? { [key]: data[key] } : {}),
    set: async (items) => void Object.assign(data, items),
  };
}

describe('settings', () => {
  it('gives defaults when nothing is stored, with nothing reported as reset', () => {
    expect(migrateSettings(undefined)).toEqual({ settings: DEFAULT_SETTINGS, reset: [] });
  });

  it('defaults to nothing leaving the browser: quoting the page, no web search, no Wikidata', () => {
    expect(DEFAULT_SETTINGS.composer.kind).toBe('extractive');
    expect(DEFAULT_SETTINGS.composer.apiKey).toBe('');
    expect(DEFAULT_SETTINGS.search.provider).toBe('none');
    expect(DEFAULT_SETTINGS.knowledgeGraph.enabled).toBe(false);
    expect(DEFAULT_SETTINGS.retrieval.nli).toBe(false);
    expect(DEFAULT_SETTINGS.knowledgeGraph.sparqlEndpoint).toBe(
      'https://query.wikidata.org/sparql',
    );
  });

  it('keeps valid fields and resets invalid ones, naming them', () => {
    const stored = {
      version: 1,
      composer: {
        kind: 'openai-compatible',
        endpoint: 'javascript:alert(1)',
        model: 'llama3',
        apiKey: 'sk-1',
      },
      search: { provider: 'altavista', searxngUrl: 'https://searx.example', braveApiKey: '' },
      knowledgeGraph: { sparqlEndpoint: 'http://127.0.0.1:7878/query', entitySearchEndpoint: 42 },
    };
    const { settings, reset } = migrateSettings(stored);
    expect(settings.composer).toEqual({
      ...DEFAULT_SETTINGS.composer,
      kind: 'openai-compatible',
      model: 'llama3',
      apiKey: 'sk-1',
    });
    // Present but invalid: the current default, and said so.
    expect(settings.search.provider).toBe('none');
    expect(settings.search.searxngUrl).toBe('https://searx.example');
    expect(settings.knowledgeGraph.sparqlEndpoint).toBe('http://127.0.0.1:7878/query');
    expect(reset.sort()).toEqual([
      'composer.endpoint',
      'knowledgeGraph.entitySearchEndpoint',
      'search.provider',
    ]);
  });

  it.each([null, 'corrupt', 42, [], { composer: 'x' }])(
    'survives corrupt stored value %j',
    (stored) => {
      const { settings } = migrateSettings(stored);
      expect(validateSettings(settings).ok).toBe(true);
    },
  );

  it('reads a future version field by field without losing valid values', () => {
    const { settings } = migrateSettings({
      version: 9,
      composer: { model: 'future-model', newField: true },
    });
    expect(settings.version).toBe(SETTINGS_VERSION);
    expect(settings.composer.model).toBe('future-model');
  });

  it('upgrades version 1 settings with data: every v1 value kept, v2 fields defaulted, nothing reported as reset', () => {
    const v1 = {
      version: 1,
      composer: {
        kind: 'openai-compatible',
        endpoint: 'http://127.0.0.1:8080/v1',
        model: 'qwen',
        apiKey: 'sk-v1',
      },
      search: { provider: 'searxng', searxngUrl: 'https://searx.example', braveApiKey: '' },
      knowledgeGraph: {
        sparqlEndpoint: 'http://127.0.0.1:7878/query',
        entitySearchEndpoint: 'http://127.0.0.1:7879/w/api.php',
      },
    };
    const { settings, reset } = migrateSettings(v1);
    expect(reset).toEqual([]);
    // Fields v1 lacked take the defaults of their day: Wikidata stayed on; the v5 privacy
    // defaults are for new installs.
    expect(settings).toEqual({
      ...v1,
      version: SETTINGS_VERSION,
      composer: { ...v1.composer, minConfidence: 'medium', timeoutSeconds: 60 },
      search: { ...v1.search, allowLocalResults: false },
      knowledgeGraph: { ...v1.knowledgeGraph, enabled: true, width: 3, depth: 3 },
      retrieval: DEFAULT_SETTINGS.retrieval,
      storage: DEFAULT_SETTINGS.storage,
    });
    expect(validateSettings(settings).ok).toBe(true);
  });

  it('upgrades version 2 settings: the composer keeps its endpoint and gains a confidence bar and a time limit', () => {
    const v2 = {
      ...DEFAULT_SETTINGS,
      version: 2,
      composer: {
        kind: 'openai-compatible',
        endpoint: 'http://127.0.0.1:8080/v1',
        model: 'qwen',
        apiKey: 'k',
      },
    };
    const { settings, reset } = migrateSettings(v2);
    expect(reset).toEqual([]);
    expect(settings.composer).toEqual({
      ...v2.composer,
      minConfidence: 'medium',
      timeoutSeconds: 60,
    });
    expect(settings.version).toBe(SETTINGS_VERSION);
  });

  it('accepts the Ollama and built-in model composers and rejects unknown confidence levels and time limits', () => {
    for (const kind of ['ollama', 'chrome-prompt'] as const)
      expect(
        validateSettings({ ...DEFAULT_SETTINGS, composer: { ...DEFAULT_SETTINGS.composer, kind } })
          .ok,
      ).toBe(true);
    const bad = validateSettings({
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, minConfidence: 'certain', timeoutSeconds: 1 },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(Object.keys(bad.errors).sort()).toEqual([
        'composer.minConfidence',
        'composer.timeoutSeconds',
      ]);
  });

  it('upgrades version 3 settings with a 200 MB cache budget, and bounds the budget', () => {
    const { settings, reset } = migrateSettings({
      ...DEFAULT_SETTINGS,
      version: 3,
      storage: undefined,
    });
    expect(reset).toEqual([]);
    expect(settings.storage).toEqual({ budgetMB: 200, persist: false });
    for (const budgetMB of [0, 9, 5001, 1.5])
      expect(
        validateSettings({ ...DEFAULT_SETTINGS, storage: { budgetMB, persist: false } }).ok,
      ).toBe(false);
  });

  it('upgrades version 4 settings to the current version: every choice kept (Wikipedia, Wikidata on), the fact-checking, exact-answer and multilingual models off, nothing reported as reset', () => {
    const v4 = {
      version: 4,
      composer: { ...DEFAULT_SETTINGS.composer },
      search: { provider: 'wikipedia', searxngUrl: '', braveApiKey: '' },
      knowledgeGraph: { ...DEFAULT_SETTINGS.knowledgeGraph, enabled: true },
      retrieval: {
        sources: 'auto',
        useModels: true,
        rerank: true,
        device: 'auto',
        modelSource: 'download',
        hubUrl: 'https://huggingface.co',
      },
      storage: { budgetMB: 300, persist: true },
    };
    const { settings, reset } = migrateSettings(v4);
    expect(reset).toEqual([]);
    expect(settings).toEqual({
      ...v4,
      version: SETTINGS_VERSION,
      search: { ...v4.search, allowLocalResults: false },
      retrieval: { ...v4.retrieval, nli: false, exactAnswer: false, multilingual: false },
    });
    expect(validateSettings(settings).ok).toBe(true);
  });

  it('upgrades version 5 settings with local search results off, nothing reported as reset; reports the field missing from version 6 settings', () => {
    const { allowLocalResults: _local, ...v5search } = DEFAULT_SETTINGS.search;
    const v5 = { ...DEFAULT_SETTINGS, version: 5, search: { ...v5search, provider: 'searxng' } };
    const upgraded = migrateSettings(v5);
    expect(upgraded.reset).toEqual([]);
    expect(upgraded.settings.search).toEqual({ ...v5.search, allowLocalResults: false });
    const missing = migrateSettings({ ...v5, version: 6 });
    expect(missing.reset).toEqual(['search.allowLocalResults']);
    const kept = migrateSettings({
      ...v5,
      version: 6,
      search: { ...v5.search, allowLocalResults: true },
    });
    expect(kept.settings.search.allowLocalResults).toBe(true);
  });

  it('keeps a version 4 choice of the fact-checking model, and reports it missing from version 5 settings', () => {
    const withNli = {
      ...DEFAULT_SETTINGS,
      version: 4,
      retrieval: { ...DEFAULT_SETTINGS.retrieval, nli: true },
    };
    expect(migrateSettings(withNli).settings.retrieval.nli).toBe(true);
    const { nli: _nli, ...withoutNli } = DEFAULT_SETTINGS.retrieval;
    const { settings, reset } = migrateSettings({ ...DEFAULT_SETTINGS, retrieval: withoutNli });
    expect(settings.retrieval.nli).toBe(false);
    expect(reset).toEqual(['retrieval.nli']);
  });

  it('upgrades version 5 settings to the current version: every choice kept, the exact-answer model off, nothing reported as reset', () => {
    const {
      exactAnswer: _exact,
      multilingual: _multilingual,
      ...v5Retrieval
    } = DEFAULT_SETTINGS.retrieval;
    const v5 = {
      ...DEFAULT_SETTINGS,
      version: 5,
      retrieval: { ...v5Retrieval, nli: true, rerank: true },
    };
    const { settings, reset } = migrateSettings(v5);
    expect(reset).toEqual([]);
    expect(settings).toEqual({
      ...v5,
      version: SETTINGS_VERSION,
      retrieval: { ...v5.retrieval, exactAnswer: false, multilingual: false },
    });
    // Version 6 settings without the field are reported; a stored choice is kept.
    expect(
      migrateSettings({ ...DEFAULT_SETTINGS, version: 6, retrieval: v5Retrieval }).reset,
    ).toEqual(['retrieval.exactAnswer']);
    const chosen = { ...DEFAULT_SETTINGS.retrieval, exactAnswer: true };
    expect(migrateSettings({ ...DEFAULT_SETTINGS, retrieval: chosen }).settings.retrieval).toEqual(
      chosen,
    );
  });

  it('gives version 5 settings that lack a field the new private default', () => {
    const { search: _search, ...rest } = DEFAULT_SETTINGS;
    const { settings } = migrateSettings({
      ...rest,
      knowledgeGraph: { ...DEFAULT_SETTINGS.knowledgeGraph, enabled: undefined },
    });
    expect(settings.search.provider).toBe('none');
    expect(settings.knowledgeGraph.enabled).toBe(false);
  });

  it('upgrades version 6 settings to 7: the multilingual models off, nothing reported as reset; reports the field missing from version 7 settings, keeps a stored choice', () => {
    const { multilingual: _multilingual, ...v6Retrieval } = DEFAULT_SETTINGS.retrieval;
    const v6 = { ...DEFAULT_SETTINGS, version: 6, retrieval: { ...v6Retrieval, rerank: true } };
    const { settings, reset } = migrateSettings(v6);
    expect(reset).toEqual([]);
    expect(settings).toEqual({
      ...v6,
      version: 7,
      retrieval: { ...v6.retrieval, multilingual: false },
    });
    expect(migrateSettings({ ...DEFAULT_SETTINGS, retrieval: v6Retrieval }).reset).toEqual([
      'retrieval.multilingual',
    ]);
    const chosen = { ...DEFAULT_SETTINGS.retrieval, multilingual: true };
    expect(migrateSettings({ ...DEFAULT_SETTINGS, retrieval: chosen }).settings.retrieval).toEqual(
      chosen,
    );
  });

  it('reports a v2 field that is missing from v2 settings', () => {
    const { reset } = migrateSettings({ ...DEFAULT_SETTINGS, retrieval: { sources: 'page' } });
    expect(reset.sort()).toEqual([
      'retrieval.device',
      'retrieval.exactAnswer',
      'retrieval.hubUrl',
      'retrieval.modelSource',
      'retrieval.multilingual',
      'retrieval.nli',
      'retrieval.rerank',
      'retrieval.useModels',
    ]);
  });

  it('defaults to bundled models and the Hugging Face hub; the hub must be an http(s) address', () => {
    expect(DEFAULT_SETTINGS.retrieval.modelSource).toBe('bundled');
    expect(DEFAULT_SETTINGS.retrieval.hubUrl).toBe('https://huggingface.co');
    for (const hubUrl of ['', 'ftp://hub.example', 'javascript:alert(1)']) {
      const result = validateSettings({
        ...DEFAULT_SETTINGS,
        retrieval: { ...DEFAULT_SETTINGS.retrieval, hubUrl },
      });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors['retrieval.hubUrl']).toMatch(/http/);
    }
    const local = {
      ...DEFAULT_SETTINGS,
      retrieval: {
        ...DEFAULT_SETTINGS.retrieval,
        modelSource: 'download',
        hubUrl: 'http://127.0.0.1:8080',
      },
    };
    expect(validateSettings(local).ok).toBe(true);
    const { settings, reset } = migrateSettings({
      ...local,
      retrieval: { ...local.retrieval, modelSource: 'cloud' },
    });
    expect(settings.retrieval.modelSource).toBe('bundled');
    expect(settings.retrieval.hubUrl).toBe('http://127.0.0.1:8080');
    expect(reset).toEqual(['retrieval.modelSource']);
  });

  it('validates form input and reports errors by field', () => {
    const result = validateSettings({
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, endpoint: 'ftp://x' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['composer.endpoint']).toMatch(/http/);
  });

  describe('an API key only over https (or to this computer)', () => {
    const withEndpoint = (endpoint: string, apiKey = 'sk-1', kind = 'openai-compatible') => ({
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, kind, endpoint, apiKey },
    });

    it.each([
      'http://192.168.1.5:8080/v1',
      'http://llm.example.org/v1',
      'http://10.0.0.2/v1',
      'HTTP://LLM.EXAMPLE.ORG/v1',
    ])('refuses a key sent over plain http to %s, with the message for Settings', (endpoint) => {
      const result = validateSettings(withEndpoint(endpoint));
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.errors).toEqual({
          'composer.apiKey': 'An API key must only be sent over https (or to this computer).',
        });
      expect(apiKeyOverHttpMessage()).toBe(
        'An API key must only be sent over https (or to this computer).',
      );
    });

    it.each([
      ['https to another computer', withEndpoint('https://llm.example.org/v1')],
      ['http to 127.0.0.1', withEndpoint('http://127.0.0.1:8080/v1')],
      ['http to 127.0.0.53', withEndpoint('http://127.0.0.53:8080/v1')],
      ['http to localhost', withEndpoint('http://localhost:1234/v1')],
      ['http to [::1]', withEndpoint('http://[::1]:1234/v1')],
      ['no key over http', withEndpoint('http://192.168.1.5:8080/v1', '')],
      ['a key Ollama never sends', withEndpoint('http://192.168.1.5:11434', 'sk-1', 'ollama')],
    ])('accepts %s', (_name, settings) => {
      expect(validateSettings(settings).ok).toBe(true);
    });

    it('reports the rule with the other field errors', () => {
      const result = validateSettings({
        ...withEndpoint('http://192.168.1.5/v1'),
        storage: { budgetMB: 1, persist: false },
      });
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(Object.keys(result.errors).sort()).toEqual(['composer.apiKey', 'storage.budgetMB']);
    });

    it('drops a key stored before the rule that would travel in the clear, and says so', () => {
      const { settings, reset } = migrateSettings({
        ...withEndpoint('http://192.168.1.5:8080/v1'),
        version: 4,
      });
      expect(settings.composer.apiKey).toBe('');
      expect(settings.composer.endpoint).toBe('http://192.168.1.5:8080/v1');
      expect(reset).toEqual(['composer.apiKey']);
    });
  });

  it('saves only valid settings and loads them back', async () => {
    const area = memoryArea();
    expect(
      (
        await saveSettings(area, {
          ...DEFAULT_SETTINGS,
          composer: { ...DEFAULT_SETTINGS.composer, endpoint: 'file:///etc' },
        })
      ).ok,
    ).toBe(false);
    expect(area.data[SETTINGS_KEY]).toBeUndefined();
    const good = {
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, model: 'm', apiKey: ' key ' },
    };
    expect((await saveSettings(area, good)).ok).toBe(true);
    const loaded = await loadSettings(area);
    expect(loaded.settings.composer.model).toBe('m');
    expect(loaded.settings.composer.apiKey).toBe('key');
  });

  it('treats an unreadable store as empty', async () => {
    const broken: KeyValueArea = {
      get: () => Promise.reject(new Error('IO')),
      set: () => Promise.resolve(),
    };
    expect((await loadSettings(broken)).settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe('host access for saved settings', () => {
  it('asks for the composer endpoint and the search provider in one request, without duplicates', () => {
    const access = accessFor({
      composer: { ...DEFAULT_SETTINGS.composer, kind: 'ollama', endpoint: 'http://10.0.0.2:11434' },
      search: { provider: 'searxng', searxngUrl: 'http://10.0.0.2:11434/', braveApiKey: '' },
    });
    expect(access.composer).toEqual(['http://10.0.0.2:11434/*']);
    expect(access.search).toEqual(['http://10.0.0.2:11434/*', 'https://*/*', 'http://*/*']);
    expect(access.all).toEqual(['http://10.0.0.2:11434/*', 'https://*/*', 'http://*/*']);
  });

  it('asks for nothing with the defaults (extractive composer, no web search)', () => {
    expect(accessFor(DEFAULT_SETTINGS)).toEqual({ composer: [], search: [], all: [] });
  });

  it('turns web search off when its access is refused, and says what each refusal means', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, kind: 'ollama' as const },
      search: { ...DEFAULT_SETTINGS.search, provider: 'brave' as const, braveApiKey: 'k' },
    };
    const denied = withoutDeniedAccess(settings, accessFor(settings));
    expect(denied.settings.search).toEqual({ ...settings.search, provider: 'none' });
    expect(denied.settings.composer).toBe(settings.composer);
    expect(denied.note).toBe(
      'Web search needs access to https://api.search.brave.com/*, https://*/*, http://*/*. It was not granted, so web search is off. ' +
        'Access to http://127.0.0.1:11434/* was not granted: only endpoints that allow cross-origin requests will answer, and Ollama will refuse the extension unless OLLAMA_ORIGINS allows it.',
    );
  });

  it('keeps web search when only the composer endpoint was refused', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      composer: { ...DEFAULT_SETTINGS.composer, kind: 'openai-compatible' as const },
    };
    const denied = withoutDeniedAccess(settings, accessFor(settings));
    expect(denied.settings).toBe(settings);
    expect(denied.note).toBe(
      'Access to http://127.0.0.1:11434/* was not granted: only endpoints that allow cross-origin requests will answer.',
    );
  });
});
