// The pipeline's Web Worker: model inference, web search, splitting, ranking and composing all run
// here, off the panel's UI thread (and never in the service worker, which MV3 stops when idle).
// Errors come back as coded ErrorInfo values (Error subclasses do not survive postMessage).

import * as Comlink from 'comlink';
import * as pdfjs from 'pdfjs-dist';
import { askCachedPage, askWithCache } from '@/lib/ask/cached';
import { answerConfigKey, modelsKey } from '@/lib/ask/config-key';
import { keyedSlot, prefixed } from '@/lib/ask/keyed';
import { AheadProgress, embedAhead, embedderForPage } from '@/lib/ask/prepare';
import {
  firstAnswer,
  firstAnswerWanted,
  runPipeline,
  type RankingModelsState,
} from '@/lib/ask/run';
import { batched } from '@/lib/ask/token-batch';
import type {
  CachedPageRequest,
  LiveRequest,
  PanelPrompt,
  PdfReply,
  WorkerConfig,
  WorkerReply,
} from '@/lib/ask/worker-api';
import { openStore, type CacheStore } from '@/lib/cache/store';
import { createComposerPort } from '@/lib/composer';
import { findLanguageModel } from '@/lib/composer/chrome-prompt';
import { HIT_CACHE_DEFAULTS, PAGE_CACHE_DEFAULTS } from '@/lib/core/cache';
import { bindPackagedMessages } from '@/lib/browser/i18n-packaged';
import { PipelineError, toErrorInfo } from '@/lib/core/errors';
import { PDF_MAX_MB, PDF_MAX_PAGES } from '@/lib/core/limits';
import { pagesWithoutTextNote, readPdf, PdfReadError } from '@/lib/pdf/read';
import { configurePdfjs } from '@/lib/pdf/pdfjs';
import { t } from '@/lib/core/i18n';
import { wikidataPorts } from '@/lib/kg/ports';
import type { KgPorts } from '@/lib/kg/retrieve';
import { KG_DEFAULTS } from '@/lib/kg/sparql';
import { createModelStore, notDownloadedReason } from '@/lib/models/browser-store';
import { MULTILINGUAL_ROLES } from '@/lib/models/manifest';
import { loadBrowserModelPorts } from '@/lib/models/browser-load';
import { isOrtThread } from '@/lib/models/device';
import type { LoadedModelPorts } from '@/lib/models/transformers';
import { warmUpRanking } from '@/lib/models/warm';
import type { ComposerPort, ModelPorts, SearchPort } from '@/lib/pipeline/ports';
import type { AskRequest, AskResult, PageSnapshot, StageProgress } from '@/lib/pipeline/types';
import { createSearchPort } from '@/lib/search';
import type { Settings } from '@/lib/settings/schema';

/** The loaded models, kept until the settings that shape them change (then freed). */
const loadedModels = keyedSlot<Promise<LoadedModelPorts>>(
  (old) => void old.then((p) => p.dispose()).catch(() => undefined),
);

/** What the last model load found, for deciding on a first answer before the next one ends. */
let rankingModels: RankingModelsState = 'unknown';

