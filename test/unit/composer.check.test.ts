import { describe, expect, it } from 'vitest';
import {
  checkCitations,
  LEXICAL_THRESHOLD,
  summariseChecks,
  NEAR_BLOCKS,
  textNearQuote,
} from '../../lib/composer/check';
import type { CitationCheck } from '../../lib/pipeline/types';
import { parseCitations } from '../../lib/pipeline/citations';
import type { PairScorer } from '../../lib/pipeline/ports';
import { relevance } from '../../lib/pipeline/retrieve';
import type { AnswerSentence, Block, Quote } from '../../lib/pipeline/types';

function quote(
  id: number,
  text: string,
  extra: { title?: string; kgLines?: string[] } = {},
): Quote {
  const kg = extra.kgLines !== undefined;
  return {
    id,
    passageId: kg ? 'kg' : `s0.b${id}.0`,
    text: kg ? extra.kgLines!.join('\n') : text,
    origin: 'splitter',
    score: 1,
    coverage: 1,
    ...(kg
      ? {
          kgLines: extra.kgLines!.map((t) => ({
            text: t,
            url: 'https://www.wikidata.org/wiki/Q42',
          })),
        }
      : {}),
    source: {
      kind: kg ? 'kg' : 'page',
      url: kg ? 'https://www.wikidata.org/wiki/Q42' : 'https://fixtures.test/demo/',
      title: extra.title ?? (kg ? 'Wikidata' : 'Some page'),
      blockIndex: 0,
      blockKind: kg ? 'table' : 'paragraph',
      position: { block: 1, of: 1 },
    },
  };
}

const PHAROS = quote(
  1,
  'The tower was finished around 280 BC, during the reign of Ptolemy II Philadelphus, and cost 800 talents of silver.',
);
const QUAKE = quote(
  2,
  'An earthquake in 1303 caused serious cracks throughout the lighthouse of Alexandria.',
);
const ADAMS = quote(3, 'Douglas Adams was born in Cambridge in 1952 and later lived in London.');

const sentence = (text: string, ...citations: number[]): AnswerSentence => ({ text, citations });
const one = async (text: string, q: Quote) =>
  (await checkCitations([sentence(text, q.id)], [q]))[0]!;

