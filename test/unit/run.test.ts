// runPipeline end to end on the demo article (read in Node, as the CLI does).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import {
  DEFAULT_TOP_K,
  firstAnswer,
  firstAnswerWanted,
  historyContext,
  runPipeline,
} from '../../lib/ask/run';
import type { AnswerReader } from '../../lib/pipeline/ports';
import type { AskRequest, PageSnapshot, StageProgress } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';
import { readTestPage } from '../eval/verify-data';
import { sharedData } from '../support/shared-data';

const PAGES = sharedData(resolve(import.meta.dirname, '../../..'), 'readability-test-pages');
const hasPages =
  existsSync(PAGES) || Boolean(process.env.CI) || process.env.REQUIRE_SHARED_DATA === '1';

const demo = readFixture('demo');
const ask = (question: string, mode: AskRequest['mode'] = 'answer', page: PageSnapshot = demo) =>
  runPipeline({ mode, question, page });

async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return (error as PipelineError).code;
  }
  return undefined;
}

describe('runPipeline on the demo page', () => {
  it.each([
    ['When was the lighthouse finished?', '280 BC'],
    ['Who designed the lighthouse?', 'Sostratus of Cnidus'],
    ['When did Ibn Battuta visit Alexandria?', '1326'],
    ['Which sultan built a fortress on the site?', 'Qaitbay'],
    ['Who led the team that mapped the underwater site in 1994?', 'Jean-Yves Empereur'],
  ])('answers %j, citing a quote that holds %j', async (question, answer) => {
    const result = await ask(question);
    expect(result.answer.answered).toBe(true);
    expect(result.answer.cited.length).toBeGreaterThan(0);
    expect(result.answer.droppedCitations).toBe(0);
    const cited = result.quotes.filter((q) => result.answer.cited.includes(q.id));
    expect(cited.some((q) => q.text.includes(answer))).toBe(true);
    for (const s of result.answer.sentences) expect(s.citations.length).toBeGreaterThan(0);
  });

  it('answers "Who is …?" with the sentence that introduces them, not the lines that call them', async () => {
    // From Melville's "Bartleby" (the readability test page clean-links): "Nippers" is called in
    // dialogue far more often than introduced; ranked by words alone, the dialogue came first.
    const texts = [
      '"Sit down, Turkey," said I, "and hear what Nippers has to say. What do you think of it, Nippers?"',
      '"Go to the next room, and tell Nippers to come to me."',
      'Nippers, the second on my list, was a whiskered, sallow, and, upon the whole, rather piratical-looking young man of about five and twenty. I always deemed him the victim of two evil powers-- ambition and indigestion.',
      '"Mr. Nippers," said I, "I\'d prefer that you would withdraw for the present."',
    ];
    const story: PageSnapshot = {
      ...demo,
      title: 'Bartleby, the Scrivener',
      blocks: texts.map((text) => ({ kind: 'paragraph', text })),
      textLength: texts.join('\n').length,
    };
    const result = await ask('Who is Nippers?', 'answer', story);
    expect(result.answer.answered).toBe(true);
    expect(result.answer.text).toMatch(/^Nippers, the second on my list, was a whiskered/);
    expect(result.quotes[0]!.text).toMatch(/^Nippers, the second on my list/);
  });

  it.each([
    'What is the capital of Australia?',
    'How do I bake sourdough bread?',
    'Who won the 2018 football World Cup?',
  ])('says %j is not answered by the page', async (question) => {
    const result = await ask(question);
    expect(result.answer.answered).toBe(false);
    expect(result.answer.cited).toEqual([]);
    expect(result.answer.text).toMatch(/does not seem to answer/);
  });

  it('returns at most topK quotes with issued IDs 1..n and sources on the page', async () => {
    const result = await ask('earthquake damage to the tower');
    expect(result.quotes).toHaveLength(DEFAULT_TOP_K);
    expect(result.quotes.map((q) => q.id)).toEqual([1, 2, 3, 4, 5]);
    for (const q of result.quotes) {
      expect(q.source.url).toBe('https://fixtures.test/demo/');
      expect(q.source.position.of).toBe(demo.blocks.length);
      // An evidence window may cross paragraphs: each of its lines comes from its first block or the next ones.
      const nearby = demo.blocks
        .slice(q.source.blockIndex, q.source.blockIndex + 3)
        .map((b) => b.text);
      for (const line of q.text.split('\n'))
        expect(
          nearby.some((b) => b.includes(line)),
          line,
        ).toBe(true);
      expect(demo.blocks[q.source.blockIndex]!.text).toContain(q.text.split('\n')[0]);
    }
    expect(result.passageCount).toBeGreaterThan(20);
    expect(result.page).toEqual({
      url: demo.url,
      title: demo.title,
      extractor: 'readability',
      truncated: false,
    });
    expect(
      (await runPipeline({ mode: 'answer', question: 'earthquake', page: demo, topK: 2 })).quotes,
    ).toHaveLength(2);
  });

  it('verify mode: a claim the page makes (in other words) is supported', async () => {
    const result = await ask('The tower was completed around 280 BC, under Ptolemy II.', 'verify');
    expect(result.verdict?.label).toBe('supported');
    expect(result.verdict?.decidedBy).toBe('evidence-scores');
    expect(result.verdict?.quoteIds.length).toBeGreaterThan(0);
    expect(result.answer.text.startsWith('The page says: ')).toBe(true);
  });

  it('verify mode: a claim the page does not make is not-enough-evidence', async () => {
    const result = await ask('The lighthouse was built in Rome.', 'verify');
    expect(result.verdict?.label).toBe('not-enough-evidence');
    expect(result.verdict?.quoteIds).toEqual([]);
  });

  // Until claim matching, a changed number was "not enough evidence" at best: overlap cannot refute.
  it('verify mode: a claim with a changed number is refuted, the sentence quoted and checked', async () => {
    const result = await ask('The lighthouse was completed in 150 BC.', 'verify');
    expect(result.verdict).toMatchObject({ label: 'refuted', method: 'rules' });
    expect(result.verdict?.conflicts?.[0]).toMatchObject({
      kind: 'date',
      claim: '150 BC',
      page: '280 BC',
    });
    // The answer quotes the page's sentence, and its citation check agrees with the verdict.
    expect(result.answer.text).toContain('280 BC');
    expect(result.answer.checks.every((c) => !c.flagged)).toBe(true);
  });

  it('answer mode has no verdict', async () => {
    expect((await ask('Who designed the lighthouse?')).verdict).toBeUndefined();
  });

  it('reports progress running → done for split, rank, compose, check, in order, with timings', async () => {
    const events: StageProgress[] = [];
    let clock = 0;
    const result = await runPipeline(
      { mode: 'answer', question: 'Who designed the lighthouse?', page: demo },
      { onProgress: (p) => events.push(p), now: () => (clock += 5) },
    );
    expect(events.map((e) => `${e.stage}:${e.status}`)).toEqual([
      'split:running',
      'split:done',
      'rank:running',
      'rank:done',
      'compose:running',
      'compose:done',
      'check:running',
      'check:done',
    ]);
    expect(events.find((e) => e.stage === 'split' && e.status === 'done')?.detail).toMatch(
      new RegExp(`^${result.passageCount} passages \\+ \\d+ evidence windows$`),
    );
    expect(result.timings).toEqual({ split: 5, rank: 5, compose: 5, check: 5 });
  });

  it('throws page-empty for a page with no blocks, and for blocks too short to be passages', async () => {
    const empty = readFixture('empty');
    expect(await errorCode(ask('Who designed the lighthouse?', 'answer', empty))).toBe(
      'page-empty',
    );
    const tiny: PageSnapshot = {
      ...empty,
      blocks: [{ kind: 'lines', text: 'Menu' }],
      textLength: 4,
    };
    expect(await errorCode(ask('Who designed the lighthouse?', 'answer', tiny))).toBe('page-empty');
  });

  it('stops after split, with no further stage, when no block makes a passage', async () => {
    const events: StageProgress[] = [];
    const tiny: PageSnapshot = { ...demo, blocks: [{ kind: 'lines', text: 'Menu' }] };
    await expect(
      runPipeline(
        { mode: 'answer', question: 'lighthouse', page: tiny },
        { onProgress: (p) => events.push(p) },
      ),
    ).rejects.toThrow(PipelineError);
    expect(events.map((e) => `${e.stage}:${e.status}`)).toEqual(['split:running', 'split:done']);
  });

  it('checks the question before any stage runs', async () => {
    const events: StageProgress[] = [];
    const run = runPipeline(
      { mode: 'answer', question: '  ', page: demo },
      { onProgress: (p) => events.push(p) },
    );
    expect(await errorCode(run)).toBe('question-empty');
    expect(await errorCode(ask('x'.repeat(10_000)))).toBe('question-too-long');
    expect(events).toEqual([]);
  });

  it('returns structured-cloneable plain data', async () => {
    const result = await ask('Who designed the lighthouse?');
    expect(structuredClone(result)).toEqual(result);
  });
});

