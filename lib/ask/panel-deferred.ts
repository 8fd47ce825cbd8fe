// The panel's actions before the code behind them has loaded. The side panel paints its shell
// first and loads the ask flow after (docs/ARCHITECTURE.md, "The side panel's first paint"): the
// question box works at once, and anything else asked for in the meantime runs once it is there.

import type { PanelActions } from './panel';
import type { PanelStore } from './panel-state';

/** The question box's and the tabs' own actions: plain state changes, needing nothing loaded. */
export function formActions(
  store: PanelStore,
): Pick<PanelActions, 'setInput' | 'setSources' | 'setView'> {
  return {
    setInput: (input) => store.set({ input, formError: null }),
    setSources: (sources) => store.set({ sources }),
    setView: (view) => store.set({ view }),
  };
}

/**
 * Every other action, waiting for `load` (called at most once by the caller's own memo) and then
 * calling the loaded action with the same arguments, in the order they were asked for.
 */
export function deferredActions(
  load: () => Promise<PanelActions>,
): Omit<PanelActions, keyof ReturnType<typeof formActions>> {
  const later =
    <K extends keyof PanelActions>(name: K) =>
    async (...args: Parameters<PanelActions[K]>): Promise<void> => {
      const actions = await load();
      await (actions[name] as (...a: Parameters<PanelActions[K]>) => unknown)(...args);
    };
  // The actions that return nothing still start at once; what they do happens when loaded.
  const fireAndForget =
    <K extends keyof PanelActions>(name: K) =>
    (...args: Parameters<PanelActions[K]>): void =>
      void later(name)(...args);
  return {
    ask: later('ask'),
    stop: fireAndForget('stop'),
    newTopic: fireAndForget('newTopic'),
    openSaved: later('openSaved'),
    focusQuote: later('focusQuote'),
    takePendingClaim: later('takePendingClaim'),
    pageNavigated: fireAndForget('pageNavigated'),
    showTab: later('showTab'),
    dismissNotice: fireAndForget('dismissNotice'),
    finishOnboarding: later('finishOnboarding'),
    currentChoices: async () => (await load()).currentChoices(),
  };
}
