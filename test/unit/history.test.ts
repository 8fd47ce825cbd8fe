import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_FOLLOW_UPS, type AnswerRecord } from '../../lib/cache/db';
import {
  escapeInline,
  EXPORT_FORMAT,
  exportJson,
  exportMarkdown,
  MAX_IMPORT_BYTES,
  parseImport,
} from '../../lib/history/export';
import { lexicalSimilarity, questionKey } from '../../lib/history/question';
import { EMBEDDING_THRESHOLD, findSimilar, LEXICAL_THRESHOLD } from '../../lib/history/similar';
import type { Embedder } from '../../lib/pipeline/ports';
import type { AskResult } from '../../lib/pipeline/types';

// ---- fixtures ----------------------------------------------------------------------------------

/** Every optional field required, recursively: a field added to AskResult fails to compile here
 *  until the fixture has it, and then the round trip fails until the import schema keeps it. */
type DeepRequired<T> = T extends (infer U)[]
  ? DeepRequired<U>[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;

const PAGE = 'https://fixtures.test/demo/';

const FULL_RESULT: DeepRequired<AskResult> = {
  mode: 'answer',
  question: 'Who designed the Lighthouse of Alexandria?',
  answer: {
    text: 'Sostratus of Cnidus designed it [1]. It was finished around 280 BC [2].',
    sentences: [
      { text: 'Sostratus of Cnidus designed it.', citations: [1] },
      { text: 'It was finished around 280 BC.', citations: [2] },
    ],
    cited: [1, 2],
    droppedCitations: 1,
    composer: 'ollama',
    composerLabel: 'llama3.1:8b at http://127.0.0.1:11434',
    answered: true,
    confidence: 'high',
    withheld: false,
    fallback: {
      from: 'ollama',
      reason: {
        code: 'composer-timeout',
        message: 'The composer endpoint did not start answering in time.',
      },
    },
    checks: [
      {
        sentence: 0,
        quoteId: 1,
        supported: true,
        outcome: 'supported',
        flagged: false,
        conflicts: [],
        missing: [],
        score: 0.91,
        method: 'cross-encoder',
      },
      {
        sentence: 1,
        quoteId: 2,
        supported: false,
        outcome: 'contradicted',
        flagged: true,
        conflicts: [
          {
            kind: 'date',
            claim: '280 BC',
            page: '300 BC',
            claimStart: 22,
            claimEnd: 28,
            pageStart: 10,
            pageEnd: 16,
          },
        ],
        missing: ['280'],
        score: 0.12,
        method: 'lexical',
      },
    ],
    sent: {
      system: 'You answer a question from numbered quotes.',
      user: '<quotes>[1] …</quotes>',
      quotes: [{ id: 1, kind: 'kg', text: 'Pharos — architect — Sostratus' }],
    },
    notes: ['Wikidata was slow.'],
  },
  quotes: [
    {
      id: 1,
      passageId: 'kg',
      text: 'Lighthouse of Alexandria — architect — Sostratus of Cnidus',
      origin: 'splitter',
      score: 3.25,
      filterScore: 4.5,
      rerankScore: -1.25,
      kgLines: [
        {
          text: 'Lighthouse of Alexandria — architect — Sostratus of Cnidus',
          url: 'https://www.wikidata.org/wiki/Q43489',
        },
      ],
      coverage: 0.75,
      weak: false,
      answerSpan: { start: 25, end: 34, by: 'Xenova/distilbert-base-cased-distilled-squad' },
      source: {
        kind: 'kg',
        url: 'https://www.wikidata.org/wiki/Q43489',
        title: 'Wikidata',
        section: 'Triples',
        blockIndex: 0,
        blockKind: 'table',
        link: 'https://www.wikidata.org/wiki/Q43489',
        position: { block: 1, of: 1 },
        page: 4,
      },
    },
    {
      id: 2,
      passageId: 's1.b3.0',
      text: 'The tower was finished around 280 BC.\nIt stood for centuries.',
      origin: 'evidence',
      score: 2.5,
      filterScore: 1.5,
      rerankScore: 0.5,
      kgLines: [],
      coverage: 0.5,
      weak: true,
      answerSpan: { start: 31, end: 37, by: 'Xenova/distilbert-base-cased-distilled-squad' },
      source: {
        kind: 'search',
        url: 'https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria',
        title: 'Lighthouse of Alexandria',
        section: 'History',
        blockIndex: 3,
        blockKind: 'paragraph',
        link: 'https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria#:~:text=finished%20around%20280%20BC',
        position: { block: 4, of: 20 },
        page: 4,
      },
    },
  ],
  verdict: {
    label: 'supported',
    confidence: 'medium',
    decidedBy: 'composer',
    modelLabel: 'supported',
    quoteIds: [1],
    bestCoverage: 0.75,
    threshold: 0.5,
    method: 'model',
    meaningChecked: true,
    summary: 'The page says this',
    sentence: { quoteId: 1, text: 'Pharos — architect — Sostratus', start: 0, end: 30 },
    conflicts: [],
    figures: false,
    problem: { reason: 'question', message: 'That is a question, not a claim.' },
  },
  timings: {
    read: 10,
    models: 20,
    kg: 30,
    split: 1,
    search: 400,
    rank: 12,
    compose: 900,
    check: 7,
  },
  passageCount: 42,
  page: { url: PAGE, title: 'Demo page', extractor: 'readability', truncated: false },
  retrieval: {
    path: 'neural',
    notes: ['The page fell short, so the web was searched.'],
    device: 'wasm',
    models: {
      filter: 'ms-marco-MiniLM-L-6-v2',
      reranker: 'bge-reranker',
      embedder: 'all-MiniLM-L6-v2',
      nli: 'nli-deberta-v3-xsmall',
      reader: 'distilbert-base-cased-distilled-squad',
    },
    multilingual: true,
    summary: true,
    sources: [{ kind: 'page', url: PAGE, title: 'Demo page', quoted: false }],
    webSearched: true,
    counts: { candidates: 50, firstStage: 30, filtered: 10, deduplicated: 8, quotes: 2 },
  },
  kg: {
    topicEntities: [
      { id: 'Q43489', label: 'Lighthouse of Alexandria', description: 'ancient lighthouse' },
    ],
    triples: 3,
    requests: 2,
    notes: ['one note'],
  },
};

/** Only required fields. */
function minimalResult(question: string, mode: AskResult['mode'] = 'answer'): AskResult {
  return {
    mode,
    question,
    answer: {
      text: 'Sostratus [1].',
      sentences: [{ text: 'Sostratus.', citations: [1] }],
      cited: [1],
      droppedCitations: 0,
      composer: 'extractive',
      answered: true,
      checks: [],
    },
    quotes: [],
    timings: {},
    passageCount: 0,
    page: { url: PAGE, title: 'Demo page', extractor: 'body', truncated: true },
    retrieval: {
      path: 'keyword',
      notes: [],
      models: {},
      sources: [],
      webSearched: false,
      counts: { candidates: 0, firstStage: 0, filtered: 0, deduplicated: 0, quotes: 0 },
    },
  };
}

function record(
  question: string,
  extra: Partial<Omit<AnswerRecord, 'questionVector'>> & {
    vector?: readonly number[];
    modelId?: string;
  } = {},
): AnswerRecord {
  const { vector, modelId, ...rest } = extra;
  const mode = rest.mode ?? 'answer';
  return {
    mode,
    question,
    questionKey: questionKey(question),
    pageUrl: PAGE,
    pageHash: 'a'.repeat(64),
    pageTitle: 'Demo page',
    result: minimalResult(question, mode),
    createdAt: Date.UTC(2024, 2, 1, 12),
    ...(vector
      ? { questionVector: { modelId: modelId ?? 'fake-minilm', vector: Float32Array.from(vector) } }
      : {}),
    ...rest,
  };
}

/** A unit vector whose cosine to the query vector [1, 0] is `cos`. */
const at = (cos: number): number[] => [cos, Math.sqrt(1 - cos * cos)];

function fakeEmbedder(vectors: Record<string, number[]>, modelId = 'fake-minilm') {
  const embed = vi.fn(async (texts: readonly string[]) =>
    texts.map((t) => {
      const v = vectors[t];
      if (!v) throw new Error(`no vector for ${t}`);
      return Float32Array.from(v);
    }),
  );
  const embedder: Embedder = { modelId, embed };
  return { embedder, embed };
}

const Q = 'Who designed the lighthouse?';
const OTHER_PAGE = 'https://elsewhere.test/page';

afterEach(() => {
  vi.restoreAllMocks();
});

// ---- question.ts -------------------------------------------------------------------------------

describe('questionKey', () => {
  it.each([
    ['Who designed  the Lighthouse?', 'who designed the lighthouse'],
    ['  WHO DESIGNED THE LIGHTHOUSE ?!  ', 'who designed the lighthouse'],
    ['who\tdesigned\nthe lighthouse…', 'who designed the lighthouse'],
    // NFKC: full-width letters and question mark from a CJK page.
    ['Ｗｈｏ designed the lighthouse？', 'who designed the lighthouse'],
    // Soft hyphen from a hyphenated web page: invisible, dropped.
    ['Who designed the light\u00ADhouse?', 'who designed the lighthouse'],
    ['Who’s the architect?', "who's the architect"],
    ['¿Dónde nació Cervantes?', 'dónde nació cervantes'],
    ['What happened in 1956?', 'what happened in 1956'],
    ['What is 3.14?', 'what is 3.14'],
    ['What is C#?', 'what is c#'],
    ['What is C++?', 'what is c++'],
    ['???', ''],
  ])('%j → %j', (input, key) => {
    expect(questionKey(input)).toBe(key);
  });

  it('keeps questions that differ in digits or meaningful symbols apart', () => {
    expect(questionKey('What happened in 1956?')).not.toBe(questionKey('What happened in 1965?'));
    expect(questionKey('What is C#?')).not.toBe(questionKey('What is C?'));
  });
});

describe('lexicalSimilarity', () => {
  it('is 1 for the same question written differently', () => {
    expect(lexicalSimilarity('Who designed  the Lighthouse?', 'who designed the lighthouse')).toBe(
      1,
    );
    // Only stopwords differ.
    expect(lexicalSimilarity('Who designed this lighthouse?', 'who designed the lighthouse')).toBe(
      1,
    );
  });

  it('tells questions apart by their question word, which terms() drops as a stopword', () => {
    const s = lexicalSimilarity(
      'Who designed the lighthouse?',
      'When was the lighthouse designed?',
    );
    expect(s).toBeCloseTo(2 / 4);
    expect(s).toBeLessThan(LEXICAL_THRESHOLD);
  });

  it('accepts an added qualifier to a longer question and rejects a swapped content word', () => {
    const added = lexicalSimilarity(
      'Who designed the Eiffel Tower?',
      'Who designed the Eiffel Tower in Paris?',
    );
    expect(added).toBeCloseTo(4 / 5);
    expect(added).toBeGreaterThanOrEqual(LEXICAL_THRESHOLD);
    const swapped = lexicalSimilarity(
      'Who designed the Eiffel Tower?',
      'Who painted the Eiffel Tower?',
    );
    expect(swapped).toBeCloseTo(3 / 5);
    expect(swapped).toBeLessThan(LEXICAL_THRESHOLD);
  });

  it('is 0 for unrelated questions and for questions with nothing to compare', () => {
    expect(lexicalSimilarity('Who designed the lighthouse?', 'Where was Douglas Adams born?')).toBe(
      0,
    );
    expect(lexicalSimilarity('Is it?', 'Was it?')).toBe(0);
    expect(lexicalSimilarity('', '')).toBe(0);
  });

  it('is symmetric and within [0, 1]', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = lexicalSimilarity(a, b);
        expect(s).toBe(lexicalSimilarity(b, a));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });
});

