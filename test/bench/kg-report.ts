// RESULTS.md section for the KG bench (test/bench/kg.ts); results.ts lists it among its sections.
// Imports nothing at runtime from results.ts (kg.ts imports results.ts).

import type { Figure } from './results';
import { fmt, type Get } from './markdown';

const pct = (v: Figure | undefined) => (typeof v === 'number' ? `${(v * 100).toFixed(1)} %` : '—');

export function renderKgSection(get: Get, keys: string[]): string {
  const ids = [...new Set(keys.map((k) => k.match(/^kg\.q(\d+)\./)?.[1]).filter(Boolean))]
    .map(Number)
    .sort((a, b) => a - b);
  const rows = ids.map((i) => {
    const q = (m: string) => get(`kg.q${i}.${m}`);
    return `| ${fmt(q('question'))} | ${fmt(q('kind'))} | ${q('hit') === true ? 'yes' : 'no'} | **${fmt(q('sparql'))}** | ${fmt(q('search'))} | ${fmt(q('depthMs'))} | ${fmt(q('totalMs'))} | **${fmt(q('sparqlRepeat'))}** | ${fmt(q('searchRepeat'))} |`;
  });
  const depths = [1, 2, 3].filter((d) => get(`kg.depth${d}.meanMs`) !== undefined);
  return [
    '## Knowledge graph: requests and time per question (ToG-E, width 3 × depth 3)',
    '',
    '`retrieveKg(question, wikidataPorts(...))` against test/support/wikidata-server.ts (oxigraph on 127.0.0.1 serving',
    "test/fixtures/wikidata/fixture.ttl) over real HTTP with the clients' etiquette (one request in flight, Api-User-Agent,",
    'answer cache). No embedder (lexical pruning). Requests are counted at the server: SPARQL queries, and entity searches',
    '(`wbsearchentities`, not in ToG-E\'s own count). Fresh ports per question for the first run; "repeat" asks the same',
    'question again with the same ports. "Per depth ms": each depth\'s time from `result.timings`. Milliseconds.',
    '',
    '| Question | Kind | Expected item in triples | SPARQL | Searches | Per depth ms | Total ms | SPARQL on repeat | Searches on repeat |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Means: **${fmt(get('kg.requestsPerQuestion'), 2)}** SPARQL requests per question (goal ≤ 10 at depth 3 × width 3), ` +
      `${fmt(get('kg.searchRequestsPerQuestion'), 2)} entity searches; on repeat **${fmt(get('kg.requestsOnRepeat'), 2)}** SPARQL ` +
      `and ${fmt(get('kg.searchRequestsOnRepeat'), 2)} searches (goal 0). ` +
      (depths.length
        ? `Mean time per depth: ${depths.map((d) => `depth ${d} ${fmt(get(`kg.depth${d}.meanMs`))} ms`).join(', ')}.`
        : ''),
    '',
    `QALD-10 on CoDEx-M (\`npm run eval:kg\`, test/eval/kg-results.json): gold answer in the triples for ` +
      `**${pct(get('kg.evalHitRate'))}** of ${fmt(get('kg.evalQuestions'))} questions end to end (\`kg.evalHitRate\`; CoDEx has no entity labels, ` +
      `so linking rarely finds the question's entity), ${pct(get('kg.evalGoldLinkedHitRate'))} with the gold SPARQL's items as topic entities.`,
  ].join('\n');
}
