import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  AnswerPanelDatabase,
  MAX_FOLLOW_UPS,
  SCHEMA_V1,
  SCHEMA_V2,
  ledgerRef,
  recordBytes,
  type AnswerRecord,
  type FollowUpTurn,
  type PageRecord,
} from '../../lib/cache/db';
import {
  isQuotaError,
  openStore,
  pageHash,
  sha256Hex,
  type CacheStoreOptions,
} from '../../lib/cache/store';
import type { Embedder } from '../../lib/pipeline/ports';
import type { AskResult, PageSnapshot, Passage } from '../../lib/pipeline/types';

const DB = 'store-test';
const QUOTA_SENTENCE =
  'Storage is full: new answers are not being saved. Free space or raise the budget in Settings.';

function snapshot(url: string, text: string, title = `Title of ${url}`): PageSnapshot {
  return {
    url,
    title,
    blocks: [{ kind: 'paragraph', text }],
    textLength: text.length,
    extractor: 'readability',
    truncated: false,
  };
}

function passages(text: string): Passage[] {
  return [
    {
      id: 'b0.0',
      text,
      tokens: text.split(' ').length,
      blockIndex: 0,
      kind: 'paragraph',
      start: 0,
      end: text.length,
    },
  ];
}

function result(question: string): AskResult {
  return {
    mode: 'answer',
    question,
    answer: {
      text: `About ${question}`,
      sentences: [],
      cited: [],
      droppedCitations: 0,
      composer: 'extractive',
      answered: true,
      checks: [],
    },
    quotes: [],
    timings: {},
    passageCount: 1,
    page: { url: 'https://a.test/', title: 'A', extractor: 'readability', truncated: false },
    retrieval: {
      path: 'keyword',
      notes: [],
      models: {},
      sources: [],
      webSearched: false,
      counts: { candidates: 0, firstStage: 0, filtered: 0, deduplicated: 0, quotes: 0 },
    },
  } as AskResult;
}

function answer(
  question: string,
  createdAt: number,
  over: Partial<AnswerRecord> = {},
): Omit<AnswerRecord, 'id'> {
  return {
    mode: 'answer',
    question,
    questionKey: question.toLowerCase(),
    pageUrl: 'https://a.test/',
    pageHash: 'h1',
    pageTitle: 'Page A',
    result: result(question),
    createdAt,
    ...over,
  };
}

/** A fresh fake IndexedDB, a clock the test moves, and a raw connection to inspect the database. */
function setup(extra: Partial<CacheStoreOptions> = {}) {
  const indexedDB = new IDBFactory();
  const clock = { t: 1_000 };
  const options: CacheStoreOptions = {
    indexedDB,
    IDBKeyRange,
    name: DB,
    now: () => clock.t,
    ...extra,
  };
  const store = openStore(options);
  const raw = () => new AnswerPanelDatabase({ indexedDB, IDBKeyRange, name: DB });
  return { indexedDB, clock, store, raw, options };
}

/** Ledger and tables agree, and usage is the ledger's sum. */
async function checkAccounting(
  db: AnswerPanelDatabase,
): Promise<{ refs: string[]; usage: number }> {
  const ledger = await db.ledger.toArray();
  const records: string[] = [];
  for (const table of ['pages', 'embeddings', 'search', 'sparql', 'answers'] as const) {
    for (const key of await db.table(table).toCollection().primaryKeys())
      records.push(ledgerRef(table, key as string | number));
  }
  expect(ledger.map((row) => row.ref).sort()).toEqual(records.sort());
  const usage = (await db.meta.get('usage'))?.bytes ?? 0;
  expect(usage).toBe(ledger.reduce((sum, row) => sum + row.bytes, 0));
  return { refs: records, usage };
}

function fakeEmbedder(modelId = 'mini') {
  const calls: string[][] = [];
  const embedder: Embedder = {
    modelId,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text) => new Float32Array([text.length, text.charCodeAt(0)]));
    },
  };
  return { embedder, calls };
}

describe('pageHash', () => {
  it('is SHA-256 hex of title and block text, and changes when a block boundary moves', async () => {
    const page = snapshot('https://a.test/', 'x');
    expect(await pageHash(page)).toBe(await sha256Hex('Title of https://a.test/\u0000x'));
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const ab = {
      title: 't',
      blocks: [
        { kind: 'paragraph' as const, text: 'a' },
        { kind: 'paragraph' as const, text: 'b' },
      ],
    };
    const a_b = { title: 't', blocks: [{ kind: 'paragraph' as const, text: 'ab' }] };
    expect(await pageHash(ab)).not.toBe(await pageHash(a_b));
  });
});

