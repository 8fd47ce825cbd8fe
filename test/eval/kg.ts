// `npm run eval:kg`: how often the KG stage (entity linking → ToG-E) brings a QALD-10 gold answer
// into its triples, on real Wikidata data that fits on this machine: the CoDEx-M triples
// (QID PID QID, train+valid+test) turned into Wikidata-shaped RDF, plus the 9 real entity exports
// in entity-ttl/. Served by test/support/wikidata-server.ts (oxigraph on 127.0.0.1) and queried
// through `wikidataPorts`, i.e. the real HTTP clients with their etiquette (one request in flight,
// Api-User-Agent, cache). No embedder: relation and entity pruning use lexical similarity.
//
// The RDF: `wd:S wdt:P wd:O` per CoDEx triple; per CoDEx relation `wd:P a wikibase:Property ;
// rdfs:label "…"@en ; schema:description "…"@en ; wikibase:directClaim wdt:P` (what tog.ts's
// relation query joins on); `rdfs:label`/`schema:description` @en for the entities that CoDEx
// labels — only its *type* entities (types/en/types.json); CoDEx ships no entity label file.
//
// Question filter (documented, fixed): a QALD-10 question is kept when
//   1. its gold answers contain at least one Wikidata item and ALL its gold answer items are in the
//      graph (the subject or object of some wdt: triple; a label alone does not count);
//   2. at least one item named in its gold SPARQL is in the graph (the question's entity); and
//   3. not all gold answers are items named in the SPARQL (comparisons such as "which is older, A
//      or B": the answer is a topic entity, so a hit would be trivial).
// Hit: a gold answer item is the subject or the object of a returned triple.
//
// Two runs over the same questions:
//   end-to-end  `retrieveKg(question, ports)`: linking by wbsearchentities over the labels the data
//               really has. Most CoDEx entities have no label, so linking mostly finds nothing.
//   gold-linked `togE` from the items of the gold SPARQL that are in the graph (oracle linking,
//               same HTTP ports): measures the beam search alone, not linking.
//
// Writes test/eval/kg-results.json (small: counts and one row per question).

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wikidataPorts } from '../../lib/kg/ports';
import { retrieveKg } from '../../lib/kg/retrieve';
import { togE } from '../../lib/kg/tog';
import type { KgResult, TopicEntity } from '../../lib/kg/types';
import { startWikidataServer } from '../support/wikidata-server';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = resolve(here, '../../../shared/data/wikidata');
const CODEX = join(DATA, 'codex');
const TTL_DIR = join(DATA, 'entity-ttl');
const QALD = join(DATA, 'qald10/data/qald_10/qald_10.json');
export const KG_EVAL_RESULTS = join(here, 'kg-results.json');

const args = process.argv.slice(2);
const maxArg = args.find((a) => a.startsWith('--max='));
/** Cap on questions (runtime); the filter leaves far fewer than this today. */
const MAX_QUESTIONS = maxArg ? Number(maxArg.slice('--max='.length)) : 60;

const ITEM = /^Q[1-9]\d*$/;
const WD = 'http://www.wikidata.org/entity/';

interface QaldQuestion {
  id: number | string;
  question: Array<{ language: string; string: string }>;
  answers: Array<{
    boolean?: boolean;
    results?: { bindings: Array<Record<string, { type: string; value: string }>> };
  }>;
  query: { sparql: string };
}

export interface KgEvalRow {
  id: string;
  question: string;
  questionEntities: string[];
  gold: string[];
  goldCount: number;
  endToEnd: { linked: string[]; hit: boolean; triples: number; sparql: number };
  goldLinked: { topics: string[]; hit: boolean; triples: number; sparql: number; error?: string };
}

export interface KgEvalResults {
  date: string;
  data: string;
  filter: string;
  graph: {
    triples: number;
    entities: number;
    labelledEntities: number;
    properties: number;
    ttlFiles: number;
  };
  qald: {
    questions: number;
    withItemAnswers: number;
    selected: number;
    cap: number;
    evaluated: number;
  };
  endToEnd: { hits: number; linked: number; hitRate: number };
  goldLinked: { hits: number; hitRate: number };
  /** The headline figure for the bench (`kg.evalHitRate`): end-to-end, retrieveKg as the panel runs it. */
  hitRate: number;
  seconds: number;
  rows: KgEvalRow[];
}

const lit = (s: string) => JSON.stringify(s); // a JSON string is a valid Turtle string literal