// ---- similar.ts --------------------------------------------------------------------------------

describe('findSimilar with an embedder', () => {
  it('returns the close candidate, not the far one, embedding the question once', async () => {
    const close = record('Which architect designed the lighthouse?', { vector: at(0.95) });
    const far = record('How tall was the lighthouse?', { vector: at(0.5) });
    const { embedder, embed } = fakeEmbedder({ [Q]: [1, 0] });
    const match = await findSimilar(Q, [far, close], { embedder, pageUrl: PAGE, mode: 'answer' });
    expect(match?.record).toBe(close);
    expect(match?.method).toBe('embedding');
    expect(match?.similarity).toBeCloseTo(0.95, 5);
    expect(match?.samePage).toBe(true);
    expect(embed).toHaveBeenCalledTimes(1);
    expect(embed).toHaveBeenCalledWith([Q]);
  });

  it('prefers a same-page match over a slightly closer one from another page', async () => {
    const samePage = record('Which architect designed the lighthouse?', { vector: at(0.9) });
    const otherPage = record('Who was the lighthouse designed by?', {
      vector: at(0.97),
      pageUrl: OTHER_PAGE,
    });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    const match = await findSimilar(Q, [otherPage, samePage], {
      embedder,
      pageUrl: PAGE,
      mode: 'answer',
    });
    expect(match?.record).toBe(samePage);
    expect(match?.samePage).toBe(true);
  });

  it('counts a URL with another #fragment as the same page', async () => {
    const samePage = record('Which architect designed the lighthouse?', {
      vector: at(0.9),
      pageUrl: `${PAGE}#history`,
    });
    const otherPage = record('Who was the lighthouse designed by?', {
      vector: at(0.97),
      pageUrl: OTHER_PAGE,
    });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    const match = await findSimilar(Q, [otherPage, samePage], {
      embedder,
      pageUrl: `${PAGE}#top`,
      mode: 'answer',
    });
    expect(match?.record).toBe(samePage);
  });

  it('falls back to the best other-page match, marked samePage false, when no same-page one is close enough', async () => {
    const samePage = record('How tall was the lighthouse?', { vector: at(0.7) });
    const otherPage = record('Who was the lighthouse designed by?', {
      vector: at(0.97),
      pageUrl: OTHER_PAGE,
    });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    const match = await findSimilar(Q, [samePage, otherPage], {
      embedder,
      pageUrl: PAGE,
      mode: 'answer',
    });
    expect(match?.record).toBe(otherPage);
    expect(match?.samePage).toBe(false);
  });

  it('never returns a match below the threshold', async () => {
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    const justBelow = record('How tall was the lighthouse?', {
      vector: at(EMBEDDING_THRESHOLD - 0.01),
    });
    expect(
      await findSimilar(Q, [justBelow], { embedder, pageUrl: PAGE, mode: 'answer' }),
    ).toBeNull();

    const samePage = record('Which architect designed the lighthouse?', { vector: at(0.9) });
    const otherPage = record('Who was the lighthouse designed by?', {
      vector: at(0.97),
      pageUrl: OTHER_PAGE,
    });
    // A stricter threshold leaves only the other page's match.
    const strict = await findSimilar(Q, [samePage, otherPage], {
      embedder,
      pageUrl: PAGE,
      mode: 'answer',
      threshold: { embedding: 0.95 },
    });
    expect(strict?.record).toBe(otherPage);
    expect(strict?.samePage).toBe(false);
    expect(
      await findSimilar(Q, [samePage, otherPage], {
        embedder,
        pageUrl: PAGE,
        mode: 'answer',
        threshold: { embedding: 0.99 },
      }),
    ).toBeNull();
  });

  it('ignores answers of the other mode, however close', async () => {
    const claim = record(Q, { mode: 'verify', vector: [1, 0] });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    expect(await findSimilar(Q, [claim], { embedder, pageUrl: PAGE, mode: 'answer' })).toBeNull();
    expect(
      (await findSimilar(Q, [claim], { embedder, pageUrl: PAGE, mode: 'verify' }))?.record,
    ).toBe(claim);
  });

  it('compares a candidate without a vector of this model lexically against its question', async () => {
    const oldModel = record('Who designed this lighthouse', {
      vector: [1, 0],
      modelId: 'another-model',
    });
    const noVector = record('How tall was the lighthouse?');
    const { embedder, embed } = fakeEmbedder({ [Q]: [1, 0] });
    const match = await findSimilar(Q, [noVector, oldModel], {
      embedder,
      pageUrl: PAGE,
      mode: 'answer',
    });
    expect(match).toMatchObject({ record: oldModel, method: 'lexical', similarity: 1 });
    // Nothing to compare a query vector with: the model is not called.
    expect(embed).not.toHaveBeenCalled();
  });

  it('falls back to lexical comparison when the embedder fails', async () => {
    const embedder: Embedder = {
      modelId: 'fake-minilm',
      embed: async () => Promise.reject(new Error('WebGPU lost')),
    };
    const reworded = record('Who designed the lighthouse', { vector: [0, 1] });
    const match = await findSimilar(Q, [reworded], { embedder, pageUrl: PAGE, mode: 'answer' });
    expect(match).toMatchObject({ record: reworded, method: 'lexical', similarity: 1 });
  });

  it('never matches a corrupt (NaN or wrong-length) stored vector by cosine', async () => {
    const nan = record('How tall was the lighthouse?', { vector: [Number.NaN, Number.NaN] });
    const short = record('How old is the lighthouse?', { vector: [1] });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    expect(
      await findSimilar(Q, [nan, short], { embedder, pageUrl: PAGE, mode: 'answer' }),
    ).toBeNull();
  });

  it('breaks a tie in favour of the newer answer', async () => {
    const older = record('Which architect designed the lighthouse?', {
      vector: at(0.9),
      createdAt: 1000,
    });
    const newer = record('Which architect designed the lighthouse?', {
      vector: at(0.9),
      createdAt: 2000,
    });
    const { embedder } = fakeEmbedder({ [Q]: [1, 0] });
    expect(
      (await findSimilar(Q, [older, newer], { embedder, pageUrl: PAGE, mode: 'answer' }))?.record,
    ).toBe(newer);
    expect(
      (await findSimilar(Q, [newer, older], { embedder, pageUrl: PAGE, mode: 'answer' }))?.record,
    ).toBe(newer);
  });
});

