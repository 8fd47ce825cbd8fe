// Error analysis of the TUNE half only (test/fixtures/answers/README.md: the report half is never
// looked at question by question). Each wrong factoid-like answer (factoid, wording, table,
// follow-up) is put in one cause, and the table of causes is printed, so the biggest general
// cause is fixed first:
//   - retrieval: no quote of the five holds a gold string;
//   - abstained: a quote holds it, but the composer said the page does not answer;
//   - quote-unused: a quote holds it, but the answer cites other quotes only;
//   - wrong-sentence: a cited quote holds it, in a sentence the answer did not take;
//   - sentence-cut: a cited quote holds it across two of its sentences;
//   - format: the answer holds it once digits and letters alone are compared ("1,000" / "1000").
//
//   npx tsx test/eval/tune-misses.ts [--type factoid] [--verbose]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPipeline } from '../../lib/ask/run';
import { sentences } from '../../lib/core/segment';
import type { AskResult } from '../../lib/pipeline/types';
import { contains, pageOf } from './answers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Item {
  id: string;
  page: string;
  type: string;
  question: string;
  gold: string[];
  previous?: { question: string; gold: string[] };
  split: 'tune' | 'report';
}

type Cause =
  | 'retrieval'
  | 'abstained'
  | 'quote-unused'
  | 'wrong-sentence'
  | 'sentence-cut'
  | 'format'
  | 'other';

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Why `result` missed the gold of `item`. */
function causeOf(item: Item, result: AskResult): Cause {
  const holding = result.quotes.filter((q) => contains(q.text, item.gold));
  if (holding.length === 0) return 'retrieval';
  if (!result.answer.answered) return 'abstained';
  if (item.gold.some((g) => letters(result.answer.text).includes(letters(g)))) return 'format';
  const cited = new Set(result.answer.cited);
  const citedHolding = holding.filter((q) => cited.has(q.id));
  if (citedHolding.length === 0) return 'quote-unused';
  const inOneSentence = citedHolding.some((q) =>
    q.text.split('\n').some((line) => sentences(line).some((s) => contains(s, item.gold))),
  );
  return inOneSentence ? 'wrong-sentence' : 'sentence-cut';
}

async function run(item: Item): Promise<AskResult> {
  const page = pageOf(item.page);
  const history = [];
  if (item.previous) {
    const first = await runPipeline({ mode: 'answer', question: item.previous.question, page });
    history.push({ question: item.previous.question, answer: first.answer.text });
  }
  return runPipeline({
    mode: 'answer',
    question: item.question,
    page,
    ...(history.length ? { history } : {}),
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { type: { type: 'string' }, verbose: { type: 'boolean' } },
  });
  const all = JSON.parse(
    readFileSync(`${ROOT}test/fixtures/answers/questions.json`, 'utf8'),
  ) as Item[];
  // The tune half only, by construction: this script never runs a report question.
  const tune = all.filter(
    (q) =>
      q.split === 'tune' &&
      q.type !== 'summary' &&
      q.type !== 'unanswerable' &&
      (!values.type || q.type === values.type),
  );
  const table = new Map<string, string[]>();
  for (const item of tune) {
    const result = await run(item);
    if (result.answer.answered && contains(result.answer.text, item.gold)) continue;
    const cause = causeOf(item, result);
    const key = `${item.type}\t${cause}`;
    table.set(key, [...(table.get(key) ?? []), item.id]);
    if (values.verbose) {
      console.log(`\n${item.id} [${item.type}] ${cause}: ${item.question}`);
      if (item.previous) console.log(`  previous: ${item.previous.question}`);
      console.log(`  gold ${JSON.stringify(item.gold)}`);
      console.log(`  got  ${result.answer.text.slice(0, 300)}`);
      for (const q of result.quotes)
        console.log(
          `  [${q.id}]${q.weak ? ' weak' : ''} cov=${q.coverage.toFixed(2)} ${contains(q.text, item.gold) ? 'GOLD ' : ''}${JSON.stringify(q.text.slice(0, 160))}`,
        );
    }
  }
  console.log('\ntype\tcause\tcount\tids');
  for (const [key, ids] of [...table].sort((a, b) => b[1].length - a[1].length))
    console.log(`${key}\t${ids.length}\t${ids.join(' ')}`);
}

await main();
