// The side panel's ask flow (lib/ask/panel.ts) with fake ports: no browser, no Worker. A real
// keyword-path answer over the demo page stands in for what the Worker sends back.
import { describe, expect, it } from 'vitest';
import type { CachedOutcome } from '../../lib/ask/cached';
import { createPanelActions, type PanelPorts } from '../../lib/ask/panel';
import {
  INITIAL_PANEL,
  shownThread,
  type PanelData,
  type PanelStore,
  type Turn,
} from '../../lib/ask/panel-state';
import { runPipeline } from '../../lib/ask/run';
import type { LiveRequest, WorkerConfig, WorkerReply } from '../../lib/ask/worker-api';
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
    workerEnv: () => ({ language: 'en', urls: { models: 'm/', ort: 'ort/' } }),
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
    loadPrefs: async () => ({ onboardingDone: false, dismissed: [] }),
    savePrefs: async () => undefined,
    saveChoices: async () => ({ note: null }),
    shortcut: async () => 'Alt+Shift+A',
    ...overrides,
  };
}

/** The shown thread's last turn. */
const last = (store: PanelStore): Turn => shownThread(store.get()).at(-1)!;

/** A Worker that answers only when `release` is called: a question that keeps running. */
function heldWorker(result: AskResult) {
  const pending: Array<(reply: WorkerReply) => void> = [];
  const base = fakePorts(result).worker;
  return {
    pending,
    cancelled: 0,
    worker: {
      ...base,
      run: (request: LiveRequest) =>
        new Promise<WorkerReply>((resolve) => {
          pending.push((reply) => resolve(reply));
          void request;
        }),
    },
  };
}

