// The panel's "Ask", "Verify claim" and "Summarize": validate the question, add it to the tab's
// thread, read the tab, and have the pipeline Worker answer — from the live page, or, when the tab
// cannot be read (an offline error page), from the saved copy of its address — streaming the
// composer's tokens and the stages' progress into that turn, then highlighting its cited quotes.
// A turn that was stopped (Stop, or a new question) takes nothing more: its late answer is dropped.

import { PipelineError, toErrorInfo } from '../core/errors';
import { validateQuestion } from '../pipeline/question';
import type { AskRequest, AskResult, Mode, PageSnapshot, StageProgress } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import {
  highlightQuotes,
  highlightRequest,
  sameDocument,
  type HighlightPort,
  type HighlightTarget,
} from './highlight';
import type { PdfViewerTarget } from './pdf-link';
import type { ReadTabOptions } from './read-tab';
import { setupNoticeFor } from './panel-setup';
import {
  NO_HIGHLIGHT,
  runningTurn,
  updateTurn,
  type PanelStore,
  type SetupNotice,
  type Turn,
} from './panel-state';
import { workerConfig, type PanelWorker, type WorkerConfig, type WorkerEnv } from './worker-api';

/** What asking needs from the browser, the extension and the Worker (the panel binds them). */
export interface AskPorts {
  /** The tab the panel answers about, or null when there is none. */
  targetTabId(): Promise<number | null>;
  /** The tab's http(s) address, or null. */
  tabUrl(tabId: number): Promise<string | null>;
  /**
   * The tab's page (the page reader's reading, or a PDF downloaded and parsed: lib/ask/read-tab.ts);
   * rejects when the tab cannot be read. `onProgress`: how far a long read is, in words;
   * `prompt`: a question was just asked, so a PDF's origin may be asked for.
   */
  readPage(tabId: number, options?: ReadTabOptions): Promise<PageSnapshot>;
  /** Opens the extension's PDF viewer at a quote (a PDF answer's citation was clicked). */
  openPdfViewer?(target: PdfViewerTarget): Promise<void>;
  highlight: HighlightPort;
  loadSettings(): Promise<Settings>;
  workerEnv(): WorkerEnv;
  worker: PanelWorker;
  /** Milliseconds, for the read stage's timing and the answer's time. */
  now(): number;
  /** Bytes of the ranking models' download, for the setup notice; null when unknown. */
  modelBytes?(): number | null;
}

export interface AskContext {
  ports: AskPorts;
  store: PanelStore;
}

export interface AskOptions {
  /** Skip the cached answer and compute a new one ("Ask again", "re-verify"). */
  fresh?: boolean;
  /** `summary`: the Summarize button. */
  intent?: 'summary';
  /** The question to ask instead of the typed one (examples, Summarize, "Ask again"). */
  question?: string;
}

/** Follow-ups send at most this many earlier turns (lib/ask/run.ts uses as many). */
export const HISTORY_TURNS = 3;

/**
 * Asks in the current tab's thread. A question still running is stopped first: the answer shown
 * under a question is always that question's. Every failure ends as a coded error in the turn
 * (or, for a question that was not asked, beside the question box), never a rejection.
 */
export async function ask(ctx: AskContext, mode: Mode, options: AskOptions = {}): Promise<void> {
  const { store, ports } = ctx;
  const typed = options.question === undefined;
  let question: string;
  try {
    question = validateQuestion(options.question ?? store.get().input);
  } catch (error) {
    store.set({ formError: toErrorInfo(error), view: 'ask' });
    return;
  }
  stopRunning(ctx, 'new-question');
  const tabId = await ports.targetTabId().catch(() => null);
  if (tabId === null) {
    store.set({ formError: toErrorInfo(new PipelineError('page-unreadable')), view: 'ask' });
    return;
  }
  const turn = startTurn(ctx, { question, mode, tabId, ...options }, typed);
  try {
    await answer(ctx, turn, options.fresh === true);
  } catch (error) {
    finish(ctx, turn, { status: 'error', error: toErrorInfo(error), streaming: '' });
  }
}

/** Stops the running question, if any: it says so, and its answer, if it comes, is dropped. */
export function stopRunning(ctx: AskContext, by: NonNullable<Turn['stoppedBy']>): void {
  const running = runningTurn(ctx.store.get());
  if (!running) return;
  ctx.store.set((s) =>
    updateTurn(s, running.id, { status: 'stopped', stoppedBy: by, streaming: '' }),
  );
  void Promise.resolve(ctx.ports.worker.cancel?.()).catch(() => undefined);
}