/** Loads the models once per worker (and again only when the settings that shape them change). */
async function modelPorts(
  config: WorkerConfig,
  onProgress: (p: StageProgress) => void,
): Promise<ModelPorts> {
  const { retrieval } = config;
  // The exact-answer model ranks nothing, so it is loaded whenever installed, ranking by meaning
  // or not; with ranking off it is the only one.
  const ranking = retrieval.useModels;
  const roles = !ranking
    ? ([] as const)
    : retrieval.rerank
      ? (['cross-encoder', 'bi-encoder', 'reranker'] as const)
      : (['cross-encoder', 'bi-encoder'] as const);
  // The multilingual pair ranks pages in other languages whenever it is installed.
  const whenPresent = ranking
    ? (['nli', 'extractive-qa', ...MULTILINGUAL_ROLES] as const)
    : (['extractive-qa'] as const);
  let key: string;
  let load: () => Promise<LoadedModelPorts>;
  if (retrieval.modelSource === 'download') {
    // Downloaded in Settings into this origin's Cache Storage (lib/models/browser-store.ts). The
    // record is written last, so no record = nothing (complete) downloaded: say so, never load.
    if (typeof caches === 'undefined')
      return {
        unavailableReason: ranking ? t('models_no_cache_storage') : t('models_off'),
      };
    const store = createModelStore(caches, { origin: self.location.origin });
    const record = await store.record();
    if (!record)
      return {
        unavailableReason: ranking ? notDownloadedReason(await store.estimate()) : t('models_off'),
      };
    key = modelsKey(retrieval, { downloadedAt: record.completedAt });
    load = () =>
      loadBrowserModelPorts({
        modelBaseUrl: store.baseUrl,
        modelCache: store,
        ortFolderUrl: config.urls.ort,
        device: retrieval.device,
        roles,
        whenPresent,
      });
  } else {
    key = modelsKey(retrieval, { bundledUrl: config.urls.models });
    load = () =>
      loadBrowserModelPorts({
        modelBaseUrl: config.urls.models,
        ortFolderUrl: config.urls.ort,
        device: retrieval.device,
        roles,
        whenPresent,
      });
  }
  const loading = loadedModels(key, load);
  onProgress({ stage: 'models', status: 'running' });
  const started = performance.now();
  rankingModels = 'loading';
  const ports = await loading;
  rankingModels = ports.filter ? 'loaded' : 'absent';
  const device = `${ports.device ?? 'wasm'}${ports.deviceNote ? ` (${ports.deviceNote})` : ''}`;
  const detail = ports.filter
    ? device
    : ports.reader
      ? t('detail_models_reader_only', device)
      : t('detail_models_missing');
  onProgress({ stage: 'models', status: 'done', ms: performance.now() - started, detail });
  if (!ranking)
    return {
      ...(ports.reader ? { reader: ports.reader } : {}),
      unavailableReason: t('models_off'),
    };
  return ports;
}

const searchPort = keyedSlot<SearchPort | null>();
const kgPorts = keyedSlot<KgPorts | null>();
/** Tells the running question's progress list that Wikidata asked us to wait (HTTP 429). */
let onKgWait: ((seconds: number) => void) | null = null;

/** One pair of Wikidata clients per endpoint settings, so their one-in-flight queue and cache are shared. */
function kgFor(settings: Settings['knowledgeGraph'], language: string): KgPorts | null {
  return kgPorts(JSON.stringify([settings, language]), () =>
    settings.enabled
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
  );
}