describe('isQuotaError', () => {
  const quota = new DOMException('full', 'QuotaExceededError');
  const nestedInner = new Dexie.AbortError(
    'Transaction aborted',
    new Dexie.AbortError('Transaction aborted', quota),
  );
  const cyclic: { name: string; inner?: unknown } = { name: 'AbortError' };
  cyclic.inner = cyclic;
  const cases: Array<[string, unknown, boolean]> = [
    ['DOMException QuotaExceededError', quota, true],
    ['Dexie.QuotaExceededError', new Dexie.QuotaExceededError('full'), true],
    ['Dexie.AbortError with inner', new Dexie.AbortError('Transaction aborted', quota), true],
    [
      'DOMException AbortError-like with inner',
      Object.assign(new DOMException('aborted', 'AbortError'), { inner: quota }),
      true,
    ],
    ['nested AbortError', nestedInner, true],
    ['plain object wrapper', { name: 'AbortError', inner: { name: 'QuotaExceededError' } }, true],
    ['Error cause', new Error('write failed', { cause: quota }), true],
    [
      'BulkError failures',
      { name: 'BulkError', failures: [new Dexie.ConstraintError('dup'), quota] },
      true,
    ],
    ['old Firefox name', { name: 'NS_ERROR_DOM_QUOTA_REACHED' }, true],
    ['AbortError without inner', new Dexie.AbortError('Transaction aborted'), false],
    [
      'AbortError with a constraint inner',
      new Dexie.AbortError('x', new DOMException('dup', 'ConstraintError')),
      false,
    ],
    ['other DOMException', new DOMException('x', 'DataCloneError'), false],
    ['cyclic wrapper', cyclic, false],
    ['string', 'QuotaExceededError', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ];
  it.each(
    cases.map(([label, error, expected]) => [`${label} → ${expected}`, error, expected] as const),
  )('%s', (_label, error, expected) => {
    expect(isQuotaError(error)).toBe(expected);
  });
});

describe('openStore: schema upgrade from version 1 with data', () => {
  it('gives version-1 pages and answers ledger rows, serves them, and evicts them later', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie(DB, { indexedDB, IDBKeyRange });
    v1.version(1).stores(SCHEMA_V1);
    const pageA = snapshot('https://a.test/', 'alpha text');
    const pageB = snapshot('https://b.test/', 'beta text');
    const hashA = await pageHash(pageA);
    const hashB = await pageHash(pageB);
    await v1.table('pages').bulkAdd([
      {
        key: `${pageA.url}\u0000${hashA}`,
        url: pageA.url,
        hash: hashA,
        title: pageA.title,
        snapshot: pageA,
        passages: passages('alpha text'),
        fetchedAt: 10,
      },
      {
        key: `${pageB.url}\u0000${hashB}`,
        url: pageB.url,
        hash: hashB,
        title: pageB.title,
        snapshot: pageB,
        passages: passages('beta text'),
        fetchedAt: 20,
      },
    ]);
    const ids = (await v1
      .table('answers')
      .bulkAdd(
        [answer('one', 11), answer('two', 12), answer('three', 13, { pageUrl: pageB.url })],
        { allKeys: true },
      )) as number[];
    v1.close();

    const clock = { t: 1_000 };
    const store = openStore({ indexedDB, IDBKeyRange, name: DB, now: () => clock.t });
    expect((await store.getPage(pageA.url))?.snapshot.blocks[0]?.text).toBe('alpha text');
    expect((await store.getPage(pageB.url, hashB))?.fetchedAt).toBe(20);
    expect((await store.getAnswer(ids[1]!))?.question).toBe('two');
    expect((await store.listAnswers()).map((a) => a.question)).toEqual(['three', 'two', 'one']);
    expect(store.status()).toEqual({ caching: true, skippedCorrupt: 0 });

    const raw = new AnswerPanelDatabase({ indexedDB, IDBKeyRange, name: DB });
    const ledger = await raw.ledger.toArray();
    expect(ledger).toHaveLength(5);
    const stored = [...(await raw.pages.toArray()), ...(await raw.answers.toArray())];
    const sum = stored.reduce((total, record) => total + recordBytes(record), 0);
    expect(await store.usage()).toBe(sum);
    await checkAccounting(raw);

    // Version-1 records were last used when they were made (t ≤ 20), long before anything new:
    // a budget that holds only new writes evicts all five.
    clock.t = 2_000;
    const fresh = snapshot('https://c.test/', 'gamma '.repeat(50));
    await store.putPage(fresh, passages('gamma'));
    const freshBytes = (await raw.ledger.get(
      ledgerRef('pages', `${fresh.url}\u0000${await pageHash(fresh)}`),
    ))!.bytes;
    // Eviction stops at 90% of the budget: set it so that 90% just holds the new page.
    await store.setBudget(Math.ceil(freshBytes / 0.9) + 10);
    expect(await store.getPage(pageA.url)).toBeNull();
    expect(await store.listAnswers()).toEqual([]);
    expect((await store.getPage(fresh.url))?.url).toBe(fresh.url);
    const { refs } = await checkAccounting(raw);
    expect(refs).toHaveLength(1);
    raw.close();
    store.close();
  });
});