function buildGraph(): { turtle: string; nodes: Set<string>; stats: KgEvalResults['graph'] } {
  const relations = JSON.parse(
    readFileSync(join(CODEX, 'relations/en/relations.json'), 'utf8'),
  ) as Record<string, { label: string; description?: string }>;
  const types = JSON.parse(readFileSync(join(CODEX, 'types/en/types.json'), 'utf8')) as Record<
    string,
    { label: string; description?: string }
  >;
  const lines: string[] = [
    '@prefix wd: <http://www.wikidata.org/entity/> .',
    '@prefix wdt: <http://www.wikidata.org/prop/direct/> .',
    '@prefix wikibase: <http://wikiba.se/ontology#> .',
    '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
    '@prefix schema: <http://schema.org/> .',
  ];
  const nodes = new Set<string>();
  const seen = new Set<string>();
  const dir = join(CODEX, 'triples/codex-m');
  for (const file of ['train.txt', 'valid.txt', 'test.txt']) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const [s, p, o] = line.trim().split(/\s+/);
      if (!s || !p || !o || !ITEM.test(s) || !ITEM.test(o) || !/^P\d+$/.test(p)) continue;
      const key = `${s} ${p} ${o}`;
      if (seen.has(key)) continue;
      seen.add(key);
      nodes.add(s);
      nodes.add(o);
      lines.push(`wd:${s} wdt:${p} wd:${o} .`);
    }
  }
  for (const [pid, r] of Object.entries(relations)) {
    lines.push(
      `wd:${pid} a wikibase:Property ; rdfs:label ${lit(r.label)}@en ;${r.description ? ` schema:description ${lit(r.description)}@en ;` : ''} wikibase:directClaim wdt:${pid} .`,
    );
  }
  let labelled = 0;
  for (const [qid, t] of Object.entries(types)) {
    if (!ITEM.test(qid) || !t.label) continue;
    labelled++;
    lines.push(
      `wd:${qid} rdfs:label ${lit(t.label)}@en${t.description ? ` ; schema:description ${lit(t.description)}@en` : ''} .`,
    );
  }
  return {
    turtle: lines.join('\n') + '\n',
    nodes,
    stats: {
      triples: seen.size,
      entities: nodes.size,
      labelledEntities: labelled,
      properties: Object.keys(relations).length,
      ttlFiles: 0,
    },
  };
}

function goldItems(q: QaldQuestion): string[] {
  const out = new Set<string>();
  for (const a of q.answers ?? []) {
    for (const b of a.results?.bindings ?? []) {
      for (const v of Object.values(b)) {
        if (v.type === 'uri' && v.value.startsWith(WD) && ITEM.test(v.value.slice(WD.length)))
          out.add(v.value.slice(WD.length));
      }
    }
  }
  return [...out];
}

const sparqlItems = (sparql: string): string[] => [
  ...new Set(Array.from(sparql.matchAll(/wd:(Q[1-9]\d*)\b/g), (m) => m[1]!)),
];

const hitOf = (result: KgResult | null, gold: ReadonlySet<string>): boolean =>
  !!result?.triples.some(
    (t) => gold.has(t.subject.id) || (t.object.id !== undefined && gold.has(t.object.id)),
  );

