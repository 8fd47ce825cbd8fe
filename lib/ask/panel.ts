// The side panel's actions, as plain functions of their ports: the panel's store binds them to
// the browser (tabs, messages, storage) and the pipeline Worker; tests bind them to fakes.

import type { AnswerRecord } from '../cache/db';
import { pageHash } from '../cache/store';
import type { Mode, SourcesMode } from '../pipeline/types';
import { highlightQuotes, sameDocument } from './highlight';
import { ask, type AskContext, type AskPorts } from './panel-ask';
import { NO_HIGHLIGHT, type PanelStore } from './panel-state';

export interface PanelPorts extends AskPorts {
  /** Takes the claim "Verify claim" left for this tab in the background, if any. */
  takeClaim(tabId: number): Promise<string | null>;
}

export interface PanelActions {
  setInput(input: string): void;
  setSources(sources: SourcesMode): void;
  setView(view: 'ask' | 'history'): void;
  /** `fresh`: skip the cached answer and compute a new one ("Ask again", "re-verify"). */
  ask(mode: Mode, options?: { fresh?: boolean }): Promise<void>;
  /** Shows a saved answer; when the tab shows its page, highlights its quotes there. */
  openSaved(record: AnswerRecord): Promise<void>;
  /** Highlights quote `id` on the page; `sentence` (an answer sentence citing it) is emphasised. */
  focusQuote(id: number, sentence?: string): Promise<void>;
  /** Verifies the claim waiting for this tab, if there is one. */
  takePendingClaim(): Promise<void>;
  /** The page in `tabId` navigated: highlights made there are gone. */
  pageNavigated(tabId: number): void;
}

export function createPanelActions(ports: PanelPorts, store: PanelStore): PanelActions {
  const ctx: AskContext = { ports, store };
  return {
    setInput: (input) => store.set({ input }),
    setSources: (sources) => store.set({ sources }),
    setView: (view) => store.set({ view }),
    ask: (mode, options) => ask(ctx, mode, options),
    openSaved: (record) => openSaved(ctx, record),
    focusQuote: (id, sentence) => focusQuote(ctx, id, sentence),
    takePendingClaim: () => takePendingClaim(ctx, ports),
    pageNavigated(tabId) {
      if (store.get().resultTabId === tabId)
        store.set((s) => ({ highlight: { ...s.highlight, stale: true, focused: null } }));
    },
  };
}

async function openSaved({ ports, store }: AskContext, record: AnswerRecord): Promise<void> {
  const tabId = await ports.targetTabId();
  const url = tabId === null ? null : await ports.tabUrl(tabId);
  store.set({
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
  const page = await ports.readPage(tabId).catch(() => null);
  if (page) store.set({ pageChanged: (await pageHash(page)) !== record.pageHash });
  const target = { focus: null, livePageUrl: record.pageUrl };
  store.set({ highlight: await highlightQuotes(ports.highlight, tabId, record.result, target) });
}

async function focusQuote({ ports, store }: AskContext, id: number, sentence?: string) {
  const { result, resultTabId, liveUrl } = store.get();
  if (!result || resultTabId === null || !liveUrl) return;
  const target = { focus: id, focusText: sentence, livePageUrl: liveUrl };
  store.set({ highlight: await highlightQuotes(ports.highlight, resultTabId, result, target) });
}

async function takePendingClaim(ctx: AskContext, ports: PanelPorts): Promise<void> {
  const tabId = await ports.targetTabId();
  if (tabId === null) return;
  const claim = await ports.takeClaim(tabId).catch(() => null);
  if (!claim) return;
  ctx.store.set({ input: claim });
  await ask(ctx, 'verify');
}