describe('openStore: byte budget', () => {
  it('evicts the least recently used records first; a touched one survives', async () => {
    const { clock, store, raw } = setup();
    const page = (n: number) => snapshot(`https://p${n}.test/`, `page ${n} `.repeat(40));
    await store.putPage(page(1), passages('one'));
    const size = await store.usage();
    expect(size).toBeGreaterThan(300);
    // Room for 3.5 pages: the fourth write goes over and evicts down to 90% (3.15 pages).
    await store.setBudget(Math.floor(size * 3.5));
    clock.t += 1;
    await store.putPage(page(2), passages('two'));
    clock.t += 1;
    await store.putPage(page(3), passages('three'));
    clock.t += 1;
    expect(await store.getPage(page(1).url)).not.toBeNull(); // touch page 1: now newer than 2 and 3
    clock.t += 1;
    await store.putPage(page(4), passages('four'));
    expect(await store.getPage(page(2).url)).toBeNull();
    for (const n of [1, 3, 4]) expect(await store.getPage(page(n).url)).not.toBeNull();
    // Those reads touched 1, 3 and 4 in that order: next to go is 1.
    clock.t += 1;
    const id = await store.putAnswer(answer('a question '.repeat(30), clock.t));
    expect(id).not.toBeNull();
    expect(await store.getPage(page(1).url)).toBeNull();
    expect(await store.getAnswer(id!)).not.toBeNull();

    const db = raw();
    const { usage } = await checkAccounting(db);
    expect(usage).toBeLessThanOrEqual(Math.floor(size * 3.5));
    expect(await store.usage()).toBe(usage);
    db.close();
    store.close();
  });

  it('accounts replacements, deletions and clearAll', async () => {
    const { store, raw } = setup();
    const page = snapshot('https://a.test/', 'same text');
    await store.putPage(page, passages('short'));
    const first = await store.usage();
    await store.putPage(page, passages('a much longer passage list '.repeat(10)));
    const second = await store.usage();
    const record = (await store.getPage(page.url))!;
    expect(second).toBe(recordBytes(record)); // replaced, not added
    const id = (await store.putAnswer(answer('q', 5)))!;
    expect(await store.usage()).toBeGreaterThan(second);
    expect(await store.deleteAnswer(id)).toBe(true);
    expect(await store.deleteAnswer(id)).toBe(false);
    expect(await store.usage()).toBe(second);
    await store.putAnswer(answer('q1', 6));
    await store.putAnswer(answer('q2', 7));
    expect(await store.deleteAllAnswers()).toBe(2);
    expect(await store.usage()).toBe(second);
    expect(first).toBeLessThan(second);
    const db = raw();
    await checkAccounting(db);
    await store.clearAll();
    expect(await store.usage()).toBe(0);
    expect(await db.ledger.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(await store.getPage(page.url)).toBeNull();
    db.close();
    store.close();
  });

  it('skips a record larger than what eviction keeps, without evicting the rest', async () => {
    const { store } = setup({ budgetBytes: 2_000 });
    const small = (await store.putAnswer(answer('small', 1)))!;
    expect(await store.putPage(snapshot('https://big.test/', 'x'.repeat(5_000)), [])).toBeNull();
    expect(await store.getAnswer(small)).not.toBeNull();
    expect(store.status().caching).toBe(true);
    store.close();
  });
});

describe('openStore: QuotaExceededError', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const shapes: Array<[string, () => unknown]> = [
    ['DOMException', quota],
    ['Dexie.QuotaExceededError', () => new Dexie.QuotaExceededError('full', quota())],
    ['Dexie.AbortError with inner', () => new Dexie.AbortError('Transaction aborted', quota())],
    [
      'nested AbortError.inner',
      () =>
        new Dexie.AbortError(
          'Transaction aborted',
          new Dexie.AbortError('Transaction aborted', quota()),
        ),
    ],
  ];

  async function withPages(extra: Partial<CacheStoreOptions>) {
    const ctx = setup(extra);
    for (let n = 0; n < 4; n++) {
      ctx.clock.t += 1;
      await ctx.store.putPage(snapshot(`https://p${n}.test/`, `page ${n} `.repeat(20)), []);
    }
    return ctx;
  }

  it.each(shapes)(
    '%s on the first attempt: evicts, retries once, succeeds',
    async (_label, make) => {
      let calls = 0;
      let failNext = false;
      const { store, clock, raw } = await withPages({
        faults: {
          beforeWrite() {
            calls += 1;
            if (failNext) {
              failNext = false;
              throw make();
            }
          },
        },
      });
      const before = await store.usage();
      calls = 0;
      failNext = true;
      clock.t += 1;
      const id = await store.putAnswer(answer('saved anyway', clock.t));
      expect(id).not.toBeNull();
      expect(calls).toBe(2);
      expect(await store.getAnswer(id!)).not.toBeNull();
      // Evicted to half of the usage before: the two oldest pages went.
      expect(await store.getPage('https://p0.test/')).toBeNull();
      expect(await store.getPage('https://p1.test/')).toBeNull();
      expect(await store.getPage('https://p3.test/')).not.toBeNull();
      expect(store.status()).toEqual({ caching: true, skippedCorrupt: 0 });
      const db = raw();
      const { usage } = await checkAccounting(db);
      expect(usage).toBeLessThan(before);
      db.close();
      store.close();
    },
  );

  it.each(shapes)(
    '%s on both attempts: caching off with the reason; writes skip IndexedDB, reads work',
    async (_label, make) => {
      let calls = 0;
      let failing = false;
      const { store, clock } = await withPages({
        faults: {
          beforeWrite() {
            calls += 1;
            if (failing) throw make();
          },
        },
      });
      calls = 0;
      failing = true;
      expect(await store.putAnswer(answer('lost', clock.t))).toBeNull();
      expect(calls).toBe(2);
      expect(store.status()).toEqual({
        caching: false,
        code: 'quota',
        reason: QUOTA_SENTENCE,
        skippedCorrupt: 0,
      });
      expect(await store.putPage(snapshot('https://new.test/', 'new'), [])).toBeNull();
      await store.cachePort<number>('search', 1_000).set('k', 1);
      const { embedder, calls: embedCalls } = fakeEmbedder();
      expect(await store.cachedEmbedder(embedder).embed(['x'])).toHaveLength(1);
      expect(embedCalls).toEqual([['x']]);
      expect(calls).toBe(2); // nothing after the switch reached a transaction
      expect(await store.getPage('https://p3.test/')).not.toBeNull();
      expect(await store.listAnswers()).toEqual([]);
      store.close();
    },
  );

  it('does not retry or turn caching off for other write errors', async () => {
    let calls = 0;
    const { store } = setup({
      faults: {
        beforeWrite() {
          calls += 1;
          throw new Dexie.AbortError(
            'Transaction aborted',
            new DOMException('x', 'ConstraintError'),
          );
        },
      },
    });
    expect(await store.putAnswer(answer('q', 1))).toBeNull();
    expect(calls).toBe(1);
    expect(store.status().caching).toBe(true);
    store.close();
  });
});

