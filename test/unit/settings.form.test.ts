// The settings form's state (components/settings/form-state.ts): what an edit changes besides
// the field, and how stored settings arrive.
import { describe, expect, it } from 'vitest';
import {
  answerWith,
  factCheckSwitch,
  multilingualSwitch,
  fieldsShown,
  formReducer,
  INITIAL_FORM,
  patch,
  rankSwitch,
  valueAt,
  type FormState,
} from '../../components/settings/form-state';
import { nothingLeaves, privacyLines } from '../../components/settings/privacy';
import { fieldName } from '../../components/settings/labels';
import type { InstalledModels } from '../../components/settings/ports';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';

/** The defaults with some groups' fields changed. */
function settingsWith(changes: {
  [G in keyof Omit<Settings, 'version'>]?: Partial<Settings[G]>;
}): Settings {
  const next = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, object>;
  for (const [group, fields] of Object.entries(changes))
    next[group] = { ...next[group], ...fields };
  return next as unknown as Settings;
}

const loaded: FormState = { ...INITIAL_FORM, settings: DEFAULT_SETTINGS };

describe('settings form state', () => {
  it('loads stored settings and names the reset fields, but not "(all)"', () => {
    const state = formReducer(INITIAL_FORM, {
      type: 'loaded',
      settings: DEFAULT_SETTINGS,
      reset: ['(all)', 'composer.endpoint'],
    });
    expect(state.settings).toBe(DEFAULT_SETTINGS);
    expect(state.reset).toEqual(['composer.endpoint']);
  });

  it('edits one field, keeps the rest, and makes "Saved." stale', () => {
    const state = formReducer(
      { ...loaded, saved: 'saved', connection: 'testing' },
      { type: 'edit', path: 'knowledgeGraph.width', value: 5 },
    );
    expect(state.settings!.knowledgeGraph).toEqual({
      ...DEFAULT_SETTINGS.knowledgeGraph,
      width: 5,
    });
    expect(state.settings!.composer).toBe(DEFAULT_SETTINGS.composer);
    expect(state.saved).toBe('idle');
    // Not a composer field: the connection test still stands.
    expect(state.connection).toBe('testing');
    expect(valueAt(state.settings!, 'knowledgeGraph.width')).toBe(5);
  });

  it('forgets the last connection test when a composer field changes', () => {
    const tested: FormState = { ...loaded, connection: { ok: true, detail: 'fine' } };
    const state = formReducer(tested, { type: 'edit', path: 'composer.model', value: 'm' });
    expect(state.connection).toBeNull();
    expect(state.settings!.composer.model).toBe('m');
  });

  it('ignores edits before the settings are loaded, and keeps field errors on edit', () => {
    expect(formReducer(INITIAL_FORM, { type: 'edit', path: 'composer.model', value: 'm' })).toBe(
      INITIAL_FORM,
    );
    const withErrors = formReducer(loaded, patch({ errors: { 'composer.endpoint': 'bad' } }));
    const edited = formReducer(withErrors, {
      type: 'edit',
      path: 'composer.endpoint',
      value: 'http://127.0.0.1:1/v1',
    });
    expect(edited.errors).toEqual({ 'composer.endpoint': 'bad' });
  });
});

describe('fields shown', () => {
  const searchFields = (settings: Settings) =>
    [...fieldsShown(settings)].filter((p) => p.startsWith('search.'));

  it('shows no web search field while the answers come from this page only', () => {
    expect(searchFields(DEFAULT_SETTINGS)).toEqual([]);
    // A provider kept from earlier settings, with the web turned off: still nothing to fill in.
    expect(
      searchFields(settingsWith({ search: { provider: 'brave' }, retrieval: { sources: 'page' } })),
    ).toEqual([]);
  });

  it.each([
    ['wikipedia', ['search.provider']],
    // SearXNG and Brave pass on any address, so they offer reading local results (off by default).
    ['searxng', ['search.provider', 'search.searxngUrl', 'search.allowLocalResults']],
    ['brave', ['search.provider', 'search.braveApiKey', 'search.allowLocalResults']],
  ] as const)('shows only the fields of %s', (provider, fields) => {
    expect(
      searchFields(settingsWith({ search: { provider }, retrieval: { sources: 'auto' } })),
    ).toEqual(fields);
  });

  it.each([
    ['extractive', []],
    ['chrome-prompt', ['composer.minConfidence', 'composer.timeoutSeconds']],
    [
      'ollama',
      ['composer.endpoint', 'composer.model', 'composer.minConfidence', 'composer.timeoutSeconds'],
    ],
    [
      'openai-compatible',
      [
        'composer.endpoint',
        'composer.model',
        'composer.apiKey',
        'composer.minConfidence',
        'composer.timeoutSeconds',
      ],
    ],
  ] as const)('shows only the composer fields %s uses', (kind, fields) => {
    const shown = [...fieldsShown(settingsWith({ composer: { kind } }))].filter((p) =>
      p.startsWith('composer.'),
    );
    expect(shown).toEqual(fields);
  });

  it('shows the model hub only for downloaded models', () => {
    expect(fieldsShown(DEFAULT_SETTINGS).has('retrieval.hubUrl')).toBe(false);
    expect(
      fieldsShown(settingsWith({ retrieval: { modelSource: 'download' } })).has('retrieval.hubUrl'),
    ).toBe(true);
  });
});

