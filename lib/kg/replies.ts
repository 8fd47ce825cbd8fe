// What lib/kg accepts from Wikidata, as valibot schemas: one per reply kind, and the only place
// that says what a reply looks like. Replies are untrusted JSON, so nothing reads one before its
// schema has accepted it; a reply that does not match is 'kg-bad-response' (sparql.ts). Objects
// are loose: fields we do not read pass through unchanged, for wikibase-sdk's simplifier and the
// cache.

import * as v from 'valibot';

/** One cell of a SPARQL 1.1 JSON results binding (`results.bindings[i][variable]`). */
export interface SparqlTerm {
  type: 'uri' | 'literal' | 'bnode' | 'typed-literal' | 'triple';
  value: string;
  'xml:lang'?: string;
  datatype?: string;
}
export type SparqlRow = Record<string, SparqlTerm>;
export interface SparqlJson {
  head: { vars: string[] };
  results: { bindings: SparqlRow[] };
}

const XSD_BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';

const SparqlTermSchema = v.looseObject({
  type: v.picklist(['uri', 'literal', 'bnode', 'typed-literal', 'triple']),
  value: v.string(),
  'xml:lang': v.optional(v.string()),
  datatype: v.optional(v.string()),
});

/** A SELECT answer. `head.vars` defaults to none: only wikibase-sdk's simplifier reads it. */
const SparqlSelectReply = v.looseObject({
  head: v.looseObject({ vars: v.optional(v.array(v.string()), () => []) }),
  results: v.looseObject({ bindings: v.array(v.record(v.string(), SparqlTermSchema)) }),
});

/** An ASK answer (`{ boolean }`), read as one row `{ boolean }` so callers see a single shape. */
const SparqlAskReply = v.pipe(
  v.looseObject({ boolean: v.boolean() }),
  v.transform(({ boolean }): SparqlJson => ({
    head: { vars: ['boolean'] },
    results: {
      bindings: [{ boolean: { type: 'literal', value: String(boolean), datatype: XSD_BOOLEAN } }],
    },
  })),
);

/** application/sparql-results+json from the query service, SELECT or ASK. */
export const SparqlReply: v.GenericSchema<unknown, SparqlJson> = v.union([
  SparqlAskReply,
  SparqlSelectReply,
]);

/**
 * Present and of the right type, or treated as absent: a hit with an odd field is read without
 * that field, as Wikidata's own clients do, rather than failing the whole reply.
 */
const maybe = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.optional(schema), undefined);

const TextWithLanguage = v.looseObject({ value: v.string() });

const SearchHit = v.looseObject({
  id: maybe(v.string()),
  label: maybe(v.string()),
  description: maybe(v.string()),
  /** The label and description in the asked language or its fallback (newer API versions). */
  display: maybe(
    v.looseObject({ label: maybe(TextWithLanguage), description: maybe(TextWithLanguage) }),
  ),
});
export type SearchHit = v.InferOutput<typeof SearchHit>;

/** `action=wbsearchentities`: `search` must be a list; an entry that is not an object is skipped. */
export const SearchReply = v.looseObject({ search: v.array(maybe(SearchHit)) });
