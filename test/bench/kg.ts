// The KG bench (`npm run bench -- --only=kg`, and part of the full `npm run bench`): SPARQL
// requests, entity searches and time per ToG-E depth for questions over the project's fixture
// graph, through `wikidataPorts` (real HTTP, real etiquette) against test/support/wikidata-server.ts;
// then the same question again with the same ports (the cache's effect). Adds `kg.evalHitRate`
// from test/eval/kg-results.json (running `npm run eval:kg`'s code when the file is absent).
// Not a test: nothing here asserts a count or a time.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wikidataPorts } from '../../lib/kg/ports';
import { retrieveKg } from '../../lib/kg/retrieve';
import { startWikidataServer } from '../support/wikidata-server';
import { KG_EVAL_RESULTS, runKgEval, type KgEvalResults } from '../eval/kg';
import { renderAllMarkdown } from './models-report';
import { load1, machineMeta, mergeResults, type Figures } from './results';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');

/** Questions over test/fixtures/wikidata/fixture.ttl, with the item that should reach the triples. */
export const KG_BENCH_QUESTIONS = [
  { question: 'Where was Douglas Adams born?', kind: 'one hop', expect: 'Q350' },
  { question: 'What is the capital of the United Kingdom?', kind: 'one hop', expect: 'Q84' },
  { question: 'In which country was Douglas Adams born?', kind: 'two hops', expect: 'Q145' },
  {
    question: 'Which country borders the country of citizenship of Jane Austen?',
    kind: 'two hops',
    expect: 'Q27',
  },
  {
    question: 'What is the capital of the country where Douglas Adams was born?',
    kind: 'three hops',
    expect: 'Q84',
  },
  { question: 'How many notable works did Jane Austen write?', kind: 'count', expect: 'Q36322' },
] as const;

const r2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export async function benchKg(loadAtStart = load1()): Promise<void> {
  const started = performance.now();
  const log = (s: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const figures: Figures = {};
  const server = await startWikidataServer();
  const perDepth = new Map<number, number[]>();
  const first: Array<{ sparql: number; search: number }> = [];
  const repeat: Array<{ sparql: number; search: number }> = [];
  try {
    for (const [i, q] of KG_BENCH_QUESTIONS.entries()) {
      const ports = wikidataPorts(
        { sparqlEndpoint: server.sparqlEndpoint, entitySearchEndpoint: server.instance },
        { fetch: (u, n) => fetch(u, n) },
      );
      const counted = async () => {
        const sparql0 = server.queries.length;
        const all0 = server.requests;
        const t0 = performance.now();
        const out = await retrieveKg(q.question, ports);
        const ms = performance.now() - t0;
        const sparql = server.queries.length - sparql0;
        return { out, ms, sparql, search: server.requests - all0 - sparql };
      };
      const a = await counted();
      const b = await counted();
      first.push(a);
      repeat.push(b);
      const timings = a.out.result?.timings ?? [];
      for (const t of timings) perDepth.set(t.depth, [...(perDepth.get(t.depth) ?? []), t.ms]);
      const hit =
        !!a.out.result?.triples.some(
          (t) => t.subject.id === q.expect || t.object.id === q.expect,
        ) || !!a.out.result?.counts?.some((c) => c.subject.id === q.expect);
      const p = `kg.q${i + 1}.`;
      Object.assign(figures, {
        [`${p}question`]: q.question,
        [`${p}kind`]: q.kind,
        [`${p}hit`]: hit,
        [`${p}linked`]: a.out.topicEntities.map((t) => t.id).join(' ') || '—',
        [`${p}sparql`]: a.sparql,
        [`${p}search`]: a.search,
        [`${p}togRequests`]: a.out.requests,
        [`${p}depthMs`]: timings.map((t) => r2(t.ms)).join(' / ') || '—',
        [`${p}totalMs`]: r2(a.ms),
        [`${p}sparqlRepeat`]: b.sparql,
        [`${p}searchRepeat`]: b.search,
        [`${p}repeatMs`]: r2(b.ms),
      });
      if (a.out.result?.counts?.length)
        figures[`${p}count`] = a.out.result.counts
          .map((c) => `${c.subject.label} ${c.relation.label}: ${c.count}`)
          .join('; ');
      log(
        `${q.question} → linked ${figures[`${p}linked`]}, ${a.sparql} SPARQL + ${a.search} searches in ${r2(a.ms)} ms ` +
          `(depths ${figures[`${p}depthMs`]} ms), expected ${q.expect} ${hit ? 'found' : 'NOT found'}; repeat: ${b.sparql} SPARQL + ${b.search} searches`,
      );
    }
  } finally {
    await server.close();
  }
  figures['kg.requestsPerQuestion'] = r2(mean(first.map((x) => x.sparql)));
  figures['kg.searchRequestsPerQuestion'] = r2(mean(first.map((x) => x.search)));
  figures['kg.maxRequestsPerQuestion'] = Math.max(...first.map((x) => x.sparql));
  figures['kg.requestsOnRepeat'] = r2(mean(repeat.map((x) => x.sparql)));
  figures['kg.searchRequestsOnRepeat'] = r2(mean(repeat.map((x) => x.search)));
  for (const [d, ms] of perDepth) figures[`kg.depth${d}.meanMs`] = r2(mean(ms));

  let evalResults: KgEvalResults | undefined;
  if (existsSync(KG_EVAL_RESULTS)) {
    evalResults = JSON.parse(readFileSync(KG_EVAL_RESULTS, 'utf8')) as KgEvalResults;
    log(`eval: read ${KG_EVAL_RESULTS} (${evalResults.date})`);
  } else {
    try {
      log('eval: no results file, running the KG eval');
      evalResults = await runKgEval(log);
    } catch (error) {
      log(`eval skipped: ${String(error)}`);
    }
  }
  if (evalResults) {
    figures['kg.evalHitRate'] = evalResults.hitRate;
    figures['kg.evalGoldLinkedHitRate'] = evalResults.goldLinked.hitRate;
    figures['kg.evalQuestions'] = evalResults.qald.evaluated;
  }

  const results = mergeResults(RESULTS_JSON, figures, machineMeta(null, loadAtStart), ['kg.']);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(
    `SPARQL per question ${figures['kg.requestsPerQuestion']} (max ${figures['kg.maxRequestsPerQuestion']}), searches ${figures['kg.searchRequestsPerQuestion']}; ` +
      `on repeat ${figures['kg.requestsOnRepeat']} SPARQL, ${figures['kg.searchRequestsOnRepeat']} searches; wrote ${RESULTS_JSON} and ${RESULTS_MD}`,
  );
}