function startTurn(
  { store, ports }: AskContext,
  q: { question: string; mode: Mode; tabId: number; intent?: 'summary' },
  typed: boolean,
): Turn {
  const state = store.get();
  const turn: Turn = {
    id: state.nextTurnId,
    question: q.question,
    mode: q.mode,
    ...(q.intent ? { intent: q.intent } : {}),
    status: 'running',
    stages: {},
    streaming: '',
    result: null,
    origin: null,
    pageChanged: false,
    storageNote: null,
    error: null,
    tabId: q.tabId,
    liveUrl: null,
    highlight: NO_HIGHLIGHT,
    startedAt: ports.now(),
  };
  store.set((s) => ({
    view: 'ask',
    tabId: q.tabId,
    nextTurnId: turn.id + 1,
    formError: null,
    // The question moves from the box into the thread.
    ...(typed ? { input: '' } : {}),
    threads: { ...s.threads, [q.tabId]: [...(s.threads[q.tabId] ?? []), turn] },
  }));
  return turn;
}

/** The turn as it is now, or undefined when it left the thread ("New topic"). */
function current(store: PanelStore, id: number): Turn | undefined {
  for (const turns of Object.values(store.get().threads)) {
    const turn = turns.find((t) => t.id === id);
    if (turn) return turn;
  }
  return undefined;
}

/** Changes a running turn; a stopped one takes nothing more. */
function patchRunning(
  store: PanelStore,
  id: number,
  patch: Partial<Turn> | ((turn: Turn) => Partial<Turn>),
): boolean {
  if (current(store, id)?.status !== 'running') return false;
  store.set((s) => updateTurn(s, id, patch));
  return true;
}

function finish(ctx: AskContext, turn: Turn, patch: Partial<Turn>): boolean {
  return patchRunning(ctx.store, turn.id, {
    ...patch,
    elapsedMs: ctx.ports.now() - turn.startedAt,
  });
}

interface Question {
  turn: Turn;
  tabId: number;
  settings: Settings;
  config: WorkerConfig;
}

async function answer(ctx: AskContext, turn: Turn, fresh: boolean): Promise<void> {
  const tabId = turn.tabId!;
  const settings = await ctx.ports.loadSettings();
  const q = { turn, tabId, settings, config: workerConfig(settings, ctx.ports.workerEnv()) };
  const read = await readTab(ctx, turn, tabId);
  if (current(ctx.store, turn.id)?.status !== 'running') return;
  if ('failed' in read) await answerFromSavedCopy(ctx, q, read.failed);
  else await answerLive(ctx, q, read, fresh);
}

function reportProgress(store: PanelStore, id: number): (progress: StageProgress) => void {
  return (progress) =>
    void patchRunning(store, id, (t) => ({
      stages: { ...t.stages, [progress.stage]: progress },
    }));
}

async function readTab(
  ctx: AskContext,
  turn: Turn,
  tabId: number,
): Promise<{ page: PageSnapshot; readMs: number } | { failed: unknown }> {
  const progress = reportProgress(ctx.store, turn.id);
  progress({ stage: 'read', status: 'running' });
  const started = ctx.ports.now();
  let page: PageSnapshot;
  try {
    page = await ctx.ports.readPage(tabId, {
      onProgress: (detail) => progress({ stage: 'read', status: 'running', detail }),
      prompt: true,
    });
  } catch (error) {
    progress({ stage: 'read', status: 'failed' });
    return { failed: error };
  }
  const readMs = ctx.ports.now() - started;
  const pages = page.pageCount !== undefined ? `${page.pageCount} pages, ` : '';
  const detail = `${pages}${page.blocks.length} blocks${page.truncated ? ', truncated' : ''}`;
  progress({ stage: 'read', status: 'done', ms: readMs, detail });
  patchRunning(ctx.store, turn.id, { pageWords: wordCount(page) });
  return { page, readMs };
}

function wordCount(page: PageSnapshot): number {
  let words = 0;
  for (const block of page.blocks) words += block.text.split(/\s+/).filter(Boolean).length;
  return words;
}

/**
 * An offline tab shows the browser's error page, which cannot be read: answer from the saved
 * copy of its address when there is one, saying why the tab was not read (a page that switched
 * the reader off must not pass for "offline"), else say why the tab could not be read.
 */
async function answerFromSavedCopy(ctx: AskContext, q: Question, readError: unknown) {
  const url = await ctx.ports.tabUrl(q.tabId);
  if (!url) throw readError;
  const reply = await ctx.ports.worker.runCachedPage(
    { mode: q.turn.mode, question: q.turn.question, url },
    q.config,
    reportProgress(ctx.store, q.turn.id),
  );
  if (!reply.ok) throw reply.error.code === 'page-not-cached' ? readError : reply.error;
  const { result } = reply.outcome;
  const origin = { ...reply.outcome.origin, readError: toErrorInfo(readError).code };
  finish(ctx, q.turn, { status: 'done', result, origin, streaming: '' });
}

