// Verdict accuracy of the extractive path (`verdictFromEvidence`, evidence coverage vs.
// SUPPORT_THRESHOLD) on real Wikidata facts: the 9 entity exports in
// ../shared/data/wikidata/entity-ttl/*.ttl, loaded into oxigraph.
//
// Per entity with an English (or, failing that, `mul`) label, a page is built from its direct
// statements (`wdt:`) whose value is an item labelled in the same files, or a date, in two layouts:
//   prose    one sentence per property, "The place of birth of Douglas Adams is Cambridge.",
//            three to a paragraph;
//   infobox  one table block captioned with the entity, rows "place of birth: Cambridge" (as
//            lib/page/blocks.ts linearizes tables): the name is in no row, as in a real infobox.
// Wikimedia housekeeping (described by source, categories, templates, focus lists, "different
// from") is left out: no article states it. Claims, run through runPipeline in 'verify' mode:
//   supported      "<entity> <property> <value>."   one per true (entity, property, value)
//   other-entity   the value swapped for another entity's value of the same property
//   other-year     a date's year moved by one
//   same-page      (hard, reported apart) the value swapped for the entity's value of another
//                  property: every word is on the page, only not in that sentence
// Positive class: 'supported'. Deterministic (files, statements and swaps in sorted order).
//
//   npx tsx test/eval/verdict-wikidata.ts      (also part of `npm run eval`)
//
// Writes test/eval/verdict-wikidata-results.json. Exits 0 with a message when ../shared/data is absent.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import oxigraph from 'oxigraph';
import { runPipeline } from '../../lib/ask/run';
import { PipelineError } from '../../lib/core/errors';
import { confusion, type Confusion as Metrics } from './metrics';
import type { Block, PageSnapshot, Verdict } from '../../lib/pipeline/types';
import { SUPPORT_THRESHOLD } from '../../lib/pipeline/verdict';

const here = dirname(fileURLToPath(import.meta.url));
const TTL_DIR = resolve(here, '../../../shared/data/wikidata/entity-ttl');

const WD = 'http://www.wikidata.org/entity/';
const WDT = 'http://www.wikidata.org/prop/direct/';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const DATE_TIME = 'http://www.w3.org/2001/XMLSchema#dateTime';

/** Wikimedia housekeeping, not facts an article states. */
const HOUSEKEEPING = new Set([
  'described by source',
  "topic's main category",
  'topic has template',
  'on focus list of Wikimedia project',
  'different from',
  'related category',
  'copyright status as a creator',
  'model item',
  'said to be the same as',
]);

type Kind = 'supported' | 'other-entity' | 'other-year' | 'same-page';

interface Fact {
  property: string;
  /** The value as a reader writes it: a label, or a date "11 March 1952". */
  value: string;
  /** Dates only: the year, for the other-year swap. */
  year?: number;
}

interface Entity {
  id: string;
  label: string;
  facts: Fact[];
}

interface Claim {
  entity: string;
  kind: Kind;
  text: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "1952-03-11T00:00:00Z" → "11 March 1952"; a year-precision "1974-01-01" → "1974"; out of range → null. */
function formatDate(value: string): { text: string; year: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 1) return null;
  if (m[2] === '01' && m[3] === '01') return { text: String(year), year };
  return { text: `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${year}`, year };
}

function loadEntities(): { entities: Entity[]; skipped: string[] } {
  const store = new oxigraph.Store();
  const files = readdirSync(TTL_DIR)
    .filter((f) => f.endsWith('.ttl'))
    .sort();
  for (const file of files)
    store.load(readFileSync(join(TTL_DIR, file), 'utf8'), { format: 'text/turtle' });

  // English label, else the language-neutral `mul` one (Wikidata's newer default for names).
  const labels = new Map<string, string>();
  const mul = new Map<string, string>();
  for (const quad of store.match(null, oxigraph.namedNode(RDFS_LABEL), null, null)) {
    const object = quad.object as oxigraph.Literal;
    if (object.language === 'en') labels.set(quad.subject.value, object.value);
    else if (object.language === 'mul') mul.set(quad.subject.value, object.value);
  }
  for (const [iri, label] of mul) if (!labels.has(iri)) labels.set(iri, label);

  const entities: Entity[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    const id = file.replace(/\.ttl$/, '');
    const label = labels.get(WD + id);
    if (!label) {
      skipped.push(`${id}: no English or mul label`);
      continue;
    }
    const facts: Fact[] = [];
    const seen = new Set<string>();
    for (const quad of store.match(oxigraph.namedNode(WD + id), null, null, null)) {
      if (!quad.predicate.value.startsWith(WDT)) continue;
      const property = labels.get(WD + quad.predicate.value.slice(WDT.length));
      if (!property || HOUSEKEEPING.has(property)) continue;
      let fact: Fact | null = null;
      if (quad.object.termType === 'NamedNode') {
        const value = labels.get(quad.object.value);
        if (value && !/^(Category|Template|Wikipedia):/.test(value)) fact = { property, value };
      } else if (
        quad.object.termType === 'Literal' &&
        (quad.object as oxigraph.Literal).datatype.value === DATE_TIME
      ) {
        const date = formatDate(quad.object.value);
        if (date) fact = { property, value: date.text, year: date.year };
      }
      const key = fact && `${fact.property}\u0000${fact.value}`;
      if (fact && !seen.has(key!)) {
        seen.add(key!);
        facts.push(fact);
      }
    }
    facts.sort((a, b) => a.property.localeCompare(b.property) || a.value.localeCompare(b.value));
    if (facts.length === 0) skipped.push(`${id} (${label}): no statement with a labelled value`);
    else entities.push({ id, label, facts });
  }
  return { entities, skipped };
}

