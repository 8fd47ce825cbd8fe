// The citation check (lib/composer/check.ts, no model) on the labelled cited sentences of
// test/fixtures/verify/citations.json (README.md there): an answer sentence written by hand and
// the quote it cites, a paragraph or a few sentences of a real page. Kinds and what the check
// should say:
//   verbatim, paraphrase  supported      (a ⚠ here is a false alarm)
//   contradicted          contradicted   (a number, date, name, negation, antonym or quantifier changed)
//   unrelated             not found      (a true fact from elsewhere on the page: neutral, no ⚠)
// Prints outcomes per kind and split and writes, for the 'report' split (the 'tune' split's under
// `citations.tune.`), into test/bench/results.json:
//   citations.flagRateOnSupported      supported citations marked ⚠          (goal ≤ 0.15)
//   citations.flagRecallOnContradicted contradicted citations marked ⚠       (goal ≥ 0.9)
// for the checker given the quote alone, and under `citations.withPage.` for the checker given the
// text of the quote's page too (CheckOptions.pages: a name taken from elsewhere on the page is not
// "missing").
// Details, with the tune split's misses, go to test/eval/citations-results.json. The check's
// thresholds are claim matching's (tuned on the claims' tune split, test/eval/verify.ts).
//
//   npx tsx test/eval/citations.ts          (also part of `npm run eval`)
//   npx tsx test/eval/citations.ts --tune   the tune split alone, for error analysis: prints its
//                                           figures and every case it gets wrong, writes nothing
//   npx tsx test/eval/citations.ts --tune --pages=tmz-1,yahoo-1
//                                           the same on some tune pages alone (pages added later,
//                                           measured before any change made for them)

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkCitations, LEXICAL_THRESHOLD, textNearQuote } from '../../lib/composer/check';
import { locateClaim } from '../../lib/pipeline/claim-locate';
import type { CitationCheck } from '../../lib/pipeline/types';
import { pageQuote } from '../support/quotes';
import { load1, machineMeta, mergeResults, type Figures } from '../bench/results';
import {
  CitationKinds,
  type LabelledCitation,
  pct,
  rate,
  readCitations,
  readTestPage,
} from './verify-data';

/** `--align=0.4`: another alignment threshold for conflicts, for error analysis on the tune split. */
function argAlign(): number | undefined {
  const arg = process.argv.find((a) => a.startsWith('--align='));
  return arg ? Number(arg.slice('--align='.length)) : undefined;
}

interface Checked {
  item: LabelledCitation;
  check: CitationCheck;
}

/**
 * `withPage`: the checker is also given the text of the quote's page (CheckOptions.pages), as the
 * pipeline can give it; without it, it sees the one quote and its page title only.
 */
async function checkAll(
  items: readonly LabelledCitation[],
  {
    threshold,
    align = argAlign(),
    withPage = false,
  }: { threshold?: number; align?: number | undefined; withPage?: boolean } = {},
): Promise<Checked[]> {
  const out: Checked[] = [];
  for (const item of items) {
    const page = await readTestPage(item.page);
    const quote = pageQuote(item.quote, {
      url: `https://readability.test/${item.page}/`,
      title: page.title,
    });
    const pageText = page.blocks.map((b) => b.text).join('\n');
    // As the pipeline gives it: the text around the quote's place on the page.
    const at = locateClaim(item.quote, page.blocks);
    const near = at ? textNearQuote(page.blocks, at.blockIndex, at.endBlockIndex) : undefined;
    const [check] = await checkCitations([{ text: item.sentence, citations: [1] }], [quote], {
      ...(threshold === undefined ? {} : { lexicalThreshold: threshold }),
      ...(align === undefined ? {} : { alignThreshold: align }),
      ...(withPage ? { pages: new Map([[quote.source.url, pageText]]) } : {}),
      ...(near ? { near: new Map([[quote.id, near]]) } : {}),
    });
    out.push({ item, check: check! });
  }
  return out;
}

