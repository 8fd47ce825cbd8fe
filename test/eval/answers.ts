// Answers on real pages, measured with the labelled question set in test/fixtures/answers
// (668 questions over 51 pages of ../shared/data/readability-test-pages, split by page into
// `tune` and `report` halves). Each question runs through runPipeline as the extension's default
// keyword path would (no models, no web search, no knowledge graph, extractive composer) and is
// scored per type:
//   - factoid, wording, table, followup: a gold string appears in the answer text (case-insensitive);
//   - summary: how many distinct quotes the answer cites (goal ≥ 3 on every article page);
//   - unanswerable: the composer abstains (`answered` false);
//   - every question: whether it got 5 quotes when the page has 5 passages or more.
// Follow-ups are asked with the previous turn's question and the pipeline's own answer to it as
// context (`history`), as the panel asks them.
//
//   npx tsx test/eval/answers.ts [--split tune|report|all] [--pages a,b] [--misses] [--write]
//
// Thresholds are tuned on `tune` only; the README and test/bench/results.json report `report`.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { runPipeline } from '../../lib/ask/run';
import { readHtml } from '../../lib/page/node';
import type { AskResult, PageSnapshot } from '../../lib/pipeline/types';
import { load1, machineMeta, mergeResults } from '../bench/results';
import { sharedData } from '../support/shared-data';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = sharedData(`${ROOT}..`, 'readability-test-pages');
const RESULTS = `${ROOT}test/bench/results.json`;

const Question = v.object({
  id: v.string(),
  page: v.string(),
  type: v.picklist(['factoid', 'summary', 'table', 'followup', 'wording', 'unanswerable']),
  question: v.string(),
  gold: v.array(v.string()),
  previous: v.optional(v.object({ question: v.string(), gold: v.array(v.string()) })),
  split: v.picklist(['tune', 'report']),
});
type Question = v.InferOutput<typeof Question>;

export interface Scored {
  question: Question;
  correct: boolean;
  citations: number;
  quotes: number;
  passages: number;
  answer: string;
}

const pages = new Map<string, PageSnapshot>();
/** A real page read as the CLI reads it, once per run (the multilingual eval reads pages so too). */
export function pageOf(name: string): PageSnapshot {
  let page = pages.get(name);
  if (!page) {
    const path = `${PAGES}/${name}/source.html`;
    page = readHtml(readFileSync(path, 'utf8'), { url: `file://${path}` });
    pages.set(name, page);
  }
  return page;
}

/** Whether `text` holds one of the gold strings, case aside. */
export const contains = (text: string, gold: readonly string[]) =>
  gold.some((g) => text.toLowerCase().includes(g.toLowerCase()));

/** Scores one answer against its question's type. */
export function score(question: Question, result: AskResult): Scored {
  const text = result.answer.text;
  const citations = new Set(result.answer.cited).size;
  const correct =
    question.type === 'unanswerable'
      ? !result.answer.answered
      : question.type === 'summary'
        ? citations >= 3
        : result.answer.answered && contains(text, question.gold);
  return {
    question,
    correct,
    citations,
    quotes: result.quotes.length,
    passages: result.passageCount,
    answer: text,
  };
}

/**
 * A follow-up is asked as the panel asks it: the previous question is run first, and its question
 * and the answer the pipeline gave (not the gold) are the `history` of the follow-up.
 */
