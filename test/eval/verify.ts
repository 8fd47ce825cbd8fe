// "Verify claim" on the labelled claims of test/fixtures/verify (1263 claims on 60 real pages,
// README.md there): for each claim, the page is read as the CLI reads it and runPipeline runs in
// verify mode on the keyword path (no models, no knowledge graph, no web search), and its verdict
// is compared with the label. Prints accuracy per kind and per split, and the four figures of the
// issue "Verdicts and citation checks that mean what they say":
//   falseSupportRate       edited or unrelated claims called Supported       (goal ≤ 0.05)
//   verbatimSupportRate    the page's own sentences called Supported          (goal ≥ 0.95)
//   refuteRate             number, negation and entity edits called Refuted    (goal ≥ 0.8)
//   paraphraseSupportRate  paraphrases the page makes called Supported         (goal ≥ 0.6)
// Thresholds are swept on the 'tune' split only (the split is by page); the figures reported are
// those of the 'report' split at the thresholds in the source. Writes them under `verify.` into
// test/bench/results.json (the tune split's under `verify.tune.`) and details into
// test/eval/verify-results.json; changes no source.
//
//   npx tsx test/eval/verify.ts          (also part of `npm run eval`)
//   npx tsx test/eval/verify.ts --tune   the tune split alone, for error analysis: prints its
//                                        figures and misses, writes nothing, never runs the report split
//   npx tsx test/eval/verify.ts --tune --pages=iab-1,blogger   the same on some tune pages only
//                                        (the pages added last, before and after a change)

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPipeline } from '../../lib/ask/run';
import { toErrorInfo } from '../../lib/core/errors';
import { MATCH_DEFAULTS, type MatchOptions } from '../../lib/pipeline/claim-match';
import type { Quote, Verdict } from '../../lib/pipeline/types';
import { verdictFromEvidence } from '../../lib/pipeline/verdict';
import { load1, machineMeta, mergeResults, type Figures } from '../bench/results';
import { ClaimKinds, type LabelledClaim, pct, rate, readClaims, readTestPage } from './verify-data';

interface Run {
  item: LabelledClaim;
  quotes: Quote[];
  verdict?: Verdict;
  /** A claim the pipeline refused (too long): it shows a message, which is "not supported". */
  error?: string;
}

type Label = Verdict['label'];

async function runAll(claims: readonly LabelledClaim[]): Promise<Run[]> {
  const runs: Run[] = [];
  for (const item of claims) {
    const page = await readTestPage(item.page);
    try {
      const result = await runPipeline({ mode: 'verify', question: item.claim, page });
      runs.push({
        item,
        quotes: result.quotes,
        ...(result.verdict ? { verdict: result.verdict } : {}),
      });
    } catch (error) {
      runs.push({ item, quotes: [], error: toErrorInfo(error).code });
    }
  }
  return runs;
}

function labelOf(run: Run, match?: MatchOptions): Label {
  if (run.error) return 'not-enough-evidence';
  if (!match) return run.verdict?.label ?? 'not-enough-evidence';
  return verdictFromEvidence(run.quotes, { claim: run.item.claim, match }).label;
}

const EDITS = new Set(['number', 'date', 'negation', 'entity', 'antonym', 'quantifier']);
const REFUTE_KINDS = new Set(['number', 'negation', 'entity']);

interface Rates {
  n: number;
  falseSupportRate: number;
  verbatimSupportRate: number;
  refuteRate: number;
  refuteRateAllEdits: number;
  paraphraseSupportRate: number;
  accuracy: number;
}

function rates(runs: readonly Run[], labels: readonly Label[]): Rates {
  const share = (kinds: (k: string) => boolean, want: Label) => {
    const of = runs.map((r, i) => [r, labels[i]!] as const).filter(([r]) => kinds(r.item.kind));
    return rate(of.filter(([, l]) => l === want).length, of.length);
  };
  return {
    n: runs.length,
    falseSupportRate: share((k) => EDITS.has(k) || k === 'unrelated', 'supported'),
    verbatimSupportRate: share((k) => k === 'verbatim', 'supported'),
    refuteRate: share((k) => REFUTE_KINDS.has(k), 'refuted'),
    refuteRateAllEdits: share((k) => EDITS.has(k), 'refuted'),
    paraphraseSupportRate: share((k) => k === 'paraphrase', 'supported'),
    accuracy: rate(runs.filter((r, i) => r.item.label === labels[i]).length, runs.length),
  };
}

function byKind(runs: readonly Run[], labels: readonly Label[]) {
  return Object.fromEntries(
    ClaimKinds.map((kind) => {
      const of = runs.map((r, i) => [r, labels[i]!] as const).filter(([r]) => r.item.kind === kind);
      const counts = { supported: 0, refuted: 0, 'not-enough-evidence': 0 };
      for (const [, l] of of) counts[l]++;
      const correct = of.filter(([r, l]) => r.item.label === l).length;
      return [kind, { n: of.length, accuracy: rate(correct, of.length), ...counts }];
    }),
  );
}

/** Grid over the two thresholds on the tune split: figures per point, for choosing by hand. */
function sweepTune(tune: readonly Run[]): Array<MatchOptions & Rates> {
  const rows: Array<MatchOptions & Rates> = [];
  for (let s = 55; s <= 85; s += 5)
    for (let a = 40; a <= 80; a += 10) {
      const match = { supportThreshold: s / 100, alignThreshold: a / 100 };
      rows.push({
        ...match,
        ...rates(
          tune,
          tune.map((r) => labelOf(r, match)),
        ),
      });
    }
  return rows;
}

