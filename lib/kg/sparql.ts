// Wikidata client port for ToG-E (EWEK-QA §3.1.2): the SPARQL endpoint and the wbsearchentities
// API, spoken to politely (STYLE security 10, and Wikidata's own rules:
// https://www.mediawiki.org/wiki/Wikidata_Query_Service/User_Manual#Query_limits and
// https://foundation.wikimedia.org/wiki/Policy:Wikimedia_Foundation_User-Agent_Policy):
//  - an `Api-User-Agent` header naming the extension and a contact (browsers forbid setting
//    `User-Agent` from a page or extension, so Wikimedia reads `Api-User-Agent` instead);
//  - at most one request in flight per endpoint (a FIFO queue shared by every client of that URL);
//  - HTTP 429 → wait `Retry-After` seconds (60 when absent), tell the panel through `onWait`, retry
//    once, then give up with 'kg-rate-limited';
//  - a per-request timeout ('kg-timeout'), 5xx ('kg-failed'), unreadable bodies ('kg-bad-response');
//  - answers cached by URL/query text with a TTL read from the injected clock.
// Only `fetch`, the clock, `sleep` and the cache come in from outside (STYLE 3).
//
// Meta note: lib/kg/ is not under lib/pipeline/, so stages-have-tests.test.ts does not cover it;
// each file here still has its unit test (test/unit/kg.<file>.test.ts) against the loopback
// Wikidata stand-in in test/support/wikidata-server.ts.

import { WBK, simplifySparqlResults } from 'wikibase-sdk';
import { PipelineError, errorText } from '../core/errors';
import { cacheGet, cacheSet, createMemoryCache, type CachePort } from '../core/cache';
import {
  deadline,
  decodeBody,
  mediaType,
  readCapped,
  retryAfterSeconds,
  type FetchLike,
} from '../core/net';

/**
 * Wikimedia asks for a name plus a way to reach the operator (URL or e-mail). The project has no
 * public contact address yet: add one here before a release.
 */
export const DEFAULT_USER_AGENT =
  'AnswerPanel/0.1 (open-source Chromium extension; EWEK-QA answer panel)';
export const WIKIDATA_SPARQL_ENDPOINT = 'https://query.wikidata.org/sparql';
export const WIKIDATA_INSTANCE = 'https://www.wikidata.org';

export const KG_DEFAULTS = {
  timeoutMs: 15_000,
  /** One cached answer lives this long (Wikidata changes slowly; the question is repeated often). */
  cacheTtlMs: 60 * 60_000,
  /** Used when a 429 carries no Retry-After (WDQS sends one; the API may not). */
  defaultRetryAfterSeconds: 60,
  /** A longer wait is not worth holding the answer for: fail fast with 'kg-rate-limited'. */
  maxWaitSeconds: 120,
  maxBytes: 8 * 1024 * 1024,
  /** WDQS accepts GET up to a few KB of URL; longer queries go as a POST form. */
  maxGetUrlLength: 6_000,
} as const;

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

interface CacheEntry {
  storedAt: number;
  value: unknown;
}

export interface WikidataHttpOptions {
  fetch: FetchLike;
  userAgent?: string;
  timeoutMs?: number;
  /** Milliseconds clock, for the cache TTL and HTTP-date Retry-After. */
  now?: () => number;
  /** Waits for a 429's Retry-After; tests pass a fake that records the seconds. */
  sleep?: (ms: number) => Promise<void>;
  /** Any cache port (memory, IndexedDB); failures count as misses. Default: in-memory. */
  cache?: CachePort<CacheEntry>;
  cacheTtlMs?: number;
  /** Told before each wait, so the panel can say "Wikidata is rate-limiting us — retrying in 30 s". */
  onWait?: (seconds: number, reason: 'rate-limited') => void;
  maxWaitSeconds?: number;
}

export interface WikidataRequest {
  url: string;
  /** A POST form body (the URL then carries no query string). */
  form?: string;
  /** Accept header. */
  accept: string;
  /** Checks the parsed JSON; return false for 'kg-bad-response'. */
  valid(json: unknown): boolean;
}

export interface WikidataHttp {
  /** JSON from a Wikidata endpoint, through the queue, cache and retry rules above. */
  getJson(request: WikidataRequest): Promise<unknown>;
  /** HTTP requests actually sent (cache hits do not count). */
  readonly requests: number;
}

// One FIFO per endpoint (origin + path), shared by every client in this JavaScript realm: two
// clients for the same endpoint still never have two requests in flight.
const queues = new Map<string, Promise<unknown>>();

function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => {});
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

const defaultSleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