describe('runPipeline: overview questions', () => {
  it('summarises the page with at least three cited sentences, without a model', async () => {
    const result = await runPipeline({
      mode: 'answer',
      question: 'Summarize this page',
      page: demo,
    });
    expect(result.answer.answered).toBe(true);
    expect(new Set(result.answer.cited).size).toBeGreaterThanOrEqual(3);
    // The details say the passages were chosen to cover the page, not "ranked by keywords".
    expect(result.retrieval.summary).toBe(true);
  });

  it('marks only summaries as chosen to cover the page', async () => {
    const result = await ask('Who designed the lighthouse?');
    expect(result.retrieval.summary).toBeUndefined();
  });
});

describe('firstAnswer (shown while the models rank)', () => {
  it('answers on the keyword path from the page alone, citing the page', async () => {
    const request = {
      mode: 'answer' as const,
      question: 'Who designed the lighthouse?',
      page: demo,
      sources: 'page+web' as const,
    };
    const first = await firstAnswer(request);
    expect(first.retrieval.path).toBe('keyword');
    expect(first.retrieval.webSearched).toBe(false);
    expect(first.answer.text).toContain('Sostratus');
    expect(first.quotes.every((q) => q.source.kind === 'page')).toBe(true);
  });

  it('is wanted for questions while models rank or may, never for claims or without models', () => {
    expect(firstAnswerWanted('answer', true, 'loaded')).toBe(true);
    expect(firstAnswerWanted('answer', true, 'loading')).toBe(true);
    expect(firstAnswerWanted('answer', true, 'unknown')).toBe(true);
    expect(firstAnswerWanted('answer', true, 'absent')).toBe(false);
    expect(firstAnswerWanted('answer', false, 'loaded')).toBe(false);
    expect(firstAnswerWanted('verify', true, 'loaded')).toBe(false);
  });
});

