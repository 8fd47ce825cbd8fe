// ToG-E (EWEK-QA §3.1.2): beam search over Wikidata from the topic entities, pruning relations and
// entities by similarity to the question (SentenceBERT cosine through the Embedder port, lexical
// overlap without one), no LLM, no early stop; the explored sub-graph comes back as triples.
//
// Request budget. Each depth makes exactly two SPARQL requests, whatever the frontier size:
//   1. the relations (outgoing and incoming `wdt:` claims, with their English property labels) of
//      every frontier entity, one UNION branch per entity and direction, each with its own LIMIT;
//   2. the neighbours through the kept relations, with labels (@en, else @mul) and descriptions,
//      one UNION branch per (frontier entity, kept relation) with its own LIMIT.
// Relations are pruned GLOBALLY: the best `width` relation types (property + direction) across the
// whole frontier are kept, not `width` per entity. That keeps branch counts at width × width and
// the requests at 2 per depth, so depth 3 × width 3 costs 6 requests, plus 1 COUNT query for a
// "how many" question: 7 ≤ 10. Entities are pruned globally too (the best `width` unvisited
// neighbours, scored by relation score + entity similarity, become the next frontier).
//
// Bounds: per-branch LIMITs (`relationScanLimit`, `neighbourLimit`) keep a hub with thousands of
// neighbours to a fixed number of rows; at most `objectsPerRelation` triples are kept per
// (entity, relation) plus those leading to the next frontier. Visited entities never re-enter the
// frontier (cycles). Literal objects (dates, quantities, strings, URLs) become triples, never
// frontier entities.

import type { Embedder } from '../pipeline/ports';
import { lexicalSimilarity, similarities } from './linking';
import type {
  EntityRef,
  KgCount,
  KgDepthTiming,
  KgResult,
  SparqlBinding,
  SparqlPort,
  TopicEntity,
  Triple,
  TripleObject,
} from './types';
import { errorText } from '../core/errors';

export interface TogOptions {
  /** Beam width: relations kept per depth and entities kept per depth (EWEK-QA: 3). */
  width: number;
  /** Beam depth (EWEK-QA: 3). No early stop. */
  depth: number;
  /** Rows scanned per (entity, direction) when listing relations. */
  relationScanLimit: number;
  /** Neighbours fetched per (entity, relation). */
  neighbourLimit: number;
  /** Triples kept per (entity, relation) besides those leading to the next frontier. */
  objectsPerRelation: number;
  /** Texts scored per embedder call at most (entity candidates beyond are scored lexically). */
  maxEmbedTexts: number;
  /** Add a COUNT for "how many" questions (auto-detected when undefined). */
  count?: boolean;
  signal?: AbortSignal;
}

export const TOG_DEFAULTS: TogOptions = {
  width: 3,
  depth: 3,
  relationScanLimit: 2000,
  neighbourLimit: 100,
  objectsPerRelation: 5,
  maxEmbedTexts: 256,
};

export interface TogPorts {
  sparql: SparqlPort;
  embedder?: Embedder;
  /** Milliseconds clock for timings (default `performance.now`). */
  now?: () => number;
}

export type TogResult = KgResult & {
  /** Why the search stopped before `depth` (a SPARQL failure, aborted); partial triples are kept. */
  error?: string;
};

const WD = 'http://www.wikidata.org/entity/';
const WDT = 'http://www.wikidata.org/prop/direct/';
const PREFIXES = [
  'PREFIX wd: <http://www.wikidata.org/entity/>',
  'PREFIX wdt: <http://www.wikidata.org/prop/direct/>',
  'PREFIX wikibase: <http://wikiba.se/ontology#>',
  'PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>',
  'PREFIX schema: <http://schema.org/>',
].join('\n');

const ITEM_ID = /^Q[1-9]\d*$/;
const PROP_ID = /^P[1-9]\d*$/;

export type Direction = 'out' | 'in';
/** A relation type: `P19>` (outgoing from the frontier) or `P19<` (incoming). */
export const relationKey = (property: string, dir: Direction): string =>
  `${property}${dir === 'out' ? '>' : '<'}`;