describe('checkCitations, lexical (no model)', () => {
  it.each([
    [
      'verbatim',
      'The tower was finished around 280 BC, during the reign of Ptolemy II Philadelphus.',
      PHAROS,
    ],
    [
      'paraphrase',
      'Ptolemy II Philadelphus reigned when the tower was finished, around 280 BC.',
      PHAROS,
    ],
    [
      'number written with a thousands separator',
      'An earthquake in 1,303 caused cracks throughout the lighthouse.',
      QUAKE,
    ],
    ['born → birth and a name found', 'Douglas Adams was born in Cambridge.', ADAMS],
  ])('supports a %s', async (_, text, q) => {
    const check = await one(text, q);
    expect(check).toMatchObject({ sentence: 0, quoteId: q.id, supported: true, method: 'lexical' });
    expect(check.score).toBeGreaterThanOrEqual(LEXICAL_THRESHOLD);
  });

  it.each([
    [
      'a wrong year',
      'An earthquake in 956 caused serious cracks throughout the lighthouse of Alexandria.',
      QUAKE,
    ],
    ['a wrong amount', 'The tower cost 900 talents of silver.', PHAROS],
    ['a wrong place', 'Douglas Adams was born in Oxford in 1952.', ADAMS],
    [
      'a wrong person',
      'The tower was finished around 280 BC, during the reign of Ptolemy III Euergetes.',
      PHAROS,
    ],
  ])('flags %s even though most words overlap', async (_, text, q) => {
    const check = await one(text, q);
    expect(check.supported).toBe(false);
    // The veto, not the share, decides: most of the sentence is in the quote.
    expect(check.score).toBeGreaterThan(0.6);
  });

  it("checks a table row against its own row, not its neighbours' numbers", async () => {
    const table = quote(
      3,
      '2, CARD16, MAJOR_VERSION 1\n2, CARD16, MINOR_VERSION 2\n4, CARD32, ALIAS_LIST_OFFSET',
    );
    table.source.blockKind = 'table';
    const check = async (text: string) =>
      (await checkCitations([{ text, citations: [3] }], [table]))[0]!;
    expect(await check('2, CARD16, MINOR_VERSION 2.')).toMatchObject({ supported: true });
    // A row that says another number than every row of the table is still contradicted.
    expect(await check('2, CARD16, MINOR_VERSION 7.')).toMatchObject({ flagged: true });
  });

  it('flags a sentence cited to a quote about something else', async () => {
    const check = await one('The tower was finished around 280 BC.', ADAMS);
    expect(check.supported).toBe(false);
    expect(check.score).toBeLessThan(0.3);
  });

  it('checks each citation of a sentence: one right, one wrong', async () => {
    const checks = await checkCitations(
      [sentence('An earthquake in 1303 caused serious cracks in the lighthouse.', 1, 2)],
      [PHAROS, QUAKE],
    );
    expect(checks.map((c) => [c.quoteId, c.supported])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The wrong one names 1303, which quote 1 lacks: flagged, though not a contradiction.
    expect(checks[0]).toMatchObject({ outcome: 'not-found', flagged: true, missing: ['1303'] });
    expect(summariseChecks(checks)).toEqual({
      checked: 1,
      total: 2,
      unsupported: [{ sentence: 0, quoteId: 1 }],
      flagged: [{ sentence: 0, quoteId: 1 }],
      contradicted: 0,
      notFound: 1,
    });
  });

  it('never checks unissued IDs: the parser drops them first', async () => {
    const parsed = parseCitations(
      'The tower cost 800 talents of silver [1][7]. Douglas Adams was born in Cambridge [3][99].',
      new Set([1, 3]),
    );
    expect(parsed.dropped).toBe(2);
    const checks = await checkCitations(parsed.sentences, [PHAROS, ADAMS]);
    expect(checks.map((c) => [c.sentence, c.quoteId, c.supported])).toEqual([
      [0, 1, true],
      [1, 3, true],
    ]);
  });

  it('skips, without crashing, a citation to an ID that is not among the quotes', async () => {
    const checks = await checkCitations(
      [sentence('The tower cost 800 talents of silver.', 1, 9)],
      [PHAROS],
    );
    expect(checks.map((c) => c.quoteId)).toEqual([1]);
  });

  it('is not confused by quotation marks or markers inside a quotation', async () => {
    const q = quote(1, 'The lighthouse was built in 280 BC and cost 800 talents.');
    const parsed = parseCitations(
      'The page says "built in 280 BC" [1]. It notes that "It cost 800 talents [1]." The page says "Built in 380 BC" [1].',
      new Set([1]),
    );
    const checks = await checkCitations(parsed.sentences, [q]);
    expect(parsed.sentences.map((s) => s.citations)).toEqual([[1], [1], [1]]);
    expect(checks.map((c) => c.supported)).toEqual([true, true, false]);
  });

  it('does not count a capitalised word after an opening quotation mark as a name', async () => {
    const check = await one(
      'The page says “Completed around 280 BC, in the reign of Ptolemy II Philadelphus”.',
      PHAROS,
    );
    expect(check.supported).toBe(true);
  });

  it('ignores [n] markers a caller left in the text: they are citations, not numbers', async () => {
    expect((await one('The tower cost 800 talents of silver [1].', PHAROS)).supported).toBe(true);
  });

  it("finds a name in the quote's page title: the quote's 'it' is the page's subject", async () => {
    const text =
      'The Lighthouse of Alexandria was repaired several times after strong earthquakes.';
    const onPage = quote(1, 'It was repaired several times after strong earthquakes.', {
      title: 'Lighthouse of Alexandria - Open Encyclopedia',
    });
    const elsewhere = quote(1, 'It was repaired several times after strong earthquakes.', {
      title: 'Colossus of Rhodes',
    });
    expect((await one(text, onPage)).supported).toBe(true);
    expect((await one(text, elsewhere)).supported).toBe(false);
  });

  it('flags a name missing from the quote, unless the caller gives a page that names it', async () => {
    const he = quote(1, 'The tower was designed by him and finished around 280 BC.');
    const text = 'The tower was designed by Sostratus and finished around 280 BC.';
    expect(await one(text, he)).toMatchObject({ flagged: true, missing: ['Sostratus'] });
    const pages = new Map([[he.source.url, 'The architect was Sostratus of Cnidus. ' + he.text]]);
    const [check] = await checkCitations([sentence(text, 1)], [he], { pages });
    expect(check).toMatchObject({ flagged: false, missing: [] });
  });

  it('judges a KG quote by its best single line, so facts from two triples do not combine', async () => {
    const kg = quote(1, '', {
      kgLines: [
        'Douglas Adams — place of birth — Cambridge',
        'Jane Belson — place of birth — Liverpool',
        'Douglas Adams — date of birth — 1952-03-11',
      ],
    });
    const born = await one('Douglas Adams was born in Cambridge.', kg);
    expect(born).toMatchObject({ supported: true, score: 1 });
    // Every word is somewhere in the quote, but no single triple says it.
    const mixed = await one('Douglas Adams was born in Liverpool.', kg);
    expect(mixed.supported).toBe(false);
    expect((await one('Douglas Adams was born in 1952.', kg)).supported).toBe(true);
    expect((await one('Douglas Adams was born in 1953.', kg)).supported).toBe(false);
  });

  it('marks a sentence with nothing to check not found, unflagged, score 0, lexical', async () => {
    const checks = await checkCitations(
      [sentence('Yes.', 1), sentence('It is so.', 1)],
      [quote(1, 'Yes, it is so: the tower was finished in 280 BC.')],
    );
    const nothing = {
      quoteId: 1,
      supported: false,
      outcome: 'not-found',
      flagged: false,
      conflicts: [],
      missing: [],
      score: 0,
      method: 'lexical',
    };
    expect(checks).toEqual([
      { sentence: 0, ...nothing },
      { sentence: 1, ...nothing },
    ]);
  });

  it.each<[string, AnswerSentence[], Quote[]]>([
    ['no sentences', [], [PHAROS]],
    ['no quotes', [sentence('The tower cost 800 talents.', 1)], []],
    ['no citations', [sentence('The tower cost 800 talents.')], [PHAROS]],
  ])('returns no checks for %s', async (_, sentences, quotes) => {
    expect(await checkCitations(sentences, quotes)).toEqual([]);
  });

  it('honours lexicalThreshold', async () => {
    const text = 'The source says that Ptolemy II Philadelphus finished the famous tower.';
    const check = await one(text, PHAROS);
    expect(check.score).toBeGreaterThan(0.5);
    expect(check.score).toBeLessThan(1);
    const [strict] = await checkCitations([sentence(text, 1)], [PHAROS], { lexicalThreshold: 1 });
    expect(strict).toMatchObject({ supported: false, outcome: 'not-found', flagged: false });
  });
});

/** A fake cross-encoder: the logit of a pair is looked up by its passage text (default -5). */
function fakeScorer(
  logits: Record<string, number>,
): PairScorer & { calls: Array<ReadonlyArray<readonly [string, string]>> } {
  const calls: Array<ReadonlyArray<readonly [string, string]>> = [];
  return {
    modelId: 'fake/minilm',
    calls,
    async score(pairs) {
      calls.push(pairs);
      return Float32Array.from(pairs, ([, passage]) => logits[passage] ?? -5);
    },
  };
}

describe('checkCitations, cross-encoder', () => {
  const QUOTES = [PHAROS, QUAKE, ADAMS];

  it('scores every unflagged pair in one batched call, (sentence, quote text), supported at sigmoid ≥ 0.5', async () => {
    const scorer = fakeScorer({ [PHAROS.text]: 0, [QUAKE.text]: -0.1, [ADAMS.text]: 3 });
    const sentences = [
      sentence('The tower was finished around 280 BC.', 1, 2),
      sentence('Douglas Adams grew up in London.', 3),
      sentence('The lighthouse of Alexandria had serious cracks.', 2),
    ];
    const checks = await checkCitations(sentences, QUOTES, { scorer });
    expect(scorer.calls).toHaveLength(1);
    // The citation to QUAKE names 280 BC, which it lacks: flagged by the rules, not sent.
    expect(scorer.calls[0]).toEqual([
      ['The tower was finished around 280 BC.', PHAROS.text],
      ['Douglas Adams grew up in London.', ADAMS.text],
      ['The lighthouse of Alexandria had serious cracks.', QUAKE.text],
    ]);
    expect(checks.map((c: CitationCheck) => [c.quoteId, c.method, c.supported])).toEqual([
      [1, 'cross-encoder', true], // sigmoid(0) = 0.5: the boundary counts as supported
      [2, 'lexical', false],
      [3, 'cross-encoder', true],
      [2, 'cross-encoder', false],
    ]);
    expect(checks[1]).toMatchObject({ flagged: true, missing: ['280 BC'] });
    expect(checks[2]!.score).toBeCloseTo(relevance(3), 6);
    // Not relevant enough is "not found", neutral: the model never flags.
    expect(checks[3]).toMatchObject({ outcome: 'not-found', flagged: false });
  });

  it('honours relevanceThreshold', async () => {
    const scorer = fakeScorer({ [ADAMS.text]: 2 }); // sigmoid(2) ≈ 0.88
    const s = [sentence('Douglas Adams lived in London.', 3)];
    expect((await checkCitations(s, QUOTES, { scorer }))[0]!.supported).toBe(true);
    expect(
      (await checkCitations(s, QUOTES, { scorer, relevanceThreshold: 0.9 }))[0]!.supported,
    ).toBe(false);
  });

  it('still flags a wrong number the model finds relevant', async () => {
    const scorer = fakeScorer({ [QUAKE.text]: 6 });
    const [check] = await checkCitations(
      [sentence('An earthquake in 956 caused cracks in the lighthouse.', 2)],
      QUOTES,
      { scorer },
    );
    // The rules found the contradiction; the model's relevance cannot clear it.
    expect(check).toMatchObject({
      method: 'lexical',
      supported: false,
      outcome: 'contradicted',
      flagged: true,
      conflicts: [expect.objectContaining({ kind: 'date', claim: '956', page: '1303' })],
    });
  });

  it('scores a KG quote line by line in the same call and keeps the best line', async () => {
    const lines = [
      'Douglas Adams — place of birth — Cambridge',
      'Douglas Adams — residence — London',
    ];
    const kg = quote(5, '', { kgLines: lines });
    const scorer = fakeScorer({ [lines[0]!]: 4, [lines[1]!]: -2 });
    const checks = await checkCitations(
      [
        sentence('Douglas Adams was born in Cambridge.', 5),
        sentence('The tower cost 800 talents.', 1),
      ],
      [kg, PHAROS],
      { scorer },
    );
    expect(scorer.calls).toHaveLength(1);
    expect(scorer.calls[0]!.map(([, p]) => p)).toEqual([...lines, PHAROS.text]);
    expect(checks[0]!.score).toBeCloseTo(relevance(4), 6);
    expect(checks[0]!.supported).toBe(true);
  });

  it('does not send a sentence with nothing to check, and makes no call when nothing is left', async () => {
    const scorer = fakeScorer({});
    const checks = await checkCitations([sentence('Yes.', 1)], QUOTES, { scorer });
    expect(scorer.calls).toHaveLength(0);
    expect(checks).toEqual([
      expect.objectContaining({ sentence: 0, quoteId: 1, supported: false, flagged: false }),
    ]);
  });

  it.each<[string, PairScorer]>([
    ['throws', { modelId: 'broken', score: () => Promise.reject(new Error('onnx session lost')) }],
    [
      'returns the wrong number of scores',
      { modelId: 'short', score: async () => new Float32Array(0) },
    ],
  ])('falls back to the lexical checks when the model %s', async (_, scorer) => {
    const checks = await checkCitations(
      [sentence('The tower cost 800 talents of silver.', 1)],
      QUOTES,
      { scorer },
    );
    expect(checks).toEqual([expect.objectContaining({ method: 'lexical', supported: true })]);
  });
});

describe('summariseChecks', () => {
  it('counts supported citations and lists the others', () => {
    const checks: CitationCheck[] = [
      { sentence: 0, quoteId: 1, supported: true, score: 0.9, method: 'lexical' },
      { sentence: 1, quoteId: 2, supported: false, score: 0.2, method: 'lexical' },
      { sentence: 1, quoteId: 3, supported: false, score: 0.1, method: 'cross-encoder' },
    ];
    // Records without `flagged` (written before it existed): every unsupported one was marked.
    expect(summariseChecks(checks)).toEqual({
      checked: 1,
      total: 3,
      unsupported: [
        { sentence: 1, quoteId: 2 },
        { sentence: 1, quoteId: 3 },
      ],
      flagged: [
        { sentence: 1, quoteId: 2 },
        { sentence: 1, quoteId: 3 },
      ],
      contradicted: 0,
      notFound: 2,
    });
  });

  it('marks only contradicted and missing-name citations; "not found" is neutral', () => {
    const checks: CitationCheck[] = [
      {
        sentence: 0,
        quoteId: 1,
        supported: true,
        outcome: 'supported',
        score: 1,
        method: 'lexical',
      },
      {
        sentence: 1,
        quoteId: 2,
        supported: false,
        outcome: 'contradicted',
        flagged: true,
        score: 0.9,
        method: 'lexical',
      },
      {
        sentence: 2,
        quoteId: 2,
        supported: false,
        outcome: 'not-found',
        flagged: false,
        score: 0.4,
        method: 'lexical',
      },
    ];
    expect(summariseChecks(checks)).toMatchObject({
      checked: 1,
      total: 3,
      flagged: [{ sentence: 1, quoteId: 2 }],
      contradicted: 1,
      notFound: 1,
    });
  });

  it('says 0 of 0 for no checks', () => {
    expect(summariseChecks([])).toEqual({
      checked: 0,
      total: 0,
      unsupported: [],
      flagged: [],
      contradicted: 0,
      notFound: 0,
    });
  });
});

describe('checkCitations: names stated near the quote', () => {
  const blocks: Block[] = [
    'Georges Claude showed the first neon lamp in Paris in 1910.',
    'His lights shone orange-red because neon, by itself, produces that color.',
    'Other gases gave other colors.',
    'Argon gave blue.',
    'Krypton gave white.',
    'Far below, a paragraph about Margaret Thatcher.',
  ].map((text) => ({ kind: 'paragraph', text }));
  const lights = quote(1, blocks[1]!.text);
  const near = new Map([[1, textNearQuote(blocks, 1)]]);
  const texts = (from: number, to: number) =>
    blocks
      .slice(from, to)
      .map((b) => b.text)
      .join('\n');

  it('takes the quote block and NEAR_BLOCKS either side', () => {
    expect(NEAR_BLOCKS).toBe(3);
    expect(textNearQuote(blocks, 1)).toBe(texts(0, 5));
    expect(textNearQuote(blocks, 0)).toBe(texts(0, 4));
    expect(textNearQuote(blocks, 5)).toBe(texts(2, 6));
  });

  it('does not flag a name the paragraph before the quote states', async () => {
    const text =
      "Neon on its own gives off an orange-red color, which is why Claude's lights glowed that way.";
    const [without] = await checkCitations([sentence(text, 1)], [lights]);
    expect(without!.missing).toContain("Claude's");
    expect(without!.flagged).toBe(true);
    const [withNear] = await checkCitations([sentence(text, 1)], [lights], { near });
    expect(withNear!.missing).toEqual([]);
    expect(withNear!.flagged).toBe(false);
  });

  it('still flags a name stated only far from the quote', async () => {
    const text =
      "Neon on its own gives off an orange-red color, which is why Thatcher's lights glowed that way.";
    const [check] = await checkCitations([sentence(text, 1)], [lights], { near });
    expect(check!.flagged).toBe(true);
  });
  it("does not flag the page's author, named from its byline where the quote says 'I'", async () => {
    // herald-sun-1: the column's writer speaks in the first person; the byline names him.
    const column: Block[] = [
      { kind: 'lines', text: 'By Laurie Oakes' },
      { kind: 'paragraph', text: 'The roadshow met executives from the TV networks.' },
      { kind: 'paragraph', text: 'I was involved as a member of the Walkley board.' },
      { kind: 'paragraph', text: 'Later paragraphs say nothing of the board.' },
    ];
    const board = quote(1, column[2]!.text);
    const text = 'As a member of the Walkley board, Oakes was involved.';
    const [without] = await checkCitations([sentence(text, 1)], [board]);
    expect(without!.missing).toContain('Oakes');
    const [withAuthor] = await checkCitations([sentence(text, 1)], [board], {
      near: new Map([[1, textNearQuote(column, 2)]]),
    });
    expect(withAuthor!.missing).toEqual([]);
    expect(withAuthor!.flagged).toBe(false);
  });
});

describe('checkCitations: a name found only out of its place', () => {
  it("flags 'World's Fair in Chicago' against a quote with 'Chicago' earlier and 'in New York' in its place", async () => {
    const q = quote(
      1,
      "The lighting also featured heavily at the Chicago Century of Progress Exposition in 1933 and at the 1939 World's Fair in New York.",
    );
    const check = await one(
      "Neon lighting featured heavily at the 1939 World's Fair in Chicago.",
      q,
    );
    expect(check.outcome).toBe('contradicted');
    expect(check.flagged).toBe(true);
    expect(check.conflicts?.[0]).toMatchObject({
      kind: 'entity',
      claim: 'Chicago',
      page: 'New',
    });
  });

  it('leaves a name moved in a paraphrase alone when another word stands between', async () => {
    const q = quote(
      1,
      "The scientists were led by Michael Shadlen of Columbia University's Mortimer B. Zuckerman Institute.",
    );
    const check = await one(
      'Columbia University neuroscientist Michael Shadlen led the scientists.',
      q,
    );
    expect((check.conflicts ?? []).filter((c) => c.kind === 'entity')).toEqual([]);
  });
});

describe('checkCitations: the quote read as one statement', () => {
  // wikipedia-4: one film's row, three sentences; the title and year in the first, the verb in the last.
  const ROW = quote(
    1,
    'Film: 12:01 PM, Year: 1990, Description: This short film is the first film adaptation of the short story "12:01 PM" by Richard A. Lupoff, which was published in 1973 in The Magazine of Fantasy and Science Fiction. It originally aired on cable television as part of the Showtime 30-Minute Movie anthology series. It was nominated for an Academy Award.[13]',
  );

  it('flags a denial of what another sentence of the quote affirms', async () => {
    const check = await one(
      'The 1990 short film 12:01 PM was never nominated for an Academy Award.',
      ROW,
    );
    expect(check.outcome).toBe('contradicted');
    expect(check.flagged).toBe(true);
    expect(check.conflicts?.[0]).toMatchObject({ kind: 'negation', claim: 'never' });
  });

  it('supports the same sentence without the denial', async () => {
    const check = await one(
      'The 1990 short film 12:01 PM was nominated for an Academy Award.',
      ROW,
    );
    expect(check.flagged).toBe(false);
  });

  it('leaves table rows to themselves: a row denies nothing another row says', async () => {
    const table: Quote = {
      ...quote(2, 'Feature | Status\nVR support | not available\nMixed reality | yes'),
      source: { ...PHAROS.source, blockKind: 'table' },
    };
    const check = await one('Mixed reality is available.', table);
    expect(check.outcome).not.toBe('contradicted');
  });
});

describe('checkCitations: denials that balance', () => {
  // herald-sun-1: "not … unless" in the answer, "prevent … without" in the quote.
  const q = quote(
    1,
    'That would prevent access to the metadata of journalists or media organisations without a judicial warrant.',
  );

  it('does not flag a paraphrase that denies as often as the quote, one denial by meaning', async () => {
    const check = await one(
      "Journalists' and media organisations' metadata could not be accessed unless a judge issued a warrant.",
      q,
    );
    expect(check.outcome).not.toBe('contradicted');
    expect(check.flagged).toBe(false);
  });

  it('still flags an inserted "not"', async () => {
    const check = await one(
      'That would not prevent access to the metadata of journalists or media organisations without a judicial warrant.',
      q,
    );
    expect(check.outcome).toBe('contradicted');
    expect(check.flagged).toBe(true);
  });
});

describe('checkCitations: a sentence citing two quotes', () => {
  // schema-org-context-object (tune page): two paragraphs, one sentence of an answer citing both.
  const POLL = quote(
    1,
    'A Gallup Korea poll released on Friday showed Yoon’s approval rating at 13%, The Korea Times reported, down from 19% a week earlier.',
  );
  const SEATS = quote(
    2,
    'Six opposition parties began impeachment proceedings against Yoon this week. The opposition bloc holds 192 of the unicameral legislature’s 300 seats, just under the two-thirds majority needed for the motion to pass.',
  );

  it('does not call missing what the other cited quote states', async () => {
    const text =
      "A Gallup Korea poll put Yoon's approval rating at 13%, while the opposition holds 192 of the 300 seats [1][2].";
    const checks = await checkCitations(parseCitations(text, new Set([1, 2])).sentences, [
      POLL,
      SEATS,
    ]);
    expect(checks).toHaveLength(2);
    for (const check of checks) {
      expect(check.missing).toEqual([]);
      expect(check.flagged).toBe(false);
    }
  });

  it('still flags a number neither quote states, and a changed one', async () => {
    const text =
      "A Gallup Korea poll put Yoon's approval rating at 15%, while the opposition holds 192 of the 300 seats [1][2].";
    const checks = await checkCitations(parseCitations(text, new Set([1, 2])).sentences, [
      POLL,
      SEATS,
    ]);
    expect(checks.find((c) => c.quoteId === 1)!.flagged).toBe(true);
    expect(checks.find((c) => c.quoteId === 2)!.missing).toEqual(['15%']);
  });
});

describe('checkCitations: a full name whose surname is stated near the quote', () => {
  // quanta-1 (tune page): the quote says "she", its paragraph "Hamilton", the answer the full name.
  const q = quote(
    1,
    'At MIT’s Instrumentation Laboratory, starting in 1965, she headed the onboard flight software team for the Apollo project.',
  );
  const near = new Map([
    [
      1,
      'After leaving Lorenz’s group, Hamilton embarked on a different path, achieving a level of fame that rivals or even exceeds that of her first coding mentor. At MIT’s Instrumentation Laboratory, starting in 1965, she headed the onboard flight software team for the Apollo project.',
    ],
  ]);
  const text =
    "From 1965, Margaret Hamilton led the team writing the Apollo project's onboard flight software at MIT's Instrumentation Laboratory.";

  it('does not call the first name missing', async () => {
    const [check] = await checkCitations([sentence(text, 1)], [q], { near });
    expect(check!.missing).toEqual([]);
    expect(check!.flagged).toBe(false);
  });

  it('still calls a first name missing when nothing near names the person', async () => {
    const [check] = await checkCitations([sentence(text, 1)], [q]);
    expect(check!.flagged).toBe(true);
  });
});