/** One search port per provider settings, so its page and result caches outlive a question. */
function searchFor(settings: Settings['search']): SearchPort | null {
  return searchPort(JSON.stringify(settings), () => {
    const store = cacheStore();
    return createSearchPort(settings, {
      fetch: (url, init) => fetch(url, init),
      // Result pages and search responses share one table: their keys are kept apart by prefix.
      cache: prefixed(store.cachePort('search', PAGE_CACHE_DEFAULTS.ttlMs), 'page:'),
      hitCache: prefixed(store.cachePort('search', HIT_CACHE_DEFAULTS.ttlMs), 'hits:'),
    });
  });
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

/** The questions running now; Stop (or a new question) aborts their network calls. */
const running = new Set<AbortController>();

/** Models already run once (`warmUpOnce`), by their loaded ports. */
const warmed = new WeakSet<ModelPorts>();

/**
 * Runs the ranking models once while nobody waits (lib/models/warm.ts): their first runs are the
 * slow ones. Never in a question's way: a question does not wait for it, and it stops before the
 * next model once a question has started (runs are queued one at a time, so a question waits for
 * one small batch at most).
 */
async function warmUpOnce(ports: ModelPorts): Promise<void> {
  if (warmed.has(ports)) return;
  warmed.add(ports);
  await warmUpRanking(ports, { stop: () => running.size > 0 });
}

/** The page whose passages are embedded ahead of questions (`prepare`), and how far it got. */
let ahead: AheadProgress<WorkerConfig> | null = null;
/** Stops the embedding-ahead running now; a question aborts it, and its end resumes `ahead`. */
let preparing: AbortController | null = null;
/** How long after a question's end the embedding-ahead resumes. */
const RESUME_AHEAD_AFTER_MS = 1500;

/**
 * Embeds `ahead`'s remaining texts until done, a question starts or another page is prepared,
 * with the models of `config` (a question's settings are newer than the page's `prepare`).
 */
async function continueAhead(config?: WorkerConfig): Promise<void> {
  const job = ahead;
  if (!job) return;
  if (config) job.config = config;
  preparing?.abort();
  const controller = new AbortController();
  preparing = controller;
  const stop = () => controller.signal.aborted || running.size > 0 || ahead !== job;
  try {
    await bindPackagedMessages(job.config.locale);
    // The models alone: pipelineFor would also rebind a running question's progress hooks.
    const models = await modelPorts(job.config, () => undefined);
    await warmUpOnce(models);
    const embedder = embedderForPage(models, job.page);
    if (embedder && !stop())
      job.advance(
        await embedAhead(cacheStore().cachedEmbedder(embedder), job.remaining(), { stop }),
      );
    if ((!embedder || job.finished) && ahead === job) ahead = null;
  } catch {
    // Only an optimisation: the question embeds what it needs and reports what fails.
    if (ahead === job) ahead = null;
  } finally {
    if (preparing === controller) preparing = null;
  }
}

/** The pipeline with this worker's ports: models, search, knowledge graph, composer. */
async function pipelineFor(
  config: WorkerConfig,
  onProgress: (progress: StageProgress) => void,
  {
    onToken,
    offlineOnly = false,
    panelPrompt,
    signal,
  }: {
    onToken?: (delta: string) => void;
    offlineOnly?: boolean;
    panelPrompt?: PanelPrompt;
    signal?: AbortSignal;
  } = {},
) {
  onKgWait = (seconds) =>
    onProgress({
      stage: 'kg',
      status: 'running',
      detail: t('kg_rate_limit_wait', seconds),
    });
  const loaded = await modelPorts(config, onProgress);
  const embedder = loaded.embedder ? cacheStore().cachedEmbedder(loaded.embedder) : undefined;
  const multilingualEmbedder = loaded.multilingual?.embedder;
  const models: ModelPorts = {
    ...loaded,
    ...(embedder ? { embedder } : {}),
    ...(loaded.multilingual && multilingualEmbedder
      ? {
          multilingual: {
            ...loaded.multilingual,
            embedder: cacheStore().cachedEmbedder(multilingualEmbedder),
          },
        }
      : {}),
  };
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
        ...(signal ? { signal } : {}),
      },
    );
    const note = (loaded as LoadedModelPorts).deviceNote;
    if (note) result.retrieval.notes.push(note);
    // A PDF's scanned pages were read around: said with the answer (the CLI says it on its own).
    const scanned = pagesWithoutTextNote(request.page);
    if (scanned) result.retrieval.notes.push(scanned);
    return result;
  };
  return { run, embedder, models };
}

let pdfjsConfigured = false;

/**
 * pdf.js with its packaged worker script, fonts' data and character maps, set up on first use.
 * (Imported statically, into the Worker's first chunk.)
 */
function browserPdfjs(): void {
  if (pdfjsConfigured) return;
  const folder = new URL('/pdfjs/', self.location.origin).href;
  pdfjs.GlobalWorkerOptions.workerSrc = `${folder}${PDFJS_WORKER_FILE}`;
  configurePdfjs({
    pdfjs,
    standardFontDataUrl: `${folder}standard_fonts/`,
    cMapUrl: `${folder}cmaps/`,
    workerFetch: true,
  });
  pdfjsConfigured = true;
}