/** "How many …", "number of …" (and a few non-English forms): the question wants a count. */
export function isCountQuestion(question: string): boolean {
  return /\bhow\s+many\b|\bnumber\s+of\b|\bcount\s+of\b|\bcombien\b|\bwie\s+viele\b|\bcu[aá]nt[oa]s\b|\bquant[oi]s?\b|сколько|多少|几个|何人|いくつ/iu.test(
    question,
  );
}

/** Query 1 of a depth: the `wdt:` relations (both directions) of the frontier, with English labels. */
export function relationsQuery(
  entityIds: readonly string[],
  scanLimit = TOG_DEFAULTS.relationScanLimit,
): string {
  const ids = entityIds.filter((id) => ITEM_ID.test(id));
  const branches: string[] = [];
  for (const id of ids) {
    branches.push(
      `  { { SELECT ?wdt WHERE { wd:${id} ?wdt ?x . FILTER(STRSTARTS(STR(?wdt), "${WDT}")) } LIMIT ${scanLimit} } BIND(wd:${id} AS ?e) BIND("out" AS ?dir) }`,
      `  { { SELECT ?wdt WHERE { ?x ?wdt wd:${id} . FILTER(STRSTARTS(STR(?wdt), "${WDT}")) } LIMIT ${scanLimit} } BIND(wd:${id} AS ?e) BIND("in" AS ?dir) }`,
    );
  }
  return `${PREFIXES}
SELECT DISTINCT ?e ?p ?dir ?pLabel WHERE {
${branches.join('\n  UNION\n')}
  ?p wikibase:directClaim ?wdt .
  FILTER NOT EXISTS { ?p wikibase:propertyType wikibase:ExternalId }
  OPTIONAL { ?p rdfs:label ?pLabel . FILTER(LANG(?pLabel) = "en") }
}`;
}

export interface NeighbourBranch {
  entity: string;
  property: string;
  dir: Direction;
}

/** Query 2 of a depth: neighbours through the kept relations, with labels (@en, @mul) and descriptions. */
export function neighboursQuery(
  branches: readonly NeighbourBranch[],
  limit = TOG_DEFAULTS.neighbourLimit,
): string {
  const parts = branches
    .filter((b) => ITEM_ID.test(b.entity) && PROP_ID.test(b.property))
    .map((b) => {
      const pattern =
        b.dir === 'out'
          ? `wd:${b.entity} wdt:${b.property} ?x`
          : `?x wdt:${b.property} wd:${b.entity}`;
      return `  { { SELECT ?x WHERE { ${pattern} } LIMIT ${limit} } BIND(wd:${b.entity} AS ?e) BIND(wd:${b.property} AS ?p) BIND("${b.dir}" AS ?dir) }`;
    });
  return `${PREFIXES}
SELECT ?e ?p ?dir ?x ?xLabel ?xMul ?xDesc WHERE {
${parts.join('\n  UNION\n')}
  OPTIONAL { ?x rdfs:label ?xLabel . FILTER(LANG(?xLabel) = "en") }
  OPTIONAL { ?x rdfs:label ?xMul . FILTER(LANG(?xMul) = "mul") }
  OPTIONAL { ?x schema:description ?xDesc . FILTER(LANG(?xDesc) = "en") }
}`;
}

/** The COUNT query of a "how many" question. */
export function countQuery(entity: string, property: string, dir: Direction): string {
  const pattern =
    dir === 'out' ? `wd:${entity} wdt:${property} ?x` : `?x wdt:${property} wd:${entity}`;
  return `${PREFIXES}\nSELECT (COUNT(DISTINCT ?x) AS ?n) WHERE { ${pattern} }`;
}

const itemId = (iri: string | undefined): string | undefined => {
  if (!iri?.startsWith(WD)) return undefined;
  const id = iri.slice(WD.length);
  return ITEM_ID.test(id) ? id : undefined;
};
const propId = (iri: string | undefined): string | undefined => {
  if (!iri?.startsWith(WD)) return undefined;
  const id = iri.slice(WD.length);
  return PROP_ID.test(id) ? id : undefined;
};

interface RelationCandidate {
  key: string;
  property: string;
  dir: Direction;
  label: string;
  entities: Set<string>;
  score: number;
}

interface NeighbourRow {
  entity: string;
  key: string;
  property: string;
  dir: Direction;
  object: TripleObject;
  description?: string;
  score: number;
}

function sortByScore<T extends { score: number }>(items: T[], tie: (a: T, b: T) => number): T[] {
  return items.sort((a, b) => b.score - a.score || tie(a, b));
}