describe('asking from the panel', () => {
  it('adds the question to the thread, streams tokens, shows the live answer and highlights its quotes', async () => {
    const result = await answerFor();
    const ports = fakePorts(result);
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');

    const turn = last(store);
    expect(store.get().tabId).toBe(TAB);
    expect(store.get().input).toBe('');
    expect(turn).toMatchObject({ question: QUESTION, status: 'done', error: null, tabId: TAB });
    expect(turn.result?.answer.text).toBe(result.answer.text);
    expect(turn.result?.timings.read).toBe(25);
    expect(turn.origin).toEqual({ kind: 'live', offline: false });
    expect(turn.liveUrl).toBe(demo.url);
    expect(turn.pageWords).toBeGreaterThan(100);
    expect(turn.elapsedMs).toBeGreaterThan(0);
    expect(turn.stages.read).toMatchObject({ status: 'done', ms: 25 });
    expect(turn.stages.compose).toEqual({ stage: 'compose', status: 'running' });
    // The streamed text was shown while the answer ran, and cleared when it arrived.
    expect(store.states.map((s) => shownThread(s).at(-1)?.streaming)).toContain(
      'Sostratus designed it.',
    );
    expect(turn.streaming).toBe('');
    expect(ports.calls.run).toEqual([
      { mode: 'answer', question: QUESTION, page: demo, sources: 'auto' },
    ]);
    expect(ports.calls.highlight).toEqual([
      {
        quotes: result.quotes
          .filter((q) => result.answer.cited.includes(q.id))
          .map((q) => ({
            id: q.id,
            text: q.text,
            ...(q.answerSpan
              ? { answer: q.text.slice(q.answerSpan.start, q.answerSpan.end).trim() }
              : {}),
          })),
      },
    ]);
    expect(turn.highlight).toEqual({ focused: null, missing: [], stale: false });
  });

  it('shows the first answer while the models rank, then the final one in its place', async () => {
    const first = await answerFor();
    const differing = await answerFor('Who visited Alexandria in 1326?');
    // A composer's answer over the same quotes that cites others among them than the first did.
    const otherCitations = {
      ...first,
      answer: {
        ...first.answer,
        cited: first.quotes.map((q) => q.id).filter((id) => !first.answer.cited.includes(id)),
      },
    };
    expect(otherCitations.answer.cited.length).toBeGreaterThan(0);
    for (const [final, highlights] of [
      [first, 1],
      [differing, 2],
      [otherCitations, 2],
    ] as const) {
      const seen: Turn[] = [];
      const base = fakePorts(final);
      const ports = fakePorts(final, {
        worker: {
          ...base.worker,
          async run(request, config, on) {
            on.first?.(first);
            // Let the first answer's highlight go out before the final answer arrives.
            await new Promise((resolve) => setTimeout(resolve, 0));
            seen.push(structuredClone(last(store)));
            return base.worker.run(request, config, on);
          },
        },
      });
      const store = memoryStore({ input: QUESTION });
      await createPanelActions(ports, store).ask('answer');
      expect(seen[0]).toMatchObject({ status: 'running', firstAnswer: true });
      expect(seen[0]!.result?.answer.text).toBe(first.answer.text);
      expect(last(store)).toMatchObject({ status: 'done', firstAnswer: false });
      expect(last(store).result?.answer.text).toBe(final.answer.text);
      // Citations the models confirmed stay highlighted as they were; others are highlighted anew.
      expect(base.calls.highlight.length + ports.calls.highlight.length).toBe(highlights);
    }
  });

  it('keeps the typed text and says why a bad question was not asked, without reading the tab', async () => {
    const ports = fakePorts(await answerFor(), {
      targetTabId: () => Promise.reject(new Error('must not be called')),
    });
    const store = memoryStore({ input: 'x' });
    await createPanelActions(ports, store).ask('answer');
    expect(store.get()).toMatchObject({ input: 'x', threads: {} });
    expect(store.get().formError?.code).toBe('question-too-short');
  });

  it('says the page is unreadable when there is no tab', async () => {
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(
      fakePorts(await answerFor(), { targetTabId: async () => null }),
      store,
    ).ask('answer');
    expect(store.get().formError?.code).toBe('page-unreadable');
    expect(store.get().input).toBe(QUESTION);
  });

  it('a new question stops the running one: each answer stays under its own question', async () => {
    const result = await answerFor();
    const held = heldWorker(result);
    let cancelled = 0;
    const ports = fakePorts(result, {
      worker: { ...held.worker, cancel: () => void cancelled++ },
    });
    const store = memoryStore();
    const actions = createPanelActions(ports, store);
    const first = actions.ask('answer', { question: 'Where did the lighthouse stand?' });
    await expect.poll(() => held.pending.length).toBe(1);
    const second = actions.ask('answer', { question: QUESTION });
    await expect.poll(() => held.pending.length).toBe(2);
    expect(cancelled).toBe(1);
    // The first question's answer arrives late: it is dropped, and says it was stopped.
    held.pending[0]!({
      ok: true,
      outcome: { result, origin: { kind: 'live', offline: false }, pageChanged: false },
    });
    await first;
    const [a, b] = shownThread(store.get());
    expect(a).toMatchObject({
      question: 'Where did the lighthouse stand?',
      status: 'stopped',
      stoppedBy: 'new-question',
      result: null,
    });
    expect(b).toMatchObject({ question: QUESTION, status: 'running' });
    held.pending[1]!({
      ok: true,
      outcome: { result, origin: { kind: 'live', offline: false }, pageChanged: false },
    });
    await second;
    expect(shownThread(store.get())[1]).toMatchObject({ status: 'done' });
    expect(shownThread(store.get())[1]!.result?.question).toBe(QUESTION);
  });

  it('Stop stops: the turn says so and a late answer never appears', async () => {
    const result = await answerFor();
    const held = heldWorker(result);
    const store = memoryStore({ input: QUESTION });
    const actions = createPanelActions(fakePorts(result, { worker: held.worker }), store);
    const asking = actions.ask('answer');
    await expect.poll(() => held.pending.length).toBe(1);
    actions.stop();
    held.pending[0]!({
      ok: true,
      outcome: { result, origin: { kind: 'live', offline: false }, pageChanged: false },
    });
    await asking;
    expect(last(store)).toMatchObject({ status: 'stopped', stoppedBy: 'user', result: null });
  });

  it('sends the earlier turns about this page as history, and New topic starts over', async () => {
    const result = await answerFor();
    const ports = fakePorts(result);
    const store = memoryStore();
    const actions = createPanelActions(ports, store);
    await actions.ask('answer', { question: QUESTION });
    await actions.ask('answer', { question: 'Where was he from?' });
    expect(ports.calls.run[1]?.history).toEqual([
      { question: QUESTION, answer: result.answer.text },
    ]);
    actions.newTopic();
    expect(shownThread(store.get())).toEqual([]);
    await actions.ask('answer', { question: 'Where was he from?' });
    expect(ports.calls.run[2]?.history).toBeUndefined();
  });

  it('runs the summary intent for Summarize', async () => {
    const ports = fakePorts(await answerFor());
    const store = memoryStore();
    await createPanelActions(ports, store).ask('answer', {
      question: 'Summarize this page',
      intent: 'summary',
    });
    expect(ports.calls.run[0]).toMatchObject({
      intent: 'summary',
      question: 'Summarize this page',
    });
    expect(last(store).intent).toBe('summary');
  });

  it('passes "fresh" and the sources picked in the panel over the setting', async () => {
    const ports = fakePorts(await answerFor());
    const store = memoryStore({ input: QUESTION, sources: 'page+web' });
    await createPanelActions(ports, store).ask('verify', { fresh: true });
    expect(ports.calls.run[0]).toMatchObject({ mode: 'verify', sources: 'page+web', fresh: true });
    expect(last(store).mode).toBe('verify');
  });

  it("shows the Worker's coded error in the turn", async () => {
    const result = await answerFor();
    const failing: WorkerReply = {
      ok: false,
      error: { code: 'page-empty', message: 'This page has no readable text.' },
    };
    const ports = fakePorts(result, {
      worker: { ...fakePorts(result).worker, run: async () => failing },
    });
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');
    expect(last(store)).toMatchObject({ status: 'error', result: null, error: failing.error });
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
    expect(last(store)).toMatchObject({
      status: 'done',
      origin: cached.origin,
      tabId: TAB,
      liveUrl: null,
    });
    expect(last(store).stages.read).toEqual({ stage: 'read', status: 'failed' });
    // The saved copy is shown with the reason the tab was not read (docs/SECURITY.md, property 8).
    expect(last(store).origin).toEqual({ ...cached.origin, readError: 'page-not-ready' });
  });

  it('says why the tab could not be read when there is no saved copy, or no address', async () => {
    for (const tabUrl of [async () => demo.url, async () => null]) {
      const ports = fakePorts(await answerFor(), {
        readPage: () => Promise.reject(new PipelineError('page-not-ready')),
        tabUrl,
      });
      const store = memoryStore({ input: QUESTION });
      await createPanelActions(ports, store).ask('answer');
      expect(last(store).error?.code).toBe('page-not-ready');
    }
  });

  it('marks every quote missing and the highlights stale when the tab does not answer', async () => {
    const result = await answerFor();
    const ports = fakePorts(result, { highlight: () => Promise.reject(new Error('gone')) });
    const store = memoryStore({ input: QUESTION });
    await createPanelActions(ports, store).ask('answer');
    expect(last(store).highlight).toEqual({
      focused: null,
      missing: result.answer.cited,
      stale: true,
    });
  });

  it('shows the models notice once a keyword-ranked answer arrives, and never again once dismissed', async () => {
    const saved: unknown[] = [];
    const ports = fakePorts(await answerFor(), {
      modelBytes: () => 45 * 2 ** 20,
      savePrefs: async (prefs) => void saved.push(prefs),
    });
    const store = memoryStore({ input: QUESTION });
    const actions = createPanelActions(ports, store);
    await actions.ask('answer');
    expect(store.get().notice).toEqual({ kind: 'models', bytes: 45 * 2 ** 20 });
    actions.dismissNotice();
    expect(store.get().notice).toBeNull();
    await expect.poll(() => saved).toEqual([{ onboardingDone: true, dismissed: ['models'] }]);
    await actions.ask('answer', { question: QUESTION });
    expect(store.get().notice).toBeNull();
  });
});

