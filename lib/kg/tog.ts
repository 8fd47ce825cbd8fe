// ToG-E (EWEK-QA §3.1.2): beam search over Wikidata from the topic entities, pruning relations and
// entities by similarity to the question (SentenceBERT cosine through the Embedder port, lexical
// overlap without one), no LLM, no early stop; the explored sub-graph comes back as triples.
//
// Request budget. Each depth makes exactly two SPARQL requests, whatever the frontier size:
//   1. the relations (outgoing and incoming `wdt:` claims, with their property labels in the
//      asked language, else English) of every frontier entity, one UNION branch per entity and
//      direction, each with its own LIMIT;
//   2. the neighbours through the kept relations, with labels (the asked language, else @mul,
//      else @en) and descriptions,
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
  SparqlTerm,
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
  /**
   * Labels and descriptions in this language (a Wikimedia code: "fr"), falling back to `mul`
   * and English; default English.
   */
  language?: string;
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

/**
 * Query 1 of a depth: the `wdt:` relations (both directions) of the frontier, with labels in the
 * asked language, else English.
 */
export function relationsQuery(
  entityIds: readonly string[],
  scanLimit = TOG_DEFAULTS.relationScanLimit,
  language = 'en',
): string {
  const lang = labelLanguage(language);
  const ids = entityIds.filter((id) => ITEM_ID.test(id));
  const branches: string[] = [];
  for (const id of ids) {
    branches.push(
      `  { { SELECT ?wdt WHERE { wd:${id} ?wdt ?x . FILTER(STRSTARTS(STR(?wdt), "${WDT}")) } LIMIT ${scanLimit} } BIND(wd:${id} AS ?e) BIND("out" AS ?dir) }`,
      `  { { SELECT ?wdt WHERE { ?x ?wdt wd:${id} . FILTER(STRSTARTS(STR(?wdt), "${WDT}")) } LIMIT ${scanLimit} } BIND(wd:${id} AS ?e) BIND("in" AS ?dir) }`,
    );
  }
  return `${PREFIXES}
SELECT DISTINCT ?e ?p ?dir ?pLabel${lang === 'en' ? '' : ' ?pEn'} WHERE {
${branches.join('\n  UNION\n')}
  ?p wikibase:directClaim ?wdt .
  FILTER NOT EXISTS { ?p wikibase:propertyType wikibase:ExternalId }
  OPTIONAL { ?p rdfs:label ?pLabel . FILTER(LANG(?pLabel) = "${lang}") }${lang === 'en' ? '' : '\n  OPTIONAL { ?p rdfs:label ?pEn . FILTER(LANG(?pEn) = "en") }'}
}`;
}

export interface NeighbourBranch {
  entity: string;
  property: string;
  dir: Direction;
}

/**
 * Query 2 of a depth: neighbours through the kept relations, with labels (the asked language,
 * @mul, @en) and descriptions (the asked language, @en).
 */
