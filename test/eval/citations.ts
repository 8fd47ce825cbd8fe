// Calibrates LEXICAL_THRESHOLD of the citation check (lib/composer/check.ts) on cited sentences
// built from real quotes: for every question in test/fixtures/questions.json and claim in
// test/fixtures/claims.json, runPipeline (keyword path, as without model weights) issues quotes;
// from each quote's sentences (at least 4 content words, each sentence once) it builds
//   supported  verbatim      the quote's sentence, cited to it
//              lead          "The source says that …" (two words the quote lacks)
//              clause-cut    the sentence cut at a comma past its middle
//              synonyms      a few words swapped for synonyms (fixed table below)
//   unsupported other-quote  the sentence cited to another quote of the same answer that does not hold it
//              number-swap   a number replaced by one from another quote (or +7 when none)
//              name-swap     a name (capitalised mid-sentence) replaced by one from another quote
// Deterministic: no randomness, fixture order. The flagged class ("unsupported") is the positive
// class of precision and recall: precision = flagged citations that were wrong; recall = wrong
// citations flagged. Sweeps 0.30..0.95; best accuracy wins, ties go to the middle of the tied
// thresholds (see pick).
//
//   npx tsx test/eval/citations.ts      (also part of `npm run eval`)
//
// Prints numbers and writes test/eval/citations-results.json; changes no source.

import { readFileSync, writeFileSync } from 'node:fs';
import { checkCitations, features, LEXICAL_THRESHOLD } from '../../lib/composer/check';
import { runPipeline } from '../../lib/ask/run';
import type { Mode, PageSnapshot, Quote } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';
import { sweep, type Row } from './metrics';

type Kind =
  | 'verbatim'
  | 'lead'
  | 'clause-cut'
  | 'synonyms'
  | 'subject-named'
  | 'other-quote'
  | 'number-swap'
  | 'name-swap';
const UNSUPPORTED: ReadonlySet<Kind> = new Set(['other-quote', 'number-swap', 'name-swap']);

interface Case {
  page: string;
  kind: Kind;
  sentence: string;
  quote: Quote;
}