/** pdf.js's worker script, copied into the package by wxt.config.ts (PDFJS_WORKER there). */
const PDFJS_WORKER_FILE = 'pdf.worker.min.mjs';

const api = {
  /**
   * A PDF's bytes (downloaded by the panel, transferred here) as a page snapshot with reading
   * order and page numbers (lib/pdf). A PDF that cannot be read is a `pdf-*` code.
   */
  async readPdf(
    data: Uint8Array,
    meta: { url: string; title: string },
    locale?: string,
  ): Promise<PdfReply> {
    try {
      await bindPackagedMessages(locale);
      browserPdfjs();
      const page = await readPdf(data, {
        ...meta,
        maxBytes: PDF_MAX_MB * 1024 * 1024,
        maxPages: PDF_MAX_PAGES,
      });
      return { ok: true, page };
    } catch (error) {
      if (error instanceof PdfReadError)
        return { ok: false, error: toErrorInfo(new PipelineError(error.code, error.detail)) };
      return { ok: false, error: toErrorInfo(error) };
    }
  },

  /** `onToken` receives the composer's answer as it streams in (endpoint composers only). */
  async run(
    request: LiveRequest,
    onProgress: (progress: StageProgress) => void,
    config: WorkerConfig,
    onToken?: (delta: string) => void,
    panelPrompt?: PanelPrompt,
    onFirst?: (result: AskResult) => void,
  ): Promise<WorkerReply> {
    const controller = new AbortController();
    running.add(controller);
    preparing?.abort();
    try {
      await bindPackagedMessages(config.locale);
      // A cited answer at once, before the models have loaded or ranked; the final answer
      // replaces it (a failure here costs only the wait).
      if (onFirst && firstAnswerWanted(request.mode, config.retrieval.useModels, rankingModels))
        void firstAnswer(request, { signal: controller.signal })
          .then(onFirst)
          .catch(() => undefined);
      const { run, embedder, models } = await pipelineFor(config, onProgress, {
        ...(onToken ? { onToken } : {}),
        ...(panelPrompt ? { panelPrompt } : {}),
        signal: controller.signal,
      });
      const outcome = await askWithCache(request, {
        store: cacheStore(config.storage.budgetMB),
        run,
        online: () => navigator.onLine,
        configKey: answerConfigKey(config, request, models),
        ...(embedder ? { embedder } : {}),
      });
      return { ok: true, outcome };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    } finally {
      running.delete(controller);
      // The answer has just appeared; the user reads it before the next question, and one asked at
      // once (a click on a suggestion) should not wait behind an embedding batch.
      setTimeout(() => {
        if (running.size === 0) void continueAhead(config);
      }, RESUME_AHEAD_AFTER_MS);
    }
  },

  /** Loads the models the settings ask for and warms them up: the first question finds them ready. */
  async warm(config: WorkerConfig): Promise<void> {
    // Bound first: what loading says (a missing or broken model) is kept with the loaded models.
    await bindPackagedMessages(config.locale);
    const ports = await modelPorts(config, () => undefined).catch(() => undefined);
    if (ports) await warmUpOnce(ports);
  },

  /**
   * Loads the models and embeds the page's passages while the user reads or types, so the
   * question's dedup step finds their vectors cached (lib/ask/prepare.ts). A question pauses it;
   * another page replaces it.
   */
  async prepare(config: WorkerConfig, page: PageSnapshot): Promise<void> {
    ahead = new AheadProgress(page, config);
    await continueAhead();
  },

  /** Aborts the questions running now (the panel has already stopped waiting for them). */
  cancel(): void {
    for (const controller of running) controller.abort(new Error('stopped by the user'));
    running.clear();
  },

  /** The tab could not be read: answer from the saved copy of `url`, if there is one. */
  async runCachedPage(
    request: CachedPageRequest,
    onProgress: (progress: StageProgress) => void,
    config: WorkerConfig,
  ): Promise<WorkerReply> {
    try {
      await bindPackagedMessages(config.locale);
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

if (!isOrtThread(self)) Comlink.expose(api);