/**
 * ToG-E beam search. Never throws for a SPARQL or embedder failure: the triples found so far come
 * back with `error` set. Entity searches are not counted in `requests` (see linkEntities).
 */
export async function togE(
  question: string,
  topicEntities: readonly TopicEntity[],
  ports: TogPorts,
  options: Partial<TogOptions> = {},
): Promise<TogResult> {
  const opts = { ...TOG_DEFAULTS, ...options };
  const width = Math.max(1, Math.floor(opts.width));
  const depth = Math.max(0, Math.floor(opts.depth));
  const now = ports.now ?? (() => performance.now());
  const q = typeof question === 'string' ? question.slice(0, 1000) : '';
  const topics = topicEntities.filter((t) => ITEM_ID.test(t.id));

  const result: TogResult = {
    topicEntities: [...topicEntities],
    triples: [],
    requests: 0,
    timings: [],
  };
  const labels = new Map<string, string>(topics.map((t) => [t.id, t.label || t.id]));
  const relationLabels = new Map<string, string>();
  const visited = new Set<string>(topics.map((t) => t.id));
  const tripleKeys = new Set<string>();
  let embedderBroken = false;

  const select = async (query: string): Promise<SparqlBinding[]> => {
    if (opts.signal?.aborted) throw new Error('aborted');
    result.requests++;
    const rows = await ports.sparql.select(query);
    return Array.isArray(rows) ? rows : [];
  };
  const score = async (texts: string[]): Promise<number[]> => {
    if (!ports.embedder || embedderBroken) return texts.map((t) => lexicalSimilarity(q, t));
    const head = texts.slice(0, opts.maxEmbedTexts);
    let sims: number[];
    try {
      sims = await similarities(q, head, ports.embedder);
    } catch {
      embedderBroken = true;
      return texts.map((t) => lexicalSimilarity(q, t));
    }
    return [...sims, ...texts.slice(head.length).map((t) => lexicalSimilarity(q, t))];
  };
  const ref = (id: string): EntityRef => ({ id, label: labels.get(id) ?? id });
  const addTriple = (t: Triple): void => {
    const key = `${t.subject.id}|${t.relation.id}|${t.object.id ?? `"${t.object.label}"^^${t.object.datatype ?? ''}`}`;
    if (tripleKeys.has(key)) return;
    tripleKeys.add(key);
    result.triples.push(t);
  };

  let frontier = topics.slice(0, width).map((t) => t.id);
  let depth1Relations: RelationCandidate[] = [];

  try {
    for (let d = 1; d <= depth && frontier.length > 0; d++) {
      const start = now();
      const before = result.requests;
      const timing: KgDepthTiming = {
        depth: d,
        ms: 0,
        requests: 0,
        frontier: [...frontier],
        relations: [],
      };
      result.timings.push(timing);

      // 1. Relations of the frontier, scored by similarity of their labels to the question.
      const relRows = await select(relationsQuery(frontier, opts.relationScanLimit));
      const relations = new Map<string, RelationCandidate>();
      for (const row of relRows) {
        const entity = itemId(row.e?.value);
        const property = propId(row.p?.value);
        const dir = row.dir?.value === 'in' ? 'in' : row.dir?.value === 'out' ? 'out' : undefined;
        if (!entity || !property || !dir) continue;
        const key = relationKey(property, dir);
        const label = row.pLabel?.value || relationLabels.get(property) || property;
        relationLabels.set(property, label);
        const cand = relations.get(key) ?? {
          key,
          property,
          dir,
          label,
          entities: new Set<string>(),
          score: 0,
        };
        cand.entities.add(entity);
        relations.set(key, cand);
      }
      const candidates = [...relations.values()];
      const relSims = await score(candidates.map((c) => c.label));
      candidates.forEach((c, i) => (c.score = relSims[i] ?? 0));
      sortByScore(candidates, (a, b) =>
        a.dir === b.dir ? a.key.localeCompare(b.key) : a.dir === 'out' ? -1 : 1,
      );
      if (d === 1) depth1Relations = candidates;
      const kept = candidates.slice(0, width);
      timing.relations = kept.map((k) => k.key);

      // 2. Neighbours through the kept relations.
      const branches: NeighbourBranch[] = [];
      for (const entity of frontier) {
        for (const k of kept)
          if (k.entities.has(entity)) branches.push({ entity, property: k.property, dir: k.dir });
      }
      if (branches.length === 0) {
        frontier = [];
        timing.requests = result.requests - before;
        timing.ms = now() - start;
        break;
      }
      const nRows = await select(neighboursQuery(branches, opts.neighbourLimit));
      const relScore = new Map(kept.map((k) => [k.key, k.score]));
      const rows: NeighbourRow[] = [];
      const seenRow = new Set<string>();
      for (const row of nRows) {
        const entity = itemId(row.e?.value);
        const property = propId(row.p?.value);
        const dir = row.dir?.value === 'in' ? 'in' : 'out';
        const x = row.x;
        if (!entity || !property || !x) continue;
        const key = relationKey(property, dir);
        let object: TripleObject;
        const id = x.type === 'uri' ? itemId(x.value) : undefined;
        if (id) {
          const label = row.xLabel?.value || row.xMul?.value || labels.get(id) || id;
          if (!labels.has(id) || labels.get(id) === id) labels.set(id, label);
          object = { id, label };
        } else if (dir === 'out') {
          object = {
            label: x.value,
            ...(x.datatype
              ? { datatype: x.datatype }
              : x['xml:lang']
                ? { datatype: `@${x['xml:lang']}` }
                : {}),
          };
        } else continue; // an incoming non-item subject (lexeme, property): not part of the item graph
        const rowKey = `${entity}|${key}|${object.id ?? x.value}`;
        if (seenRow.has(rowKey)) continue;
        seenRow.add(rowKey);
        rows.push({
          entity,
          key,
          property,
          dir,
          object,
          description: row.xDesc?.value,
          score: relScore.get(key) ?? 0,
        });
      }
      const texts = rows.map((r) =>
        r.description ? `${r.object.label} — ${r.description}` : r.object.label,
      );
      const entSims = await score(texts);
      rows.forEach((r, i) => (r.score += entSims[i] ?? 0));

      // Next frontier: the best `width` unvisited items.
      const best = new Map<string, number>();
      for (const r of rows) {
        const id = r.object.id;
        if (!id || visited.has(id)) continue;
        if ((best.get(id) ?? -Infinity) < r.score) best.set(id, r.score);
      }
      const next = sortByScore(
        [...best].map(([id, s]) => ({ id, score: s })),
        (a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }),
      )
        .slice(0, width)
        .map((n) => n.id);
      const nextSet = new Set(next);

      // Triples: the best `objectsPerRelation` per (entity, relation), plus every edge into the next frontier.
      const groups = new Map<string, NeighbourRow[]>();
      for (const r of rows) {
        const g = `${r.entity}|${r.key}`;
        const list = groups.get(g) ?? [];
        list.push(r);
        groups.set(g, list);
      }
      for (const b of branches) {
        const list = groups.get(`${b.entity}|${relationKey(b.property, b.dir)}`) ?? [];
        sortByScore(list, () => 0).forEach((r, i) => {
          if (i >= opts.objectsPerRelation && !(r.object.id && nextSet.has(r.object.id))) return;
          const relation = { id: r.property, label: relationLabels.get(r.property) ?? r.property };
          if (r.dir === 'out') addTriple({ subject: ref(r.entity), relation, object: r.object });
          else
            addTriple({
              subject: { id: r.object.id!, label: r.object.label },
              relation,
              object: { id: r.entity, label: ref(r.entity).label },
            });
        });
      }
      for (const id of next) visited.add(id);
      frontier = next;
      timing.requests = result.requests - before;
      timing.ms = now() - start;
    }

    // "How many": count the objects of the best depth-1 relation of the best-ranked topic entity having it.
    if ((opts.count ?? isCountQuestion(q)) && depth1Relations.length > 0) {
      const best = depth1Relations[0]!;
      const subject = topics.find((t) => best.entities.has(t.id));
      if (subject) {
        const rows = await select(countQuery(subject.id, best.property, best.dir));
        const n = Number(rows[0]?.n?.value);
        if (Number.isFinite(n)) {
          const count: KgCount = {
            subject: ref(subject.id),
            relation: { id: best.property, label: best.label },
            direction: best.dir,
            count: n,
          };
          result.counts = [count];
        }
      }
    }
  } catch (error) {
    result.error = errorText(error);
  }
  return result;
}
