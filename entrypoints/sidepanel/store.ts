// Panel state (zustand). One question at a time; what the user typed is never cleared by an error.

import * as Comlink from 'comlink';
import { create } from 'zustand';
import { PipelineError, toErrorInfo, type ErrorInfo } from '@/lib/core/errors';
import { validateQuestion } from '@/lib/pipeline/question';
import type {
  AskResult,
  Mode,
  PageSnapshot,
  SourcesMode,
  StageName,
  StageProgress,
} from '@/lib/pipeline/types';
import type { AnswerOrigin } from '@/lib/ask/cached';
import type { AnswerRecord } from '@/lib/cache/db';
import { pageHash } from '@/lib/cache/store';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings, type KeyValueArea } from '@/lib/settings/store';
import type { PanelPrompt, WorkerConfig } from './pipeline.worker';
import { chromePromptComposer, findLanguageModel } from '@/lib/composer/chrome-prompt';
import { pipelineWorker, sendToBackground, sendToTab, targetTabId } from './bridge';

export const STAGES: Array<{ name: StageName; label: string; optional?: boolean }> = [
  { name: 'read', label: 'Reading page' },
  { name: 'models', label: 'Loading ranking models', optional: true },
  { name: 'kg', label: 'Querying Wikidata', optional: true },
  { name: 'split', label: 'Splitting into passages' },
  { name: 'search', label: 'Searching the web', optional: true },
  { name: 'rank', label: 'Ranking passages' },
  { name: 'compose', label: 'Composing answer' },
  { name: 'check', label: 'Checking citations' },
];

export interface HighlightState {
  focused: number | null;
  missing: number[];
  /** The page navigated since the answer: its highlights are gone. */
  stale: boolean;
}

/** Where the shown answer came from: the worker's outcome, or an answer opened from history. */
export type ShownOrigin = AnswerOrigin | { kind: 'history'; createdAt: number };

interface PanelState {
  input: string;
  /** Evidence sources for the next question; null until the user picks (then the setting applies). */
  sources: SourcesMode | null;
  setSources(sources: SourcesMode): void;
  status: 'idle' | 'running' | 'done' | 'error';
  mode: Mode;
  stages: Partial<Record<StageName, StageProgress>>;
  result: AskResult | null;
  origin: ShownOrigin | null;
  /** The live page differs from the version the shown answer was made on. */
  pageChanged: boolean;
  /** Why the answer was not saved (storage full or broken). */
  storageNote: string | null;
  view: 'ask' | 'history';
  setView(view: 'ask' | 'history'): void;
  /** The composer's answer as it streams in, shown until the checked result replaces it. */
  streaming: string;
  resultTabId: number | null;
  /** The address of the page in that tab when the answer was shown: only its quotes are highlighted. */
  liveUrl: string | null;
  error: ErrorInfo | null;
  highlight: HighlightState;
  setInput(input: string): void;
  /** `fresh`: skip the cached answer and compute a new one ("Ask again", "re-verify"). */
  ask(mode: Mode, options?: { fresh?: boolean }): Promise<void>;
  /** Shows a saved answer; when the tab shows its page, highlights its quotes there. */
  openSaved(record: AnswerRecord): Promise<void>;
  /** Highlights quote `id` on the page; `sentence` (an answer sentence citing it) is emphasised. */
  focusQuote(id: number, sentence?: string): Promise<void>;
  takePendingClaim(): Promise<void>;
  pageNavigated(tabId: number): void;
}

const NO_HIGHLIGHT: HighlightState = { focused: null, missing: [], stale: false };

/** ONNX Runtime's wasm, copied into the build by wxt.config.ts. */
const ORT_WASM_FILE = 'ort-wasm-simd-threaded.asyncify.wasm';

const settingsArea: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

