// Knowledge-graph retrieval (EWEK-QA §3.1.2 ToG-E) types and the ports it reaches Wikidata through.
// The Wikidata client (lib/kg/sparql.ts, lib/kg/entities.ts) satisfies these ports; tests pass an
// in-memory SPARQL engine. Nothing in lib/kg/{linking,tog,linearize}.ts does I/O of its own.

/** One cell of a SPARQL 1.1 JSON results binding (`results.bindings[i][variable]`). */
export interface SparqlTerm {
  type: string;
  value: string;
  'xml:lang'?: string;
  datatype?: string;
}

export type SparqlBinding = Record<string, SparqlTerm>;

/** Runs a SPARQL SELECT query and returns its JSON results bindings. Throws on transport errors. */
export interface SparqlPort {
  select(query: string, options?: { signal?: AbortSignal }): Promise<SparqlBinding[]>;
}

/** Wikidata label search (wbsearchentities). Language fallback (language → 'en' → 'mul') is the port's job. */
export interface EntitySearchPort {
  search(
    text: string,
    options: { language: string; limit: number; signal?: AbortSignal },
  ): Promise<Array<{ id: string; label: string; description?: string }>>;
}

/** A Wikidata item chosen as a starting point of the beam search. */
export interface TopicEntity {
  /** Item id, `Q42`. */
  id: string;
  label: string;
  description?: string;
  /** The question span it was found for. */
  mention: string;
  /** Linking score (higher is better); only comparable within one question. */
  score: number;
}

export interface EntityRef {
  id: string;
  label: string;
}

/** A property, `{ id: 'P19', label: 'place of birth' }`. */
export type RelationRef = EntityRef;

/** The object of a triple: an item (with `id`) or a literal/date/URL (with `datatype` when typed). */
export interface TripleObject {
  id?: string;
  label: string;
  datatype?: string;
}

export interface Triple {
  subject: EntityRef;
  relation: RelationRef;
  object: TripleObject;
}

/** "How many" answer: the number of distinct objects of `relation` for `subject`. */
export interface KgCount {
  subject: EntityRef;
  relation: RelationRef;
  /** 'out': objects of `subject relation ?x`; 'in': subjects of `?x relation subject`. */
  direction: 'out' | 'in';
  count: number;
}

export interface KgDepthTiming {
  depth: number;
  /** Milliseconds spent at this depth (both queries and scoring). */
  ms: number;
  /** SPARQL requests made at this depth. */
  requests: number;
  /** Frontier entity ids explored at this depth. */
  frontier: string[];
  /** Relations kept at this depth, `P19>`/`P19<` (outgoing/incoming). */
  relations: string[];
}

export interface KgResult {
  topicEntities: TopicEntity[];
  triples: Triple[];
  counts?: KgCount[];
  /** SPARQL requests made in total (entity searches are counted by linking, not here). */
  requests: number;
  timings: KgDepthTiming[];
}
