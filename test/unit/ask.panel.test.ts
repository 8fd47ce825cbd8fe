// The side panel's ask flow (lib/ask/panel.ts) with fake ports: no browser, no Worker. A real
// keyword-path answer over the demo page stands in for what the Worker sends back.
import { describe, expect, it } from 'vitest';
import type { CachedOutcome } from '../../lib/ask/cached';
import { createPanelActions, type PanelPorts } from '../../lib/ask/panel';
import { INITIAL_PANEL, type PanelData, type PanelStore } from '../../lib/ask/panel-state';
import { runPipeline } from '../../lib/ask/run';
import type { LiveRequest, WorkerReply } from '../../lib/ask/worker-api';
import type { AnswerRecord } from '../../lib/cache/db';
import { pageHash } from '../../lib/cache/store';
import { PipelineError } from '../../lib/core/errors';
import type { RequestOf } from '../../lib/messages/protocol';
import type { AskResult, PageSnapshot } from '../../lib/pipeline/types';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';
import { readFixture } from '../fixtures/regen';

const demo = readFixture('demo');
const QUESTION = 'Who designed the Lighthouse of Alexandria?';
const TAB = 7;

const answerFor = (question = QUESTION, page: PageSnapshot = demo) =>
  runPipeline({ mode: 'answer', question, page });

function memoryStore(initial: Partial<PanelData> = {}): PanelStore & { states: PanelData[] } {
  let state: PanelData = { ...INITIAL_PANEL, ...initial };
  const states: PanelData[] = [];
  return {
    states,
    get: () => state,
    set(patch) {
      state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      states.push(state);
    },
  };
}

interface Calls {
  run: LiveRequest[];
  cachedPage: unknown[];
  highlight: Array<RequestOf<'page/highlight'>>;
}

/** Ports where everything works: the tab reads as the demo page, the Worker answers live. */
function fakePorts(
  result: AskResult,
  overrides: Partial<PanelPorts> = {},
): PanelPorts & { calls: Calls } {
  const calls: Calls = { run: [], cachedPage: [], highlight: [] };
  let clock = 100;
  const live: CachedOutcome = {
    result,
    origin: { kind: 'live', offline: false },
    pageChanged: false,
  };
  return {
    calls,
    targetTabId: async () => TAB,
    tabUrl: async () => demo.url,
    readPage: async () => demo,
    highlight: async (_tabId, request) => {
      calls.highlight.push(request);
      return { anchored: request.quotes.map((q) => q.id), missing: [] };
    },
    takeClaim: async () => null,
    loadSettings: async () => DEFAULT_SETTINGS,
    workerEnv: () => ({ language: 'en', urls: { models: 'm/', ortWasm: 'o.wasm' } }),
    worker: {
      async run(request, _config, on) {
        calls.run.push(request);
        on.progress({ stage: 'compose', status: 'running' });
        on.token('Sostratus ');
        on.token('designed it.');
        return { ok: true, outcome: structuredClone(live) };
      },
      async runCachedPage(request) {
        calls.cachedPage.push(request);
        return { ok: false, error: { code: 'page-not-cached', message: 'not cached' } };
      },
    },
    now: () => (clock += 25),
    ...overrides,
  };
}