export const usePanel = create<PanelState>((set, get) => ({
  input: '',
  sources: null,
  setSources: (sources) => set({ sources }),
  status: 'idle',
  mode: 'answer',
  stages: {},
  result: null,
  origin: null,
  pageChanged: false,
  storageNote: null,
  liveUrl: null,
  view: 'ask',
  setView: (view) => set({ view }),
  streaming: '',
  resultTabId: null,
  error: null,
  highlight: NO_HIGHLIGHT,

  setInput: (input) => set({ input }),

  async ask(mode, options = {}) {
    if (get().status === 'running') return;
    const onProgress = (progress: StageProgress) =>
      set((s) => ({ stages: { ...s.stages, [progress.stage]: progress } }));
    set({
      mode,
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
    });
    const onToken = (text: string) => set((s) => ({ streaming: s.streaming + text }));
    try {
      const question = validateQuestion(get().input);
      const tabId = await targetTabId();
      if (tabId === null) throw new PipelineError('page-unreadable');
      const settings = (await loadSettings(settingsArea)).settings;
      const config = workerConfig(settings);
      onProgress({ stage: 'read', status: 'running' });
      const started = performance.now();
      let page: PageSnapshot;
      try {
        page = await sendToTab(tabId, 'page/read', {});
      } catch (error) {
        onProgress({ stage: 'read', status: 'failed' });
        // An offline tab shows the browser's error page, which cannot be read: answer from the
        // saved copy of its address when there is one.
        const url = await tabUrl(tabId);
        if (!url) throw error;
        const reply = await pipelineWorker().runCachedPage(
          { mode, question, url },
          Comlink.proxy(onProgress),
          config,
        );
        if (!reply.ok) throw reply.error.code === 'page-not-cached' ? error : reply.error;
        set({
          status: 'done',
          result: reply.outcome.result,
          origin: reply.outcome.origin,
          resultTabId: tabId,
        });
        return;
      }
      const readMs = performance.now() - started;
      onProgress({
        stage: 'read',
        status: 'done',
        ms: readMs,
        detail: `${page.blocks.length} blocks${page.truncated ? ', truncated' : ''}`,
      });
      const request = {
        mode,
        question,
        page,
        sources: get().sources ?? settings.retrieval.sources,
        ...(options.fresh ? { fresh: true } : {}),
      };
      const reply = await pipelineWorker().run(
        request,
        Comlink.proxy(onProgress),
        config,
        Comlink.proxy(onToken),
        Comlink.proxy(panelPrompt),
      );
      if (!reply.ok) throw reply.error;
      const { outcome } = reply;
      if (outcome.origin.kind === 'live') outcome.result.timings.read = readMs;
      set({
        status: 'done',
        result: outcome.result,
        origin: outcome.origin,
        pageChanged: outcome.pageChanged,
        storageNote: outcome.storageNote ?? null,
        streaming: '',
        resultTabId: tabId,
        liveUrl: page.url,
      });
      await highlight(tabId, outcome.result, null, set, undefined, page.url);
    } catch (error) {
      set({ status: 'error', error: toErrorInfo(error) });
    }
  },

  async openSaved(record) {
    const tabId = await targetTabId();
    const url = tabId === null ? null : await tabUrl(tabId);
    set({
      view: 'ask',
      status: 'done',
      mode: record.mode,
      input: record.question,
      result: record.result,
      origin: { kind: 'history', createdAt: record.createdAt },
      pageChanged: false,
      storageNote: null,
      error: null,
      stages: {},
      highlight: NO_HIGHLIGHT,
      resultTabId: tabId,
      liveUrl: url,
    });
    if (tabId === null || !sameDocument(url, record.pageUrl)) return;
    // The tab shows the answer's page: compare versions, and highlight the quotes that are still there.
    const page = await sendToTab(tabId, 'page/read', {}).catch(() => null);
    if (page) set({ pageChanged: (await pageHash(page)) !== record.pageHash });
    await highlight(tabId, record.result, null, set, undefined, record.pageUrl);
  },

  async focusQuote(id, sentence) {
    const { result, resultTabId, liveUrl } = get();
    if (!result || resultTabId === null || !liveUrl) return;
    await highlight(resultTabId, result, id, set, sentence, liveUrl);
  },

  async takePendingClaim() {
    const tabId = await targetTabId();
    if (tabId === null) return;
    const { claim } = await sendToBackground('claim/take', { tabId }).catch(() => ({
      claim: null,
    }));
    if (!claim) return;
    set({ input: claim });
    await get().ask('verify');
  },

  pageNavigated(tabId) {
    if (get().resultTabId === tabId)
      set((s) => ({ highlight: { ...s.highlight, stale: true, focused: null } }));
  },
}));

/** Chrome's built-in model, called from this page for the worker (see PanelPrompt). */
const panelPrompt: PanelPrompt = {
  complete: (prompt, onToken) =>
    chromePromptComposer(findLanguageModel()).complete(prompt, { onToken }),
};

function workerConfig(settings: Settings): WorkerConfig {
  return {
    composer: settings.composer,
    search: settings.search,
    knowledgeGraph: settings.knowledgeGraph,
    language: navigator.language || 'en',
    retrieval: settings.retrieval,
    storage: settings.storage,
    // Built-time files (copied by the build hook, or generated into public/models/), unknown to
    // WXT's typed public paths, so the URLs are made from the extension's own origin.
    urls: {
      models: new URL('/models/', location.origin).href,
      ortWasm: new URL(`/ort/${ORT_WASM_FILE}`, location.origin).href,
    },
  };
}

/** The tab's http(s) address, or null (the extension sees it through its host access). */
async function tabUrl(tabId: number): Promise<string | null> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return tab?.url && /^https?:/.test(tab.url) ? tab.url : null;
}

/** Same page, ignoring the fragment (in-page anchors do not change what was read). */
function sameDocument(a: string | null, b: string): boolean {
  if (!a) return false;
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = '';
    y.hash = '';
    return x.href === y.href;
  } catch {
    return false;
  }
}

/** Highlights every cited quote on the page, the focused one strongly, and records what was not found. */
async function highlight(
  tabId: number,
  result: AskResult,
  focus: number | null,
  set: (partial: Partial<PanelState>) => void,
  focusText: string | undefined,
  livePageUrl: string,
): Promise<void> {
  const cited = new Set([...result.answer.cited, ...(focus === null ? [] : [focus])]);
  // Only quotes from this page can be highlighted on it (web quotes link to their own pages, and
  // an answer saved on another page has nothing to show here).
  const onThisPage = sameDocument(result.page.url, livePageUrl);
  const quotes = result.quotes
    .filter((q) => onThisPage && cited.has(q.id) && q.source.kind === 'page')
    .map((q) => ({ id: q.id, text: q.text }));
  try {
    const { missing } = await sendToTab(tabId, 'page/highlight', {
      quotes,
      ...(focus === null ? {} : { focus }),
      ...(focusText ? { focusText: focusText.slice(0, 4000) } : {}),
    });
    set({ highlight: { focused: focus, missing, stale: false } });
  } catch {
    set({ highlight: { focused: null, missing: quotes.map((q) => q.id), stale: true } });
  }
}
