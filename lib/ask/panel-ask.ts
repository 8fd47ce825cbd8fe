// The panel's "Ask" and "Verify claim": validate the question, read the tab, and have the pipeline
// Worker answer — from the live page, or, when the tab cannot be read (an offline error page),
// from the saved copy of its address — streaming the composer's tokens and the stages' progress
// into the panel's state, then highlighting the cited quotes on the page.

import { PipelineError, toErrorInfo } from '../core/errors';
import { validateQuestion } from '../pipeline/question';
import type { Mode, PageSnapshot, StageProgress } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import { highlightQuotes, type HighlightPort } from './highlight';
import { NO_HIGHLIGHT, type PanelData, type PanelStore } from './panel-state';
import { workerConfig, type PanelWorker, type WorkerConfig, type WorkerEnv } from './worker-api';

/** What asking needs from the browser, the extension and the Worker (the panel binds them). */
export interface AskPorts {
  /** The tab the panel answers about, or null when there is none. */
  targetTabId(): Promise<number | null>;
  /** The tab's http(s) address, or null. */
  tabUrl(tabId: number): Promise<string | null>;
  /** The content script's reading of the tab; rejects when the tab cannot be read. */
  readPage(tabId: number): Promise<PageSnapshot>;
  highlight: HighlightPort;
  loadSettings(): Promise<Settings>;
  workerEnv(): WorkerEnv;
  worker: PanelWorker;
  /** Milliseconds, for the read stage's timing. */
  now(): number;
}

export interface AskContext {
  ports: AskPorts;
  store: PanelStore;
}

/** A new question clears the last answer, its progress, error and highlights (not the input). */
const STARTED: Partial<PanelData> = {
  view: 'ask',
  status: 'running',
  stages: {},
  result: null,
  origin: null,
  pageChanged: false,
  storageNote: null,
  streaming: '',
  error: null,
  highlight: NO_HIGHLIGHT,
};

/** One question at a time; every failure ends as a coded error in the state, never a rejection. */
export async function ask(
  ctx: AskContext,
  mode: Mode,
  options: { fresh?: boolean } = {},
): Promise<void> {
  if (ctx.store.get().status === 'running') return;
  ctx.store.set({ ...STARTED, mode });
  try {
    await answer(ctx, mode, options.fresh === true);
  } catch (error) {
    ctx.store.set({ status: 'error', error: toErrorInfo(error) });
  }
}

interface Question {
  mode: Mode;
  question: string;
  tabId: number;
  settings: Settings;
  config: WorkerConfig;
}

async function answer(ctx: AskContext, mode: Mode, fresh: boolean): Promise<void> {
  const question = validateQuestion(ctx.store.get().input);
  const tabId = await ctx.ports.targetTabId();
  if (tabId === null) throw new PipelineError('page-unreadable');
  const settings = await ctx.ports.loadSettings();
  const asked = { mode, question, tabId, settings };
  const config = workerConfig(settings, ctx.ports.workerEnv());
  const read = await readTab(ctx, tabId);
  if ('failed' in read) await answerFromSavedCopy(ctx, { ...asked, config }, read.failed);
  else await answerLive(ctx, { ...asked, config }, read, fresh);
}

function reportProgress(store: PanelStore): (progress: StageProgress) => void {
  return (progress) => store.set((s) => ({ stages: { ...s.stages, [progress.stage]: progress } }));
}

async function readTab(
  ctx: AskContext,
  tabId: number,
): Promise<{ page: PageSnapshot; readMs: number } | { failed: unknown }> {
  const progress = reportProgress(ctx.store);
  progress({ stage: 'read', status: 'running' });
  const started = ctx.ports.now();
  let page: PageSnapshot;
  try {
    page = await ctx.ports.readPage(tabId);
  } catch (error) {
    progress({ stage: 'read', status: 'failed' });
    return { failed: error };
  }
  const readMs = ctx.ports.now() - started;
  const detail = `${page.blocks.length} blocks${page.truncated ? ', truncated' : ''}`;
  progress({ stage: 'read', status: 'done', ms: readMs, detail });
  return { page, readMs };
}

/**
 * An offline tab shows the browser's error page, which cannot be read: answer from the saved
 * copy of its address when there is one, else say why the tab could not be read.
 */
async function answerFromSavedCopy(ctx: AskContext, q: Question, readError: unknown) {
  const url = await ctx.ports.tabUrl(q.tabId);
  if (!url) throw readError;
  const reply = await ctx.ports.worker.runCachedPage(
    { mode: q.mode, question: q.question, url },
    q.config,
    reportProgress(ctx.store),
  );
  if (!reply.ok) throw reply.error.code === 'page-not-cached' ? readError : reply.error;
  const { result, origin } = reply.outcome;
  ctx.store.set({ status: 'done', result, origin, resultTabId: q.tabId });
}

async function answerLive(
  ctx: AskContext,
  q: Question,
  { page, readMs }: { page: PageSnapshot; readMs: number },
  fresh: boolean,
) {
  const { store } = ctx;
  const request = {
    mode: q.mode,
    question: q.question,
    page,
    sources: store.get().sources ?? q.settings.retrieval.sources,
    ...(fresh ? { fresh: true } : {}),
  };
  const reply = await ctx.ports.worker.run(request, q.config, {
    progress: reportProgress(store),
    token: (text) => store.set((s) => ({ streaming: s.streaming + text })),
  });
  if (!reply.ok) throw reply.error;
  const { outcome } = reply;
  // The Worker never sees the tab: a live answer's read time is measured here.
  if (outcome.origin.kind === 'live') outcome.result.timings.read = readMs;
  store.set({
    status: 'done',
    result: outcome.result,
    origin: outcome.origin,
    pageChanged: outcome.pageChanged,
    storageNote: outcome.storageNote ?? null,
    streaming: '',
    resultTabId: q.tabId,
    liveUrl: page.url,
  });
  const target = { focus: null, livePageUrl: page.url };
  store.set({
    highlight: await highlightQuotes(ctx.ports.highlight, q.tabId, outcome.result, target),
  });
}
