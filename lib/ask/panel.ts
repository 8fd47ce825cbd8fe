// The side panel's actions, as plain functions of their ports: the panel's store binds them to
// the browser (tabs, messages, storage) and the pipeline Worker; tests bind them to fakes.

import type { AnswerRecord } from '../cache/db';
import { pageHash } from '../cache/store';
import type { AskResult, Mode, PageSnapshot, SourcesMode } from '../pipeline/types';
import { highlightQuotes, sameDocument } from './highlight';
import { formActions } from './panel-deferred';
import { ask, stopRunning, type AskContext, type AskOptions, type AskPorts } from './panel-ask';
import { choicesFrom, exampleQuestions } from './panel-setup';
import { workerConfig } from './worker-api';
import {
  NO_HIGHLIGHT,
  shownThread,
  updateTurn,
  type PanelStore,
  type PrivacyChoices,
  type SetupNoticeKind,
  type Turn,
} from './panel-state';

/** What the panel remembers about itself (not settings): first run done, notices dismissed. */
export interface PanelPrefs {
  onboardingDone: boolean;
  dismissed: SetupNoticeKind[];
}

export interface PanelPorts extends AskPorts {
  /** Takes the claim "Verify claim" left for this tab in the background, if any. */
  takeClaim(tabId: number): Promise<string | null>;
  loadPrefs(): Promise<PanelPrefs>;
  savePrefs(prefs: PanelPrefs): Promise<void>;
  /** Saves the first-run choices into the settings; a note says what could not be done. */
  saveChoices(choices: PrivacyChoices): Promise<{ note: string | null }>;
  /** The keyboard shortcut that opens the panel, when one is set. */
  shortcut(): Promise<string | null>;
}

export interface PanelActions {
  setInput(input: string): void;
  setSources(sources: SourcesMode): void;
  setView(view: 'ask' | 'history'): void;
  ask(mode: Mode, options?: AskOptions): Promise<void>;
  /** Stops the running question; it says "Stopped" and its answer, if it comes, is dropped. */
  stop(): void;
  /** Clears this tab's thread: the next question is not a follow-up. */
  newTopic(): void;
  /** Shows a saved answer; when the tab shows its page, highlights its quotes there. */
  openSaved(record: AnswerRecord): Promise<void>;
  /** Highlights quote `id` of turn `turnId` on the page, emphasising `sentence` (that cites it). */
  focusQuote(turnId: number, id: number, sentence?: string): Promise<void>;
  /** Verifies the claim waiting for this tab, if there is one. */
  takePendingClaim(): Promise<void>;
  /** The page in `tabId` navigated: highlights made there are gone. */
  pageNavigated(tabId: number): void;
  /** The panel opened or the user switched tabs: shows that tab's thread and greeting. */
  showTab(tabId?: number): Promise<void>;
  dismissNotice(): void;
  /** The first-run greeting answered: `choices` saved (null: skipped, nothing changed). */
  finishOnboarding(choices: PrivacyChoices | null): Promise<void>;
  /** The privacy choices as the settings have them now (for the greeting's checkboxes). */
  currentChoices(): Promise<PrivacyChoices>;
}

export function createPanelActions(ports: PanelPorts, store: PanelStore): PanelActions {
  const ctx: AskContext = { ports, store };
  return {
    ...formActions(store),
    ask: (mode, options) => ask(ctx, mode, options),
    stop: () => stopRunning(ctx, 'user'),
    newTopic() {
      stopRunning(ctx, 'user');
      const { tabId } = store.get();
      if (tabId !== null) store.set((s) => ({ threads: { ...s.threads, [tabId]: [] } }));
    },
    openSaved: (record) => openSaved(ctx, record),
    focusQuote: (turnId, id, sentence) => focusQuote(ctx, turnId, id, sentence),
    takePendingClaim: () => takePendingClaim(ctx, ports),
    pageNavigated: (tabId) => pageNavigated(store, tabId),
    showTab: (tabId) => showTab(ctx, ports, tabId),
    dismissNotice() {
      const { notice, dismissed } = store.get();
      if (!notice) return;
      const next = [...new Set([...dismissed, notice.kind])];
      store.set({ notice: null, dismissed: next });
      void savePrefs(ports, store, { dismissed: next });
    },
    finishOnboarding: (choices) => finishOnboarding(ports, store, choices),
    currentChoices: async () => choicesFrom(await ports.loadSettings()),
  };
}