describe('runPipeline on a page in another language', () => {
  // A French article without a lang attribute: its language is detected from the text.
  const french: PageSnapshot = {
    url: 'https://fixtures.test/loi',
    title: 'Le projet de loi sur le renseignement massivement approuvé',
    blocks: [
      {
        kind: 'paragraph',
        text: "Les députés ont adopté à une large majorité, par 438 voix contre 86, le projet de loi sur le renseignement défendu par le gouvernement lors d'un vote solennel, mardi 5 mai. Le texte sera désormais examiné par le Sénat.",
      },
      {
        kind: 'paragraph',
        text: 'Le contrôle de cette surveillance sera confié à une nouvelle autorité administrative indépendante, la Commission nationale de contrôle des techniques de renseignement, composée de six magistrats, de trois députés et de trois sénateurs.',
      },
      {
        kind: 'paragraph',
        text: "La Commission nationale informatique et libertés critique fortement cette disposition, qui permettrait d'installer chez les fournisseurs d'accès une boîte noire surveillant le trafic des internautes.",
      },
    ],
    textLength: 600,
    extractor: 'readability',
    truncated: false,
  };

  it('answers a French question with the French sentence that holds the answer', async () => {
    const result = await runPipeline({
      mode: 'answer',
      question: 'Combien de députés ont voté contre le projet de loi ?',
      page: french,
    });
    expect(result.answer.answered).toBe(true);
    expect(result.answer.text).toContain('438 voix contre 86');
    // The answer phrase of a "combien" question is a number.
    expect(result.quotes[0]!.answerSpan).toBeDefined();
  });

  it('matches an inflected French verb to its noun ("contrôlera" / "contrôle")', async () => {
    const result = await runPipeline({
      mode: 'answer',
      question: 'Quelle autorité contrôlera la surveillance ?',
      page: french,
    });
    expect(result.answer.text).toContain('Commission nationale de contrôle des techniques');
  });

  it('summarises for "Qui est le sujet de l\'article ?", as for "what is the article about?"', async () => {
    const result = await runPipeline({
      mode: 'answer',
      question: "Qui est le sujet de l'article ?",
      page: french,
    });
    expect(result.answer.answered).toBe(true);
    expect(new Set(result.answer.cited).size).toBeGreaterThanOrEqual(2);
  });
});