export async function runKgEval(log: (s: string) => void = console.log): Promise<KgEvalResults> {
  if (!existsSync(CODEX) || !existsSync(QALD))
    throw new Error(
      `${DATA} is absent: the KG eval needs ../shared/data/wikidata (see its README)`,
    );
  const started = performance.now();
  const graph = buildGraph();
  const ttlFiles = existsSync(TTL_DIR)
    ? readdirSync(TTL_DIR)
        .filter((f) => f.endsWith('.ttl'))
        .map((f) => join(TTL_DIR, f))
    : [];
  graph.stats.ttlFiles = ttlFiles.length;

  const server = await startWikidataServer({ files: ttlFiles, turtle: graph.turtle });
  try {
    // "In the graph" = subject or object of a wdt: triple (a label alone does not count); the
    // entity exports' truthy claims count too.
    for (const quad of server.store.match(null, null, null, null)) {
      if (!quad.predicate.value.startsWith('http://www.wikidata.org/prop/direct/')) continue;
      for (const term of [quad.subject, quad.object]) {
        if (
          term.termType === 'NamedNode' &&
          term.value.startsWith(WD) &&
          ITEM.test(term.value.slice(WD.length))
        )
          graph.nodes.add(term.value.slice(WD.length));
      }
    }
    log(
      `graph: ${graph.stats.triples} CoDEx-M triples, ${graph.nodes.size} items, ${graph.stats.properties} properties, ` +
        `${graph.stats.labelledEntities} CoDEx entities with an English label, ${ttlFiles.length} entity exports; loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const qald = (JSON.parse(readFileSync(QALD, 'utf8')) as { questions: QaldQuestion[] })
      .questions;
    const withItems = qald.filter((q) => goldItems(q).length > 0);
    const selected = withItems.filter((q) => {
      const gold = goldItems(q);
      const named = sparqlItems(q.query.sparql);
      return (
        gold.every((g) => graph.nodes.has(g)) &&
        named.some((n) => graph.nodes.has(n)) &&
        !gold.every((g) => named.includes(g))
      );
    });
    const chosen = selected.slice(0, MAX_QUESTIONS);
    log(
      `QALD-10: ${qald.length} questions, ${withItems.length} with item answers, ${selected.length} pass the filter` +
        (chosen.length < selected.length ? `, first ${chosen.length} evaluated (--max)` : ''),
    );

    const ports = wikidataPorts(
      { sparqlEndpoint: server.sparqlEndpoint, entitySearchEndpoint: server.instance },
      { fetch: (i, n) => fetch(i, n) },
    );
    const rows: KgEvalRow[] = [];
    for (const q of chosen) {
      const text = q.question.find((x) => x.language === 'en')?.string ?? '';
      const gold = goldItems(q);
      const goldSet = new Set(gold);
      const named = sparqlItems(q.query.sparql).filter(
        (n) => graph.nodes.has(n) && !goldSet.has(n),
      );

      const e2e = await retrieveKg(text, ports);
      const topics: TopicEntity[] = named.map((id, i) => ({
        id,
        label: id,
        mention: id,
        score: named.length - i,
      }));
      const oracle = await togE(text, topics, { sparql: ports.sparql });
      rows.push({
        id: String(q.id),
        question: text,
        questionEntities: named,
        gold: gold.slice(0, 10),
        goldCount: gold.length,
        endToEnd: {
          linked: e2e.topicEntities.map((t) => `${t.id} ${t.label}`),
          hit: hitOf(e2e.result, goldSet),
          triples: e2e.result?.triples.length ?? 0,
          sparql: e2e.requests,
        },
        goldLinked: {
          topics: named,
          hit: hitOf(oracle, goldSet),
          triples: oracle.triples.length,
          sparql: oracle.requests,
          ...(oracle.error ? { error: oracle.error } : {}),
        },
      });
    }

    const n = rows.length;
    const e2eHits = rows.filter((r) => r.endToEnd.hit).length;
    const oracleHits = rows.filter((r) => r.goldLinked.hit).length;
    const rate = (h: number) => (n ? Math.round((h / n) * 1000) / 1000 : 0);
    const results: KgEvalResults = {
      date: new Date().toISOString(),
      data: 'CoDEx-M (train+valid+test) as wd:/wdt: RDF + CoDEx relation and type labels + entity-ttl/*.ttl, served by oxigraph over HTTP (startWikidataServer), queried through wikidataPorts; no embedder',
      filter:
        'all gold answer items in the graph; >=1 item of the gold SPARQL in the graph; not a comparison (gold answers not all named in the SPARQL)',
      graph: { ...graph.stats, entities: graph.nodes.size },
      qald: {
        questions: qald.length,
        withItemAnswers: withItems.length,
        selected: selected.length,
        cap: MAX_QUESTIONS,
        evaluated: n,
      },
      endToEnd: {
        hits: e2eHits,
        linked: rows.filter((r) => r.endToEnd.linked.length > 0).length,
        hitRate: rate(e2eHits),
      },
      goldLinked: { hits: oracleHits, hitRate: rate(oracleHits) },
      hitRate: rate(e2eHits),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      rows,
    };
    writeFileSync(KG_EVAL_RESULTS, JSON.stringify(results, null, 2) + '\n');
    return results;
  } finally {
    await server.close();
  }
}

function printTable(r: KgEvalResults): void {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s).padEnd(n);
  console.log(
    `\n${'id'.padEnd(4)} ${cut('question', 58)} ${cut('question items', 20)} ${cut('gold', 16)} ${cut('linked (e2e)', 22)} e2e  gold-linked (sparql)`,
  );
  for (const row of r.rows) {
    console.log(
      `${row.id.padEnd(4)} ${cut(row.question, 58)} ${cut(row.questionEntities.join(','), 20)} ${cut(`${row.gold.slice(0, 2).join(',')}${row.goldCount > 2 ? ` +${row.goldCount - 2}` : ''}`, 16)} ` +
        `${cut(row.endToEnd.linked.join('; ') || '—', 22)} ${row.endToEnd.hit ? 'HIT ' : 'miss'} ${row.goldLinked.hit ? 'HIT ' : 'miss'} (${row.goldLinked.sparql})${row.goldLinked.error ? ` ${row.goldLinked.error}` : ''}`,
    );
  }
  console.log(
    `\n${r.qald.evaluated} questions (of ${r.qald.selected} passing the filter; ${r.qald.withItemAnswers} of ${r.qald.questions} QALD-10 questions have item answers).` +
      `\nend-to-end (retrieveKg): linked ${r.endToEnd.linked}/${r.qald.evaluated}, gold answer in triples ${r.endToEnd.hits}/${r.qald.evaluated} = ${(r.endToEnd.hitRate * 100).toFixed(1)} %` +
      `\ngold-linked (togE from the gold SPARQL's items): ${r.goldLinked.hits}/${r.qald.evaluated} = ${(r.goldLinked.hitRate * 100).toFixed(1)} %` +
      `\nlabels: only ${r.graph.labelledEntities} of ${r.graph.entities} items have an English label (CoDEx type entities + entity exports); linking cannot find the rest.` +
      `\n${r.seconds} s; wrote ${KG_EVAL_RESULTS}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runKgEval()
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
