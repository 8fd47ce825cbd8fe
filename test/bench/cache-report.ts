// RESULTS.md section for the cache bench (test/bench/cache.ts); results.ts lists it among its
// sections. Imports nothing at runtime from results.ts (cache.ts imports results.ts).

import type { Figure } from './results';
import { fmt, ratio, table, type Get } from './markdown';

const kib = (v: Figure | undefined) =>
  typeof v === 'number' ? `${(v / 1024).toFixed(1)} KiB` : '—';
const mib = (v: Figure | undefined) =>
  typeof v === 'number' ? `${(v / 2 ** 20).toFixed(1)} MiB` : '—';

const VARIANTS = [
  ['full', 'Models + composer'],
  ['keyword', 'Keyword path, extractive'],
] as const;

export function renderCacheSection(get: Get): string {
  const goal = get('cache.speedupGoal');
  const repeatRows = VARIANTS.filter(([v]) => get(`cache.repeat.${v}.coldMs`) !== undefined).map(
    ([v, name]) => {
      const k = (m: string) => get(`cache.repeat.${v}.${m}`);
      return [
        name,
        `${fmt(k('path'))} / ${fmt(k('composer'))}`,
        `**${fmt(k('coldMs'), 1)}**`,
        `${fmt(k('minColdMs'), 0)}–${fmt(k('maxColdMs'), 0)}`,
        `${fmt(k('rankMs'), 1)} / ${fmt(k('composeMs'), 1)} / ${fmt(k('checkMs'), 1)}`,
        `**${fmt(k('repeatMs'), 3)}**`,
        `${fmt(k('minRepeatMs'), 3)}–${fmt(k('maxRepeatMs'), 3)}`,
        `${fmt(k('repeat.pageHashMs'), 3)} / ${fmt(k('repeat.findExactMs'), 3)} / ${fmt(k('repeat.touchAnswerMs'), 3)}`,
        `**${ratio(get(v === 'full' ? 'cache.repeatSpeedup' : 'cache.repeatSpeedup.keyword'))}**`,
      ];
    },
  );

  const records = get('cache.lookup.records');
  const similar = (kind: string, name: string): string[] | null =>
    get(`cache.lookup.similar.${kind}.findSimilarMs`) === undefined
      ? null
      : [
          name,
          fmt(get(`cache.lookup.similar.${kind}.findSimilarMs`), 2),
          fmt(get(`cache.lookup.similar.${kind}.totalMs`), 2),
          get(`cache.lookup.similar.${kind}.matched`) === true ? 'yes' : 'no',
        ];
  const lookupRows = [
    ['`findExact`, hit', fmt(get('cache.lookup.findExactHitMs'), 3), '—', '—'],
    ['`findExact`, miss', fmt(get('cache.lookup.findExactMissMs'), 3), '—', '—'],
    [
      '`askWithCache`, exact hit (page hash + `findExact`; `touchAnswer` is started, not awaited)',
      fmt(get('cache.lookup.askExactHitMs'), 3),
      '—',
      '—',
    ],
    [
      `\`answersForLookup({ limit: ${fmt(get('cache.lookupLimit'))} })\` alone`,
      fmt(get('cache.lookup.answersForLookupMs'), 2),
      '—',
      '—',
    ],
    similar('lexical', '`findSimilar`, no embedder (lexical Jaccard)'),
    similar('vectors', '`findSimilar`, stored vectors, query vector given (cosine, no model call)'),
    similar('biEncoder', '`findSimilar`, with the bi-encoder (one question embedded, uncached)'),
  ].filter((row): row is string[] => row !== null);

  const storageRows = VARIANTS.filter(
    ([v]) => get(`cache.storage.${v}.totalBytes`) !== undefined,
  ).map(([v, name]) => {
    const k = (m: string) => get(`cache.storage.${v}.${m}`);
    return [
      name,
      kib(k('pageBytes')),
      `${kib(k('answerBytes'))}${k('questionVectorBytes') ? ` (vector ${fmt(k('questionVectorBytes'))} B)` : ''}`,
      `${kib(k('embeddingBytes'))} (${fmt(k('embeddings'))})`,
      `**${kib(k('totalBytes'))}**`,
      kib(k('nextQuestionBytes')),
      fmt(k('pagesPerDefaultBudget')),
    ];
  });

  const viaBulk = get('cache.lookup.fill.viaBulkAdd');
  const unavailable = get('cache.modelsUnavailable');
  const delay = get('cache.tokenDelayMs');
  return [
    '## Cache: repeated question, lookups among stored answers, bytes per answered page',
    '',
    `**IndexedDB here is fake-indexeddb** (in-memory, JavaScript) in Node, not Chromium's IndexedDB (LevelDB on disk,`,
    'structured clone in C++): absolute lookup and write times are indicative only; the ratios and the byte counts (the',
    "store's own ledger measure, `recordBytes`) carry over. Page: the `demo` fixture. Milliseconds unless said.",
    '',
    '### Repeat speed-up',
    '',
    '"Cold": `askWithCache` for a question with an empty store (a fresh database per question, opened before the clock',
    'starts): the live pipeline runs and its answer, page and embeddings are saved. "Repeat": the same question again, an',
    `exact hit (page hash, \`findExact\`; the \`touchAnswer\` write is started, not awaited). Median over ${fmt(get('cache.questions'))} questions, each cold once and repeated`,
    `${fmt(get('cache.repeats'))} times (median per question), after one untimed question. **Models + composer**, as the extension runs with models`,
    unavailable !== undefined
      ? `installed: the models were **not available** (${fmt(unavailable)}), so this ran the keyword path with the composer;`
      : `installed: \`runPipeline\` with ${fmt(get('cache.models'))} (the bi-encoder behind the store's embedding cache, as in the worker),`,
    `and the OpenAI-compatible composer against the **simulated** streaming server of the composer bench (test/support/composer-server.ts,`,
    `its default reply, one word per chunk ${fmt(delay)} ms apart, no prefill delay). **Keyword path**: no models, no endpoint (BM25, extractive`,
    'answer). "Rank / compose / check": the cold run\'s stage times (AskResult.timings), medians.',
    '',
    table(
      [
        'Configuration',
        'Path / composer',
        'Cold',
        'Cold min–max',
        'Rank / compose / check',
        'Repeat',
        'Repeat min–max',
        'Hash / findExact / touch',
        'Cold / repeat',
      ],
      repeatRows,
    ),
    '',
    `Goal: a repeated question ≥ ${fmt(goal)}× faster than the first time. Measured (\`cache.repeatSpeedup\`): **${ratio(get('cache.repeatSpeedup'))}** with models + composer;`,
    `${ratio(get('cache.repeatSpeedup.keyword'))} on the keyword path (\`cache.repeatSpeedup.keyword\`), where the cold run is itself short (no model, no`,
    'endpoint), so the ratio is set by the repeat\'s fixed cost on fake-indexeddb. "Hash / findExact / touch": the repeat\'s three',
    'steps timed apart (`pageHash`, SHA-256 in WebCrypto; `findExact`; `touchAnswer`, a write transaction that the repeat starts but does not wait for), medians.',
    '',
    `### Lookups among ${fmt(records)} stored answers`,
    '',
    `${fmt(records)} answer records (one real AskResult of the models + composer run, with varied templated questions, spread over`,
    `2,000 page URLs and one per minute); ${fmt(get('cache.lookup.recordsWithVector'))} of them carry a question vector of ${fmt(get('cache.lookup.vectorDim'))} dimensions`,
    "(seeded random unit vectors, the bi-encoder's model id), interleaved, so the newest ones have the same share. Written",
    typeof viaBulk === 'number' && viaBulk > 0
      ? `${fmt(get('cache.lookup.fill.viaPutAnswer'))} with \`putAnswer\` (${fmt(get('cache.lookup.fill.putAnswerMsEach'), 3)} ms each) until its time budget ran out, the other ${fmt(viaBulk)} with Dexie \`bulkAdd\` on the same database, ledger rows and usage in the same transactions.`
      : `through the store, one \`putAnswer\` each (${fmt(get('cache.lookup.fill.putAnswerMsEach'), 3)} ms each, ${fmt(get('cache.lookup.fill.totalMs'))} ms in all), no eviction (budget raised for the fill).`,
    `Ledger usage: **${mib(get('cache.lookup.usageBytes'))}** (${fmt(get('cache.lookup.bytesPerAnswer'))} B per answer). Semantic lookup: what \`askWithCache\` does when the live`,
    `answer is degraded: the newest ${fmt(get('cache.lookupLimit'))} answers (\`answersForLookup\`; ${fmt(get('cache.lookup.candidatesWithVector'))} with a vector) then \`findSimilar\` for a question`,
    'close to none of them (every candidate compared, no match). Candidates without a vector are compared lexically in every',
    `row, as \`findSimilar\` does in a mixed pool. "Median": the call alone (for \`findSimilar\`, on a pool read beforehand); "with`,
    `\`answersForLookup\`": the read and the comparison together, as \`askWithCache\` makes them. Medians of ${fmt(get('cache.lookupRuns'))} runs after 2 untimed ones.`,
    '',
    table(['Lookup', 'Median', 'With `answersForLookup`', 'Matched'], lookupRows),
    '',
    '### Storage per answered page',
    '',
    'Ledger bytes after one question on the demo page in an empty store (`askWithCache`, as above): the page record (snapshot and',
    'passages), the answer record (the AskResult, with the question vector where the bi-encoder is loaded), and the bi-encoder',
    'embeddings the pipeline computed (passages for dedup, the question), through the store\'s embedding cache. "Next question":',
    `what a second question on the same page adds (the page version is stored once). "In budget": answered pages the default`,
    `byte budget (${mib(get('cache.defaultBudgetBytes'))}, DEFAULT_BUDGET_BYTES) holds at one question each.`,
    '',
    table(
      [
        'Configuration',
        'Page',
        'Answer',
        'Embeddings (count)',
        'Total',
        'Next question',
        'In budget',
      ],
      storageRows,
    ),
  ].join('\n');
}