describe('openStore: hits and misses', () => {
  it('finds pages by URL and hash, the latest without a hash', async () => {
    const { store, clock } = setup();
    const v1 = snapshot('https://a.test/', 'first version');
    const v2 = snapshot('https://a.test/', 'second version');
    const saved = await store.putPage(v1, passages('first version'));
    expect(saved?.hash).toBe(await pageHash(v1));
    expect(saved?.key).toBe(`https://a.test/\u0000${saved?.hash}`);
    clock.t += 10;
    await store.putPage(v2, passages('second version'));
    expect((await store.getPage('https://a.test/'))?.snapshot.blocks[0]?.text).toBe(
      'second version',
    );
    expect((await store.getPage('https://a.test/', await pageHash(v1)))?.passages[0]?.text).toBe(
      'first version',
    );
    expect(await store.getPage('https://a.test/', 'no-such-hash')).toBeNull();
    expect(await store.getPage('https://other.test/')).toBeNull();
    store.close();
  });

  it('answers: exact lookup, listing with search and paging, lookup records with vectors', async () => {
    const { store } = setup();
    const vector = new Float32Array([0.6, 0.8]);
    const older = (await store.putAnswer(answer('Who built it?', 100, { pageHash: 'h1' })))!;
    const newer = (await store.putAnswer(
      answer('Who built it?', 200, { pageHash: 'h1', questionVector: { modelId: 'mini', vector } }),
    ))!;
    await store.putAnswer(answer('Who built it?', 300, { pageHash: 'h2' }));
    await store.putAnswer(answer('Who built it?', 400, { mode: 'verify' }));
    await store.putAnswer(
      answer('When was it?', 500, { pageUrl: 'https://b.test/', pageTitle: 'The Lighthouse' }),
    );

    expect((await store.findExact('answer', 'who built it?', 'https://a.test/', 'h1'))?.id).toBe(
      newer,
    );
    expect(await store.findExact('answer', 'who built it?', 'https://b.test/', 'h1')).toBeNull();
    expect(await store.findExact('answer', 'unknown', 'https://a.test/', 'h1')).toBeNull();

    expect((await store.listAnswers()).map((a) => a.createdAt)).toEqual([500, 400, 300, 200, 100]);
    expect((await store.listAnswers({ query: 'LIGHTHOUSE' })).map((a) => a.createdAt)).toEqual([
      500,
    ]);
    expect((await store.listAnswers({ query: 'b.test' })).map((a) => a.createdAt)).toEqual([500]);
    expect(
      (await store.listAnswers({ query: 'who', offset: 1, limit: 2 })).map((a) => a.createdAt),
    ).toEqual([300, 200]);

    const lookup = await store.answersForLookup({ pageUrl: 'https://a.test/', limit: 3 });
    expect(lookup.map((a) => a.createdAt)).toEqual([400, 300, 200]);
    expect(lookup[2]?.questionVector?.vector).toEqual(vector);
    expect((await store.answersForLookup({ limit: 1 })).map((a) => a.createdAt)).toEqual([500]);
    expect((await store.getAnswer(older))?.createdAt).toBe(100);
    store.close();
  });

  it('touchAnswer makes an old answer outlive newer ones', async () => {
    const { store, clock } = setup();
    const first = (await store.putAnswer(answer('first '.repeat(20), 1)))!;
    const size = await store.usage();
    await store.setBudget(Math.floor(size * 2.5));
    clock.t += 1;
    const second = (await store.putAnswer(answer('second '.repeat(17), 2)))!;
    clock.t += 1;
    await store.touchAnswer(first);
    clock.t += 1;
    await store.putAnswer(answer('third '.repeat(20), 3));
    expect(await store.getAnswer(second)).toBeNull();
    expect(await store.getAnswer(first)).not.toBeNull();
    store.close();
  });

  it('cachePort: values until their TTL, then a miss that deletes the row', async () => {
    const { store, clock, raw } = setup();
    const search = store.cachePort<{ hits: string[] }>('search', 1_000);
    const sparql = store.cachePort<string>('sparql', 50);
    await search.set('q', { hits: ['a', 'b'] });
    await sparql.set('q', 'rows');
    expect(await search.get('q')).toEqual({ hits: ['a', 'b'] });
    expect(await sparql.get('q')).toBe('rows');
    expect(await search.get('missing')).toBeUndefined();
    clock.t += 50;
    expect(await sparql.get('q')).toBeUndefined();
    expect(await search.get('q')).toEqual({ hits: ['a', 'b'] });
    const db = raw();
    expect(await db.sparql.count()).toBe(0);
    const { refs } = await checkAccounting(db);
    expect(refs).toEqual(['search:q']);
    db.close();
    store.close();
  });

  it('cachedEmbedder: embeds only the misses, in one call, in order; falls back on a closed database', async () => {
    const { store } = setup();
    const { embedder, calls } = fakeEmbedder('mini');
    const cached = store.cachedEmbedder(embedder);
    expect(cached.modelId).toBe('mini');
    const first = await cached.embed(['alpha', 'be', 'alpha']);
    expect(calls).toEqual([['alpha', 'be']]);
    expect(first.map((v) => Array.from(v))).toEqual([
      [5, 97],
      [2, 98],
      [5, 97],
    ]);
    const second = await cached.embed(['be', 'gamma', 'alpha']);
    expect(calls).toEqual([['alpha', 'be'], ['gamma']]);
    expect(second.map((v) => Array.from(v))).toEqual([
      [2, 98],
      [5, 103],
      [5, 97],
    ]);
    await cached.embed(['gamma', 'be']);
    expect(calls).toHaveLength(2);
    // Another model's vectors are other keys.
    const other = fakeEmbedder('other');
    await store.cachedEmbedder(other.embedder).embed(['alpha']);
    expect(other.calls).toEqual([['alpha']]);

    store.close();
    const after = await cached.embed(['alpha', 'delta']);
    expect(calls.at(-1)).toEqual(['alpha', 'delta']);
    expect(after.map((v) => Array.from(v))).toEqual([
      [5, 97],
      [5, 100],
    ]);
  });

  it('cachedEmbedder.cached: the saved vectors only, embedding nothing; none on a closed database', async () => {
    const { store } = setup();
    const { embedder, calls } = fakeEmbedder('mini');
    const cached = store.cachedEmbedder(embedder);
    await cached.embed(['alpha', 'gamma']);
    const peek = await cached.cached!(['alpha', 'be', 'gamma']);
    expect(peek.map((v) => (v ? Array.from(v) : null))).toEqual([[5, 97], null, [5, 103]]);
    expect(calls).toEqual([['alpha', 'gamma']]);
    // Another model's vectors are not this one's.
    expect(await store.cachedEmbedder(fakeEmbedder('other').embedder).cached!(['alpha'])).toEqual([
      undefined,
    ]);
    store.close();
    expect(await cached.cached!(['alpha'])).toEqual([undefined]);
    expect(calls).toHaveLength(1);
  });

  it('estimate and persist use navigator.storage when given, false without it', async () => {
    const asked: string[] = [];
    const { store } = setup({
      storage: {
        estimate: async () => (asked.push('estimate'), { usage: 10, quota: 5_000 }),
        persist: async () => (asked.push('persist'), true),
      },
      budgetBytes: 4_000,
    });
    await store.putAnswer(answer('q', 1));
    const estimate = await store.estimate();
    expect(estimate).toEqual({ usage: await store.usage(), budget: 4_000, quota: 5_000 });
    expect(estimate.usage).toBeGreaterThan(0);
    expect(await store.persist()).toBe(true);
    expect(asked).toEqual(['estimate', 'persist']);
    store.close();
    const bare = setup().store;
    expect(await bare.persist()).toBe(false);
    expect((await bare.estimate()).quota).toBeUndefined();
    bare.close();
  });
});