const list = (values: readonly string[]) =>
  values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

type Layout = 'prose' | 'infobox';
const LAYOUTS: Layout[] = ['prose', 'infobox'];

/** The entity's "article" in one of the two layouts. */
function pageOf(entity: Entity, layout: Layout): PageSnapshot {
  const byProperty = new Map<string, string[]>();
  for (const f of entity.facts)
    byProperty.set(f.property, [...(byProperty.get(f.property) ?? []), f.value]);
  const blocks: Block[] = [];
  if (layout === 'infobox') {
    blocks.push({
      kind: 'table',
      section: entity.label,
      text: [...byProperty]
        .map(([property, values]) => `${property}: ${values.join(', ')}`)
        .join('\n'),
    });
  } else {
    const sentences = [...byProperty].map(
      ([property, values]) => `The ${property} of ${entity.label} is ${list(values)}.`,
    );
    for (let i = 0; i < sentences.length; i += 3)
      blocks.push({ kind: 'paragraph', text: sentences.slice(i, i + 3).join(' ') });
  }
  return {
    url: `https://www.wikidata.org/wiki/${entity.id}`,
    title: entity.label,
    lang: 'en',
    blocks,
    textLength: blocks.reduce((n, b) => n + b.text.length, 0),
    extractor: 'readability',
    truncated: false,
  };
}

function claimsOf(entity: Entity, all: readonly Entity[]): Claim[] {
  const claims: Claim[] = [];
  const say = (kind: Kind, property: string, value: string) =>
    claims.push({ entity: entity.id, kind, text: `${entity.label} ${property} ${value}.` });
  const valuesOf = (e: Entity, property: string) =>
    new Set(e.facts.filter((f) => f.property === property).map((f) => f.value));
  for (const fact of entity.facts) {
    const own = valuesOf(entity, fact.property);
    say('supported', fact.property, fact.value);
    const other = all
      .filter((e) => e !== entity)
      .flatMap((e) =>
        e.facts.filter(
          (f) => f.property === fact.property && f.year === undefined && !own.has(f.value),
        ),
      )[0];
    if (other && fact.year === undefined) say('other-entity', fact.property, other.value);
    if (fact.year !== undefined) {
      const moved = fact.value.replace(String(fact.year), String(fact.year + 1));
      if (!own.has(moved)) say('other-year', fact.property, moved);
    }
    const samePage = entity.facts.find(
      (f) =>
        f.property !== fact.property &&
        f.year === undefined &&
        fact.year === undefined &&
        !own.has(f.value),
    );
    if (samePage) say('same-page', fact.property, samePage.value);
  }
  // One claim per text: a value listed under two properties must not count twice.
  const seen = new Set<string>();
  return claims.filter((c) => !seen.has(c.text) && seen.add(c.text));
}