export function createWikidataHttp(options: WikidataHttpOptions): WikidataHttp {
  const fetchFn = options.fetch;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (!userAgent.trim()) throw new TypeError('userAgent must name the extension and a contact');
  const timeoutMs = options.timeoutMs ?? KG_DEFAULTS.timeoutMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const ttl = options.cacheTtlMs ?? KG_DEFAULTS.cacheTtlMs;
  const maxWait = options.maxWaitSeconds ?? KG_DEFAULTS.maxWaitSeconds;
  // The memory cache's own TTL is generous; expiry is decided here from `now` and `storedAt`, so an
  // IndexedDB-backed port behaves the same.
  const cache =
    options.cache ??
    createMemoryCache<CacheEntry>({ maxEntries: 500, ttlMs: Number.MAX_SAFE_INTEGER / 2 });
  let requests = 0;

  async function once(
    request: WikidataRequest,
  ): Promise<{ kind: 'ok'; json: unknown } | { kind: 'rate-limited'; wait: number | undefined }> {
    const timer = deadline(timeoutMs);
    requests++;
    try {
      const headers: Record<string, string> = {
        'Api-User-Agent': userAgent,
        Accept: request.accept,
      };
      if (request.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const response = await fetchFn(request.url, {
        method: request.form === undefined ? 'GET' : 'POST',
        headers,
        body: request.form,
        signal: timer.signal,
        credentials: 'omit',
      });
      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        return { kind: 'rate-limited', wait: retryAfterSeconds(response.headers, now()) };
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new PipelineError('kg-failed', `HTTP ${response.status}`);
      }
      const type = mediaType(response.headers.get('content-type'));
      const body = await readCapped(response, KG_DEFAULTS.maxBytes);
      if (!body.ok)
        throw new PipelineError('kg-bad-response', `more than ${KG_DEFAULTS.maxBytes} bytes`);
      if (type === 'text/html')
        throw new PipelineError('kg-bad-response', 'an HTML page instead of JSON');
      let json: unknown;
      try {
        json = JSON.parse(decodeBody(body.bytes, 'charset=utf-8'));
      } catch {
        throw new PipelineError('kg-bad-response', `not JSON (${type || 'no content type'})`);
      }
      if (!request.valid(json)) throw new PipelineError('kg-bad-response', 'unexpected JSON shape');
      return { kind: 'ok', json };
    } catch (error) {
      if (error instanceof PipelineError) throw error;
      if (timer.timedOut())
        throw new PipelineError('kg-timeout', `no answer within ${timeoutMs} ms`);
      throw new PipelineError('kg-failed', errorText(error));
    } finally {
      timer.done();
    }
  }

  async function send(request: WikidataRequest): Promise<unknown> {
    const first = await once(request);
    if (first.kind === 'ok') return first.json;
    const wait = first.wait ?? KG_DEFAULTS.defaultRetryAfterSeconds;
    if (wait > maxWait)
      throw new PipelineError('kg-rate-limited', `HTTP 429, retry after ${wait} s`);
    options.onWait?.(wait, 'rate-limited');
    await sleep(wait * 1000);
    const second = await once(request);
    if (second.kind === 'ok') return second.json;
    throw new PipelineError(
      'kg-rate-limited',
      `HTTP 429 twice${second.wait !== undefined ? `, retry after ${second.wait} s` : ''}`,
    );
  }

  return {
    get requests() {
      return requests;
    },
    async getJson(request) {
      const key = `${request.url}\n${request.form ?? ''}`;
      const hit = await cacheGet(cache, key);
      if (hit && now() - hit.storedAt < ttl) return hit.value;
      const endpoint = request.url.split('?')[0]!;
      // The queue holds the slot through a 429 wait too: nothing else should hit Wikidata then.
      return enqueue(endpoint, async () => {
        const again = await cacheGet(cache, key); // a queued twin may have fetched it meanwhile
        if (again && now() - again.storedAt < ttl) return again.value;
        const value = await send(request);
        await cacheSet(cache, key, { storedAt: now(), value });
        return value;
      });
    },
  };
}

export interface SparqlClientOptions extends WikidataHttpOptions {
  /** e.g. https://query.wikidata.org/sparql */
  endpoint: string;
}

export interface SparqlClient {
  /** SELECT (or ASK: one row `{ boolean }`) → the raw bindings of application/sparql-results+json. */
  select(query: string): Promise<SparqlRow[]>;
  /** The same rows through wikibase-sdk's `simplifySparqlResults` (ids for entities, plain values). */
  selectSimplified(query: string): Promise<ReturnType<typeof simplifySparqlResults>>;
  readonly requests: number;
}

function isSparqlJson(json: unknown): json is SparqlJson {
  if (typeof json !== 'object' || json === null) return false;
  const { head, results, boolean } = json as Record<string, unknown>;
  if (typeof boolean === 'boolean') return true;
  return (
    typeof head === 'object' &&
    head !== null &&
    typeof results === 'object' &&
    results !== null &&
    Array.isArray((results as { bindings?: unknown }).bindings)
  );
}

export function createSparqlClient(options: SparqlClientOptions): SparqlClient {
  const http = createWikidataHttp(options);
  const wbk = WBK({ sparqlEndpoint: options.endpoint });

  async function run(query: string): Promise<SparqlJson> {
    const url = wbk.sparqlQuery(query);
    const accept = 'application/sparql-results+json';
    const request: WikidataRequest =
      url.length <= KG_DEFAULTS.maxGetUrlLength
        ? { url, accept, valid: isSparqlJson }
        : {
            url: options.endpoint,
            form: url.slice(url.indexOf('?') + 1),
            accept,
            valid: isSparqlJson,
          };
    const json = (await http.getJson(request)) as SparqlJson & { boolean?: boolean };
    if (typeof json.boolean === 'boolean') {
      return {
        head: { vars: ['boolean'] },
        results: {
          bindings: [
            {
              boolean: {
                type: 'literal',
                value: String(json.boolean),
                datatype: 'http://www.w3.org/2001/XMLSchema#boolean',
              },
            },
          ],
        },
      };
    }
    return json;
  }

  return {
    get requests() {
      return http.requests;
    },
    async select(query) {
      // A copy: the cached object is shared by every later hit.
      return structuredClone((await run(query)).results.bindings);
    },
    async selectSimplified(query) {
      return simplifySparqlResults(structuredClone(await run(query)) as never);
    },
  };
}
