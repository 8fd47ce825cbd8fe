// A Wikidata stand-in on 127.0.0.1 for tests and the eval: a real SPARQL engine (oxigraph) behind
// `/sparql`, answering like WDQS (application/sparql-results+json, GET or POST, WDQS's implicit
// prefixes), and `/w/api.php?action=wbsearchentities` in the real API's response shape. Knobs let
// a test slow it down, make it answer 429/500, malformed JSON or an HTML page, and count requests
// and the most that were ever in flight at once.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import oxigraph from 'oxigraph';
import { readBody, serveDirectory, type TestServer } from './server';

export const FIXTURE_TTL = fileURLToPath(
  new URL('../fixtures/wikidata/fixture.ttl', import.meta.url),
);

const WD = 'http://www.wikidata.org/entity/';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const SKOS_ALT = 'http://www.w3.org/2004/02/skos/core#altLabel';
const DESCRIPTION = 'http://schema.org/description';

// WDQS declares these for every query (https://www.mediawiki.org/wiki/Wikidata_Query_Service/User_Manual#Basics_-_Understanding_Prefixes).
// A query may redeclare one: SPARQL lets a later PREFIX override an earlier one.
const IMPLICIT_PREFIXES = Object.entries({
  wd: WD,
  wdt: 'http://www.wikidata.org/prop/direct/',
  wds: 'http://www.wikidata.org/entity/statement/',
  wdv: 'http://www.wikidata.org/value/',
  wikibase: 'http://wikiba.se/ontology#',
  p: 'http://www.wikidata.org/prop/',
  ps: 'http://www.wikidata.org/prop/statement/',
  pq: 'http://www.wikidata.org/prop/qualifier/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  schema: 'http://schema.org/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  owl: 'http://www.w3.org/2002/07/owl#',
})
  .map(([prefix, iri]) => `PREFIX ${prefix}: <${iri}>`)
  .join('\n');

/** What the next request(s) should suffer; each request takes the first fault off the queue. */
export type Fault =
  | { status: 429; retryAfter?: string }
  | { status: 500 | 502 | 503 }
  | { body: 'malformed-json' | 'html' }
  | { delayMs: number };

export interface WikidataServerOptions {
  /** Turtle (.ttl) or N-Triples (.nt) files to load; default: the project's fixture. */
  files?: string[];
  /** Extra Turtle text to load. */
  turtle?: string;
  /** Delay before every answer, in ms (a slow endpoint). */
  delayMs?: number;
}

export interface WikidataServer extends TestServer {
  sparqlEndpoint: string;
  /** The instance root for wikibase-sdk (`${instance}/w/api.php`). */
  instance: string;
  store: oxigraph.Store;
  /** Applied in order, one per request (sparql and api alike). */
  faults: Fault[];
  delayMs: number;
  /** Requests received (sparql and api). */
  requests: number;
  /** Most requests ever in flight at once. */
  maxInFlight: number;
  /** Headers of the last request, lower-case names. */
  lastHeaders: IncomingMessage['headers'];
  /** The `query` text of each SPARQL request, in order. */
  queries: string[];
  resetCounters(): void;
}

