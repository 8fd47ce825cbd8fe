// Answers on real pages in other languages, measured with the labelled question set
// test/fixtures/answers/questions-multilingual.json (factoids in the page's language over the
// non-English pages of ../shared/data/readability-test-pages, split by page into `tune` and
// `report` halves like questions.json). Each question runs through runPipeline as the extension's
// default keyword path would (no models, no web search, no knowledge graph, extractive composer);
// a factoid is correct when the answer is given and holds a gold string (case-insensitive).
// Accuracy is printed per language and split; --write records the report split's figure as
// `answers.nonEnglish.factoidAccuracy` (and the tune split's) in test/bench/results.json.
//
//   npx tsx test/eval/answers-multilingual.ts [--split tune|report|all] [--write] [--misses]
//
// Tuning looks at `tune` only; the README and test/bench/results.json report `report`.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { runPipeline } from '../../lib/ask/run';
import { pageLanguage } from '../../lib/pipeline/language';
import type { PageSnapshot } from '../../lib/pipeline/types';
import { load1, machineMeta, mergeResults } from '../bench/results';
import { sharedData } from '../support/shared-data';
import { contains, pageOf } from './answers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = sharedData(`${ROOT}..`, 'readability-test-pages');
const RESULTS = `${ROOT}test/bench/results.json`;
const QUESTIONS = `${ROOT}test/fixtures/answers/questions-multilingual.json`;

const Question = v.object({
  id: v.string(),
  page: v.string(),
  type: v.literal('factoid'),
  question: v.string(),
  gold: v.pipe(v.array(v.string()), v.minLength(1)),
  split: v.picklist(['tune', 'report']),
});
type Question = v.InferOutput<typeof Question>;

interface Scored {
  question: Question;
  lang: string;
  correct: boolean;
  answer: string;
}

/** A gold string the reader's text does not hold is a mistake in the set, not a miss. */
function checkGold(question: Question, page: PageSnapshot): void {
  const text = [page.title, ...page.blocks.map((b) => b.text)].join('\n');
  const missing = question.gold.filter((g) => !contains(text, [g]));
  if (missing.length > 0)
    throw new Error(`${question.id}: gold not in the page's text: ${JSON.stringify(missing)}`);
}

async function ask(question: Question): Promise<Scored> {
  const page = pageOf(question.page);
  checkGold(question, page);
  const result = await runPipeline({ mode: 'answer', question: question.question, page });
  return {
    question,
    lang: pageLanguage(page) ?? '?',
    correct: result.answer.answered && contains(result.answer.text, question.gold),
    answer: result.answer.text,
  };
}

const rate = (items: readonly Scored[]) =>
  items.length ? items.filter((s) => s.correct).length / items.length : 0;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const round = (x: number) => Math.round(x * 1000) / 1000;

function print(split: string, scored: readonly Scored[]): void {
  console.log(`\n${split}: ${scored.length} factoids, ${pct(rate(scored))} correct`);
  for (const lang of [...new Set(scored.map((s) => s.lang))].sort()) {
    const part = scored.filter((s) => s.lang === lang);
    const pageNames = [...new Set(part.map((s) => s.question.page))].join(', ');
    console.log(
      `  ${lang.padEnd(3)} ${pct(rate(part)).padStart(6)}  (${part.length}: ${pageNames})`,
    );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'all' },
      write: { type: 'boolean' },
      misses: { type: 'boolean' },
    },
  });
  if (!existsSync(PAGES)) {
    console.log(`${PAGES} is missing: the answers evaluation needs ../shared/data.`);
    return;
  }
  const all = v.parse(v.array(Question), JSON.parse(readFileSync(QUESTIONS, 'utf8')));
  const chosen = values.split === 'all' ? all : all.filter((q) => q.split === values.split);
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
        `MISS ${s.question.id} [${s.lang}] ${s.question.question}\n  gold ${JSON.stringify(s.question.gold)}\n  got  ${s.answer.slice(0, 200)}`,
      );
  if (values.write) {
    if (values.split !== 'all') throw new Error('--write needs both splits (--split all)');
    const of = (split: string) => rate(scored.filter((s) => s.question.split === split));
    mergeResults(
      RESULTS,
      {
        'answers.nonEnglish.factoidAccuracy': round(of('report')),
        'answers.nonEnglish.tune.factoidAccuracy': round(of('tune')),
      },
      machineMeta(null, loadAtStart),
      ['answers.nonEnglish.'],
    );
    console.log(`\nwrote the non-English figures to ${RESULTS}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