describe('runPipeline: the exact answer inside each quote', () => {
  const question = 'Who designed the lighthouse?';

  it('without a reader, patterns by question type find it', async () => {
    const result = await ask(question);
    const spans = result.quotes.filter((q) => q.answerSpan);
    expect(spans.length).toBeGreaterThan(0);
    for (const q of spans) expect(q.answerSpan!.by).toBeUndefined();
    expect(result.retrieval.models.reader).toBeUndefined();
  });

  it('with a reader, its confident spans are used and named; where it refuses, the patterns answer', async () => {
    const asked: string[][] = [];
    const reader: AnswerReader = {
      modelId: 'test/reader',
      read: (_question, passages) => {
        asked.push([...passages]);
        // Confident on the passage that names the architect, refusing elsewhere.
        return Promise.resolve(
          passages.map((p) => {
            const start = p.indexOf('Sostratus');
            return start < 0 ? undefined : { start, end: start + 9, score: 0.8 };
          }),
        );
      },
    };
    const plain = await ask(question);
    const result = await runPipeline(
      { mode: 'answer', question, page: demo },
      { models: { reader } },
    );
    expect(asked).toHaveLength(1);
    expect(result.retrieval.models.reader).toBe('test/reader');
    const byModel = result.quotes.filter((q) => q.answerSpan?.by === 'test/reader');
    expect(byModel.length).toBeGreaterThan(0);
    for (const q of byModel)
      expect(q.text.slice(q.answerSpan!.start, q.answerSpan!.end)).toBe('Sostratus');
    // Quotes the reader refused keep the patterns' span, exactly as without it.
    for (const q of result.quotes.filter((q) => !q.text.includes('Sostratus'))) {
      const before = plain.quotes.find((p) => p.text === q.text);
      expect(q.answerSpan).toEqual(before?.answerSpan);
    }
  });

  it('a reader that fails leaves the patterns’ spans and says so in the notes', async () => {
    const reader: AnswerReader = {
      modelId: 'test/reader',
      read: () => Promise.reject(new Error('session lost')),
    };
    const plain = await ask(question);
    const result = await runPipeline(
      { mode: 'answer', question, page: demo },
      { models: { reader } },
    );
    expect(result.quotes.map((q) => q.answerSpan)).toEqual(plain.quotes.map((q) => q.answerSpan));
    expect(result.retrieval.notes.join(' ')).toMatch(/exact-answer model failed/);
  });
});