const SYNONYMS: Record<string, string> = {
  built: 'constructed',
  completed: 'finished',
  began: 'started',
  destroyed: 'ruined',
  damaged: 'harmed',
  large: 'big',
  described: 'depicted',
  reported: 'said',
  located: 'situated',
  visited: 'went to',
  tall: 'high',
  famous: 'well known',
  show: 'depict',
  shows: 'depicts',
  ancient: 'old',
  used: 'employed',
  opened: 'launched',
};

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function sentencesOf(quote: Quote): string[] {
  const lines = quote.text.split('\n').map((l) => l.trim());
  const all =
    quote.source.blockKind === 'table'
      ? lines
      : lines.flatMap((l) => Array.from(segmenter.segment(l), (s) => s.segment.trim()));
  // Enough to check: at least 4 content words.
  return all.filter((s) => features(s).words.size >= 4);
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
/** Mid-sentence capitalised words: what check.ts weighs as names. */
const namesIn = (s: string) =>
  [...s.matchAll(/(?<=[\p{L}\p{N},;]\s+)\p{Lu}[\p{L}\p{M}-]{3,}/gu)].map((m) => m[0]);

function paraphrases(sentence: string, subject: string): Array<[Kind, string]> {
  const out: Array<[Kind, string]> = [['verbatim', sentence]];
  // What a composer does with "It was repaired…": names the page's subject, which the quote lacks.
  const named = sentence.replace(
    /^(?:It|The tower|The lighthouse|The railway|The line)\b/,
    subject,
  );
  if (named !== sentence) out.push(['subject-named', named]);
  out.push(['lead', `The source says that ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`]);
  const comma = sentence.indexOf(',', Math.floor(sentence.length / 2));
  if (comma > 0) out.push(['clause-cut', withStop(sentence.slice(0, comma))]);
  let swapped = sentence;
  for (const [word, synonym] of Object.entries(SYNONYMS))
    swapped = swapped.replace(new RegExp(`\\b${word}\\b`, 'g'), synonym);
  if (swapped !== sentence) out.push(['synonyms', swapped]);
  return out;
}

function negatives(
  sentence: string,
  quote: Quote,
  others: readonly Quote[],
): Array<[Kind, string, Quote]> {
  const out: Array<[Kind, string, Quote]> = [];
  const other = others.find((q) => !norm(q.text).includes(norm(sentence)));
  if (other) out.push(['other-quote', sentence, other]);
  const own = features(quote.text);
  const number = sentence.match(/\d+/)?.[0];
  if (number) {
    const candidates = others.flatMap((q) => q.text.match(/\b\d+\b/g) ?? []);
    const replacement =
      candidates.find((n) => n !== number && !own.numbers.has(n)) ?? String(Number(number) + 7);
    out.push(['number-swap', sentence.replace(number, replacement), quote]);
  }
  const name = namesIn(sentence)[0];
  if (name) {
    const replacement = others
      .flatMap((q) => namesIn(q.text))
      .find((n) => [...features(n).words.keys()].every((w) => !own.words.has(w)));
    if (replacement) out.push(['name-swap', sentence.replace(name, replacement), quote]);
  }
  return out;
}

/** The page's subject: its title before " - Site name". */
const subjectOf = (page: PageSnapshot) => page.title.split(/ [-–|] /)[0]!.trim();

async function buildCases(): Promise<Case[]> {
  const claims = JSON.parse(
    readFileSync(new URL('../fixtures/claims.json', import.meta.url), 'utf8'),
  ) as { claims: Array<{ page: string; claim: string }> };
  const questions = JSON.parse(
    readFileSync(new URL('../fixtures/questions.json', import.meta.url), 'utf8'),
  ) as {
    questions: Array<{ page: string; question: string }>;
  };
  const items: Array<{ page: string; text: string; mode: Mode }> = [
    ...questions.questions.map((q) => ({
      page: q.page,
      text: q.question,
      mode: 'answer' as const,
    })),
    ...claims.claims.map((c) => ({ page: c.page, text: c.claim, mode: 'verify' as const })),
  ];
  const pages = new Map<string, PageSnapshot>();
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const item of items) {
    if (!pages.has(item.page)) pages.set(item.page, readFixture(item.page));
    const { quotes } = await runPipeline({
      mode: item.mode,
      question: item.text,
      page: pages.get(item.page)!,
    });
    for (const quote of quotes) {
      const others = quotes.filter((q) => q !== quote);
      for (const sentence of sentencesOf(quote)) {
        const key = `${item.page}\u0000${norm(sentence)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const [kind, text] of paraphrases(sentence, subjectOf(pages.get(item.page)!)))
          cases.push({ page: item.page, kind, sentence: text, quote });
        for (const [kind, text, cited] of negatives(sentence, quote, others))
          cases.push({ page: item.page, kind, sentence: text, quote: cited });
      }
    }
  }
  return cases;
}

/** Positive = flagged unsupported. `exact` false flags regardless of the threshold (check.ts). */

/**
 * Best accuracy; on a tie, the middle of the tied thresholds: the sweep is usually flat over a
 * range, and its middle is farthest from both kinds of error (its low end passes more wrong
 * citations, its high end starts flagging paraphrases).
 */
function pick(rows: readonly Row[]): Row {
  const top = Math.max(...rows.map((r) => r.accuracy));
  const tied = rows.filter((r) => r.accuracy === top);
  return tied[Math.floor((tied.length - 1) / 2)]!;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main() {
  const cases = await buildCases();
  // Threshold 0: `supported` is then exactly "all names and numbers found", and `score` the weighted share.
  const scored: Array<Case & { wrong: boolean; score: number; exact: boolean }> = [];
  for (const c of cases) {
    const [check] = await checkCitations(
      [{ text: c.sentence, citations: [c.quote.id] }],
      [c.quote],
      { lexicalThreshold: 0 },
    );
    scored.push({
      ...c,
      wrong: UNSUPPORTED.has(c.kind),
      score: check!.score,
      exact: check!.supported,
    });
  }
  // Flagged (the positive class) when a name or number is missing, or the overlap is below the threshold.
  const rows = sweep(
    scored.map((c) => ({ ...c, positive: c.wrong })),
    (c, threshold) => !c.exact || c.score < threshold,
  );
  const best = pick(rows);
  const current = rows.find((r) => Math.abs(r.threshold - LEXICAL_THRESHOLD) < 1e-9) ?? best;

  const kinds = [...new Set(cases.map((c) => c.kind))];
  console.log(
    `\nCitation check (lexical, no model): ${cases.length} cited sentences from ${new Set(cases.map((c) => c.page)).size} fixture pages`,
  );
  console.log(
    `  ${kinds.map((k) => `${k} ${cases.filter((c) => c.kind === k).length}`).join(', ')}`,
  );
  console.log(
    '  positive class = "unsupported" (a flagged citation): precision = flagged that were wrong, recall = wrong that were flagged',
  );
  console.log('threshold  accuracy  precision(flag)  recall(flag)   tp  fp  tn  fn');
  for (const r of rows) {
    console.log(
      `${r.threshold.toFixed(2).padStart(9)}  ${pct(r.accuracy).padStart(8)}  ${pct(r.precision).padStart(15)}  ${pct(r.recall).padStart(12)}  ${String(r.tp).padStart(3)} ${String(r.fp).padStart(3)} ${String(r.tn).padStart(3)} ${String(r.fn).padStart(3)}`,
    );
  }
  const byKind = (t: number) =>
    Object.fromEntries(
      kinds.map((k) => {
        const of = scored.filter((s) => s.kind === k);
        const right = of.filter((s) => (!s.exact || s.score < t) === s.wrong).length;
        return [k, { n: of.length, correct: right, accuracy: right / of.length }];
      }),
    );
  console.log(
    `\nLEXICAL_THRESHOLD: best ${best.threshold.toFixed(2)} — accuracy ${pct(best.accuracy)}, precision(flag) ${pct(best.precision)}, recall(flag) ${pct(best.recall)}` +
      ` (current ${LEXICAL_THRESHOLD.toFixed(2)}: accuracy ${pct(current.accuracy)}, precision(flag) ${pct(current.precision)}, recall(flag) ${pct(current.recall)})`,
  );
  for (const [k, v] of Object.entries(byKind(LEXICAL_THRESHOLD)))
    console.log(`  at ${LEXICAL_THRESHOLD.toFixed(2)}: ${k.padEnd(12)} ${v.correct}/${v.n} right`);
  const wrong = scored.filter((s) => (!s.exact || s.score < LEXICAL_THRESHOLD) !== s.wrong);
  for (const s of wrong.slice(0, 15)) {
    console.log(
      `  wrong at ${LEXICAL_THRESHOLD.toFixed(2)}: [${s.kind}] score ${s.score.toFixed(2)}${s.exact ? '' : ' (name or number missing)'}  ${s.sentence}`,
    );
  }
  if (wrong.length > 15) console.log(`  … and ${wrong.length - 15} more`);

  writeFileSync(
    new URL('./citations-results.json', import.meta.url),
    JSON.stringify(
      {
        about:
          'Lexical citation check (lib/composer/check.ts) on cited sentences built from fixture-page quotes by test/eval/citations.ts. Positive class: unsupported (flagged).',
        cases: cases.length,
        kinds: Object.fromEntries(kinds.map((k) => [k, cases.filter((c) => c.kind === k).length])),
        best,
        current: { ...current, threshold: LEXICAL_THRESHOLD, byKind: byKind(LEXICAL_THRESHOLD) },
        sweep: rows,
        wrongAtCurrent: wrong.map((s) => ({
          kind: s.kind,
          score: Number(s.score.toFixed(3)),
          exact: s.exact,
          sentence: s.sentence,
          quoteId: s.quote.id,
        })),
      },
      null,
      2,
    ) + '\n',
  );
}

await main();
