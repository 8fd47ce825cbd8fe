// The side panel's state: a conversation per tab, each question shown above its own answer, one
// question running at a time. What the user typed is never cleared by a question that was not
// asked. The store itself (zustand) is made by the panel; the flow that changes it is panel.ts.

import type { ErrorInfo } from '../core/errors';
import type { AskResult, Mode, SourcesMode, StageName, StageProgress } from '../pipeline/types';
import type { AnswerOrigin } from './cached';

export interface HighlightState {
  focused: number | null;
  missing: number[];
  /** The page navigated since the answer: its highlights are gone. */
  stale: boolean;
}

/** Where the shown answer came from: the worker's outcome, or an answer opened from history. */
export type ShownOrigin = AnswerOrigin | { kind: 'history'; createdAt: number };

/** One question and its answer, in a thread. */
export interface Turn {
  /** Unique in this panel, increasing. */
  id: number;
  question: string;
  mode: Mode;
  /** `summary`: the Summarize button. */
  intent?: 'summary';
  /** `stopped`: the user pressed Stop, or asked another question while this one ran. */
  status: 'running' | 'done' | 'error' | 'stopped';
  /** Why it stopped, in words. */
  stoppedBy?: 'user' | 'new-question';
  stages: Partial<Record<StageName, StageProgress>>;
  /** Words on the page read for it, for the progress line ("Ranking a 5k-word page…"). */
  pageWords?: number;
  /** The composer's answer as it streams in, shown until the checked result replaces it. */
  streaming: string;
  result: AskResult | null;
  /** `result` is the keyword path's first answer, shown while the models rank. */
  firstAnswer?: boolean;
  origin: ShownOrigin | null;
  /** The live page differs from the version the answer was made on. */
  pageChanged: boolean;
  /** Why the answer was not saved (storage full or broken). */
  storageNote: string | null;
  error: ErrorInfo | null;
  /** The tab it was asked about, and that tab's address when answered. */
  tabId: number | null;
  liveUrl: string | null;
  highlight: HighlightState;
  /** When it was asked, on the ports' clock (milliseconds). */
  startedAt: number;
  /** Milliseconds from asking to the answer. */
  elapsedMs?: number;
  /** The saved answer record this turn's answer went into (its own, or its thread's). */
  savedId?: number;
}

/** One-time and dismissible notices about setting the extension up. */
export type SetupNoticeKind = 'models' | 'endpoint';

export interface SetupNotice {
  kind: SetupNoticeKind;
  /** Download size of the ranking models, when known. */
  bytes?: number;
}

/** What the empty thread shows: example questions from the page's headings. */
export interface Greeting {
  /** First run: the welcome, the shortcut and the privacy choices, until the user answers. */
  firstRun: boolean;
  examples: string[];
  pageTitle: string;
  shortcut: string | null;
  /** What saving the choices could not do (host access refused), in words. */
  note: string | null;
}

/** What may leave the browser, as the first-run greeting offers it (each off until yes). */
export interface PrivacyChoices {
  wikipedia: boolean;
  wikidata: boolean;
  composer: { enabled: boolean; endpoint: string; model: string };
}

export interface PanelData {
  input: string;
  /** Evidence sources for the next question; null until the user picks (then the setting applies). */
  sources: SourcesMode | null;
  view: 'ask' | 'history';
  /** The tab whose thread is shown. */
  tabId: number | null;
  /** Each tab's conversation, oldest turn first. */
  threads: Record<number, Turn[]>;
  nextTurnId: number;
  /** A question that could not be asked (too short, no tab): shown by the question box. */
  formError: ErrorInfo | null;
  greeting: Greeting | null;
  notice: SetupNotice | null;
  /** Notices the user dismissed: never shown again. */
  dismissed: SetupNoticeKind[];
}

export const NO_HIGHLIGHT: HighlightState = { focused: null, missing: [], stale: false };

export const INITIAL_PANEL: PanelData = {
  input: '',
  sources: null,
  view: 'ask',
  tabId: null,
  threads: {},
  nextTurnId: 1,
  formError: null,
  greeting: null,
  notice: null,
  dismissed: [],
};

/** The thread shown: the current tab's. */
export function shownThread(state: Pick<PanelData, 'tabId' | 'threads'>): Turn[] {
  return state.tabId === null ? [] : (state.threads[state.tabId] ?? []);
}

/** The turn still running, in any tab, if there is one. */
export function runningTurn(state: Pick<PanelData, 'threads'>): Turn | undefined {
  for (const turns of Object.values(state.threads))
    for (const turn of turns) if (turn.status === 'running') return turn;
  return undefined;
}

/** Changes turn `id` wherever it is; a turn no longer in any thread is left alone. */
export function updateTurn(
  state: Pick<PanelData, 'threads'>,
  id: number,
  patch: Partial<Turn> | ((turn: Turn) => Partial<Turn>),
): Pick<PanelData, 'threads'> {
  const threads: Record<number, Turn[]> = {};
  for (const [tab, turns] of Object.entries(state.threads))
    threads[Number(tab)] = turns.map((t) =>
      t.id === id ? { ...t, ...(typeof patch === 'function' ? patch(t) : patch) } : t,
    );
  return { threads };
}

/** Read and change the panel's state (zustand's `get` and `set` fit). */
export interface PanelStore<S extends PanelData = PanelData> {
  get(): S;
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void;
}