describe('answer with this page or the web', () => {
  it('turns the web on with the keyless provider, and off again, keeping the addresses typed', () => {
    const loadedPage: FormState = {
      ...INITIAL_FORM,
      settings: settingsWith({ search: { searxngUrl: 'https://searx.example' } }),
      saved: 'saved',
    };
    expect(answerWith(loadedPage.settings!)).toBe('page');
    const web = formReducer(loadedPage, { type: 'answer-with', value: 'web' });
    expect(web.settings!.search).toEqual({
      provider: 'wikipedia',
      searxngUrl: 'https://searx.example',
      braveApiKey: '',
      allowLocalResults: false,
    });
    expect(web.settings!.retrieval.sources).toBe('auto');
    expect(web.saved).toBe('idle');
    // Settings that said "this page only" through their sources search when the page falls short.
    const fromSources = formReducer(
      { ...INITIAL_FORM, settings: settingsWith({ retrieval: { sources: 'page' } }) },
      { type: 'answer-with', value: 'web' },
    );
    expect(fromSources.settings!.retrieval.sources).toBe('auto');
    expect(answerWith(web.settings!)).toBe('web');
    const page = formReducer(web, { type: 'answer-with', value: 'page' });
    expect(page.settings!.search).toEqual({
      provider: 'none',
      searxngUrl: 'https://searx.example',
      braveApiKey: '',
      allowLocalResults: false,
    });
    expect(answerWith(page.settings!)).toBe('page');
  });

  it('keeps a chosen provider and "always" when the web is turned on', () => {
    const settings = settingsWith({
      search: { provider: 'brave' },
      retrieval: { sources: 'page+web' },
    });
    const web = formReducer({ ...INITIAL_FORM, settings }, { type: 'answer-with', value: 'web' });
    expect(web.settings!.search.provider).toBe('brave');
    expect(web.settings!.retrieval.sources).toBe('page+web');
  });
});

