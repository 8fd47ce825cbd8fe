// The pipeline's Web Worker: model inference, web search, splitting, ranking and composing all run
// here, off the panel's UI thread (and never in the service worker, which MV3 stops when idle).
// Errors come back as coded ErrorInfo values (Error subclasses do not survive postMessage).

import * as Comlink from 'comlink';
import { createModelStore, notDownloadedReason } from '@/lib/models/browser-store';
import { loadModelPorts, type LoadedModelPorts } from '@/lib/models/transformers';
import { toErrorInfo, type ErrorInfo } from '@/lib/core/errors';
import type { ModelPorts, SearchPort } from '@/lib/pipeline/ports';
import { runPipeline } from '@/lib/ask/run';
import type { AskRequest, AskResult, StageProgress } from '@/lib/pipeline/types';
import { askCachedPage, askWithCache, type CachedOutcome } from '@/lib/ask/cached';
import { openStore, type CacheStore } from '@/lib/cache/store';
import { HIT_CACHE_DEFAULTS, PAGE_CACHE_DEFAULTS, type CachePort } from '@/lib/core/cache';
import { findLanguageModel } from '@/lib/composer/chrome-prompt';
import { createComposerPort } from '@/lib/composer';
import type { ComposerPort, ComposerPrompt } from '@/lib/pipeline/ports';
import { wikidataPorts } from '@/lib/kg/ports';
import { KG_DEFAULTS } from '@/lib/kg/sparql';
import type { KgPorts } from '@/lib/kg/retrieve';
import { createSearchPort } from '@/lib/search';
import type { Settings } from '@/lib/settings/schema';

export type WorkerReply = { ok: true; outcome: CachedOutcome } | { ok: false; error: ErrorInfo };

export interface WorkerConfig {
  composer: Settings['composer'];
  search: Settings['search'];
  knowledgeGraph: Settings['knowledgeGraph'];
  /** The panel's language, for Wikidata entity search. */
  language: string;
  retrieval: Settings['retrieval'];
  storage: Settings['storage'];
  /** Extension URLs of the bundled model folders and ONNX Runtime's wasm. */
  urls: { models: string; ortWasm: string };
}

let loaded: { key: string; ports: Promise<LoadedModelPorts> } | null = null;

/** Loads the models once per worker (and again only when the settings that shape them change). */
async function modelPorts(
  config: WorkerConfig,
  onProgress: (p: StageProgress) => void,
): Promise<ModelPorts> {
  const { retrieval } = config;
  if (!retrieval.useModels)
    return {
      unavailableReason:
        'Model ranking is off in Settings, so passages are ranked by keywords (BM25).',
    };
  const roles = retrieval.rerank
    ? (['cross-encoder', 'bi-encoder', 'reranker'] as const)
    : (['cross-encoder', 'bi-encoder'] as const);
  let key: string;
  let load: () => Promise<LoadedModelPorts>;
  if (retrieval.modelSource === 'download') {
    // Downloaded in Settings into this origin's Cache Storage (lib/models/browser-store.ts). The
    // record is written last, so no record = nothing (complete) downloaded: say so, never load.
    if (typeof caches === 'undefined')
      return {
        unavailableReason:
          'Downloaded models need Cache Storage, which this browser does not give the extension; ranking by keywords.',
      };
    const store = createModelStore(caches, { origin: self.location.origin });
    const record = await store.record();
    if (!record) return { unavailableReason: notDownloadedReason(await store.estimate()) };
    // A new download (or a removed and repeated one) gives a new key, so the files are re-read.
    key = JSON.stringify(['download', retrieval.device, retrieval.rerank, record.completedAt]);
    load = () =>
      loadModelPorts({
        modelBaseUrl: store.baseUrl,
        modelCache: store,
        wasmUrl: config.urls.ortWasm,
        device: retrieval.device,
        roles,
      });
  } else {
    key = JSON.stringify([retrieval.device, retrieval.rerank, config.urls.models]);
    load = () =>
      loadModelPorts({
        modelBaseUrl: config.urls.models,
        wasmUrl: config.urls.ortWasm,
        device: retrieval.device,
        roles,
      });
  }
  if (loaded?.key !== key) {
    void loaded?.ports.then((p) => p.dispose()).catch(() => undefined);
    loaded = { key, ports: load() };
  }
  onProgress({ stage: 'models', status: 'running' });
  const started = performance.now();
  const ports = await loaded.ports;
  const detail = ports.filter
    ? `${ports.device ?? 'wasm'}${ports.deviceNote ? ` (${ports.deviceNote})` : ''}`
    : 'not installed: keyword ranking';
  onProgress({ stage: 'models', status: 'done', ms: performance.now() - started, detail });
  return ports;
}