describe('openStore: corrupt and foreign data', () => {
  it('skips, deletes and counts records of the wrong shape', async () => {
    const { store, raw, clock } = setup();
    const good = (await store.putAnswer(answer('good', 10)))!;
    await store.putPage(snapshot('https://ok.test/', 'fine'), []);
    await store.cachePort<number>('search', 1_000).set('fine', 1);
    const db = raw();
    // Written by "other code": no result, no blocks, a vector that is not a Float32Array, a
    // cache row with no expiry, an answer with a broken question vector (kept, vector dropped).
    const { result: _dropped, ...noResult } = answer('no result', 20) as AnswerRecord;
    const badAnswer = (await db.answers.add(noResult as AnswerRecord)) as number;
    const badAnswer2 = (await db.answers.add({
      ...answer('who built it?', 30),
      result: 'text',
    } as unknown as AnswerRecord)) as number;
    const badVector = (await db.answers.add({
      ...answer('vector', 5),
      questionVector: { modelId: 'mini', vector: [1, 2] },
    } as unknown as AnswerRecord)) as number;
    await db.pages.add({
      key: 'https://bad.test/\u0000h',
      url: 'https://bad.test/',
      hash: 'h',
      title: 'x',
      snapshot: { url: 'https://bad.test/' },
      passages: [],
      fetchedAt: 5,
    } as unknown as PageRecord);
    await db.ledger.put({
      ref: ledgerRef('pages', 'https://bad.test/\u0000h'),
      table: 'pages',
      key: 'https://bad.test/\u0000h',
      bytes: 77,
      lastUsed: 5,
    });
    const usageBefore = (await store.usage()) + 77;
    await db.meta.put({ key: 'usage', bytes: usageBefore });
    await db.search.put({
      key: 'broken',
      value: 1,
      storedAt: 0,
      expiresAt: 'never',
    } as unknown as never);
    const modelKey = `mini\u0000${await sha256Hex('alpha')}`;
    await db.embeddings.put({
      key: modelKey,
      modelId: 'mini',
      vector: [1, 2, 3],
    } as unknown as never);

    const listed = await store.listAnswers();
    expect(listed.map((a) => a.id)).toEqual([good, badVector]);
    expect(listed[1]?.questionVector).toBeUndefined();
    expect(await store.getAnswer(badAnswer)).toBeNull();
    expect(await store.findExact('answer', 'who built it?', 'https://a.test/', 'h1')).toBeNull();
    expect(await store.getPage('https://bad.test/')).toBeNull();
    expect(await store.getPage('https://bad.test/', 'h')).toBeNull();
    expect(await store.cachePort<number>('search', 1_000).get('broken')).toBeUndefined();
    const { embedder, calls } = fakeEmbedder('mini');
    expect(Array.from((await store.cachedEmbedder(embedder).embed(['alpha']))[0]!)).toEqual([
      5, 97,
    ]);
    expect(calls).toEqual([['alpha']]);
    // Two answers (the listing met one, findExact the other), the page, the cache row, the embedding.
    expect(store.status()).toEqual({ caching: true, skippedCorrupt: 5 });
    expect(await db.answers.get(badAnswer)).toBeUndefined();
    expect(await db.answers.get(badAnswer2)).toBeUndefined();
    expect(await db.pages.get('https://bad.test/\u0000h')).toBeUndefined();
    expect(await db.search.get('broken')).toBeUndefined();
    expect((await db.embeddings.get(modelKey))?.vector).toBeInstanceOf(Float32Array); // replaced by a good one
    // The bad page's 77 bytes came off usage with its ledger row (the others had none).
    expect(await db.ledger.get(ledgerRef('pages', 'https://bad.test/\u0000h'))).toBeUndefined();
    const goodEmbedding = (await db.ledger.get(ledgerRef('embeddings', modelKey)))!.bytes;
    expect(await store.usage()).toBe(usageBefore - 77 + goodEmbedding);
    clock.t += 1;
    expect(await store.getAnswer(good)).not.toBeNull();
    db.close();
    store.close();
  });

  it.each([
    ['via indexedDB.databases()', false],
    ['after opening, where databases() is missing', true],
  ])(
    'a database at a newer version (%s): caching off, everything empty, nothing thrown, nothing changed',
    async (_label, hideDatabases) => {
      const indexedDB = new IDBFactory();
      const future = new Dexie(DB, { indexedDB, IDBKeyRange });
      future.version(3).stores({ ...SCHEMA_V2, pages: 'key, url, fetchedAt, title', extra: 'id' });
      await future.table('answers').add(answer('from the future', 1));
      future.close();
      if (hideDatabases) Object.defineProperty(indexedDB, 'databases', { value: undefined });

      const store = openStore({ indexedDB, IDBKeyRange, name: DB });
      expect(await store.listAnswers()).toEqual([]);
      expect(store.status()).toMatchObject({
        caching: false,
        code: 'newer-version',
        reason: expect.stringContaining('newer version'),
      });
      expect(await store.putAnswer(answer('now', 2))).toBeNull();
      expect(await store.putPage(snapshot('https://a.test/', 'x'), [])).toBeNull();
      expect(await store.getPage('https://a.test/')).toBeNull();
      expect(await store.findExact('answer', 'now', 'https://a.test/', 'h1')).toBeNull();
      expect(await store.answersForLookup()).toEqual([]);
      expect(await store.usage()).toBe(0);
      expect(await store.deleteAllAnswers()).toBe(0);
      await store.clearAll();
      const { embedder, calls } = fakeEmbedder();
      await store.cachedEmbedder(embedder).embed(['a']);
      expect(calls).toEqual([['a']]);
      expect(await store.cachePort('sparql', 10).get('k')).toBeUndefined();
      store.close();

      const check = new Dexie(DB, { indexedDB, IDBKeyRange });
      await check.open();
      expect(check.verno).toBe(3);
      expect(await check.table('answers').count()).toBe(1);
      check.close();
    },
  );

  it('a database that fails to open: caching off, everything empty', async () => {
    const indexedDB = new IDBFactory();
    indexedDB.open = () => {
      throw new DOMException('broken profile', 'UnknownError');
    };
    const store = openStore({ indexedDB, IDBKeyRange, name: DB });
    expect(await store.getAnswer(1)).toBeNull();
    expect(await store.putAnswer(answer('q', 1))).toBeNull();
    expect(store.status()).toMatchObject({ caching: false, code: 'open-failed' });
  });

  it.skipIf(globalThis.IDBKeyRange !== undefined)(
    'an injected factory without IDBKeyRange (Node): caching off at open, not silent misses',
    async () => {
      const store = openStore({ indexedDB: new IDBFactory(), name: DB });
      expect(await store.listAnswers()).toEqual([]);
      expect(store.status()).toMatchObject({ caching: false, code: 'open-failed' });
    },
  );
});