describe('findSimilar without an embedder (lexical)', () => {
  it('finds a rewording and not a different question about the same thing', async () => {
    const different = record('When was the lighthouse designed?');
    const reworded = record('who designed this lighthouse');
    const match = await findSimilar(Q, [different, reworded], { pageUrl: PAGE, mode: 'answer' });
    expect(match).toMatchObject({
      record: reworded,
      method: 'lexical',
      similarity: 1,
      samePage: true,
    });
  });

  it('returns null when nothing reaches the lexical threshold', async () => {
    const candidates = [
      record('When was the lighthouse designed?'),
      record('Who painted the lighthouse?'),
    ];
    expect(await findSimilar(Q, candidates, { pageUrl: PAGE, mode: 'answer' })).toBeNull();
    expect(await findSimilar(Q, [], { pageUrl: PAGE, mode: 'answer' })).toBeNull();
  });

  it('prefers the same page lexically too', async () => {
    const otherPage = record(Q, { pageUrl: OTHER_PAGE });
    const samePage = record('Who designed the Lighthouse in Alexandria?');
    const match = await findSimilar(
      'Who designed the lighthouse in Alexandria?',
      [otherPage, samePage],
      { pageUrl: PAGE, mode: 'answer' },
    );
    expect(match?.record).toBe(samePage);
  });
});