describe('asking from the panel', () => {
  it('reads the tab, streams tokens, shows the live answer and highlights its cited page quotes', async () => {
    const result = await answerFor();
    const ports = fakePorts(result);
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');

    const state = store.get();
    expect(state.status).toBe('done');
    expect(state.error).toBeNull();
    expect(state.result?.answer.text).toBe(result.answer.text);
    expect(state.result?.timings.read).toBe(25);
    expect(state.origin).toEqual({ kind: 'live', offline: false });
    expect(state.resultTabId).toBe(TAB);
    expect(state.liveUrl).toBe(demo.url);
    expect(state.stages.read).toMatchObject({ status: 'done', ms: 25 });
    expect(state.stages.read?.detail).toMatch(/^\d+ blocks$/);
    expect(state.stages.compose).toEqual({ stage: 'compose', status: 'running' });
    // The streamed text was shown while the answer ran, and cleared when it arrived.
    expect(store.states.map((s) => s.streaming)).toContain('Sostratus designed it.');
    expect(state.streaming).toBe('');
    expect(ports.calls.run).toEqual([
      { mode: 'answer', question: QUESTION, page: demo, sources: 'auto' },
    ]);
    expect(ports.calls.highlight).toEqual([
      {
        quotes: result.quotes
          .filter((q) => result.answer.cited.includes(q.id))
          .map((q) => ({ id: q.id, text: q.text })),
      },
    ]);
    expect(state.highlight).toEqual({ focused: null, missing: [], stale: false });
  });

  it('keeps the typed text and says why a bad question was not asked, without reading the tab', async () => {
    const ports = fakePorts(await answerFor(), {
      targetTabId: () => Promise.reject(new Error('must not be called')),
    });
    const store = memoryStore({ input: 'x' });
    await createPanelActions(ports, store).ask('answer');
    expect(store.get()).toMatchObject({ status: 'error', input: 'x' });
    expect(store.get().error?.code).toBe('question-too-short');
  });

  it('says the page is unreadable when there is no tab', async () => {
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(
      fakePorts(await answerFor(), { targetTabId: async () => null }),
      store,
    ).ask('answer');
    expect(store.get().error?.code).toBe('page-unreadable');
  });

  it('asks one question at a time', async () => {
    const ports = fakePorts(await answerFor());
    const store = memoryStore({ input: QUESTION, status: 'running' });
    await createPanelActions(ports, store).ask('answer');
    expect(store.states).toEqual([]);
    expect(ports.calls.run).toEqual([]);
  });

  it('passes "fresh" and the sources picked in the panel over the setting', async () => {
    const ports = fakePorts(await answerFor());
    const store = memoryStore({ input: QUESTION, sources: 'page+web' });
    await createPanelActions(ports, store).ask('verify', { fresh: true });
    expect(ports.calls.run[0]).toMatchObject({ mode: 'verify', sources: 'page+web', fresh: true });
    expect(store.get().mode).toBe('verify');
  });

  it("shows the Worker's coded error and clears the previous answer", async () => {
    const result = await answerFor();
    const failing: WorkerReply = {
      ok: false,
      error: { code: 'page-empty', message: 'This page has no readable text.' },
    };
    const ports = fakePorts(result, {
      worker: { ...fakePorts(result).worker, run: async () => failing },
    });
    const store = memoryStore({ input: QUESTION, result, status: 'done' });
    await createPanelActions(ports, store).ask('answer');
    expect(store.get()).toMatchObject({ status: 'error', result: null, error: failing.error });
  });

  it('answers from the saved copy when the tab cannot be read', async () => {
    const result = await answerFor();
    const cached: CachedOutcome = {
      result,
      origin: { kind: 'cached-page', fetchedAt: 5 },
      pageChanged: false,
    };
    const base = fakePorts(result);
    const ports = fakePorts(result, {
      readPage: () => Promise.reject(new PipelineError('page-not-ready')),
      worker: { ...base.worker, runCachedPage: async () => ({ ok: true, outcome: cached }) },
    });
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');
    expect(store.get()).toMatchObject({
      status: 'done',
      origin: cached.origin,
      resultTabId: TAB,
      liveUrl: null,
    });
    expect(store.get().stages.read).toEqual({ stage: 'read', status: 'failed' });
  });

  it('says why the tab could not be read when there is no saved copy, or no address', async () => {
    for (const tabUrl of [async () => demo.url, async () => null]) {
      const ports = fakePorts(await answerFor(), {
        readPage: () => Promise.reject(new PipelineError('page-not-ready')),
        tabUrl,
      });
      const store = memoryStore({ input: QUESTION });
      await createPanelActions(ports, store).ask('answer');
      expect(store.get().error?.code).toBe('page-not-ready');
    }
  });

  it('marks every quote missing and the highlights stale when the tab does not answer', async () => {
    const result = await answerFor();
    const ports = fakePorts(result, { highlight: () => Promise.reject(new Error('gone')) });
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');
    expect(store.get().highlight).toEqual({
      focused: null,
      missing: result.answer.cited,
      stale: true,
    });
  });
});