describe('runPipeline on a PDF snapshot', () => {
  // The demo page as a PDF would give it: each block carries the page it starts on.
  const pdf = {
    ...demo,
    extractor: 'pdf' as const,
    pageCount: 9,
    blocks: demo.blocks.map((block, i) => ({ ...block, page: Math.floor(i / 3) + 1 })),
  };

  it('cites each quote by the page its passage starts on', async () => {
    const result = await ask('Who designed the lighthouse?', 'answer', pdf);
    expect(result.answer.answered).toBe(true);
    for (const quote of result.quotes)
      expect(quote.source.page).toBe(pdf.blocks[quote.source.blockIndex]!.page);
    expect(result.quotes.some((q) => q.source.page! > 1)).toBe(true);
  });

  it('gives quotes from a web page no page number', async () => {
    const web = await ask('Who designed the lighthouse?');
    for (const quote of web.quotes) expect(quote.source.page).toBeUndefined();
  });
});

describe('runPipeline: a question that says all it asks, after a focused turn', () => {
  it('ranks as it would alone; a question that points back leans on the turn before', async () => {
    const first = await ask('Who designed the lighthouse?');
    const history = [{ question: 'Who designed the lighthouse?', answer: first.answer.text }];
    const question = 'What damaged the tower in 956?';
    const alone = await ask(question);
    const after = await runPipeline({ mode: 'answer', question, page: demo, history });
    expect(after.quotes.map((q) => q.text)).toEqual(alone.quotes.map((q) => q.text));
    // "Who designed it?" has no subject of its own: the earlier turn's words rank it.
    const leaning = 'Who designed it?';
    const leaningAlone = await ask(leaning);
    const leaningAfter = await runPipeline({
      mode: 'answer',
      question: leaning,
      page: demo,
      history,
    });
    expect(leaningAfter.quotes.map((q) => q.text)).not.toEqual(
      leaningAlone.quotes.map((q) => q.text),
    );
  });
});

describe('runPipeline: a follow-up after a summary', () => {
  const summaryTurn = async () => {
    const summary = await ask('Summarize this page');
    expect(summary.answer.answered).toBe(true);
    return { question: 'Summarize this page', answer: summary.answer.text };
  };

  it('ranks as it would with no earlier turn: the summary’s words do not pull it', async () => {
    const history = [await summaryTurn()];
    for (const question of ['Who designed it?', 'When was it finished?']) {
      const alone = await ask(question);
      const after = await runPipeline({ mode: 'answer', question, page: demo, history });
      expect(
        after.quotes.map((q) => q.text),
        question,
      ).toEqual(alone.quotes.map((q) => q.text));
      expect(after.answer.text, question).toBe(alone.answer.text);
    }
  });

  it('keeps a focused turn before the summary as context, without leaning on the summary', async () => {
    const focused = { question: 'Who designed the lighthouse?', answer: 'Sostratus of Cnidus.' };
    const context = historyContext([focused, await summaryTurn()]);
    expect(context?.text).toContain('Sostratus of Cnidus');
    expect(context?.text).not.toContain('Summarize');
    expect(context?.question).toBeUndefined();
    expect(historyContext([focused])?.question).toBe(focused.question);
    expect(historyContext([await summaryTurn()])).toBeUndefined();
  });
});

describe.skipIf(!hasPages)('verify mode after other questions, on a real tune page', () => {
  // royal-road, from a Chromium walk-through: after questions about Haoyu, "Lexi was lying on his
  // back …" leaned on them ("his") and went from "says otherwise" (Lute) to "doesn't say".
  it('judges a claim alone, whatever the panel asked before it', async () => {
    const page = await readTestPage('royal-road');
    const claim = 'Lexi was lying on his back on the table, clutching his stomach.';
    const history = [
      { question: 'What does Haoyu do in the recovery sauna?', answer: 'He does his homework.' },
      {
        question:
          'Two women, three men, and Haoyu each had plenty of room to themselves on the two tiers of pale wood benches.',
        answer: "The page doesn't say.",
      },
    ];
    const alone = await runPipeline({ mode: 'verify', question: claim, page });
    const after = await runPipeline({ mode: 'verify', question: claim, page, history });
    expect(alone.verdict?.label).toBe('refuted');
    expect(after.verdict?.label).toBe('refuted');
    expect(after.verdict?.conflicts).toEqual(alone.verdict?.conflicts);
  }, 30_000);
});