function pageNavigated(store: PanelStore, tabId: number): void {
  for (const turn of store.get().threads[tabId] ?? [])
    if (turn.result)
      store.set((s) =>
        updateTurn(s, turn.id, (t) => ({
          highlight: { ...t.highlight, stale: true, focused: null },
        })),
      );
}

async function savePrefs(ports: PanelPorts, store: PanelStore, patch: Partial<PanelPrefs>) {
  const { greeting, dismissed } = store.get();
  const prefs = { onboardingDone: !greeting?.firstRun, dismissed, ...patch };
  await ports.savePrefs(prefs).catch(() => undefined);
}

async function finishOnboarding(
  ports: PanelPorts,
  store: PanelStore,
  choices: PrivacyChoices | null,
): Promise<void> {
  const note = choices
    ? (await ports.saveChoices(choices).catch(() => ({ note: null }))).note
    : null;
  store.set((s) => ({ greeting: s.greeting && { ...s.greeting, firstRun: false, note } }));
  await savePrefs(ports, store, { onboardingDone: true });
}

/** Shows the tab's thread; an empty one gets the greeting, with examples from the page. */
async function showTab(ctx: AskContext, ports: PanelPorts, given?: number): Promise<void> {
  const { store } = ctx;
  const tabId = given ?? (await ports.targetTabId().catch(() => null));
  void warmUp(ports).catch(() => undefined);
  const prefs = await ports.loadPrefs().catch(() => ({ onboardingDone: false, dismissed: [] }));
  store.set({ tabId, dismissed: prefs.dismissed });
  const page = tabId === null ? null : await ports.readPage(tabId).catch(() => null);
  if (page) void prepare(ports, page).catch(() => undefined);
  const shortcut = await ports.shortcut().catch(() => null);
  if (store.get().tabId !== tabId) return;
  store.set({
    greeting: {
      firstRun: !prefs.onboardingDone,
      examples: page ? exampleQuestions(page) : [],
      pageTitle: page?.title ?? '',
      shortcut,
      note: null,
    },
  });
}

/**
 * Starts loading the ranking models while the user reads the page or types, so the first question
 * does not wait seconds for them. A failure here is not shown: the question that needs the models
 * reports it. The worker loads them once; later calls find them loaded.
 */
async function warmUp(ports: PanelPorts): Promise<void> {
  if (!ports.worker.warm) return;
  const settings = await ports.loadSettings();
  if (settings.retrieval.useModels)
    await ports.worker.warm(workerConfig(settings, ports.workerEnv()));
}

/**
 * Embeds the page's passages while the user reads or types (the worker stops as soon as a
 * question starts), so the question's dedup step finds them cached. Only with ranking models on.
 */
async function prepare(ports: PanelPorts, page: PageSnapshot): Promise<void> {
  if (!ports.worker.prepare) return;
  const settings = await ports.loadSettings();
  if (settings.retrieval.useModels)
    await ports.worker.prepare(workerConfig(settings, ports.workerEnv()), page);
}

