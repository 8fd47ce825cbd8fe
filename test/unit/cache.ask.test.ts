// askWithCache / askCachedPage (lib/cache/ask-cached.ts) over a real store in fake-indexeddb:
// exact hits, fresh asks, configuration changes, the offline order (similar answer, else the live
// extractive one), page changes, and answering from the saved copy of a page.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { askCachedPage, askWithCache } from '../../lib/ask/cached';
import { openStore } from '../../lib/cache/store';
import { PipelineError } from '../../lib/core/errors';
import { runPipeline } from '../../lib/ask/run';
import type { AskRequest, AskResult, PageSnapshot } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';

const demo = readFixture('demo');
const changed: PageSnapshot = {
  ...demo,
  blocks: [
    ...demo.blocks,
    {
      kind: 'paragraph',
      text: 'A new paragraph was added to the page after it was first read by the extension.',
    },
  ],
};

function setup(online = true) {
  let clock = 1_000_000;
  const store = openStore({ indexedDB: new IDBFactory(), IDBKeyRange, now: () => clock });
  const runs: AskRequest[] = [];
  let composerDown = false;
  const run = async (request: AskRequest): Promise<AskResult> => {
    runs.push(request);
    const result = await runPipeline(request);
    // Stands in for the composer endpoint failing the way an offline machine makes it fail.
    if (composerDown)
      result.answer.fallback = {
        from: 'test-model at http://127.0.0.1:9',
        reason: { code: 'composer-unreachable', message: 'unreachable' },
      };
    return result;
  };
  const deps = { store, run, online: () => online, configKey: 'config-a', now: () => clock };
  return {
    store,
    runs,
    deps,
    tick: (ms: number) => (clock += ms),
    down: () => (composerDown = true),
  };
}

const ask = (
  question: string,
  page = demo,
  extra: Partial<AskRequest & { fresh: boolean; thread: number }> = {},
) => ({ mode: 'answer' as const, question, page, ...extra });

describe('askWithCache', () => {
  it('answers live once, then the same question on the same page version from the cache', async () => {
    const t = setup();
    const first = await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    expect(first.origin).toEqual({ kind: 'live', offline: false });
    expect(first.answerId).toBeTypeOf('number');
    t.tick(3 * 24 * 3600_000);
    const again = await askWithCache(ask('  who designed the Lighthouse  '), t.deps);
    expect(again.origin).toEqual({ kind: 'exact', createdAt: 1_000_000 });
    expect(again.result.answer.text).toBe(first.result.answer.text);
    expect(t.runs).toHaveLength(1);
  });

  it('computes anew when asked fresh, when the settings differ, and when the page changed', async () => {
    const t = setup();
    await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    expect(
      (await askWithCache(ask('Who designed the lighthouse?', demo, { fresh: true }), t.deps))
        .origin.kind,
    ).toBe('live');
    expect(
      (
        await askWithCache(ask('Who designed the lighthouse?'), {
          ...t.deps,
          configKey: 'config-b',
        })
      ).origin.kind,
    ).toBe('live');
    expect(
      (await askWithCache(ask('Who designed the lighthouse?', changed), t.deps)).origin.kind,
    ).toBe('live');
    expect(t.runs).toHaveLength(4);
  });

  it('offline: answers a close question with an earlier answer on this page, and says the page changed', async () => {
    const t = setup();
    const first = await askWithCache(ask('Who designed the Lighthouse of Alexandria?'), t.deps);
    t.down();
    const offline = await askWithCache(
      ask('Who designed the Alexandria lighthouse?', changed),
      t.deps,
    );
    expect(offline.origin).toMatchObject({
      kind: 'similar',
      question: 'Who designed the Lighthouse of Alexandria?',
      samePage: true,
      method: 'lexical',
    });
    expect(offline.answerId).toBe(first.answerId);
    expect(offline.pageChanged).toBe(true);
    expect(offline.result.answer.text).toBe(first.result.answer.text);
    // Re-verifying asks fresh: the degraded live answer, not the saved one.
    const fresh = await askWithCache(
      ask('Who designed the Alexandria lighthouse?', changed, { fresh: true }),
      t.deps,
    );
    expect(fresh.origin).toEqual({ kind: 'live', offline: true });
  });

  it('offline with nothing close: the live extractive answer, marked offline, and degraded answers are never reused', async () => {
    const t = setup(false);
    const live = await askWithCache(ask('When did Ibn Battuta visit Alexandria?'), t.deps);
    expect(live.origin).toEqual({ kind: 'live', offline: true });
    t.down();
    await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    // The fallback answer above was saved for history but is not served as a cached answer.
    const again = await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    expect(again.origin.kind).toBe('live');
  });
});

describe('askWithCache: a thread saved as one record', () => {
  it('saves a follow-up inside its thread’s record, with its own answer and citations', async () => {
    const t = setup();
    const first = await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    t.tick(60_000);
    const history = [
      { question: 'Who designed the lighthouse?', answer: first.result.answer.text },
    ];
    const next = await askWithCache(
      ask('When was it finished?', demo, {
        history,
        thread: first.answerId!,
      }),
      t.deps,
    );
    expect(next.answerId).toBe(first.answerId);
    const saved = await t.store.listAnswers();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.question).toBe('Who designed the lighthouse?');
    const [turn] = saved[0]!.followUps!;
    expect(turn).toMatchObject({
      mode: 'answer',
      question: 'When was it finished?',
      createdAt: 1_060_000,
    });
    expect(turn!.result.answer.text).toBe(next.result.answer.text);
    expect(turn!.result.quotes.length).toBeGreaterThan(0);
  });

  it('a follow-up whose thread is gone (deleted, evicted) is saved as an answer of its own', async () => {
    const t = setup();
    const history = [{ question: 'Who designed the lighthouse?', answer: 'Sostratus [1].' }];
    const followUp = await askWithCache(
      ask('When was it finished?', demo, { history, thread: 424242 }),
      t.deps,
    );
    expect(followUp.origin.kind).toBe('live');
    expect(followUp.answerId).toBeTypeOf('number');
    expect(followUp.answerId).not.toBe(424242);
    const saved = await t.store.listAnswers();
    expect(saved.map((a) => [a.id, a.question, a.followUps])).toEqual([
      [followUp.answerId, 'When was it finished?', undefined],
    ]);
  });
});

describe('askCachedPage', () => {
  it('answers from the saved copy of the page, and says when there is none', async () => {
    const t = setup();
    await askWithCache(ask('Who designed the lighthouse?'), t.deps);
    const outcome = await askCachedPage(
      { mode: 'answer', question: 'When did Ibn Battuta visit Alexandria?', url: demo.url },
      t.deps,
    );
    expect(outcome.origin.kind).toBe('cached-page');
    expect(outcome.result.answer.text).toContain('1326');
    expect(t.runs.at(-1)?.sources).toBe('page');
    await expect(
      askCachedPage(
        { mode: 'answer', question: 'Anything here?', url: 'https://never.example/' },
        t.deps,
      ),
    ).rejects.toEqual(new PipelineError('page-not-cached'));
  });
});