describe('the panel after an answer', () => {
  const answered = async (liveUrl: string) => {
    const result = await answerFor();
    const turn: Turn = {
      id: 1,
      question: QUESTION,
      mode: 'answer',
      status: 'done',
      stages: {},
      streaming: '',
      result,
      origin: { kind: 'live', offline: false },
      pageChanged: false,
      storageNote: null,
      error: null,
      tabId: TAB,
      liveUrl,
      highlight: { focused: 2, missing: [], stale: false },
      startedAt: 0,
    };
    return {
      result,
      store: memoryStore({ tabId: TAB, threads: { [TAB]: [turn] }, nextTurnId: 2 }),
    };
  };

  it('focuses a quote with the sentence that cites it, on the page the answer was made on', async () => {
    const { result, store } = await answered(`${demo.url}#section`);
    const ports = fakePorts(result);
    const id = result.quotes[0]!.id;
    await createPanelActions(ports, store).focusQuote(1, id, 'x'.repeat(5000));
    expect(ports.calls.highlight[0]).toMatchObject({ focus: id, focusText: 'x'.repeat(4000) });
    expect(last(store).highlight).toEqual({ focused: id, missing: [], stale: false });
  });

  it("opens a PDF answer's quote in the viewer at its page, and asks the tab for nothing", async () => {
    const pdf: PageSnapshot = {
      ...demo,
      extractor: 'pdf',
      pageCount: 5,
      blocks: demo.blocks.map((block, i) => ({ ...block, page: (i % 5) + 1 })),
    };
    const pdfResult = await answerFor(QUESTION, pdf);
    const { store } = await answered(demo.url);
    store.set((s) => ({
      threads: { [TAB]: s.threads[TAB]!.map((t) => ({ ...t, result: pdfResult })) },
    }));
    const opened: unknown[] = [];
    const ports = fakePorts(pdfResult, {
      openPdfViewer: async (target) => void opened.push(target),
    });
    const quote = pdfResult.quotes[1]!;
    await createPanelActions(ports, store).focusQuote(1, quote.id);
    expect(opened).toEqual([{ file: demo.url, page: quote.source.page, quote: quote.text }]);
    expect(quote.source.page).toBe(pdf.blocks[quote.source.blockIndex]!.page);
    expect(ports.calls.highlight).toEqual([]);
    expect(last(store).highlight).toEqual({ focused: quote.id, missing: [], stale: false });
  });

  it('highlights nothing from a page the tab no longer shows', async () => {
    const { result, store } = await answered('https://elsewhere.example/');
    const ports = fakePorts(result);
    await createPanelActions(ports, store).focusQuote(1, result.quotes[0]!.id);
    expect(ports.calls.highlight[0]?.quotes).toEqual([]);
  });

  it('marks the highlights stale when the answered tab navigates, and only that tab', async () => {
    const { result, store } = await answered(demo.url);
    const actions = createPanelActions(fakePorts(result), store);
    actions.pageNavigated(TAB + 1);
    expect(last(store).highlight.stale).toBe(false);
    actions.pageNavigated(TAB);
    expect(last(store).highlight).toEqual({ focused: null, missing: [], stale: true });
  });

  it('opens a saved answer as a thread of its own, says whether its page changed, and highlights it', async () => {
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
    const store = memoryStore({ view: 'history' });
    const actions = createPanelActions(ports, store);
    await actions.openSaved(record);
    expect(store.get().view).toBe('ask');
    expect(shownThread(store.get())).toHaveLength(1);
    expect(last(store)).toMatchObject({
      status: 'done',
      question: QUESTION,
      origin: { kind: 'history', createdAt: 42 },
      pageChanged: true,
      error: null,
      tabId: TAB,
      liveUrl: demo.url,
    });
    expect(ports.calls.highlight).toHaveLength(1);

    await actions.openSaved({ ...record, pageHash: await pageHash(demo) });
    expect(last(store).pageChanged).toBe(false);
  });

  it('opens a saved thread whole: every turn in order, the last one highlighted, follow-ups going on into it', async () => {
    const first = await answerFor();
    const second = await answerFor('When was the lighthouse finished?');
    const record: AnswerRecord = {
      id: 5,
      mode: 'answer',
      question: QUESTION,
      questionKey: 'who designed lighthouse alexandria',
      pageUrl: demo.url,
      pageHash: await pageHash(demo),
      pageTitle: demo.title,
      result: first,
      createdAt: 42,
      followUps: [
        {
          mode: 'answer',
          question: 'When was the lighthouse finished?',
          questionKey: 'when lighthouse finished',
          pageHash: 'an older version',
          result: second,
          createdAt: 43,
        },
      ],
    };
    const ports = fakePorts(first);
    const store = memoryStore({ view: 'history' });
    const actions = createPanelActions(ports, store);
    await actions.openSaved(record);
    const turns = shownThread(store.get());
    expect(turns.map((t) => [t.question, t.origin, t.pageChanged, t.savedId])).toEqual([
      [QUESTION, { kind: 'history', createdAt: 42 }, false, 5],
      ['When was the lighthouse finished?', { kind: 'history', createdAt: 43 }, true, 5],
    ]);
    expect(turns.map((t) => t.result)).toEqual([first, second]);
    expect(ports.calls.highlight).toHaveLength(1);
    expect(ports.calls.highlight[0]!.quotes.map((q) => q.text)).toEqual(
      second.quotes.filter((q) => second.answer.cited.includes(q.id)).map((q) => q.text),
    );
    // A question asked now continues the thread: it uses the earlier turns and joins the record.
    actions.setInput('Who paid for it?');
    await actions.ask('answer');
    expect(ports.calls.run[0]).toMatchObject({ thread: 5 });
    // Opened while the tab shows another page, the thread is shown but a new question starts
    // a record of its own.
    const elsewhere = fakePorts(first, { tabUrl: async () => 'https://elsewhere.test/' });
    const other = memoryStore({ view: 'history' });
    await createPanelActions(elsewhere, other).openSaved(record);
    expect(shownThread(other.get()).map((t) => t.savedId)).toEqual([undefined, undefined]);
    expect(ports.calls.run[0]!.history?.map((h) => h.question)).toEqual([
      QUESTION,
      'When was the lighthouse finished?',
    ]);
  });

  it('sends a follow-up with the record its thread was saved in; “New topic” starts a new one', async () => {
    const result = await answerFor();
    const ports = fakePorts(result, {});
    const saved = {
      result,
      origin: { kind: 'live', offline: false },
      pageChanged: false,
      answerId: 9,
    };
    ports.worker.run = async (request) => {
      ports.calls.run.push(request);
      return { ok: true, outcome: structuredClone(saved) as CachedOutcome };
    };
    const store = memoryStore();
    const actions = createPanelActions(ports, store);
    await actions.ask('answer', { question: QUESTION });
    expect(ports.calls.run[0]!.thread).toBeUndefined();
    expect(last(store).savedId).toBe(9);
    await actions.ask('answer', { question: 'When was it finished?' });
    expect(ports.calls.run[1]!.thread).toBe(9);
    actions.newTopic();
    await actions.ask('answer', { question: 'How tall was it?' });
    expect(ports.calls.run[2]!.thread).toBeUndefined();
  });

  it('verifies the claim waiting for this tab, and does nothing when there is none', async () => {
    const claim = 'The Pharos was designed by Sostratus of Cnidus.';
    const result = await answerFor(claim);
    const waiting = fakePorts(result, { takeClaim: async () => claim });
    const store = memoryStore();
    await createPanelActions(waiting, store).takePendingClaim();
    expect(last(store)).toMatchObject({ question: claim, mode: 'verify', status: 'done' });
    expect(waiting.calls.run[0]).toMatchObject({ mode: 'verify', question: claim });

    const refused = fakePorts(result, { takeClaim: () => Promise.reject(new Error('no')) });
    const quiet = memoryStore();
    await createPanelActions(refused, quiet).takePendingClaim();
    expect(quiet.states).toEqual([]);
  });
});