interface Rates {
  n: number;
  flagRateOnSupported: number;
  flagRecallOnContradicted: number;
  flagRateOnUnrelated: number;
  outcomeAccuracy: number;
}

function rates(checked: readonly Checked[]): Rates {
  const flaggedShare = (expected: string) => {
    const of = checked.filter((c) => c.item.expected === expected);
    return rate(of.filter((c) => c.check.flagged).length, of.length);
  };
  return {
    n: checked.length,
    flagRateOnSupported: flaggedShare('supported'),
    flagRecallOnContradicted: flaggedShare('contradicted'),
    flagRateOnUnrelated: flaggedShare('not-found'),
    outcomeAccuracy: rate(
      checked.filter((c) => c.check.outcome === c.item.expected).length,
      checked.length,
    ),
  };
}

function byKind(checked: readonly Checked[]) {
  return Object.fromEntries(
    CitationKinds.map((kind) => {
      const of = checked.filter((c) => c.item.kind === kind);
      const count = (outcome: string) => of.filter((c) => c.check.outcome === outcome).length;
      return [
        kind,
        {
          n: of.length,
          supported: count('supported'),
          contradicted: count('contradicted'),
          notFound: count('not-found'),
          flagged: of.filter((c) => c.check.flagged).length,
        },
      ];
    }),
  );
}

/**
 * Contradicted citations per edit (number, entity, antonym…): how many of each the check flags.
 * Counts only, so the report split's can be printed without reading its cases.
 */
const EDIT_KINDS = new Set([
  'number',
  'date',
  'unit',
  'negation',
  'entity',
  'antonym',
  'quantifier',
]);

function contradictedByEdit(checked: readonly Checked[]) {
  const out: Record<string, { n: number; flagged: number; supported: number }> = {};
  for (const { item, check } of checked) {
    if (item.kind !== 'contradicted') continue;
    const first = /^[a-z]+/.exec(item.edit ?? '')?.[0] ?? '';
    const edit = EDIT_KINDS.has(first) ? first : 'other';
    const row = (out[edit] ??= { n: 0, flagged: 0, supported: 0 });
    row.n++;
    if (check.flagged) row.flagged++;
    if (check.outcome === 'supported') row.supported++;
  }
  return out;
}

function printRates(name: string, r: Rates) {
  console.log(
    `${name.padEnd(7)} n=${String(r.n).padStart(3)}  ⚠ on supported ${pct(r.flagRateOnSupported)} (≤ 15%)  ⚠ on contradicted ${pct(r.flagRecallOnContradicted)} (≥ 90%)  ⚠ on unrelated ${pct(r.flagRateOnUnrelated)}  outcome accuracy ${pct(r.outcomeAccuracy)}`,
  );
}

function printKinds(name: string, checked: readonly Checked[]) {
  console.log(`\n${name}: outcomes per kind (supported / contradicted / not found; ⚠)`);
  for (const [kind, k] of Object.entries(byKind(checked)))
    console.log(
      `  ${kind.padEnd(12)} ${String(k.n).padStart(3)}   ${k.supported} / ${k.contradicted} / ${k.notFound};  ⚠ ${k.flagged}`,
    );
  console.log(`${name}: contradicted per edit (⚠ of n; called supported)`);
  for (const [edit, e] of Object.entries(contradictedByEdit(checked)))
    console.log(`  ${edit.padEnd(12)} ${e.flagged} of ${e.n};  ${e.supported}`);
}

function figuresOf(report: Rates, tune: Rates, withPage: { report: Rates; tune: Rates }): Figures {
  const round = (x: number) => Math.round(x * 10000) / 10000;
  const out: Figures = { 'citations.lexicalThreshold': LEXICAL_THRESHOLD };
  for (const [prefix, r] of [
    ['citations.', report],
    ['citations.tune.', tune],
    ['citations.withPage.', withPage.report],
    ['citations.withPage.tune.', withPage.tune],
  ] as const) {
    out[`${prefix}cases`] = r.n;
    out[`${prefix}flagRateOnSupported`] = round(r.flagRateOnSupported);
    out[`${prefix}flagRecallOnContradicted`] = round(r.flagRecallOnContradicted);
    out[`${prefix}flagRateOnUnrelated`] = round(r.flagRateOnUnrelated);
    out[`${prefix}outcomeAccuracy`] = round(r.outcomeAccuracy);
  }
  return out;
}