let searchPort: { key: string; port: SearchPort | null } | null = null;
let kgPorts: { key: string; ports: KgPorts | null } | null = null;
/** Tells the running question's progress list that Wikidata asked us to wait (HTTP 429). */
let onKgWait: ((seconds: number) => void) | null = null;

/** One pair of Wikidata clients per endpoint settings, so their one-in-flight queue and cache are shared. */
function kgFor(settings: Settings['knowledgeGraph'], language: string): KgPorts | null {
  const key = JSON.stringify([settings, language]);
  if (kgPorts?.key !== key) {
    kgPorts = {
      key,
      ports: settings.enabled
        ? {
            ...wikidataPorts(settings, {
              fetch: (url, init) => fetch(url, init),
              onWait: (seconds) => onKgWait?.(seconds),
              // Wikidata answers outlive the panel: a repeated question sends no query at all.
              cache: cacheStore().cachePort('sparql', KG_DEFAULTS.cacheTtlMs),
            }),
            language,
            beam: { width: settings.width, depth: settings.depth },
          }
        : null,
    };
  }
  return kgPorts.ports;
}

/** One search port per provider settings, so its page and result caches outlive a question. */
function searchFor(settings: Settings['search']): SearchPort | null {
  const key = JSON.stringify(settings);
  if (searchPort?.key !== key) {
    const store = cacheStore();
    searchPort = {
      key,
      port: createSearchPort(settings, {
        fetch: (url, init) => fetch(url, init),
        // Result pages and search responses share one table: their keys are kept apart by prefix.
        cache: prefixed(store.cachePort('search', PAGE_CACHE_DEFAULTS.ttlMs), 'page:'),
        hitCache: prefixed(store.cachePort('search', HIT_CACHE_DEFAULTS.ttlMs), 'hits:'),
      }),
    };
  }
  return searchPort.port;
}

let store: CacheStore | null = null;

// Earlier versions kept Wikidata answers in a database of their own; the cache store replaced it.
try {
  indexedDB.deleteDatabase('answer-panel-wikidata');
} catch {
  // Nothing to remove, or IndexedDB is unavailable: the store says so when it opens.
}

/** The offline cache (lib/cache/store.ts), shared by every question this worker runs. */
function cacheStore(budgetMB?: number): CacheStore {
  store ??= openStore({ ...(budgetMB ? { budgetBytes: budgetMB * 2 ** 20 } : {}) });
  if (budgetMB) void store.setBudget(budgetMB * 2 ** 20);
  return store;
}

function prefixed<T>(port: CachePort<T>, prefix: string): CachePort<T> {
  return {
    get: (key) => port.get(prefix + key),
    set: (key, value) => port.set(prefix + key, value),
  };
}

/**
 * What shapes an answer — settings, the sources asked for, and which models actually loaded (an
 * answer ranked by keywords before a model download is not the answer the models would give): a
 * cached answer is reused only when all of it is the same.
 */
function configKey(config: WorkerConfig, request: AskRequest, models: ModelPorts): string {
  const { composer, search, knowledgeGraph, retrieval } = config;
  return JSON.stringify({
    composer: [composer.kind, composer.endpoint, composer.model, composer.minConfidence],
    search: [search.provider, search.searxngUrl],
    knowledgeGraph,
    sources: request.sources ?? retrieval.sources,
    rerank: retrieval.rerank,
    models: [
      models.filter?.modelId,
      models.reranker?.modelId,
      models.embedder?.modelId,
      models.device,
    ],
  });
}

/** The pipeline with this worker's ports: models, search, knowledge graph, composer. */
/**
 * Chrome's built-in model as the panel page reaches it: the Prompt API may be exposed to windows
 * only, so when this worker has no `LanguageModel` the call is made by the panel.
 */
export interface PanelPrompt {
  complete(prompt: ComposerPrompt, onToken: (delta: string) => void): Promise<string>;
}

