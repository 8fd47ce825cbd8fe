// What the side panel and its pipeline Worker say to each other: the settings the Worker runs
// with, its replies, and the panel's side of Chrome's built-in model. Shared by both ends, so the
// panel's ask flow (lib/ask/panel.ts) needs nothing from the Worker's module.

import type { ErrorInfo } from '../core/errors';
import type { ComposerPrompt } from '../pipeline/ports';
import type { AskRequest, AskResult, PageSnapshot, StageProgress } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import type { CachedOutcome } from './cached';

/** The Worker's reading of a PDF: its snapshot, or why it cannot be read (a `pdf-*` code). */
export type PdfReply = { ok: true; page: PageSnapshot } | { ok: false; error: ErrorInfo };

export type WorkerReply = { ok: true; outcome: CachedOutcome } | { ok: false; error: ErrorInfo };

/** What the page around the Worker knows and the settings do not. */
export interface WorkerEnv {
  /** The panel's language, for Wikidata entity search. */
  language: string;
  /**
   * The catalog the panel speaks (its `locale_code`, "de"), which the Worker binds for what it
   * says; absent, English.
   */
  locale?: string;
  /**
   * Extension URLs of the bundled model folders and of the folder holding ONNX Runtime's
   * WebAssembly files (the Worker picks the file of the build it runs, lib/models/runtime.ts).
   */
  urls: { models: string; ort: string };
}

export interface WorkerConfig extends WorkerEnv {
  composer: Settings['composer'];
  search: Settings['search'];
  knowledgeGraph: Settings['knowledgeGraph'];
  retrieval: Settings['retrieval'];
  storage: Settings['storage'];
}

export function workerConfig(settings: Settings, env: WorkerEnv): WorkerConfig {
  return {
    composer: settings.composer,
    search: settings.search,
    knowledgeGraph: settings.knowledgeGraph,
    language: env.language,
    ...(env.locale ? { locale: env.locale } : {}),
    retrieval: settings.retrieval,
    storage: settings.storage,
    urls: env.urls,
  };
}

/**
 * A question about the page the tab shows; `fresh` skips the cached answer ("Ask again");
 * `thread`: the saved answer whose thread it continues (its answer is saved in that record).
 */
export type LiveRequest = AskRequest & { fresh?: boolean; thread?: number };

/** A question about the saved copy of `url`, for a tab that could not be read. */
export interface CachedPageRequest {
  mode: AskRequest['mode'];
  question: string;
  url: string;
}

/**
 * Chrome's built-in model as the panel page reaches it: the Prompt API may be exposed to windows
 * only, so when the Worker has no `LanguageModel` the call is made by the panel.
 */
export interface PanelPrompt {
  complete(prompt: ComposerPrompt, onToken: (delta: string) => void): Promise<string>;
}

/** The Worker as the panel's ask flow calls it (the panel binds the transfer and the prompt). */
export interface PanelWorker {
  run(
    request: LiveRequest,
    config: WorkerConfig,
    on: {
      progress(progress: StageProgress): void;
      token(text: string): void;
      /** The keyword path's answer, sent before the models' (see `firstAnswer` in run.ts). */
      first?(result: AskResult): void;
    },
  ): Promise<WorkerReply>;
  runCachedPage(
    request: CachedPageRequest,
    config: WorkerConfig,
    onProgress: (progress: StageProgress) => void,
  ): Promise<WorkerReply>;
  /** Stops the questions running now (Stop, or a new question): their network calls are aborted. */
  cancel?(): Promise<void> | void;
  /** Loads the ranking models ahead of the first question (the panel calls it when it opens). */
  warm?(config: WorkerConfig): Promise<void>;
  /** Embeds the page's passages ahead of a question, while the user reads or types. */
  prepare?(config: WorkerConfig, page: PageSnapshot): Promise<void>;
}
