// Calibrates the two evidence-coverage thresholds of the extractive path (no model):
//  - SUPPORT_THRESHOLD (lib/pipeline/verdict.ts) on the labelled claims in test/fixtures/claims.json;
//  - minCoverage (lib/pipeline/compose-extractive.ts) on the questions in test/fixtures/questions.json.
// For each item it runs runPipeline as the extension would, takes the best quote coverage (quotes
// with a BM25 score above zero, as the verdict and the composer require), and sweeps thresholds
// 0.30..0.95 in steps of 0.01. The best accuracy wins; ties go to the higher threshold, so the
// extension says "supported"/answers less often when the data cannot tell the thresholds apart.
//
//   npx tsx test/eval/calibrate-verdict.ts
//
// It prints numbers; it changes nothing. Copy a chosen value into the source by hand.

import { readFileSync } from 'node:fs';
import { EXTRACTIVE_DEFAULTS } from '../../lib/pipeline/compose-extractive';
import { runPipeline } from '../../lib/ask/run';
import type { Mode, PageSnapshot } from '../../lib/pipeline/types';
import { SUPPORT_THRESHOLD } from '../../lib/pipeline/verdict';
import { readFixture } from '../fixtures/regen';
import { sweep, type Row } from './metrics';

interface Item {
  page: string;
  text: string;
  positive: boolean;
}

const pages = new Map<string, PageSnapshot>();
const page = (name: string) => {
  let snapshot = pages.get(name);
  if (!snapshot) pages.set(name, (snapshot = readFixture(name)));
  return snapshot;
};

async function bestCoverage(item: Item, mode: Mode): Promise<number> {
  const result = await runPipeline({ mode, question: item.text, page: page(item.page) });
  return result.quotes.filter((q) => q.score > 0).reduce((max, q) => Math.max(max, q.coverage), 0);
}

/** Predicts positive when the score reaches the threshold. */
export function sweepScores(scored: ReadonlyArray<{ positive: boolean; score: number }>): Row[] {
  return sweep(scored, (item, threshold) => item.score >= threshold);
}

/** Best accuracy; on a tie, the higher (more conservative) threshold. */
export function pick(rows: readonly Row[]): Row {
  return rows.reduce((best, row) => (row.accuracy >= best.accuracy ? row : best));
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);

function printTable(title: string, rows: readonly Row[], positive: string) {
  console.log(`\n${title}`);
  console.log(`threshold  accuracy  precision(${positive})  recall(${positive})   tp  fp  tn  fn`);
  for (const r of rows) {
    console.log(
      `${r.threshold.toFixed(2).padStart(9)}  ${pct(r.accuracy).padStart(8)}  ${pct(r.precision).padStart(9 + positive.length + 2)}` +
        `  ${pct(r.recall).padStart(6 + positive.length + 2)}  ${String(r.tp).padStart(3)} ${String(r.fp).padStart(3)} ${String(r.tn).padStart(3)} ${String(r.fn).padStart(3)}`,
    );
  }
}

function report(
  name: string,
  items: readonly Item[],
  scores: readonly number[],
  current: number,
  positive: string,
  negative: string,
) {
  const scored = items.map((item, i) => ({ positive: item.positive, score: scores[i]! }));
  const rows = sweepScores(scored);
  printTable(
    `${name}: ${items.length} items (${items.filter((i) => i.positive).length} ${positive})`,
    rows,
    positive,
  );
  const best = pick(rows);
  const now = rows.find((r) => Math.abs(r.threshold - current) < 1e-9) ?? rows[0]!;
  console.log(
    `\n${name}: best threshold ${best.threshold.toFixed(2)} — accuracy ${pct(best.accuracy).trim()}, precision ${pct(best.precision).trim()}, recall ${pct(best.recall).trim()}` +
      ` (current ${current.toFixed(2)}: accuracy ${pct(now.accuracy).trim()})`,
  );
  const wrong = items
    .map((item, i) => ({ item, score: scores[i]! }))
    .filter(({ item, score }) => score >= best.threshold !== item.positive);
  for (const { item, score } of wrong) {
    console.log(
      `  wrong at ${best.threshold.toFixed(2)}: [${item.positive ? positive : negative}] coverage ${score.toFixed(2)}  ${item.text}`,
    );
  }
  return best;
}

async function main() {
  const claimsFile = JSON.parse(
    readFileSync(new URL('../fixtures/claims.json', import.meta.url), 'utf8'),
  ) as {
    claims: Array<{ page: string; claim: string; label: 'supported' | 'not-enough-evidence' }>;
  };
  const questionsFile = JSON.parse(
    readFileSync(new URL('../fixtures/questions.json', import.meta.url), 'utf8'),
  ) as {
    questions: Array<{ page: string; question: string; label: 'answerable' | 'unanswerable' }>;
  };
  const claims: Item[] = claimsFile.claims.map((c) => ({
    page: c.page,
    text: c.claim,
    positive: c.label === 'supported',
  }));
  const questions: Item[] = questionsFile.questions.map((q) => ({
    page: q.page,
    text: q.question,
    positive: q.label === 'answerable',
  }));

  const claimScores = await Promise.all(claims.map((c) => bestCoverage(c, 'verify')));
  const questionScores = await Promise.all(questions.map((q) => bestCoverage(q, 'answer')));

  const verdict = report(
    'SUPPORT_THRESHOLD (verify)',
    claims,
    claimScores,
    SUPPORT_THRESHOLD,
    'supported',
    'not-enough-evidence',
  );
  const answer = report(
    'minCoverage (answer)',
    questions,
    questionScores,
    EXTRACTIVE_DEFAULTS.minCoverage,
    'answerable',
    'unanswerable',
  );
  console.log(
    `\nSUMMARY verdict ${verdict.threshold.toFixed(2)} (accuracy ${pct(verdict.accuracy).trim()}); ` +
      `minCoverage ${answer.threshold.toFixed(2)} (accuracy ${pct(answer.accuracy).trim()})`,
  );
}

await main();