/** The thread's earlier answers about this page, for a follow-up ("who designed it?"). */
export function historyFor(
  turns: readonly Turn[],
  before: number,
  pageUrl: string,
): NonNullable<AskRequest['history']> {
  return turns
    .filter(
      (t) =>
        t.id < before &&
        t.status === 'done' &&
        t.result !== null &&
        t.mode === 'answer' &&
        t.intent !== 'summary' &&
        sameDocument(t.liveUrl, pageUrl),
    )
    .slice(-HISTORY_TURNS)
    .map((t) => ({ question: t.question, answer: t.result!.answer.text }));
}

/**
 * The saved record this turn's answer joins: the one the thread's earlier answers about this page
 * went into, when they were saved live or opened from history (an answer reused from the cache
 * belongs to a thread of its own).
 */
export function threadRecordFor(
  turns: readonly Turn[],
  before: number,
  pageUrl: string,
): number | undefined {
  return turns.find(
    (t) =>
      t.id < before &&
      t.savedId !== undefined &&
      (t.origin?.kind === 'live' || t.origin?.kind === 'history') &&
      sameDocument(t.liveUrl, pageUrl),
  )?.savedId;
}

async function answerLive(
  ctx: AskContext,
  q: Question,
  { page, readMs }: { page: PageSnapshot; readMs: number },
  fresh: boolean,
) {
  const { store } = ctx;
  const turns = store.get().threads[q.tabId] ?? [];
  const history = historyFor(turns, q.turn.id, page.url);
  const thread = threadRecordFor(turns, q.turn.id, page.url);
  const request = {
    mode: q.turn.mode,
    question: q.turn.question,
    page,
    sources: store.get().sources ?? q.settings.retrieval.sources,
    ...(q.turn.intent ? { intent: q.turn.intent } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...(fresh ? { fresh: true } : {}),
    ...(thread !== undefined ? { thread } : {}),
  };
  const reply = await ctx.ports.worker.run(request, q.config, {
    progress: reportProgress(store, q.turn.id),
    token: (text) =>
      void patchRunning(store, q.turn.id, (t) => ({ streaming: t.streaming + text })),
    first: (result) => void showFirstAnswer(ctx, q, page.url, result),
  });
  if (!reply.ok) throw reply.error;
  const { outcome } = reply;
  // The Worker never sees the tab: a live answer's read time is measured here.
  if (outcome.origin.kind === 'live') outcome.result.timings.read = readMs;
  const first = current(store, q.turn.id);
  const target = { focus: null, livePageUrl: page.url };
  const sameHighlights =
    first?.firstAnswer === true && highlightsAlike(first.result, outcome.result, target);
  const shown = finish(ctx, q.turn, {
    status: 'done',
    firstAnswer: false,
    result: outcome.result,
    origin: outcome.origin,
    pageChanged: outcome.pageChanged,
    storageNote: outcome.storageNote ?? null,
    streaming: '',
    liveUrl: page.url,
    ...(outcome.answerId !== undefined ? { savedId: outcome.answerId } : {}),
  });
  if (!shown) return;
  showSetupNotice(ctx, setupNoticeFor(outcome, q.settings, ctx.ports.modelBytes?.() ?? null));
  // The final answer cites the same words as the first: its highlights stay as they are (no flicker).
  if (sameHighlights) return;
  const highlight = await highlightQuotes(ctx.ports.highlight, q.tabId, outcome.result, target);
  store.set((s) => updateTurn(s, q.turn.id, { highlight }));
}

/**
 * The keyword path's answer, shown while the models rank (marked as a first answer), with its
 * quotes highlighted; the final answer replaces both in place.
 */
async function showFirstAnswer(ctx: AskContext, q: Question, url: string, result: AskResult) {
  const shown = patchRunning(ctx.store, q.turn.id, { result, firstAnswer: true, liveUrl: url });
  if (!shown) return;
  const target = { focus: null, livePageUrl: url };
  const highlight = await highlightQuotes(ctx.ports.highlight, q.tabId, result, target);
  patchRunning(ctx.store, q.turn.id, (t) => (t.firstAnswer ? { highlight } : {}));
}

/**
 * Whether two answers draw the same highlights: the same quotes cited, with the same answer
 * phrases. The same quotes alone are not enough: a composer may cite others among them than the
 * first answer did.
 */
function highlightsAlike(a: AskResult | null, b: AskResult, target: HighlightTarget): boolean {
  const drawn = (r: AskResult) => JSON.stringify(highlightRequest(r, target));
  return a !== null && drawn(a) === drawn(b);
}

function showSetupNotice({ store }: AskContext, notice: SetupNotice | null): void {
  if (notice && !store.get().dismissed.includes(notice.kind)) store.set({ notice });
}