// ---- export / import ---------------------------------------------------------------------------

const withoutId = ({ id: _id, ...rest }: AnswerRecord): Omit<AnswerRecord, 'id'> => rest;

/** Every field present (Required): a field added to AnswerRecord fails to compile here until the
 *  fixture has it, and then the round trip fails until the import keeps it. */
function fullRecord(): Required<AnswerRecord> {
  return {
    id: 7,
    mode: 'answer',
    question: FULL_RESULT.question,
    questionKey: questionKey(FULL_RESULT.question),
    pageUrl: PAGE,
    pageHash: 'f'.repeat(64),
    pageTitle: 'Demo page',
    result: structuredClone(FULL_RESULT),
    createdAt: Date.UTC(2024, 2, 1, 12, 0),
    configKey: '{"composer":["ollama","http://127.0.0.1:11434/v1","llama3.1:8b","medium"]}',
    // Not exactly representable in float32: the round trip must keep the float32 value as is.
    questionVector: {
      modelId: 'all-MiniLM-L6-v2',
      vector: Float32Array.from([0.1, -0.2, 0.3333333, 1e-7]),
    },
    // A thread: two later turns, each with its answer, quotes and citations.
    followUps: [
      {
        mode: 'answer',
        question: 'And who paid for it?',
        questionKey: questionKey('And who paid for it?'),
        pageHash: 'f'.repeat(64),
        result: { ...structuredClone(FULL_RESULT), question: 'And who paid for it?' },
        createdAt: Date.UTC(2024, 2, 1, 12, 1),
      },
      {
        mode: 'verify',
        question: 'Ptolemy II paid for the lighthouse.',
        questionKey: questionKey('Ptolemy II paid for the lighthouse.'),
        pageHash: 'e'.repeat(64),
        result: {
          ...structuredClone(FULL_RESULT),
          mode: 'verify',
          question: 'Ptolemy II paid for the lighthouse.',
        },
        createdAt: Date.UTC(2024, 2, 1, 12, 2),
      },
    ],
  };
}

/** A valid exported entry as plain JSON data, to be broken in one place per test. */
function validEntry(): Record<string, unknown> {
  return JSON.parse(exportJson([record('Who designed the lighthouse?', { id: 1 })], 0)).answers[0];
}

function envelopeOf(answers: unknown[]): string {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: '2024-03-01T00:00:00.000Z',
    answers,
  });
}