describe('opening the panel', () => {
  it('starts loading the ranking models before the first question, only when they are on', async () => {
    const warmed: WorkerConfig[] = [];
    const result = await answerFor();
    const withWarm = (settings: typeof DEFAULT_SETTINGS) => {
      const base = fakePorts(result);
      return fakePorts(result, {
        loadSettings: async () => settings,
        worker: { ...base.worker, warm: async (config) => void warmed.push(config) },
      });
    };
    await createPanelActions(withWarm(DEFAULT_SETTINGS), memoryStore()).showTab();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warmed).toHaveLength(1);
    expect(warmed[0]!.retrieval.useModels).toBe(true);
    expect(warmed[0]!.urls.models).toBe('m/');

    const off = {
      ...DEFAULT_SETTINGS,
      retrieval: { ...DEFAULT_SETTINGS.retrieval, useModels: false },
    };
    await createPanelActions(withWarm(off), memoryStore()).showTab();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warmed).toHaveLength(1);
  });

  it('has the page read embedded ahead of the first question, only with the models on', async () => {
    const prepared: Array<{ config: WorkerConfig; url: string }> = [];
    const result = await answerFor();
    const withPrepare = (settings: typeof DEFAULT_SETTINGS) => {
      const base = fakePorts(result);
      return fakePorts(result, {
        loadSettings: async () => settings,
        worker: {
          ...base.worker,
          prepare: async (config, page) => void prepared.push({ config, url: page.url }),
        },
      });
    };
    const ports = withPrepare(DEFAULT_SETTINGS);
    await createPanelActions(ports, memoryStore()).showTab();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.url).toBe((await ports.readPage(1)).url);
    expect(prepared[0]!.config.retrieval.useModels).toBe(true);

    const off = {
      ...DEFAULT_SETTINGS,
      retrieval: { ...DEFAULT_SETTINGS.retrieval, useModels: false },
    };
    await createPanelActions(withPrepare(off), memoryStore()).showTab();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prepared).toHaveLength(1);
  });
});