function builtInThroughPanel(panel: PanelPrompt): ComposerPort {
  return {
    kind: 'chrome-prompt',
    label: "Chrome's built-in model",
    complete: (prompt, options) =>
      panel.complete(prompt, Comlink.proxy(options?.onToken ?? (() => undefined))),
  };
}

function composerFor(
  config: WorkerConfig,
  panelPrompt: PanelPrompt | undefined,
): ComposerPort | null {
  const languageModel = findLanguageModel();
  if (config.composer.kind === 'chrome-prompt' && !languageModel && panelPrompt)
    return builtInThroughPanel(panelPrompt);
  return createComposerPort(config.composer, {
    fetch: (url, init) => fetch(url, init),
    languageModel,
  });
}

async function pipelineFor(
  config: WorkerConfig,
  onProgress: (progress: StageProgress) => void,
  {
    onToken,
    offlineOnly = false,
    panelPrompt,
  }: { onToken?: (delta: string) => void; offlineOnly?: boolean; panelPrompt?: PanelPrompt } = {},
) {
  onKgWait = (seconds) =>
    onProgress({
      stage: 'kg',
      status: 'running',
      detail: `Wikidata is rate-limiting us — retrying in ${seconds} s`,
    });
  const loadedModels = await modelPorts(config, onProgress);
  const embedder = loadedModels.embedder
    ? cacheStore().cachedEmbedder(loadedModels.embedder)
    : undefined;
  const models: ModelPorts = { ...loadedModels, ...(embedder ? { embedder } : {}) };
  const run = async (request: AskRequest) => {
    const result = await runPipeline(
      { ...request, sources: request.sources ?? config.retrieval.sources },
      {
        onProgress,
        models,
        // A saved copy of an unreadable page is answered offline: no web, no Wikidata, no endpoint.
        search: offlineOnly ? null : searchFor(config.search),
        kg: offlineOnly ? null : kgFor(config.knowledgeGraph, config.language),
        retrieve: { rerank: config.retrieval.rerank },
        composer: offlineOnly ? null : composerFor(config, panelPrompt),
        minConfidence: config.composer.minConfidence,
        ...(onToken ? { onToken: batched(onToken) } : {}),
      },
    );
    const note = (loadedModels as LoadedModelPorts).deviceNote;
    if (note) result.retrieval.notes.push(note);
    return result;
  };
  return { run, embedder, models };
}

const api = {
  /** `onToken` receives the composer's answer as it streams in (endpoint composers only). */
  async run(
    request: AskRequest & { fresh?: boolean },
    onProgress: (progress: StageProgress) => void,
    config: WorkerConfig,
    onToken?: (delta: string) => void,
    panelPrompt?: PanelPrompt,
  ): Promise<WorkerReply> {
    try {
      const { run, embedder, models } = await pipelineFor(config, onProgress, {
        ...(onToken ? { onToken } : {}),
        ...(panelPrompt ? { panelPrompt } : {}),
      });
      const outcome = await askWithCache(request, {
        store: cacheStore(config.storage.budgetMB),
        run,
        online: () => navigator.onLine,
        configKey: configKey(config, request, models),
        ...(embedder ? { embedder } : {}),
      });
      return { ok: true, outcome };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  },

  /** The tab could not be read: answer from the saved copy of `url`, if there is one. */
  async runCachedPage(
    request: { mode: AskRequest['mode']; question: string; url: string },
    onProgress: (progress: StageProgress) => void,
    config: WorkerConfig,
  ): Promise<WorkerReply> {
    try {
      const { run } = await pipelineFor(config, onProgress, { offlineOnly: true });
      return {
        ok: true,
        outcome: await askCachedPage(request, { store: cacheStore(config.storage.budgetMB), run }),
      };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  },
};

export type PipelineWorkerApi = typeof api;

/**
 * Streams tokens to the panel at most every 50 ms: one postMessage per token would cost more than
 * the token, and the eye cannot tell the difference.
 */
function batched(send: (text: string) => void, everyMs = 50): (delta: string) => void {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  return (delta) => {
    pending += delta;
    timer ??= setTimeout(() => {
      timer = null;
      const text = pending;
      pending = '';
      void send(text);
    }, everyMs);
  };
}

Comlink.expose(api);
