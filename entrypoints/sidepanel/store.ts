// Panel state (zustand). The store exists from the first render, with the question box's own
// actions, so the shell paints and takes typing before the rest of the panel has loaded; the
// other actions wait for the engine (engine.ts), which startPanel() loads after the first paint.

import { create } from 'zustand';
import type { PanelActions } from '@/lib/ask/panel';
import { deferredActions, formActions } from '@/lib/ask/panel-deferred';
import { INITIAL_PANEL, type PanelData } from '@/lib/ask/panel-state';
import { deferredModule } from './deferred';

export type PanelState = PanelData & PanelActions;

/** Answers, their progress and History: drawn once loaded (only the engine makes turns). */
export const panelViews = deferredModule(() => import('./views'));

let started: Promise<PanelActions> | null = null;

/**
 * Loads the engine and the views, puts the real actions in the store (an action asked for
 * before then runs now) and starts listening to the extension. Idempotent.
 */
export function startPanel(): Promise<PanelActions> {
  started ??= Promise.all([import('./engine'), panelViews.load()]).then(([engine]) => {
    const actions = engine.panelActions({ get: usePanel.getState, set: usePanel.setState });
    usePanel.setState(actions);
    engine.listenToExtension(usePanel.getState);
    return actions;
  });
  return started;
}

export const usePanel = create<PanelState>((set, get) => ({
  ...INITIAL_PANEL,
  ...formActions({ get, set }),
  ...deferredActions(startPanel),
}));