/** A saved thread's turns in the order asked: the record's own, then each follow-up. */
function savedTurns(
  record: AnswerRecord,
  firstId: number,
  where: { tabId: number | null; url: string | null },
): Array<Turn & { pageHash: string }> {
  const asked = [record, ...(record.followUps ?? [])];
  return asked.map((saved, i) => ({
    id: firstId + i,
    question: saved.question,
    mode: saved.mode,
    status: 'done',
    stages: {},
    streaming: '',
    result: saved.result,
    origin: { kind: 'history', createdAt: saved.createdAt },
    pageChanged: false,
    storageNote: null,
    error: null,
    tabId: where.tabId,
    liveUrl: where.url,
    highlight: NO_HIGHLIGHT,
    startedAt: 0,
    // Follow-ups asked now on the thread's page go on into the same record.
    ...(record.id !== undefined && sameDocument(where.url, record.pageUrl)
      ? { savedId: record.id }
      : {}),
    pageHash: saved.pageHash,
  }));
}

async function openSaved({ ports, store }: AskContext, record: AnswerRecord): Promise<void> {
  const tabId = await ports.targetTabId();
  const url = tabId === null ? null : await ports.tabUrl(tabId);
  stopRunning({ ports, store }, 'user');
  const { nextTurnId } = store.get();
  const saved = savedTurns(record, nextTurnId, { tabId, url });
  const turns: Turn[] = saved.map(({ pageHash: _hash, ...turn }) => turn);
  const last = saved.at(-1)!;
  // A saved thread replaces this tab's: follow-ups continue from its last turn.
  const key = tabId ?? -1;
  store.set((s) => ({
    view: 'ask',
    tabId: key,
    nextTurnId: nextTurnId + turns.length,
    threads: { ...s.threads, [key]: turns },
  }));
  if (tabId === null || !sameDocument(url, record.pageUrl)) return;
  // The tab shows the thread's page: compare versions, and highlight the last answer's quotes
  // that are still there.
  const page = await ports.readPage(tabId).catch(() => null);
  if (page) {
    const hash = await pageHash(page);
    store.set((s) => {
      let next: Pick<typeof s, 'threads'> = s;
      for (const turn of saved)
        next = updateTurn(next, turn.id, { pageChanged: hash !== turn.pageHash });
      return next;
    });
  }
  const target = { focus: null, livePageUrl: record.pageUrl };
  const highlight = await highlightQuotes(ports.highlight, tabId, last.result!, target);
  store.set((s) => updateTurn(s, last.id, { highlight }));
}

async function focusQuote(
  { ports, store }: AskContext,
  turnId: number,
  id: number,
  sentence?: string,
) {
  const turn = shownThread(store.get()).find((t) => t.id === turnId);
  if (!turn?.result) return;
  // A PDF's quote opens in the extension's viewer (the tab itself cannot be highlighted).
  if (turn.result.page.extractor === 'pdf') await openPdfAt(ports, turn.result, id);
  else if (turn.tabId === null || !turn.liveUrl) return;
  const target = { focus: id, focusText: sentence, livePageUrl: turn.liveUrl ?? '' };
  const highlight = await highlightQuotes(ports.highlight, turn.tabId ?? -1, turn.result, target);
  // Only one turn's highlights are on the page at a time.
  store.set((s) => {
    let next = s;
    for (const other of shownThread(s))
      if (other.id !== turnId && other.highlight.focused !== null)
        next = {
          ...next,
          ...updateTurn(next, other.id, { highlight: { ...other.highlight, focused: null } }),
        };
    return updateTurn(next, turnId, { highlight });
  });
}

/** A PDF answer's quote, shown in the extension's viewer at its page, highlighted there. */
async function openPdfAt(ports: AskPorts, result: AskResult, id: number): Promise<void> {
  const quote = result.quotes.find((q) => q.id === id && q.source.kind === 'page');
  if (!quote || !ports.openPdfViewer) return;
  const target = { file: result.page.url, page: quote.source.page ?? 1, quote: quote.text };
  await ports.openPdfViewer(target).catch(() => undefined);
}

async function takePendingClaim(ctx: AskContext, ports: PanelPorts): Promise<void> {
  const tabId = await ports.targetTabId();
  if (tabId === null) return;
  const claim = await ports.takeClaim(tabId).catch(() => null);
  if (!claim) return;
  await ask(ctx, 'verify', { question: claim });
}