function ok(result: ReturnType<typeof parseImport>) {
  if (!result.ok) throw new Error(`import failed: ${result.error}`);
  return result;
}

describe('exportJson', () => {
  it('writes the envelope, drops ids and the derived key, and writes vectors as numbers', () => {
    const doc = JSON.parse(exportJson([fullRecord()], Date.UTC(2024, 5, 1)));
    expect(doc).toMatchObject({
      format: 'answer-panel-history',
      version: 2,
      exportedAt: '2024-06-01T00:00:00.000Z',
    });
    expect(doc.answers).toHaveLength(1);
    expect(doc.answers[0]).not.toHaveProperty('id');
    expect(doc.answers[0]).not.toHaveProperty('questionKey');
    // A thread is one entry: its later turns inside it, in order, without their derived keys.
    expect(
      doc.answers[0].followUps.map((t: Record<string, unknown>) => [
        t.question,
        'questionKey' in t,
      ]),
    ).toEqual([
      ['And who paid for it?', false],
      ['Ptolemy II paid for the lighthouse.', false],
    ]);
    expect(doc.answers[0].questionVector.vector).toEqual(
      Array.from(Float32Array.from([0.1, -0.2, 0.3333333, 1e-7])),
    );
  });

  it('round-trips through parseImport to the same records, less their ids', () => {
    const records = [
      fullRecord(),
      record('Is the lighthouse 100 m tall?', { id: 8, mode: 'verify', createdAt: 5 }),
    ];
    const result = ok(parseImport(exportJson(records, Date.now())));
    expect(result.skipped).toBe(0);
    expect(result.reasons).toEqual([]);
    expect(result.records).toStrictEqual(records.map(withoutId));
    expect(result.records[0]!.questionVector!.vector).toBeInstanceOf(Float32Array);
  });

  it('round-trips an empty history', () => {
    expect(ok(parseImport(exportJson([], 0)))).toMatchObject({ records: [], skipped: 0 });
  });
});