describe('the panel after an answer', () => {
  it('focuses a quote with the sentence that cites it, on the page the answer was made on', async () => {
    const result = await answerFor();
    const ports = fakePorts(result);
    const store = memoryStore({ result, resultTabId: TAB, liveUrl: `${demo.url}#section` });
    const id = result.quotes[0]!.id;
    await createPanelActions(ports, store).focusQuote(id, 'x'.repeat(5000));
    expect(ports.calls.highlight[0]).toMatchObject({ focus: id, focusText: 'x'.repeat(4000) });
    expect(store.get().highlight).toEqual({ focused: id, missing: [], stale: false });
  });

  it('highlights nothing from a page the tab no longer shows', async () => {
    const result = await answerFor();
    const ports = fakePorts(result);
    const store = memoryStore({ result, resultTabId: TAB, liveUrl: 'https://elsewhere.example/' });
    await createPanelActions(ports, store).focusQuote(result.quotes[0]!.id);
    expect(ports.calls.highlight[0]?.quotes).toEqual([]);
  });

  it('marks the highlights stale when the answered tab navigates, and only that tab', async () => {
    const store = memoryStore({
      resultTabId: TAB,
      highlight: { focused: 2, missing: [], stale: false },
    });
    const actions = createPanelActions(fakePorts(await answerFor()), store);
    actions.pageNavigated(TAB + 1);
    expect(store.get().highlight.stale).toBe(false);
    actions.pageNavigated(TAB);
    expect(store.get().highlight).toEqual({ focused: null, missing: [], stale: true });
  });

  it('opens a saved answer, says whether its page changed, and highlights it', async () => {
    const result = await answerFor();
    const record: AnswerRecord = {
      id: 3,
      mode: 'answer',
      question: QUESTION,
      questionKey: 'who designed lighthouse alexandria',
      pageUrl: demo.url,
      pageHash: 'an older version',
      pageTitle: demo.title,
      result,
      createdAt: 42,
    };
    const ports = fakePorts(result);
    const store = memoryStore({ status: 'error', view: 'history' });
    const actions = createPanelActions(ports, store);
    await actions.openSaved(record);
    expect(store.get()).toMatchObject({
      view: 'ask',
      status: 'done',
      input: QUESTION,
      origin: { kind: 'history', createdAt: 42 },
      pageChanged: true,
      error: null,
      resultTabId: TAB,
      liveUrl: demo.url,
    });
    expect(ports.calls.highlight).toHaveLength(1);

    await actions.openSaved({ ...record, pageHash: await pageHash(demo) });
    expect(store.get().pageChanged).toBe(false);
  });

  it('verifies the claim waiting for this tab, and does nothing when there is none', async () => {
    const claim = 'The Pharos was designed by Sostratus of Cnidus.';
    const result = await answerFor(claim);
    const waiting = fakePorts(result, { takeClaim: async () => claim });
    const store = memoryStore();
    await createPanelActions(waiting, store).takePendingClaim();
    expect(store.get()).toMatchObject({ input: claim, mode: 'verify', status: 'done' });
    expect(waiting.calls.run[0]).toMatchObject({ mode: 'verify', question: claim });

    const refused = fakePorts(result, { takeClaim: () => Promise.reject(new Error('no')) });
    const quiet = memoryStore();
    await createPanelActions(refused, quiet).takePendingClaim();
    expect(quiet.states).toEqual([]);
  });
});
