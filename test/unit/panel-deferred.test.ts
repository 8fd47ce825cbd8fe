// The panel's actions before its engine has loaded (lib/ask/panel-deferred.ts): the question box
// works at once, and what the user asked for in the meantime happens, in order, once it is there;
// and the loader of what comes after the first paint (entrypoints/sidepanel/deferred.ts).
import { describe, expect, it } from 'vitest';
import type { PanelActions } from '../../lib/ask/panel';
import { deferredActions, formActions } from '../../lib/ask/panel-deferred';
import { INITIAL_PANEL, type PanelData, type PanelStore } from '../../lib/ask/panel-state';
import { deferredModule } from '../../entrypoints/sidepanel/deferred';

function memoryStore(): PanelStore {
  let state: PanelData = { ...INITIAL_PANEL };
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
    },
  };
}

/** An engine that is not there until `arrive()`; its actions write what they were called with. */
function slowEngine(store: PanelStore) {
  const calls: string[] = [];
  let arrive!: () => void;
  let loads = 0;
  const loaded = new Promise<PanelActions>((resolve) => {
    const record =
      (name: string) =>
      (...args: unknown[]): void =>
        void calls.push(`${name}(${JSON.stringify(args)})`);
    const recordAsync =
      (name: string) =>
      async (...args: unknown[]): Promise<void> =>
        record(name)(...args);
    const actions = {
      ...formActions(store),
      ask: async (mode: string) => void calls.push(`ask ${mode}: ${store.get().input}`),
      stop: record('stop'),
      newTopic: record('newTopic'),
      openSaved: recordAsync('openSaved'),
      focusQuote: recordAsync('focusQuote'),
      takePendingClaim: recordAsync('takePendingClaim'),
      pageNavigated: record('pageNavigated'),
      showTab: recordAsync('showTab'),
      dismissNotice: record('dismissNotice'),
      finishOnboarding: recordAsync('finishOnboarding'),
      currentChoices: async () => ({
        wikipedia: true,
        wikidata: false,
        composer: { enabled: false, endpoint: '', model: '' },
      }),
    } as PanelActions;
    arrive = () => resolve(actions);
  });
  const load = () => {
    loads++;
    return loaded;
  };
  return { calls, arrive: () => arrive(), load, loads: () => loads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the panel before its engine has loaded', () => {
  it('takes typing, the sources and the view at once, without loading anything', () => {
    const store = memoryStore();
    const engine = slowEngine(store);
    const actions = { ...formActions(store), ...deferredActions(engine.load) };
    store.set({ formError: { code: 'question-empty', message: 'Type a question.' } });
    actions.setInput('Who built it?');
    actions.setSources('page');
    actions.setView('history');
    expect(store.get()).toMatchObject({
      input: 'Who built it?',
      sources: 'page',
      view: 'history',
      formError: null,
    });
    expect(engine.loads()).toBe(0);
  });

  it('asks the question typed before the engine arrived, once it has', async () => {
    const store = memoryStore();
    const engine = slowEngine(store);
    const actions = { ...formActions(store), ...deferredActions(engine.load) };
    actions.setInput('Who designed the Lighthouse?');
    const asked = actions.ask('answer');
    await settle();
    expect(engine.calls).toEqual([]);
    engine.arrive();
    await asked;
    expect(engine.calls).toEqual(['ask answer: Who designed the Lighthouse?']);
  });

  it('runs everything asked for meanwhile, in order and with its arguments', async () => {
    const store = memoryStore();
    const engine = slowEngine(store);
    const actions = deferredActions(engine.load);
    const shown = actions.showTab(7);
    actions.pageNavigated(7);
    actions.dismissNotice();
    const focused = actions.focusQuote(1, 2, 'A sentence.');
    const choices = actions.currentChoices();
    engine.arrive();
    await Promise.all([shown, focused]);
    await settle();
    expect(engine.calls).toEqual([
      'showTab([7])',
      'pageNavigated([7])',
      'dismissNotice([])',
      'focusQuote([1,2,"A sentence."])',
    ]);
    expect((await choices).wikipedia).toBe(true);
  });
});

describe('a module loaded after the first paint (entrypoints/sidepanel/deferred.ts)', () => {
  it('is imported once however often it is asked for, and tells its readers when it is there', async () => {
    let imports = 0;
    const views = deferredModule(async () => {
      imports++;
      return { name: 'views' };
    });
    const told: string[] = [];
    views.subscribe(() => told.push(views.current()?.name ?? 'nothing'));
    const stop = views.subscribe(() => told.push('a reader that left'));
    stop();
    expect(views.current()).toBeNull();
    const [first, second] = await Promise.all([views.load(), views.load()]);
    expect(first).toBe(second);
    expect(imports).toBe(1);
    expect(views.current()).toEqual({ name: 'views' });
    expect(told).toEqual(['views']);
  });
});
