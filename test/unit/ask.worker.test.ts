// What the pipeline Worker keeps and reuses (lib/ask/config-key.ts, keyed.ts, token-batch.ts,
// worker-api.ts): the cached-answer key, the loaded-models key, one client per settings, and the
// batched token stream.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfigKey, modelsKey } from '../../lib/ask/config-key';
import { keyedSlot, prefixed } from '../../lib/ask/keyed';
import { batched } from '../../lib/ask/token-batch';
import { workerConfig } from '../../lib/ask/worker-api';
import { createMemoryCache } from '../../lib/core/cache';
import type { ModelPorts } from '../../lib/pipeline/ports';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';

const env = { language: 'de', urls: { models: 'chrome-extension://x/models/', ort: 'ort/' } };
const config = workerConfig(DEFAULT_SETTINGS, env);
const scorer = (modelId: string) => ({ modelId }) as unknown as NonNullable<ModelPorts['filter']>;

describe('answerConfigKey', () => {
  it('is the same for the same settings, sources and models', () => {
    expect(answerConfigKey(config, {}, {})).toBe(answerConfigKey(structuredClone(config), {}, {}));
  });

  it('ignores what does not change an answer: the API key and the time limit', () => {
    const other = {
      ...config,
      composer: { ...config.composer, apiKey: 'sk-new', timeoutSeconds: 5 },
    };
    expect(answerConfigKey(other, {}, {})).toBe(answerConfigKey(config, {}, {}));
  });

  it('changes with the composer, the sources asked for, and the models that loaded', () => {
    const key = answerConfigKey(config, {}, {});
    const model = { ...config, composer: { ...config.composer, model: 'other' } };
    expect(answerConfigKey(model, {}, {})).not.toBe(key);
    expect(answerConfigKey(config, { sources: 'page' }, {})).not.toBe(key);
    // The setting's sources are what "no choice" means.
    expect(answerConfigKey(config, { sources: config.retrieval.sources }, {})).toBe(key);
    expect(answerConfigKey(config, {}, { filter: scorer('minilm') })).not.toBe(key);
    // Reading local search results changes which pages an answer can quote.
    const local = { ...config, search: { ...config.search, allowLocalResults: true } };
    expect(answerConfigKey(local, {}, {})).not.toBe(key);
    const reader = { modelId: 'squad', read: () => Promise.resolve([]) };
    expect(answerConfigKey(config, {}, { reader })).not.toBe(key);
  });
});

describe('modelsKey', () => {
  const retrieval = DEFAULT_SETTINGS.retrieval;
  it('reads downloaded files again after a new download, bundled files when their URL changes', () => {
    expect(modelsKey(retrieval, { downloadedAt: '2026-01-01' })).not.toBe(
      modelsKey(retrieval, { downloadedAt: '2026-01-02' }),
    );
    expect(modelsKey(retrieval, { bundledUrl: 'a/' })).not.toBe(
      modelsKey(retrieval, { bundledUrl: 'b/' }),
    );
    expect(modelsKey({ ...retrieval, rerank: true }, { bundledUrl: 'a/' })).not.toBe(
      modelsKey(retrieval, { bundledUrl: 'a/' }),
    );
    // Ranking off still loads the exact-answer model, but not the ranking models.
    expect(modelsKey({ ...retrieval, useModels: false }, { bundledUrl: 'a/' })).not.toBe(
      modelsKey(retrieval, { bundledUrl: 'a/' }),
    );
  });
});

describe('keyedSlot', () => {
  it('makes one value per key and hands the replaced one back', () => {
    const replaced: string[] = [];
    const slot = keyedSlot<string>((old) => replaced.push(old));
    let made = 0;
    const make = (name: string) => () => `${name}${++made}`;
    expect(slot('a', make('a'))).toBe('a1');
    expect(slot('a', make('a'))).toBe('a1');
    expect(slot('b', make('b'))).toBe('b2');
    expect(replaced).toEqual(['a1']);
  });
});

describe('prefixed', () => {
  it('keeps two users of one cache table apart', async () => {
    const table = createMemoryCache<string>();
    await prefixed(table, 'page:').set('k', 'a page');
    await prefixed(table, 'hits:').set('k', 'hits');
    expect(await prefixed(table, 'page:').get('k')).toBe('a page');
    expect(await table.get('hits:k')).toBe('hits');
  });
});

describe('batched', () => {
  afterEach(() => void vi.useRealTimers());

  it('sends the tokens of each 50 ms as one message, in order', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const send = batched((text) => sent.push(text));
    send('Sos');
    send('tratus ');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(50);
    send('designed');
    send(' it.');
    vi.advanceTimersByTime(50);
    expect(sent).toEqual(['Sostratus ', 'designed it.']);
  });
});

describe('workerConfig', () => {
  it('carries the settings the Worker needs and the page environment', () => {
    expect(config).toEqual({
      composer: DEFAULT_SETTINGS.composer,
      search: DEFAULT_SETTINGS.search,
      knowledgeGraph: DEFAULT_SETTINGS.knowledgeGraph,
      retrieval: DEFAULT_SETTINGS.retrieval,
      storage: DEFAULT_SETTINGS.storage,
      ...env,
    });
  });
});