describe('exportMarkdown', () => {
  const md = exportMarkdown([fullRecord()], Date.UTC(2024, 5, 1, 9, 30));

  it('writes a thread’s follow-ups after its first answer, in order, each with its answer and quotes', () => {
    const first = md.indexOf('## Who designed the Lighthouse of Alexandria?');
    const second = md.indexOf('### 2. And who paid for it?');
    const third = md.indexOf('### 3. Ptolemy II paid for the lighthouse.');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    expect(md).toContain('- Thread: 3 questions, in the order asked');
    expect(md.slice(third)).toContain('- Mode: claim check');
    // Each turn has its own answer and quotes.
    expect(md.split('Sostratus of Cnidus designed it. [1]').length - 1).toBe(3);
    expect(md.split('### Quotes').length - 1).toBe(3);
  });

  it.each([
    ['the title', '# Answer panel history'],
    ['the export date', 'Exported 2024-06-01 09:30 UTC. 1 answer.'],
    ['the question as a heading', '## Who designed the Lighthouse of Alexandria?'],
    ['the page as a link', '- Page: [Demo page](https://fixtures.test/demo/)'],
    ['the date asked', '- Asked: 2024-03-01 12:00 UTC'],
    ['the composer and its endpoint', '- Composer: ollama (llama3.1:8b at http://127.0.0.1:11434)'],
    ['the verdict', '- Verdict: supported (medium confidence, decided by the composer model)'],
    [
      'the fallback notice',
      'ollama: The composer endpoint did not start answering in time. This is the extractive answer instead.',
    ],
    [
      'the answer with its markers, the unsupported one marked',
      'Sostratus of Cnidus designed it. [1] It was finished around 280 BC. [2]⚠',
    ],
    [
      'the check summary',
      '1 of 2 citations checked; the quote says otherwise (marked ⚠): sentence 2 → [2].',
    ],
    ['the dropped citations', '1 citation to sources the extension never gave were removed.'],
    [
      'the KG quote with its Wikidata link',
      '**[1]** [Wikidata](https://www.wikidata.org/wiki/Q43489) · section “Triples”',
    ],
    [
      'a KG line',
      '- Lighthouse of Alexandria — architect — Sostratus of Cnidus · [Wikidata](https://www.wikidata.org/wiki/Q43489)',
    ],
    [
      'the search quote with section, position and text fragment link',
      '**[2]** [Lighthouse of Alexandria](https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria) · section “History” · paragraph 4 of 20 · [open at the quote](https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria#:~:text=finished%20around%20280%20BC)',
    ],
    [
      'the quote text, line by line',
      '> The tower was finished around 280 BC.\n> It stood for centuries.',
    ],
  ])('has %s', (_, expected) => {
    expect(md).toContain(expected);
  });

  it("cites a quote from a PDF by its page, and a web page's by its paragraph", () => {
    const full = fullRecord();
    const [, second] = full.result.quotes;
    const pdfQuote = { ...second!, source: { ...second!.source, kind: 'page' as const, page: 7 } };
    const webQuote = { ...pdfQuote, id: 3, source: { ...pdfQuote.source, page: undefined } };
    delete webQuote.source.page;
    const out = exportMarkdown(
      [{ ...full, followUps: [], result: { ...full.result, quotes: [pdfQuote, webQuote] } }],
      0,
    );
    expect(out).toMatch(/\*\*\[2\]\*\* .* · section “History” · p\. 7 ·/);
    expect(out).not.toMatch(/\*\*\[2\]\*\* .*paragraph 4 of 20/);
    expect(out).toMatch(/\*\*\[3\]\*\* .* · section “History” · paragraph 4 of 20 ·/);
  });

  it('does not throw on a record with an impossible date', () => {
    expect(exportMarkdown([record(Q, { createdAt: Number.NaN })], 0)).toContain(
      '- Asked: unknown date',
    );
  });

  const HOSTILE_QUESTION = '# hi <img src=x onerror=alert(1)> [x](javascript:alert(1))';

  function hostileRecord(): AnswerRecord {
    const r = record(HOSTILE_QUESTION, {
      pageUrl: 'javascript:alert(1)',
      pageTitle: 'Evil](javascript:alert(2)) <b>',
    });
    r.result.quotes = [
      {
        ...FULL_RESULT.quotes[1]!,
        id: 1,
        text: 'fine\n# injected heading\n```js\n<script>alert(1)</script>\n[1]: javascript:alert(3)\n1. a list\n    indented code\n---\n![img](https://evil.test/x.png) [1](javascript:alert(4)) <!-- c -->',
        kgLines: undefined,
        source: {
          ...FULL_RESULT.quotes[1]!.source,
          title: '## title',
          section: '<i>s</i>',
          url: 'http://insecure.test/',
          link: 'data:text/html,<script>alert(5)</script>',
        },
      },
      {
        ...FULL_RESULT.quotes[0]!,
        id: 2,
        kgLines: [{ text: '# Q1 — P31 — <b>x</b>', url: 'javascript:alert(6)' }],
      },
    ];
    r.result.answer.sentences = [{ text: '# Heading? [9](javascript:alert(7))', citations: [1] }];
    return r;
  }

  const hostile = exportMarkdown([hostileRecord()], 0);
  const lines = hostile.split('\n');

  it('escapes the hostile question into a single harmless heading', () => {
    expect(lines).toContain(
      '## \\# hi &lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript:alert(1))',
    );
  });

  it('adds no heading of its own to page text: only ours remain', () => {
    expect(lines.filter((line) => /^ {0,3}#{1,6}(\s|$)/.test(line))).toEqual([
      '# Answer panel history',
      expect.stringMatching(/^## \\# hi/),
      '### Quotes',
    ]);
  });

  it('contains no raw HTML', () => {
    expect(hostile).not.toContain('<');
  });

  it('links only to https targets', () => {
    const targets = [...hostile.matchAll(/(?<!\\)\]\(/g)].map((m) => hostile.slice(m.index + 2));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target).toMatch(/^https:\/\//);
    expect(hostile).not.toMatch(/(?<!\\)\]\((?!https:)/);
  });

  it('lets page text open no code block, list, rule or reference definition', () => {
    // Our own separator between answers is the only rule.
    expect(lines.filter((line) => /^ {0,3}(-{3,}|={3,}|\*{3,}|_{3,})\s*$/.test(line))).toEqual([
      '---',
    ]);
    for (const line of lines.filter((l) => l.startsWith('>') || l.startsWith('- '))) {
      const content = line.replace(/^(> ?|- )/, '');
      expect(content).not.toMatch(/^ {0,3}(```|~~~)/);
      expect(content).not.toMatch(/^ {0,3}\[[^\]]*\]:/);
      expect(content).not.toMatch(/^ {0,3}\d+[.)]\s/);
      expect(content).not.toMatch(/^ {4,}\S/);
      expect(content).not.toMatch(/^ {0,3}(-{3,}|={3,}|#)/);
    }
    expect(hostile).toContain('> \\`\\`\\`js');
    expect(hostile).toContain('> 1\\. a list');
  });

  it('escapes an answer sentence once, keeping its citation marker', () => {
    expect(lines).toContain('\\# Heading? \\[9\\](javascript:alert(7)) [1]');
  });

  it('shows a non-https page as text, not a link', () => {
    expect(hostile).toContain(
      '- Page: Evil\\](javascript:alert(2)) &lt;b&gt; (javascript:alert(1))',
    );
  });

  it('never lets arbitrary page text add headings, HTML or links (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (question, title, text) => {
        const r = record(question.trim() === '' ? 'q' : question, { pageTitle: title });
        r.result.quotes = [{ ...FULL_RESULT.quotes[1]!, kgLines: undefined, text }];
        const out = exportMarkdown([r], 0);
        expect(out).not.toContain('<');
        expect(out.split('\n').filter((line) => /^ {0,3}#{1,6}(\s|$)/.test(line))).toHaveLength(3);
        for (const m of out.matchAll(/(?<!\\)\]\(/g))
          expect(out.slice(m.index + 2)).toMatch(/^https:\/\//);
      }),
      { numRuns: 300 },
    );
  });
});

describe('escapeInline control characters', () => {
  it('removes exactly C0 controls and DEL, less tab, line feed and carriage return', () => {
    const removed: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      if (escapeInline(String.fromCharCode(unit)) === '') removed.push(unit);
    }
    const expected = [
      ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
      0x7f,
    ];
    expect(removed).toEqual(expected);
    // C1 controls stay, and so does text around a removed one.
    expect(escapeInline('a\u0000b\u0085c\u009fd\te')).toBe('ab\u0085c\u009fd\te');
    expect(escapeInline('\u{1F600}\u0007')).toBe('\u{1F600}');
  });
});

describe('parseImport rejects what is not our export', () => {
  const NOT_OURS = 'This file is not an Answer panel history export.';

  it.each(['{', 'hello', '{"format": "answer-panel-history",}'])('not JSON: %j', (text) => {
    const result = parseImport(text);
    expect(result).toMatchObject({ ok: false, code: 'not-json' });
    expect(!result.ok && result.error).toContain(NOT_OURS);
  });

  it('an empty file', () => {
    expect(parseImport('  \n')).toEqual({
      ok: false,
      code: 'not-json',
      error: 'This file is empty.',
    });
  });

  it.each([
    ['an unrelated object', '{"hello":1}'],
    ['an array', '[1, 2, 3]'],
    ['null', 'null'],
    ['a string', '"answer-panel-history"'],
    ['a different format', '{"format":"other-history","version":1,"answers":[]}'],
    [
      'the format only inherited',
      '{"__proto__":{"format":"answer-panel-history"},"version":1,"answers":[]}',
    ],
  ])('foreign JSON: %s', (_, text) => {
    expect(parseImport(text)).toEqual({ ok: false, code: 'not-history', error: NOT_OURS });
  });

  it('a future version, with a sentence that says to update', () => {
    const result = parseImport('{"format":"answer-panel-history","version":3,"answers":[]}');
    expect(result).toMatchObject({ ok: false, code: 'newer-version' });
    expect(!result.ok && result.error).toMatch(/newer version.*\(format version 3\).*Update/);
  });

  it.each([
    ['no version', '{"format":"answer-panel-history","answers":[]}'],
    ['a version as a string', '{"format":"answer-panel-history","version":"1","answers":[]}'],
    ['version 0', '{"format":"answer-panel-history","version":0,"answers":[]}'],
    ['no answers', '{"format":"answer-panel-history","version":1}'],
    ['answers not a list', '{"format":"answer-panel-history","version":1,"answers":{"0":{}}}'],
  ])('a damaged export: %s', (_, text) => {
    expect(parseImport(text)).toMatchObject({ ok: false, code: 'damaged' });
  });

  it('input over maxBytes, without parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = envelopeOf([]);
    expect(parseImport(text, { maxBytes: text.length - 1 })).toMatchObject({
      ok: false,
      code: 'too-large',
    });
    expect(parse).not.toHaveBeenCalled();
    // Exactly at the cap is accepted.
    expect(parseImport(text, { maxBytes: text.length }).ok).toBe(true);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = JSON.stringify('€'.repeat(40)); // 42 characters, 122 bytes
    expect(parseImport(text, { maxBytes: 100 })).toMatchObject({ ok: false, code: 'too-large' });
    expect(parseImport(text, { maxBytes: 122 })).toMatchObject({ ok: false, code: 'not-history' });
  });

  it('a real 200 MB input under the default 50 MB cap, without parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const huge = 'x'.repeat(200 * 1024 * 1024);
    const result = parseImport(huge);
    expect(result).toEqual({
      ok: false,
      code: 'too-large',
      error: 'This file is larger than 50 MB, the most the history import accepts.',
    });
    expect(parse).not.toHaveBeenCalled();
    expect(MAX_IMPORT_BYTES).toBe(50 * 1024 * 1024);
  });

  it('never throws on arbitrary JSON inside our envelope (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 5 }), (answers) => {
        const result = parseImport(envelopeOf(answers));
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.records.length + result.skipped).toBe(answers.length);
      }),
    );
  });
});