/** The tune split's misses and false alarms (a ⚠ on a supported citation, none on a contradicted one). */
function missesOf(tune: readonly Checked[]) {
  return tune
    .filter(
      (c) =>
        c.check.outcome !== c.item.expected ||
        c.check.flagged !== (c.item.expected === 'contradicted'),
    )
    .map(({ item, check }) => ({
      page: item.page,
      kind: item.kind,
      edit: item.edit,
      expected: item.expected,
      outcome: check.outcome,
      flagged: check.flagged,
      sentence: item.sentence,
      quote: item.quote,
      conflicts: check.conflicts?.map((c) => `${c.kind}: ${c.claim} / ${c.page}`),
      missing: check.missing,
    }));
}

/** `--tune`: error analysis on the tune split without running (or printing) the report split. */
async function tuneOnly() {
  const pages = process.argv
    .find((a) => a.startsWith('--pages='))
    ?.slice('--pages='.length)
    .split(',');
  const tune = await checkAll(
    readCitations().filter((i) => i.split === 'tune' && (!pages || pages.includes(i.page))),
  );
  printRates('tune', rates(tune));
  printKinds('tune', tune);
  console.log(JSON.stringify(missesOf(tune), null, 1));
}

async function main() {
  if (process.argv.includes('--tune')) return tuneOnly();
  const loadAtStart = load1();
  const items = readCitations();
  const tuneItems = items.filter((i) => i.split === 'tune');
  console.log(
    `\nCitation check (rules, no model): ${items.length} cited sentences on ${new Set(items.map((i) => i.page)).size} pages`,
  );
  console.log('\nSupport threshold on the tune split:');
  for (const t of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8])
    printRates(t.toFixed(2), rates(await checkAll(tuneItems, { threshold: t })));

  const checked = await checkAll(items);
  const tune = checked.filter((c) => c.item.split === 'tune');
  const report = checked.filter((c) => c.item.split === 'report');
  console.log(`\nAt the threshold in the source (${LEXICAL_THRESHOLD}):`);
  const tuneRates = rates(tune);
  const reportRates = rates(report);
  printRates('tune', tuneRates);
  printRates('report', reportRates);
  printKinds('tune', tune);
  printKinds('report', report);
  const paged = await checkAll(items, { withPage: true });
  const withPage = {
    tune: rates(paged.filter((c) => c.item.split === 'tune')),
    report: rates(paged.filter((c) => c.item.split === 'report')),
  };
  console.log(
    "\nWith the quote's page text given to the checker (names from elsewhere on the page):",
  );
  printRates('tune', withPage.tune);
  printRates('report', withPage.report);

  // Misses are listed for the tune split only: reading the report split's would be tuning on it.
  const misses = missesOf(tune);
  writeFileSync(
    fileURLToPath(new URL('./citations-results.json', import.meta.url)),
    JSON.stringify(
      {
        about: 'test/eval/citations.ts: the citation check on test/fixtures/verify/citations.json',
        tune: { rates: tuneRates, byKind: byKind(tune), byEdit: contradictedByEdit(tune), misses },
        report: {
          rates: reportRates,
          byKind: byKind(report),
          byEdit: contradictedByEdit(report),
        },
      },
      null,
      1,
    ) + '\n',
  );
  const path = fileURLToPath(new URL('../bench/results.json', import.meta.url));
  mergeResults(path, figuresOf(reportRates, tuneRates, withPage), machineMeta(null, loadAtStart), [
    'citations.',
  ]);
  console.log(
    '\nWrote test/bench/results.json (citations.*) and test/eval/citations-results.json.',
  );
}

await main();