export async function startWikidataServer(
  options: WikidataServerOptions = {},
): Promise<WikidataServer> {
  const store = new oxigraph.Store();
  for (const file of options.files ?? [FIXTURE_TTL]) {
    const format = file.endsWith('.nt') ? 'application/n-triples' : 'text/turtle';
    store.load(readFileSync(file, 'utf8'), { format, lenient: true });
  }
  if (options.turtle) store.load(options.turtle, { format: 'text/turtle' });

  let inFlight = 0;
  const state = {
    faults: [] as Fault[],
    delayMs: options.delayMs ?? 0,
    requests: 0,
    maxInFlight: 0,
    lastHeaders: {} as IncomingMessage['headers'],
    queries: [] as string[],
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/sparql' && url.pathname !== '/w/api.php') return false;
    // Readable cross-origin like the real services (WDQS; api.php with origin=*), including the
    // preflight that the Api-User-Agent header causes in a browser.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'Api-User-Agent, Accept, Content-Type',
          'access-control-max-age': '600',
        })
        .end();
      return true;
    }
    state.requests++;
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    state.lastHeaders = req.headers;
    let finished = false;
    const done = () => {
      if (!finished) inFlight--;
      finished = true;
    };
    res.on('close', done);
    try {
      const body = await readBody(req);
      const fault = state.faults.shift();
      const delay = state.delayMs + (fault && 'delayMs' in fault ? fault.delayMs : 0);
      if (delay > 0) await new Promise((ok) => setTimeout(ok, delay));
      if (res.destroyed) return true; // the client gave up (timeout)
      if (fault && 'status' in fault) {
        const headers: Record<string, string> = { 'content-type': 'text/plain' };
        if (fault.status === 429 && fault.retryAfter !== undefined)
          headers['retry-after'] = fault.retryAfter;
        res
          .writeHead(fault.status, headers)
          .end(fault.status === 429 ? 'Too Many Requests' : 'Internal Server Error');
        return true;
      }
      if (fault && 'body' in fault) {
        if (fault.body === 'html') {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              '<!doctype html><title>Wikimedia Error</title><p>Our servers are currently under maintenance.',
            );
        } else {
          res
            .writeHead(200, { 'content-type': 'application/sparql-results+json' })
            .end('{"head":{"vars":["x"]},"results":{"bindings":[{"x":');
        }
        return true;
      }
      if (url.pathname === '/sparql') answerSparql(url, req, body, res);
      else answerApi(url, res);
    } finally {
      if (res.writableEnded) done();
    }
    return true;
  };

  function answerSparql(url: URL, req: IncomingMessage, body: string, res: ServerResponse): void {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const query =
      req.method === 'POST'
        ? type === 'application/sparql-query'
          ? body
          : (new URLSearchParams(body).get('query') ?? '')
        : (url.searchParams.get('query') ?? '');
    state.queries.push(query);
    if (!query) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Missing query');
      return;
    }
    let result: ReturnType<oxigraph.Store['query']>;
    try {
      result = store.query(`${IMPLICIT_PREFIXES}\n${query}`, {
        results_format: 'application/sparql-results+json',
      });
    } catch (error) {
      // WDQS answers a bad query with 400 and a Java stack trace in text/plain.
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(`MalformedQueryException: ${String(error)}`);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/sparql-results+json;charset=utf-8' })
      .end(String(result));
  }

  function answerApi(url: URL, res: ServerResponse): void {
    const json = (value: unknown) =>
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(value));
    const params = url.searchParams;
    if (params.get('action') !== 'wbsearchentities') {
      json({ error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } });
      return;
    }
    const search = params.get('search') ?? '';
    const language = params.get('language');
    if (!search || !language) {
      json({
        error: {
          code: 'missingparam',
          info: `The "${!search ? 'search' : 'language'}" parameter must be set.`,
        },
      });
      return;
    }
    const uselang = params.get('uselang') ?? language;
    const limit = Math.min(50, Math.max(1, Number(params.get('limit') ?? 7) || 7));
    const offset = Math.max(0, Number(params.get('continue') ?? 0) || 0);
    const matches = searchLabels(search, language);
    const page = matches.slice(offset, offset + limit);
    const origin = `http://${url.host}`;
    json({
      searchinfo: { search },
      search: page.map((m) => {
        const label = pick(m.id, RDFS_LABEL, uselang);
        const description = pick(m.id, DESCRIPTION, uselang);
        return {
          id: m.id,
          title: m.id,
          pageid: Number(m.id.slice(1)),
          display: {
            ...(label && { label: { value: label.value, language: label.language } }),
            ...(description && {
              description: { value: description.value, language: description.language },
            }),
          },
          repository: 'wikidata',
          url: `${origin.replace(/^http:/, '')}/wiki/${m.id}`,
          concepturi: `${WD}${m.id}`,
          ...(label && { label: label.value }),
          ...(description && { description: description.value }),
          match: { type: m.type, language: m.language, text: m.text },
          ...(m.type === 'alias' && { aliases: [m.text] }),
        };
      }),
      ...(matches.length > offset + limit && { 'search-continue': offset + limit }),
      success: 1,
    });
  }

  /** Wikidata's fallback chain, shortened: the language, English, then `mul`. */
  function chain(language: string): string[] {
    return [...new Set([language, language.split('-')[0]!, 'en', 'mul'])];
  }

  function pick(
    id: string,
    predicate: string,
    language: string,
  ): { value: string; language: string } | undefined {
    const literals = store
      .match(oxigraph.namedNode(WD + id), oxigraph.namedNode(predicate), null, null)
      .map((q) => q.object);
    for (const lang of chain(language)) {
      const found = literals.find((o) => o.termType === 'Literal' && o.language === lang);
      if (found) return { value: found.value, language: lang };
    }
    return undefined;
  }

  function searchLabels(search: string, language: string) {
    const needle = search.toLocaleLowerCase();
    const langs = chain(language);
    const best = new Map<
      string,
      { id: string; type: 'label' | 'alias'; language: string; text: string; rank: number }
    >();
    for (const [predicate, type] of [
      [RDFS_LABEL, 'label'],
      [SKOS_ALT, 'alias'],
    ] as const) {
      for (const quad of store.match(null, oxigraph.namedNode(predicate), null, null)) {
        if (quad.subject.termType !== 'NamedNode' || !quad.subject.value.startsWith(WD)) continue;
        const id = quad.subject.value.slice(WD.length);
        if (!/^Q\d+$/.test(id) || quad.object.termType !== 'Literal') continue;
        const langIndex = langs.indexOf(quad.object.language);
        if (langIndex < 0) continue;
        const text = quad.object.value;
        const lower = text.toLocaleLowerCase();
        if (!lower.startsWith(needle)) continue;
        // Exact matches first, labels before aliases, the asked language before fallbacks.
        const rank = (lower === needle ? 0 : 100) + (type === 'label' ? 0 : 10) + langIndex;
        const previous = best.get(id);
        if (!previous || rank < previous.rank)
          best.set(id, { id, type, language: quad.object.language, text, rank });
      }
    }
    return [...best.values()].sort(
      (a, b) => a.rank - b.rank || Number(a.id.slice(1)) - Number(b.id.slice(1)),
    );
  }

  const server = await serveDirectory(
    fileURLToPath(new URL('../fixtures/wikidata/', import.meta.url)),
    [route],
  );
  // An object literal, not Object.assign: assign would copy the getters' current values.
  const result: WikidataServer = {
    url: server.url,
    server: server.server,
    close: server.close,
    sparqlEndpoint: `${server.url}/sparql`,
    instance: server.url,
    store,
    get faults() {
      return state.faults;
    },
    set faults(value: Fault[]) {
      state.faults = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get requests() {
      return state.requests;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    get lastHeaders() {
      return state.lastHeaders;
    },
    get queries() {
      return state.queries;
    },
    resetCounters() {
      state.requests = 0;
      state.maxInFlight = 0;
      state.queries = [];
      state.faults = [];
      state.delayMs = options.delayMs ?? 0;
    },
  };
  return result;
}
