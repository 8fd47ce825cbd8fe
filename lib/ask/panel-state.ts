// The side panel's state: one question at a time, and what the user typed is never cleared by an
// error. The store itself (zustand) is made by the panel; the flow that changes it is panel.ts.

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

export interface PanelData {
  input: string;
  /** Evidence sources for the next question; null until the user picks (then the setting applies). */
  sources: SourcesMode | null;
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
  /** The composer's answer as it streams in, shown until the checked result replaces it. */
  streaming: string;
  resultTabId: number | null;
  /** The address of the page in that tab when the answer was shown: only its quotes are highlighted. */
  liveUrl: string | null;
  error: ErrorInfo | null;
  highlight: HighlightState;
}

export const NO_HIGHLIGHT: HighlightState = { focused: null, missing: [], stale: false };

export const INITIAL_PANEL: PanelData = {
  input: '',
  sources: null,
  status: 'idle',
  mode: 'answer',
  stages: {},
  result: null,
  origin: null,
  pageChanged: false,
  storageNote: null,
  liveUrl: null,
  view: 'ask',
  streaming: '',
  resultTabId: null,
  error: null,
  highlight: NO_HIGHLIGHT,
};

/** Read and change the panel's state (zustand's `get` and `set` fit). */
export interface PanelStore<S extends PanelData = PanelData> {
  get(): S;
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void;
}