function metrics(rows: ReadonlyArray<{ kind: Kind; predicted: boolean }>): Metrics {
  return confusion(
    rows.map(({ kind, predicted }) => ({ positive: kind === 'supported', predicted })),
  );
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const round = (x: number) => Number(x.toFixed(3));
const KINDS: Kind[] = ['supported', 'other-entity', 'other-year', 'same-page'];

/**
 * The verdict on one claim, or undefined (said on the console) when Verify claim refuses it as the
 * user would see it refused: a claim whose words the language check reads as another language
 * (some Wikidata labels are) is not a verdict to score.
 */
async function verdictOrRefusal(claim: string, page: PageSnapshot): Promise<Verdict | undefined> {
  try {
    return (await runPipeline({ mode: 'verify', question: claim, page })).verdict;
  } catch (error) {
    if (!(error instanceof PipelineError)) throw error;
    console.log(`  refused (${error.code}): ${claim}`);
    return undefined;
  }
}

async function main() {
  if (!existsSync(TTL_DIR)) {
    console.log(
      `\nverdict-wikidata: ${TTL_DIR} is absent (../shared/data beside the checkout); skipped.`,
    );
    return;
  }
  const started = performance.now();
  const { entities, skipped } = loadEntities();
  console.log(
    `\nVerdict on Wikidata facts (extractive path, SUPPORT_THRESHOLD ${SUPPORT_THRESHOLD}): ${entities.length} entities`,
  );
  for (const s of skipped) console.log(`  skipped ${s}`);
  console.log(
    '  positive class = "supported"; headline = supported vs other-entity + other-year; same-page swaps reported apart',
  );
  const results: Record<string, unknown> = {};
  for (const layout of LAYOUTS) {
    const rows: Array<Claim & { predicted: boolean; bestCoverage: number }> = [];
    for (const entity of entities) {
      const page = pageOf(entity, layout);
      for (const claim of claimsOf(entity, entities)) {
        const verdict = await verdictOrRefusal(claim.text, page);
        if (!verdict) continue;
        rows.push({
          ...claim,
          predicted: verdict.label === 'supported',
          bestCoverage: verdict.bestCoverage,
        });
      }
    }
    const headline = metrics(rows.filter((r) => r.kind !== 'same-page'));
    const withSamePage = metrics(rows);
    const byKind = Object.fromEntries(
      KINDS.map((k) => {
        const of = rows.filter((r) => r.kind === k);
        const right = of.filter((r) => r.predicted === (k === 'supported')).length;
        // How close the calls were: the lowest coverage of a true claim, the highest of a false one.
        const coverages = of.map((r) => r.bestCoverage);
        const edge = k === 'supported' ? Math.min(...coverages) : Math.max(...coverages);
        return [
          k,
          {
            n: of.length,
            correct: right,
            accuracy: of.length ? right / of.length : 0,
            [k === 'supported' ? 'minCoverage' : 'maxCoverage']: round(edge),
          },
        ];
      }),
    );
    const byEntity = Object.fromEntries(
      entities.map((e) => [
        e.id,
        metrics(rows.filter((r) => r.entity === e.id && r.kind !== 'same-page')),
      ]),
    );
    const wrong = rows.filter((r) => r.predicted !== (r.kind === 'supported'));

    console.log(`\n  ${layout} pages, ${rows.length} claims:`);
    console.log(
      `    headline: accuracy ${pct(headline.accuracy)}, precision ${pct(headline.precision)}, recall ${pct(headline.recall)}` +
        `  (tp ${headline.tp} fp ${headline.fp} tn ${headline.tn} fn ${headline.fn})`,
    );
    console.log(
      `    with same-page swaps: accuracy ${pct(withSamePage.accuracy)}, precision ${pct(withSamePage.precision)}, recall ${pct(withSamePage.recall)}`,
    );
    for (const [k, v] of Object.entries(byKind)) {
      const edge =
        'minCoverage' in v
          ? `lowest coverage ${v.minCoverage}`
          : `highest coverage ${v.maxCoverage}`;
      console.log(
        `    ${k.padEnd(13)} ${String(v.correct).padStart(4)}/${String(v.n).padEnd(4)} right (${pct(v.accuracy)}), ${edge}`,
      );
    }
    for (const e of entities)
      console.log(
        `    ${`${e.id} ${e.label}`.slice(0, 48).padEnd(48)} accuracy ${pct(byEntity[e.id]!.accuracy).padStart(6)} over ${byEntity[e.id]!.n}`,
      );
    for (const r of wrong.filter((r) => r.kind !== 'same-page').slice(0, 8))
      console.log(`    wrong: [${r.kind}] coverage ${r.bestCoverage.toFixed(2)}  ${r.text}`);
    results[layout] = {
      claims: rows.length,
      headline,
      withSamePage,
      byKind,
      byEntity,
      wrong: wrong.map(({ kind, text, bestCoverage }) => ({
        kind,
        bestCoverage: round(bestCoverage),
        text,
      })),
    };
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  writeFileSync(
    join(here, 'verdict-wikidata-results.json'),
    JSON.stringify(
      {
        about:
          'verdictFromEvidence (extractive path) on claims built from ../shared/data/wikidata/entity-ttl by test/eval/verdict-wikidata.ts. Positive class: supported.',
        threshold: SUPPORT_THRESHOLD,
        entities: entities.map((e) => ({ id: e.id, label: e.label, facts: e.facts.length })),
        skipped,
        ...results,
      },
      null,
      2,
    ) + '\n',
  );
}

await main();
