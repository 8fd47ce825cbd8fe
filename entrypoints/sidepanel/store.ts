// Panel state (zustand). One question at a time; what the user typed is never cleared by an error.

import * as Comlink from 'comlink';
import { create } from 'zustand';
import { PipelineError, toErrorInfo, type ErrorInfo } from '@/lib/pipeline/errors';
import { validateQuestion } from '@/lib/pipeline/question';
import type { AskResult, Mode, SourcesMode, StageName, StageProgress } from '@/lib/pipeline/types';
import { loadSettings, type KeyValueArea } from '@/lib/settings/store';
import type { WorkerConfig } from './pipeline.worker';
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

interface PanelState {
  input: string;
  /** Evidence sources for the next question; null until the user picks (then the setting applies). */
  sources: SourcesMode | null;
  setSources(sources: SourcesMode): void;
  status: 'idle' | 'running' | 'done' | 'error';
  mode: Mode;
  stages: Partial<Record<StageName, StageProgress>>;
  result: AskResult | null;
  /** The composer's answer as it streams in, shown until the checked result replaces it. */
  streaming: string;
  resultTabId: number | null;
  error: ErrorInfo | null;
  highlight: HighlightState;
  setInput(input: string): void;
  ask(mode: Mode): Promise<void>;
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
  streaming: '',
  resultTabId: null,
  error: null,
  highlight: NO_HIGHLIGHT,

  setInput: (input) => set({ input }),

  async ask(mode) {
    if (get().status === 'running') return;
    const onProgress = (progress: StageProgress) => set((s) => ({ stages: { ...s.stages, [progress.stage]: progress } }));
    set({ mode, status: 'running', stages: {}, result: null, streaming: '', error: null, highlight: NO_HIGHLIGHT });
    const onToken = (text: string) => set((s) => ({ streaming: s.streaming + text }));
    try {
      const question = validateQuestion(get().input);
      const tabId = await targetTabId();
      if (tabId === null) throw new PipelineError('page-unreadable');
      onProgress({ stage: 'read', status: 'running' });
      const started = performance.now();
      const page = await sendToTab(tabId, 'page/read', {}).catch((error: unknown) => {
        onProgress({ stage: 'read', status: 'failed' });
        throw error;
      });
      const readMs = performance.now() - started;
      onProgress({ stage: 'read', status: 'done', ms: readMs, detail: `${page.blocks.length} blocks${page.truncated ? ', truncated' : ''}` });
      const settings = (await loadSettings(settingsArea)).settings;
      const config: WorkerConfig = {
        composer: settings.composer,
        search: settings.search,
        knowledgeGraph: settings.knowledgeGraph,
        language: navigator.language || 'en',
        retrieval: settings.retrieval,
        // Built-time files (copied by the build hook, or generated into public/models/), unknown to
        // WXT's typed public paths, so the URLs are made from the extension's own origin.
        urls: { models: new URL('/models/', location.origin).href, ortWasm: new URL(`/ort/${ORT_WASM_FILE}`, location.origin).href },
      };
      const reply = await pipelineWorker().run({ mode, question, page, sources: get().sources ?? settings.retrieval.sources }, Comlink.proxy(onProgress), config, Comlink.proxy(onToken));
      if (!reply.ok) throw reply.error;
      reply.result.timings.read = readMs;
      set({ status: 'done', result: reply.result, streaming: '', resultTabId: tabId });
      await highlight(tabId, reply.result, null, set);
    } catch (error) {
      set({ status: 'error', error: toErrorInfo(error) });
    }
  },

  async focusQuote(id, sentence) {
    const { result, resultTabId } = get();
    if (!result || resultTabId === null) return;
    await highlight(resultTabId, result, id, set, sentence);
  },

  async takePendingClaim() {
    const tabId = await targetTabId();
    if (tabId === null) return;
    const { claim } = await sendToBackground('claim/take', { tabId }).catch(() => ({ claim: null }));
    if (!claim) return;
    set({ input: claim });
    await get().ask('verify');
  },

  pageNavigated(tabId) {
    if (get().resultTabId === tabId) set((s) => ({ highlight: { ...s.highlight, stale: true, focused: null } }));
  },
}));

/** Highlights every cited quote on the page, the focused one strongly, and records what was not found. */
async function highlight(
  tabId: number,
  result: AskResult,
  focus: number | null,
  set: (partial: Partial<PanelState>) => void,
  focusText?: string,
): Promise<void> {
  const cited = new Set([...result.answer.cited, ...(focus === null ? [] : [focus])]);
  // Only quotes from this page can be highlighted on it (web quotes link to their own pages).
  const quotes = result.quotes.filter((q) => cited.has(q.id) && q.source.kind === 'page').map((q) => ({ id: q.id, text: q.text }));
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