export function neighboursQuery(
  branches: readonly NeighbourBranch[],
  limit = TOG_DEFAULTS.neighbourLimit,
  language = 'en',
): string {
  const lang = labelLanguage(language);
  // English asks exactly what it always did; another language adds English as the last fallback.
  const english =
    lang === 'en'
      ? ''
      : '\n  OPTIONAL { ?x rdfs:label ?xEn . FILTER(LANG(?xEn) = "en") }\n  OPTIONAL { ?x schema:description ?xDescEn . FILTER(LANG(?xDescEn) = "en") }';
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
SELECT ?e ?p ?dir ?x ?xLabel ?xMul ?xDesc${lang === 'en' ? '' : ' ?xEn ?xDescEn'} WHERE {
${parts.join('\n  UNION\n')}
  OPTIONAL { ?x rdfs:label ?xLabel . FILTER(LANG(?xLabel) = "${lang}") }
  OPTIONAL { ?x rdfs:label ?xMul . FILTER(LANG(?xMul) = "mul") }
  OPTIONAL { ?x schema:description ?xDesc . FILTER(LANG(?xDesc) = "${lang}") }${english}
}`;
}

/**
 * A language code safe to write into a query: Wikimedia codes are lower-case letters and hyphens
 * ("fr", "pt-br", "zh-hant"); anything else is English.
 */
function labelLanguage(language: string): string {
  const code = language.trim().toLowerCase().replace(/_/g, '-');
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/.test(code) ? code : 'en';
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
 * The relation types found in query 1's rows, one candidate per property and direction with the
 * frontier entities having it. Property labels are remembered in `relationLabels` for the triples.
 */
function relationCandidates(
  rows: readonly SparqlBinding[],
  relationLabels: Map<string, string>,
): RelationCandidate[] {
  const relations = new Map<string, RelationCandidate>();
  for (const row of rows) {
    const entity = itemId(row.e?.value);
    const property = propId(row.p?.value);
    const dir = row.dir?.value === 'in' ? 'in' : row.dir?.value === 'out' ? 'out' : undefined;
    if (!entity || !property || !dir) continue;
    const key = relationKey(property, dir);
    const label = row.pLabel?.value || row.pEn?.value || relationLabels.get(property) || property;
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
  return [...relations.values()];
}

/** Query 2's branches: each frontier entity through each kept relation it has. */
function neighbourBranches(
  frontier: readonly string[],
  kept: readonly RelationCandidate[],
): NeighbourBranch[] {
  const branches: NeighbourBranch[] = [];
  for (const entity of frontier) {
    for (const k of kept)
      if (k.entities.has(entity)) branches.push({ entity, property: k.property, dir: k.dir });
  }
  return branches;
}

/**
 * The object a row of query 2 reaches: an item (its label learnt into `labels`), or a literal on
 * an outgoing edge. Undefined for an incoming non-item subject (a lexeme, a property): those are
 * not part of the item graph.
 */
function neighbourObject(
  row: SparqlBinding,
  x: SparqlTerm,
  dir: Direction,
  labels: Map<string, string>,
): TripleObject | undefined {
  const id = x.type === 'uri' ? itemId(x.value) : undefined;
  if (id) {
    const label = row.xLabel?.value || row.xMul?.value || row.xEn?.value || labels.get(id) || id;
    if (!labels.has(id) || labels.get(id) === id) labels.set(id, label);
    return { id, label };
  }
  if (dir === 'in') return undefined;
  return {
    label: x.value,
    ...(x.datatype
      ? { datatype: x.datatype }
      : x['xml:lang']
        ? { datatype: `@${x['xml:lang']}` }
        : {}),
  };
}

/** Query 2's rows, one per distinct (entity, relation, object), scored by their relation so far. */
function neighbourRows(
  rows: readonly SparqlBinding[],
  relationScores: ReadonlyMap<string, number>,
  labels: Map<string, string>,
): NeighbourRow[] {
  const out: NeighbourRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const entity = itemId(row.e?.value);
    const property = propId(row.p?.value);
    const dir = row.dir?.value === 'in' ? 'in' : 'out';
    const x = row.x;
    if (!entity || !property || !x) continue;
    const key = relationKey(property, dir);
    const object = neighbourObject(row, x, dir, labels);
    if (!object) continue;
    const rowKey = `${entity}|${key}|${object.id ?? x.value}`;
    if (seen.has(rowKey)) continue;
    seen.add(rowKey);
    out.push({
      entity,
      key,
      property,
      dir,
      object,
      description: row.xDesc?.value ?? row.xDescEn?.value,
      score: relationScores.get(key) ?? 0,
    });
  }
  return out;
}

/** The best `width` unvisited items among the scored rows: the next frontier. */
function nextFrontier(
  rows: readonly NeighbourRow[],
  visited: ReadonlySet<string>,
  width: number,
): string[] {
  const best = new Map<string, number>();
  for (const r of rows) {
    const id = r.object.id;
    if (!id || visited.has(id)) continue;
    if ((best.get(id) ?? -Infinity) < r.score) best.set(id, r.score);
  }
  return sortByScore(
    [...best].map(([id, s]) => ({ id, score: s })),
    (a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }),
  )
    .slice(0, width)
    .map((n) => n.id);
}

function groupByBranch(rows: readonly NeighbourRow[]): Map<string, NeighbourRow[]> {
  const groups = new Map<string, NeighbourRow[]>();
  for (const r of rows) {
    const g = `${r.entity}|${r.key}`;
    const list = groups.get(g) ?? [];
    list.push(r);
    groups.set(g, list);
  }
  return groups;
}

const tripleKey = (t: Triple): string =>
  `${t.subject.id}|${t.relation.id}|${t.object.id ?? `"${t.object.label}"^^${t.object.datatype ?? ''}`}`;

/** Outgoing relations first, then by key: a stable order for relations that score the same. */
const relationOrder = (a: RelationCandidate, b: RelationCandidate): number =>
  a.dir === b.dir ? a.key.localeCompare(b.key) : a.dir === 'out' ? -1 : 1;

/**
 * One ToG-E search: the state shared by the depths (labels learnt, entities visited, triples
 * kept, whether the embedder still works) and the four steps of a depth as methods.
 */
class BeamSearch {
  readonly result: TogResult;
  private readonly labels: Map<string, string>;
  private readonly relationLabels = new Map<string, string>();
  private readonly visited: Set<string>;
  private readonly tripleKeys = new Set<string>();
  private embedderBroken = false;

  constructor(
    private readonly question: string,
    private readonly topics: readonly TopicEntity[],
    topicEntities: readonly TopicEntity[],
    private readonly ports: TogPorts,
    private readonly opts: TogOptions,
  ) {
    this.result = { topicEntities: [...topicEntities], triples: [], requests: 0, timings: [] };
    this.labels = new Map(topics.map((t) => [t.id, t.label || t.id]));
    this.visited = new Set(topics.map((t) => t.id));
  }

  /** All depths (no early stop), then the count; a failure keeps what was found so far. */
  async run(): Promise<TogResult> {
    try {
      const depth1Relations = await this.explore();
      await this.count(depth1Relations);
    } catch (error) {
      this.result.error = errorText(error);
    }
    return this.result;
  }

  /** Depth after depth until `depth` or an empty frontier; returns depth 1's ranked relations. */
  private async explore(): Promise<RelationCandidate[]> {
    let frontier = this.topics.slice(0, this.opts.width).map((t) => t.id);
    let depth1Relations: RelationCandidate[] = [];
    for (let d = 1; d <= this.opts.depth && frontier.length > 0; d++) {
      const step = await this.depthStep(d, frontier);
      if (d === 1) depth1Relations = step.relations;
      frontier = step.next;
    }
    return depth1Relations;
  }

  /** One depth: relation search and pruning, then entity search and pruning (two requests). */
  private async depthStep(
    depth: number,
    frontier: string[],
  ): Promise<{ relations: RelationCandidate[]; next: string[] }> {
    const now = this.ports.now ?? (() => performance.now());
    const start = now();
    const before = this.result.requests;
    // Pushed first, so a depth that fails half-way still shows in the timings.
    const timing: KgDepthTiming = {
      depth,
      ms: 0,
      requests: 0,
      frontier: [...frontier],
      relations: [],
    };
    this.result.timings.push(timing);
    const relations = await this.pruneRelations(await this.searchRelations(frontier));
    const kept = relations.slice(0, this.opts.width);
    timing.relations = kept.map((k) => k.key);
    const next = await this.expand(frontier, kept);
    timing.requests = this.result.requests - before;
    timing.ms = now() - start;
    return { relations, next };
  }

  /** Relation search (query 1): the relations of every frontier entity, both directions. */
  private async searchRelations(frontier: readonly string[]): Promise<RelationCandidate[]> {
    const rows = await this.select(
      relationsQuery(frontier, this.opts.relationScanLimit, this.opts.language),
    );
    return relationCandidates(rows, this.relationLabels);
  }

  /** Relation pruning: every candidate scored by its label's similarity to the question, best first. */
  private async pruneRelations(candidates: RelationCandidate[]): Promise<RelationCandidate[]> {
    const sims = await this.score(candidates.map((c) => c.label));
    candidates.forEach((c, i) => (c.score = sims[i] ?? 0));
    return sortByScore(candidates, relationOrder);
  }

  /** Entity search and pruning through the kept relations; returns the next frontier. */
  private async expand(frontier: readonly string[], kept: RelationCandidate[]): Promise<string[]> {
    const branches = neighbourBranches(frontier, kept);
    if (branches.length === 0) return [];
    const rows = await this.searchEntities(branches, kept);
    const next = await this.pruneEntities(rows);
    this.keepTriples(rows, branches, new Set(next));
    for (const id of next) this.visited.add(id);
    return next;
  }

  /** Entity search (query 2): the neighbours through each branch, scored by their relation. */
  private async searchEntities(
    branches: readonly NeighbourBranch[],
    kept: readonly RelationCandidate[],
  ): Promise<NeighbourRow[]> {
    const rows = await this.select(
      neighboursQuery(branches, this.opts.neighbourLimit, this.opts.language),
    );
    const relationScores = new Map(kept.map((k) => [k.key, k.score]));
    return neighbourRows(rows, relationScores, this.labels);
  }

  /** Entity pruning: relation score + similarity of `label — description`; the best unvisited items. */
  private async pruneEntities(rows: NeighbourRow[]): Promise<string[]> {
    const texts = rows.map((r) =>
      r.description ? `${r.object.label} — ${r.description}` : r.object.label,
    );
    const sims = await this.score(texts);
    rows.forEach((r, i) => (r.score += sims[i] ?? 0));
    return nextFrontier(rows, this.visited, this.opts.width);
  }

  /** The best `objectsPerRelation` triples per branch, plus every edge into the next frontier. */
  private keepTriples(
    rows: readonly NeighbourRow[],
    branches: readonly NeighbourBranch[],
    next: ReadonlySet<string>,
  ): void {
    const groups = groupByBranch(rows);
    for (const b of branches) {
      const list = groups.get(`${b.entity}|${relationKey(b.property, b.dir)}`) ?? [];
      sortByScore(list, () => 0).forEach((r, i) => {
        if (i >= this.opts.objectsPerRelation && !(r.object.id && next.has(r.object.id))) return;
        this.addTriple(this.tripleOf(r));
      });
    }
  }

  /** A row as a triple in Wikidata's direction (an incoming row's object is the subject). */
  private tripleOf(r: NeighbourRow): Triple {
    const relation = { id: r.property, label: this.relationLabels.get(r.property) ?? r.property };
    if (r.dir === 'out') return { subject: this.ref(r.entity), relation, object: r.object };
    return {
      subject: { id: r.object.id!, label: r.object.label },
      relation,
      object: { id: r.entity, label: this.ref(r.entity).label },
    };
  }

  /**
   * "How many": count the objects of the best depth-1 relation of the best-ranked topic entity
   * having it (one more request).
   */
  private async count(depth1Relations: readonly RelationCandidate[]): Promise<void> {
    const best = depth1Relations[0];
    if (!(this.opts.count ?? isCountQuestion(this.question)) || !best) return;
    const subject = this.topics.find((t) => best.entities.has(t.id));
    if (!subject) return;
    const rows = await this.select(countQuery(subject.id, best.property, best.dir));
    const n = Number(rows[0]?.n?.value);
    if (!Number.isFinite(n)) return;
    const count: KgCount = {
      subject: this.ref(subject.id),
      relation: { id: best.property, label: best.label },
      direction: best.dir,
      count: n,
    };
    this.result.counts = [count];
  }

  private async select(query: string): Promise<SparqlBinding[]> {
    if (this.opts.signal?.aborted) throw new Error('aborted');
    this.result.requests++;
    const signal = this.opts.signal;
    const rows = await this.ports.sparql.select(query, signal ? { signal } : undefined);
    return Array.isArray(rows) ? rows : [];
  }

  /**
   * Similarity of each text to the question: the embedder for the first `maxEmbedTexts`, lexical
   * for the rest, and lexical for everything once the embedder has failed (it is not retried).
   */
  private async score(texts: string[]): Promise<number[]> {
    const q = this.question;
    const lexical = (t: string) => lexicalSimilarity(q, t);
    if (!this.ports.embedder || this.embedderBroken) return texts.map(lexical);
    const head = texts.slice(0, this.opts.maxEmbedTexts);
    let sims: number[];
    try {
      sims = await similarities(q, head, this.ports.embedder);
    } catch {
      this.embedderBroken = true;
      return texts.map(lexical);
    }
    return [...sims, ...texts.slice(head.length).map(lexical)];
  }

  private ref(id: string): EntityRef {
    return { id, label: this.labels.get(id) ?? id };
  }

  private addTriple(t: Triple): void {
    const key = tripleKey(t);
    if (this.tripleKeys.has(key)) return;
    this.tripleKeys.add(key);
    this.result.triples.push(t);
  }
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
  const merged = { ...TOG_DEFAULTS, ...options };
  const opts: TogOptions = {
    ...merged,
    width: Math.max(1, Math.floor(merged.width)),
    depth: Math.max(0, Math.floor(merged.depth)),
  };
  const q = typeof question === 'string' ? question.slice(0, 1000) : '';
  const topics = topicEntities.filter((t) => ITEM_ID.test(t.id));
  return new BeamSearch(q, topics, topicEntities, ports, opts).run();
}