describe('openStore: importing answers', () => {
  it('skips an answer that is already saved, so importing a file twice adds nothing', async () => {
    const { store } = setup();
    const old = answer('Who designed it?', 500);
    expect(typeof (await store.importAnswer(old))).toBe('number');
    expect(await store.importAnswer(structuredClone(old))).toBe('duplicate');
    expect(await store.importAnswer(answer('Who designed it?', 600))).not.toBe('duplicate');
    expect(await store.listAnswers()).toHaveLength(2);
  });

  it("evicts imported old answers before the user's own recent ones", async () => {
    const { store, clock } = setup();
    clock.t = 10_000_000;
    const mine = await store.putAnswer(answer('My own question about the harbour?', clock.t));
    const size = await store.usage();
    await store.setBudget(size * 10);
    for (let i = 0; i < 30; i++)
      await store.importAnswer(answer(`Imported question number ${i}?`, 1_000 + i));
    const kept = await store.listAnswers();
    expect(kept.some((a) => a.id === mine)).toBe(true);
    expect(kept.length).toBeLessThan(31);
    store.close();
  });
});

describe('openStore: threads (a question and its follow-ups as one record)', () => {
  const turn = (question: string, createdAt: number): FollowUpTurn => ({
    mode: 'answer',
    question,
    questionKey: question.toLowerCase(),
    pageHash: 'h1',
    result: result(question),
    createdAt,
  });

  it('adds follow-ups to the first turn’s record in order: one entry, found by any of its questions', async () => {
    const { store, raw } = setup();
    const id = (await store.putAnswer(answer('Who built the lighthouse?', 10)))!;
    expect(await store.appendFollowUp(id, turn('And when?', 20))).toBe(true);
    expect(await store.appendFollowUp(id, turn('How tall was it?', 30))).toBe(true);
    const listed = await store.listAnswers();
    expect(listed).toHaveLength(1);
    expect(listed[0]!.followUps!.map((t) => t.question)).toEqual(['And when?', 'How tall was it?']);
    expect((await store.listAnswers({ query: 'how tall' })).map((a) => a.id)).toEqual([id]);
    // The ledger counts the grown record once, at its new size.
    await checkAccounting(raw());
    store.close();
  });

  it('refuses a follow-up for an answer that is gone, or a thread that is full', async () => {
    const { store } = setup();
    expect(await store.appendFollowUp(999, turn('And when?', 20))).toBe(false);
    const full = Array.from({ length: MAX_FOLLOW_UPS }, (_, i) => turn(`Question ${i}?`, 20 + i));
    const id = (await store.putAnswer(answer('Who built it?', 10, { followUps: full })))!;
    expect(await store.appendFollowUp(id, turn('One more?', 100))).toBe(false);
    expect((await store.getAnswer(id))!.followUps).toHaveLength(MAX_FOLLOW_UPS);
    store.close();
  });

  it('reads single answers written before threads existed (version 2, no followUps) and extends them', async () => {
    const indexedDB = new IDBFactory();
    const v2 = new Dexie(DB, { indexedDB, IDBKeyRange });
    v2.version(1).stores(SCHEMA_V1);
    v2.version(2).stores(SCHEMA_V2);
    const [oldId] = (await v2
      .table('answers')
      .bulkAdd([answer('Who built the lighthouse?', 10)], { allKeys: true })) as number[];
    v2.close();
    const store = openStore({ indexedDB, IDBKeyRange, name: DB });
    const old = await store.getAnswer(oldId!);
    expect(old?.question).toBe('Who built the lighthouse?');
    expect(old?.followUps).toBeUndefined();
    expect(await store.appendFollowUp(oldId!, turn('And when?', 20))).toBe(true);
    expect((await store.getAnswer(oldId!))!.followUps!.map((t) => t.question)).toEqual([
      'And when?',
    ]);
    expect(store.status().skippedCorrupt).toBe(0);
    store.close();
  });

  it('drops a record whose follow-up is not a turn, like any corrupt row', async () => {
    const { store, raw } = setup();
    const database = raw();
    await database.answers.add({
      ...answer('Who built it?', 10),
      followUps: [{ question: 'And when?' }],
    } as unknown as AnswerRecord);
    expect(await store.listAnswers()).toEqual([]);
    expect(store.status().skippedCorrupt).toBe(1);
    database.close();
    store.close();
  });

  it('imports a thread once; a later export of it with more follow-ups extends the saved one', async () => {
    const { store } = setup();
    const thread = answer('Who built it?', 10, { followUps: [turn('And when?', 20)] });
    const id = await store.importAnswer(thread);
    expect(typeof id).toBe('number');
    expect(await store.importAnswer(structuredClone(thread))).toBe('duplicate');
    const longer = { ...thread, followUps: [turn('And when?', 20), turn('Where?', 30)] };
    expect(await store.importAnswer(longer)).toBe(id);
    expect(await store.importAnswer(structuredClone(longer))).toBe('duplicate');
    // A shorter copy never removes turns.
    expect(await store.importAnswer(thread)).toBe('duplicate');
    const listed = await store.listAnswers();
    expect(listed).toHaveLength(1);
    expect(listed[0]!.followUps!.map((t) => t.question)).toEqual(['And when?', 'Where?']);
    store.close();
  });
});