async function ask(question: Question): Promise<Scored> {
  const page = pageOf(question.page);
  const history = [];
  if (question.previous) {
    const first = await runPipeline({ mode: 'answer', question: question.previous.question, page });
    history.push({ question: question.previous.question, answer: first.answer.text });
  }
  const result = await runPipeline({
    mode: 'answer',
    question: question.question,
    page,
    ...(history.length ? { history } : {}),
  });
  return score(question, result);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rate = (items: readonly Scored[]) =>
  items.length ? items.filter((s) => s.correct).length / items.length : 0;

/** The figures of one split: accuracy per type, summary citations, five-quote rate. */
export function figuresOf(scored: readonly Scored[]): Record<string, number> {
  const of = (type: Question['type']) => scored.filter((s) => s.question.type === type);
  const factoidLike = scored.filter((s) =>
    ['factoid', 'wording', 'table'].includes(s.question.type),
  );
  const summaries = of('summary');
  const eligible = scored.filter((s) => s.passages >= 5 && s.question.type !== 'unanswerable');
  return {
    factoidAccuracy: rate(of('factoid')),
    wordingAccuracy: rate(of('wording')),
    tableAccuracy: rate(of('table')),
    followupAccuracy: rate(of('followup')),
    factoidLikeAccuracy: rate(factoidLike),
    summaryMinCitations: summaries.length ? Math.min(...summaries.map((s) => s.citations)) : 0,
    summaryRate: rate(summaries),
    unanswerableAbstainRate: rate(of('unanswerable')),
    fiveQuotesRate: eligible.length
      ? eligible.filter((s) => s.quotes >= 5).length / eligible.length
      : 0,
  };
}

function print(split: string, scored: readonly Scored[]): void {
  const f = figuresOf(scored);
  console.log(`\n${split}: ${scored.length} questions`);
  for (const type of ['factoid', 'wording', 'table', 'followup', 'summary', 'unanswerable'])
    console.log(
      `  ${type.padEnd(13)} ${pct(rate(scored.filter((s) => s.question.type === type))).padStart(6)}  (${scored.filter((s) => s.question.type === type).length})`,
    );
  console.log(`  summary: fewest citations ${f.summaryMinCitations}`);
  console.log(`  5 quotes when the page has 5 passages: ${pct(f.fiveQuotesRate!)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'all' },
      write: { type: 'boolean' },
      misses: { type: 'boolean' },
      // Only these pages (comma-separated): e.g. the pages added later, tune-only.
      pages: { type: 'string' },
    },
  });
  if (values.write && (values.pages || values.split !== 'all'))
    throw new Error('--write records every question: leave out --pages and --split');
  if (!existsSync(PAGES)) {
    console.log(`${PAGES} is missing: the answers evaluation needs ../shared/data.`);
    return;
  }
  const all = v.parse(
    v.array(Question),
    JSON.parse(readFileSync(`${ROOT}test/fixtures/answers/questions.json`, 'utf8')),
  );
  const onPages = values.pages ? new Set(values.pages.split(',')) : undefined;
  const chosen = all.filter(
    (q) =>
      (values.split === 'all' || q.split === values.split) && (!onPages || onPages.has(q.page)),
  );
  const loadAtStart = load1();
  const scored: Scored[] = [];
  for (const question of chosen) scored.push(await ask(question));
  for (const split of ['tune', 'report'] as const) {
    const part = scored.filter((s) => s.question.split === split);
    if (part.length) print(split, part);
  }
  if (values.misses)
    for (const s of scored.filter((x) => !x.correct))
      console.log(
        `MISS ${s.question.id} [${s.question.type}] ${s.question.question}\n  gold ${JSON.stringify(s.question.gold)}\n  got  ${s.answer.slice(0, 200)}`,
      );
  if (values.write) {
    const report = figuresOf(scored.filter((s) => s.question.split === 'report'));
    const tune = figuresOf(scored.filter((s) => s.question.split === 'tune'));
    mergeResults(
      RESULTS,
      {
        'answers.realPages.factoidAccuracy': round(report.factoidAccuracy!),
        'answers.realPages.wordingAccuracy': round(report.wordingAccuracy!),
        'answers.realPages.tableAccuracy': round(report.tableAccuracy!),
        'answers.realPages.followupAccuracy': round(report.followupAccuracy!),
        'answers.summary.minCitations': report.summaryMinCitations!,
        'answers.unanswerable.abstainRate': round(report.unanswerableAbstainRate!),
        'retrieval.fiveQuotesRate': round(report.fiveQuotesRate!),
        'answers.tune.factoidAccuracy': round(tune.factoidAccuracy!),
        'answers.tune.unanswerableAbstainRate': round(tune.unanswerableAbstainRate!),
      },
      machineMeta(null, loadAtStart),
      // Not `answers.nonEnglish.`: test/eval/answers-multilingual.ts writes those.
      [
        'answers.realPages.',
        'answers.summary.',
        'answers.unanswerable.',
        'answers.tune.',
        'retrieval.fiveQuotesRate',
      ],
    );
    console.log(`\nwrote the report-split figures to ${RESULTS}`);
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