describe('model switches', () => {
  const none: InstalledModels = { bundled: [], downloaded: [] };
  const ranking = ['cross-encoder', 'bi-encoder'] as const;

  it('"find passages by meaning" is unticked and locked while no models are installed, whatever was saved', () => {
    const view = rankSwitch(DEFAULT_SETTINGS.retrieval, none);
    expect(DEFAULT_SETTINGS.retrieval.useModels).toBe(true);
    expect(view).toMatchObject({ checked: false, disabled: true });
    expect(view.note).toMatch(/ranked by keywords/);
    const download = rankSwitch({ ...DEFAULT_SETTINGS.retrieval, modelSource: 'download' }, none);
    expect(download).toMatchObject({ checked: false, disabled: true });
    expect(download.note).toMatch(/Not downloaded yet/);
  });

  it('shows the saved choice once the models are there (built in, or downloaded when downloads are chosen)', () => {
    const bundled: InstalledModels = { bundled: ranking, downloaded: [] };
    expect(rankSwitch(DEFAULT_SETTINGS.retrieval, bundled)).toEqual({
      checked: true,
      disabled: false,
      note: null,
    });
    expect(rankSwitch({ ...DEFAULT_SETTINGS.retrieval, useModels: false }, bundled)).toEqual({
      checked: false,
      disabled: false,
      note: null,
    });
    // Downloaded models do not count while built-in ones are chosen, and the other way round.
    expect(
      rankSwitch(DEFAULT_SETTINGS.retrieval, { bundled: [], downloaded: ranking }).disabled,
    ).toBe(true);
    expect(
      rankSwitch(
        { ...DEFAULT_SETTINGS.retrieval, modelSource: 'download' },
        { bundled: [], downloaded: ranking },
      ),
    ).toEqual({ checked: true, disabled: false, note: null });
  });

  it('shows the saved choice while it is not known yet what is installed', () => {
    expect(rankSwitch(DEFAULT_SETTINGS.retrieval, null)).toEqual({
      checked: true,
      disabled: false,
      note: null,
    });
  });

  it('the fact-checking switch chooses the download, and only shows whether a built-in one exists', () => {
    const download = { ...DEFAULT_SETTINGS.retrieval, modelSource: 'download' as const };
    expect(factCheckSwitch(download, none)).toEqual({
      checked: false,
      disabled: false,
      note: null,
    });
    expect(factCheckSwitch({ ...download, nli: true }, none)).toEqual({
      checked: true,
      disabled: false,
      note: null,
    });
    expect(
      factCheckSwitch({ ...download, nli: true }, { bundled: [], downloaded: ranking }).note,
    ).toMatch(/download the models again/);
    expect(factCheckSwitch(DEFAULT_SETTINGS.retrieval, none)).toMatchObject({
      checked: false,
      disabled: true,
    });
    expect(
      factCheckSwitch(DEFAULT_SETTINGS.retrieval, { bundled: [...ranking, 'nli'], downloaded: [] }),
    ).toMatchObject({
      checked: true,
      disabled: true,
    });
  });

  it('the multilingual switch wants both of the pair: one alone is not installed', () => {
    const download = {
      ...DEFAULT_SETTINGS.retrieval,
      modelSource: 'download' as const,
      multilingual: true,
    };
    expect(
      multilingualSwitch(download, {
        bundled: [],
        downloaded: [...ranking, 'multilingual-bi-encoder'],
      }).note,
    ).toMatch(/download the models again/);
    expect(
      multilingualSwitch(download, {
        bundled: [],
        downloaded: [...ranking, 'multilingual-cross-encoder', 'multilingual-bi-encoder'],
      }),
    ).toEqual({ checked: true, disabled: false, note: null });
    expect(
      multilingualSwitch(DEFAULT_SETTINGS.retrieval, {
        bundled: [...ranking, 'multilingual-cross-encoder', 'multilingual-bi-encoder'],
        downloaded: [],
      }),
    ).toMatchObject({ checked: true, disabled: true });
  });
});

describe('privacy summary', () => {
  it('says nothing leaves the browser with the defaults', () => {
    expect(privacyLines(DEFAULT_SETTINGS)).toEqual([nothingLeaves()]);
    expect(nothingLeaves()).toBe('Nothing leaves your browser.');
    // Chrome's built-in model runs on this computer.
    expect(privacyLines(settingsWith({ composer: { kind: 'chrome-prompt' } }))).toEqual([
      nothingLeaves(),
    ]);
  });

  it('says one line for each thing that leaves, naming where it goes', () => {
    const lines = privacyLines(
      settingsWith({
        search: { provider: 'searxng', searxngUrl: 'https://searx.example/search' },
        retrieval: { sources: 'auto' },
        knowledgeGraph: { enabled: true },
        composer: { kind: 'openai-compatible', endpoint: 'https://api.example.com/v1' },
      }),
    );
    expect(lines).toEqual([
      'A question the page cannot answer goes to your search service (searx.example), and the result pages are opened.',
      'Names found in your question go to Wikidata.',
      'Your question and the quoted passages go to the language model at api.example.com.',
    ]);
  });

  it('says when every question is searched, when the model is on this computer, and the model download', () => {
    const lines = privacyLines(
      settingsWith({
        search: { provider: 'wikipedia' },
        retrieval: { sources: 'page+web', modelSource: 'download' },
        composer: { kind: 'ollama', endpoint: 'http://127.0.0.1:11434' },
      }),
    );
    expect(lines).toEqual([
      'Every question goes to Wikipedia, and the result pages are opened.',
      'Your question and the quoted passages go to the language model on this computer (127.0.0.1:11434).',
      'Model files are downloaded from huggingface.co when you ask for them; nothing about your pages or questions is sent.',
    ]);
  });

  it('says that a provider kept with "this page only" is used only when a question asks for the web', () => {
    expect(
      privacyLines(settingsWith({ search: { provider: 'brave' }, retrieval: { sources: 'page' } })),
    ).toEqual([
      'Only for a question where you choose the web in the panel: the question goes to Brave Search, and the result pages are opened.',
    ]);
  });
});

describe('names of reset fields', () => {
  it('names fields in words, not paths', () => {
    expect(fieldName('composer.apiKey')).toBe('the API key');
    expect(fieldName('retrieval.nli')).toBe('the fact-checking model');
  });
});