describe('parseImport validates each answer', () => {
  it('skips entries with wrong types or sizes, counting them with a reason each', () => {
    const bad: Array<[string, (e: Record<string, unknown>) => unknown]> = [
      ['question a number', (e) => ({ ...e, question: 5 })],
      ['question too long', (e) => ({ ...e, question: 'q'.repeat(2001) })],
      ['empty question', (e) => ({ ...e, question: ' ?? ' })],
      ['javascript: page URL', (e) => ({ ...e, pageUrl: 'javascript:alert(1)' })],
      ['vector of strings', (e) => ({ ...e, questionVector: { modelId: 'm', vector: ['1'] } })],
      ['unknown mode', (e) => ({ ...e, mode: 'summarise' })],
      ['mode differs from its result', (e) => ({ ...e, mode: 'verify' })],
      ['not an object', () => 'an answer'],
      ['null', () => null],
    ];
    const entries = [validEntry(), ...bad.map(([, f]) => f(validEntry())), validEntry()];
    const result = ok(parseImport(envelopeOf(entries)));
    expect(result.records).toHaveLength(2);
    expect(result.skipped).toBe(bad.length);
    expect(result.reasons).toHaveLength(bad.length);
    expect(result.reasons[0]).toMatch(/^answer 2: question: /);
    expect(result.reasons[4]).toMatch(/^answer 6: questionVector\.vector\.0: /);
  });

  it('checks each follow-up of a thread like its first turn: one bad turn skips the thread, saying where', () => {
    const thread = () => JSON.parse(exportJson([fullRecord()], 0)).answers[0];
    const badTurn = thread();
    badTurn.followUps[1].result.quotes[0].source.url = 'javascript:alert(1)';
    const wrongMode = thread();
    wrongMode.followUps[0].mode = 'verify';
    const tooMany = thread();
    tooMany.followUps = Array.from({ length: MAX_FOLLOW_UPS + 1 }, () => tooMany.followUps[0]);
    const result = ok(parseImport(envelopeOf([badTurn, wrongMode, tooMany, thread()])));
    expect(result.records).toHaveLength(1);
    expect(result.records[0]!.followUps!.map((t) => t.questionKey)).toEqual([
      questionKey('And who paid for it?'),
      questionKey('Ptolemy II paid for the lighthouse.'),
    ]);
    expect(result.reasons[0]).toMatch(/^answer 1: followUps\.1\.result\.quotes\.0\.source\.url: /);
    expect(result.reasons[1]).toMatch(/^answer 2: followUps\.0: mode does not match its result/);
    expect(result.reasons[2]).toMatch(/^answer 3: followUps: /);
  });

  it('skips quotes over the cap and non-http quote URLs, saying where', () => {
    const quote = JSON.parse(JSON.stringify(FULL_RESULT.quotes[1]));
    const tooMany = validEntry() as { result: { quotes: unknown[] } };
    tooMany.result.quotes = Array.from({ length: 51 }, () => quote);
    const fiftyOk = validEntry() as { result: { quotes: unknown[] } };
    fiftyOk.result.quotes = Array.from({ length: 50 }, () => quote);
    const badUrl = validEntry() as { result: { quotes: unknown[] } };
    badUrl.result.quotes = [{ ...quote, source: { ...quote.source, url: 'file:///etc/passwd' } }];
    const result = ok(parseImport(envelopeOf([tooMany, fiftyOk, badUrl])));
    expect(result.records).toHaveLength(1);
    expect(result.records[0]!.result.quotes).toHaveLength(50);
    expect(result.reasons[0]).toMatch(/^answer 1: result\.quotes: /);
    expect(result.reasons[1]).toMatch(/^answer 3: result\.quotes\.0\.source\.url: must be an http/);
  });

  it('caps the list of reasons', () => {
    const result = ok(parseImport(envelopeOf(Array.from({ length: 25 }, () => ({})))));
    expect(result.skipped).toBe(25);
    expect(result.reasons).toHaveLength(21);
    expect(result.reasons.at(-1)).toBe('… and 5 more answers skipped.');
  });

  it('drops ids, recomputes questionKey and strips unknown keys', () => {
    const entry = {
      ...validEntry(),
      id: 99,
      questionKey: 'something else',
      extra: 'x',
      question: 'WHO Designed the lighthouse??',
    };
    const [imported] = ok(parseImport(envelopeOf([entry]))).records;
    expect(imported).not.toHaveProperty('id');
    expect(imported).not.toHaveProperty('extra');
    expect(imported!.questionKey).toBe('who designed the lighthouse');
  });

  it('reads an error code from a newer version as internal, keeping its message', () => {
    const entry = validEntry() as { result: { answer: Record<string, unknown> } };
    entry.result.answer.fallback = {
      from: 'ollama',
      reason: { code: 'composer-on-fire', message: 'It is on fire.' },
    };
    const [imported] = ok(parseImport(envelopeOf([entry]))).records;
    expect(imported!.result.answer.fallback!.reason).toEqual({
      code: 'internal',
      message: 'It is on fire.',
    });
  });

  it('accepts a byte order mark', () => {
    expect(ok(parseImport(`\uFEFF${envelopeOf([validEntry()])}`)).records).toHaveLength(1);
  });

  it('lets no __proto__ key pollute Object.prototype or survive into the records', () => {
    const entry = JSON.stringify(validEntry());
    const poisoned = (json: string) =>
      json.replace(/^\{/, '{"__proto__":{"polluted":"yes","isAdmin":true},');
    const result = validEntry() as { result: Record<string, unknown> };
    const deep = JSON.stringify(result)
      .replace('"timings":{}', '"timings":{"__proto__":{"polluted":"yes"}}')
      .replace('"page":{', '"page":{"__proto__":{"polluted":"yes"},');
    const text = poisoned(
      `{"format":"answer-panel-history","version":1,"answers":[${poisoned(entry)},${deep},{"__proto__":${entry}},{"constructor":{"prototype":{"polluted":"yes"}}}]}`,
    );
    const imported = ok(parseImport(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The entry whose fields sit only under __proto__ has no question of its own: skipped.
    expect(imported.records).toHaveLength(2);
    expect(imported.skipped).toBe(2);
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return;
      expect(Object.hasOwn(value, '__proto__')).toBe(false);
      expect(Object.hasOwn(value, 'constructor')).toBe(false);
      expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(value));
      for (const child of Object.values(value)) walk(child);
    };
    imported.records.forEach(walk);
  });
});

describe('import keeps what export wrote, and nothing it should not', () => {
  it('round-trips a page address of 10,000 characters and a title at the cap', () => {
    const long = record('Who designed the lighthouse?', {
      pageUrl: `https://example.org/${'a'.repeat(10_000)}`,
      pageTitle: 'T'.repeat(2000),
    });
    const parsed = parseImport(exportJson([long], 0));
    expect(parsed.ok && parsed.records.length).toBe(1);
  });

  it('refuses a Wikidata line whose link points anywhere but a Wikidata entity', () => {
    const withLink = (url: string) => {
      const entry = JSON.parse(exportJson([fullRecord()], 0)).answers[0];
      const quotes = entry.result.quotes as Array<Record<string, unknown>>;
      quotes[0] = { ...quotes[0], kgLines: [{ text: 'Pharos — architect — Sostratus', url }] };
      const parsed = parseImport(envelopeOf([entry]));
      return parsed.ok ? parsed.records.length : -1;
    };
    expect(withLink('https://www.wikidata.org/wiki/Q42')).toBe(1);
    expect(withLink('https://www.wikidata.org/wiki/Property:P19')).toBe(1);
    expect(withLink('https://evil.example/wiki/Q42')).toBe(0);
    expect(withLink('https://www.wikidata.org/wiki/Q42?redirect=https://evil.example')).toBe(0);
  });
});