describe('the greeting', () => {
  it('offers example questions from the page headings and the first-run choices', async () => {
    const ports = fakePorts(await answerFor());
    const store = memoryStore();
    await createPanelActions(ports, store).showTab();
    const greeting = store.get().greeting!;
    expect(greeting.firstRun).toBe(true);
    expect(greeting.shortcut).toBe('Alt+Shift+A');
    expect(greeting.examples.length).toBeGreaterThan(0);
    for (const q of greeting.examples) expect(q).toMatch(/\?$/);
  });

  it('saves the choices and remembers the first run is done', async () => {
    const saved: unknown[] = [];
    const choices: unknown[] = [];
    const ports = fakePorts(await answerFor(), {
      savePrefs: async (p) => void saved.push(p),
      saveChoices: async (c) => (choices.push(c), { note: null }),
    });
    const store = memoryStore();
    const actions = createPanelActions(ports, store);
    await actions.showTab();
    const picked = {
      wikipedia: true,
      wikidata: false,
      composer: { enabled: false, endpoint: '', model: '' },
    };
    await actions.finishOnboarding(picked);
    expect(choices).toEqual([picked]);
    expect(saved).toEqual([{ onboardingDone: true, dismissed: [] }]);
    expect(store.get().greeting?.firstRun).toBe(false);
  });
});