function printRates(name: string, r: Rates) {
  console.log(
    `${name.padEnd(7)} n=${String(r.n).padStart(3)}  falseSupport ${pct(r.falseSupportRate)} (≤ 5%)  verbatimSupport ${pct(r.verbatimSupportRate)} (≥ 95%)  refute ${pct(r.refuteRate)} (≥ 80%; all edits ${pct(r.refuteRateAllEdits)})  paraphraseSupport ${pct(r.paraphraseSupportRate)} (≥ 60%)  accuracy ${pct(r.accuracy)}`,
  );
}

function printKinds(name: string, kinds: ReturnType<typeof byKind>) {
  console.log(`\n${name}: accuracy per kind (predicted supported / refuted / not enough evidence)`);
  for (const [kind, k] of Object.entries(kinds))
    console.log(
      `  ${kind.padEnd(11)} ${String(k.n).padStart(3)}  ${pct(k.accuracy).padStart(6)}   ${k.supported} / ${k.refuted} / ${k['not-enough-evidence']}`,
    );
}

function figuresOf(report: Rates, tune: Rates): Figures {
  const keys = [
    'falseSupportRate',
    'verbatimSupportRate',
    'refuteRate',
    'paraphraseSupportRate',
  ] as const;
  const round = (x: number) => Math.round(x * 10000) / 10000;
  const out: Figures = {
    'verify.claims': report.n,
    'verify.accuracy': round(report.accuracy),
    'verify.refuteRateAllEdits': round(report.refuteRateAllEdits),
    'verify.supportThreshold': MATCH_DEFAULTS.supportThreshold,
    'verify.alignThreshold': MATCH_DEFAULTS.alignThreshold,
    'verify.tune.claims': tune.n,
    'verify.tune.accuracy': round(tune.accuracy),
    'verify.tune.refuteRateAllEdits': round(tune.refuteRateAllEdits),
  };
  for (const k of keys) {
    out[`verify.${k}`] = round(report[k]);
    out[`verify.tune.${k}`] = round(tune[k]);
  }
  return out;
}

/** The tune split's misses: the claim, what was expected and said, and the sentence that decided. */
function missesOf(tune: readonly Run[]) {
  return tune
    .map((r) => ({ r, label: labelOf(r) }))
    .filter(({ r, label }) => r.item.label !== label)
    .map(({ r, label }) => ({
      page: r.item.page,
      kind: r.item.kind,
      label: r.item.label,
      predicted: label,
      claim: r.item.claim,
      edit: r.item.edit,
      ...(r.error ? { error: r.error } : {}),
      sentence: r.verdict?.sentence?.text,
      conflicts: r.verdict?.conflicts?.map((c) => `${c.kind}: ${c.claim} / ${c.page}`),
    }));
}

/** `--tune`: error analysis on the tune split without running (or printing) the report split. */
async function tuneOnly() {
  const pages = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length);
  const only = pages ? new Set(pages.split(',')) : undefined;
  const tune = await runAll(
    readClaims().filter((c) => c.split === 'tune' && (!only || only.has(c.page))),
  );
  const labels = tune.map((r) => labelOf(r));
  printRates('tune', rates(tune, labels));
  printKinds('tune', byKind(tune, labels));
  console.log(JSON.stringify(missesOf(tune), null, 1));
}

async function main() {
  if (process.argv.includes('--tune')) return tuneOnly();
  const loadAtStart = load1();
  const claims = readClaims();
  const runs = await runAll(claims);
  const tune = runs.filter((r) => r.item.split === 'tune');
  const report = runs.filter((r) => r.item.split === 'report');
  const labelsOf = (rs: readonly Run[]) => rs.map((r) => labelOf(r));

  console.log(
    `\nVerify claim (rules, keyword path): ${claims.length} claims on ${new Set(claims.map((c) => c.page)).size} pages`,
  );
  console.log('\nThreshold sweep on the tune split (support / align):');
  for (const row of sweepTune(tune))
    printRates(`${row.supportThreshold!.toFixed(2)}/${row.alignThreshold!.toFixed(1)}`, row);
  console.log(
    `\nAt the thresholds in the source (support ${MATCH_DEFAULTS.supportThreshold}, align ${MATCH_DEFAULTS.alignThreshold}):`,
  );
  const tuneRates = rates(tune, labelsOf(tune));
  const reportRates = rates(report, labelsOf(report));
  printRates('tune', tuneRates);
  printRates('report', reportRates);
  const tuneKinds = byKind(tune, labelsOf(tune));
  const reportKinds = byKind(report, labelsOf(report));
  printKinds('tune', tuneKinds);
  printKinds('report', reportKinds);

  // Misses are listed for the tune split only: reading the report split's would be tuning on it.
  const misses = missesOf(tune);
  writeFileSync(
    fileURLToPath(new URL('./verify-results.json', import.meta.url)),
    JSON.stringify(
      {
        about: 'test/eval/verify.ts',
        tune: { rates: tuneRates, byKind: tuneKinds, misses },
        report: { rates: reportRates, byKind: reportKinds },
      },
      null,
      1,
    ) + '\n',
  );
  const path = fileURLToPath(new URL('../bench/results.json', import.meta.url));
  mergeResults(path, figuresOf(reportRates, tuneRates), machineMeta(null, loadAtStart), [
    'verify.',
  ]);
  console.log('\nWrote test/bench/results.json (verify.*) and test/eval/verify-results.json.');
}

await main();
