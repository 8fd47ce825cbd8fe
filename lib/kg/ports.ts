// Port adapters for the KG stage: the real Wikidata services over HTTP (with the etiquette of
// sparql.ts), and an in-process Oxigraph store for the offline default (a fixture file).

import { createEntitySearch, searchEntities } from './entities';
import { createSparqlClient, type WikidataHttpOptions } from './sparql';
import type { EntitySearchPort, SparqlBinding, SparqlPort } from './types';

export interface WikidataEndpoints {
  sparqlEndpoint: string;
  /** The `api.php` URL (or the instance root) that answers `wbsearchentities`. */
  entitySearchEndpoint: string;
}

/** SPARQL and entity search against Wikidata (or any Wikidata-shaped endpoint). */
export function wikidataPorts(
  endpoints: WikidataEndpoints,
  http: WikidataHttpOptions,
): { sparql: SparqlPort; search: EntitySearchPort } {
  const sparql = createSparqlClient({ ...http, endpoint: endpoints.sparqlEndpoint });
  const entities = createEntitySearch({ ...http, instance: endpoints.entitySearchEndpoint });
  return {
    sparql: { select: (query, options) => sparql.select(query, options?.signal) },
    search: {
      search: (text, { language, limit, signal }) =>
        searchEntities(entities, { search: text, language, limit, ...(signal ? { signal } : {}) }),
    },
  };
}

/** The bits of an `oxigraph.Store` used here (the package is loaded by the caller). */
export interface OxigraphStore {
  query(query: string): unknown;
}

interface OxTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}

/** SPARQL over an in-process Oxigraph store, answering in SPARQL-JSON binding form. */
export function storePorts(store: OxigraphStore): { sparql: SparqlPort; search: EntitySearchPort } {
  const select = async (query: string): Promise<SparqlBinding[]> => {
    const rows = store.query(withPrefixes(query)) as Iterable<Map<string, OxTerm>>;
    return Array.from(rows, (row) => {
      const binding: SparqlBinding = {};
      for (const [name, term] of row) {
        binding[name] = {
          type:
            term.termType === 'NamedNode'
              ? 'uri'
              : term.termType === 'BlankNode'
                ? 'bnode'
                : 'literal',
          value: term.value,
          ...(term.language ? { 'xml:lang': term.language } : {}),
          ...(term.termType === 'Literal' && term.datatype && !term.language
            ? { datatype: term.datatype.value }
            : {}),
        };
      }
      return binding;
    });
  };
  return {
    sparql: { select },
    search: {
      // Label prefix match like wbsearchentities, in the asked language, then English, then `mul`.
      async search(text, { language, limit }) {
        const needle = JSON.stringify(text.trim().toLowerCase());
        const hits = new Map<string, { id: string; label: string; description?: string }>();
        for (const lang of [...new Set([language, 'en', 'mul'])]) {
          const rows = await select(`SELECT ?item ?label ?description WHERE {
            ?item rdfs:label ?label . FILTER(LANG(?label) = ${JSON.stringify(lang)} && STRSTARTS(LCASE(STR(?label)), ${needle}))
            FILTER(STRSTARTS(STR(?item), "http://www.wikidata.org/entity/Q"))
            OPTIONAL { ?item schema:description ?description . FILTER(LANG(?description) IN (${JSON.stringify(lang)}, "en", "mul")) }
          } LIMIT ${Math.max(1, Math.min(50, limit)) * 2}`);
          for (const row of rows) {
            const id = row.item!.value.replace('http://www.wikidata.org/entity/', '');
            if (!hits.has(id))
              hits.set(id, {
                id,
                label: row.label!.value,
                ...(row.description ? { description: row.description.value } : {}),
              });
          }
          if (hits.size > 0) break;
        }
        return [...hits.values()].slice(0, limit);
      },
    },
  };
}

/** The prefixes the Wikidata Query Service predeclares; a local store needs them spelled out. */
const PREFIXES: Record<string, string> = {
  wd: 'http://www.wikidata.org/entity/',
  wdt: 'http://www.wikidata.org/prop/direct/',
  wikibase: 'http://wikiba.se/ontology#',
  p: 'http://www.wikidata.org/prop/',
  ps: 'http://www.wikidata.org/prop/statement/',
  pq: 'http://www.wikidata.org/prop/qualifier/',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  schema: 'http://schema.org/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

function withPrefixes(query: string): string {
  const declared = new Set(
    Array.from(query.matchAll(/PREFIX\s+(\w*):/gi), (m) => m[1]!.toLowerCase()),
  );
  const missing = Object.entries(PREFIXES).filter(([name]) => !declared.has(name));
  return missing.map(([name, iri]) => `PREFIX ${name}: <${iri}>\n`).join('') + query;
}
