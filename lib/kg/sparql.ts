// Wikidata client port for ToG-E (EWEK-QA §3.1.2): the SPARQL endpoint and the wbsearchentities
// API, spoken to politely (docs/SECURITY.md, property 10, and Wikidata's own rules:
// https://www.mediawiki.org/wiki/Wikidata_Query_Service/User_Manual#Query_limits and
// https://foundation.wikimedia.org/wiki/Policy:Wikimedia_Foundation_User-Agent_Policy):
//  - an `Api-User-Agent` header naming the extension and a contact (browsers forbid setting
//    `User-Agent` from a page or extension, so Wikimedia reads `Api-User-Agent` instead);
//  - at most one request in flight per endpoint (a FIFO queue shared by every client of that URL);
//  - HTTP 429 → wait `Retry-After` seconds (60 when absent), tell the panel through `onWait`, retry
//    once, then give up with 'kg-rate-limited';
//  - a per-request timeout ('kg-timeout'), 5xx ('kg-failed'), unreadable bodies or a reply its
//    schema (./replies.ts) rejects ('kg-bad-response');
//  - answers cached by URL/query text with a TTL read from the injected clock.
// Only `fetch`, the clock, `sleep` and the cache come in from outside, so the same code runs in the
// panel's Worker, the CLI and the tests, and a test drives 429 waits and TTLs without real time.
//
// Meta note: lib/kg/ is not under lib/pipeline/, so stages-have-tests.test.ts does not cover it;
// each file here still has its unit test (test/unit/kg.<file>.test.ts) against the loopback
// Wikidata stand-in in test/support/wikidata-server.ts.

import type * as v from 'valibot';
import { WBK, simplifySparqlResults } from 'wikibase-sdk';
import { PipelineError, errorText } from '../core/errors';
import { cacheGet, cacheSet, createMemoryCache, type CachePort } from '../core/cache';
import { parseJson, parseWith } from '../core/guards';
import {
  deadline,
  abortReason,
  decodeBody,
  mediaType,
  readCapped,
  retryAfterSeconds,
  raceAbort,
  type FetchLike,
} from '../core/net';
import { SparqlReply, type SparqlJson, type SparqlRow } from './replies';

export type { SparqlJson, SparqlRow, SparqlTerm } from './replies';

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

export interface WikidataRequest<T = unknown> {
  url: string;
  /** A POST form body (the URL then carries no query string). */
  form?: string;
  /** Accept header. */
  accept: string;
  /** The reply's schema (./replies.ts); JSON it rejects is 'kg-bad-response'. */
  schema: v.GenericSchema<unknown, T>;
}

export interface WikidataHttp {
  /** The reply of a Wikidata endpoint, as its schema's output, through the rules above. */
  getJson<T>(request: WikidataRequest<T>, signal?: AbortSignal): Promise<T>;
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

/** The options with every default filled in. */
interface HttpConfig {
  fetch: FetchLike;
  userAgent: string;
  timeoutMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  cache: CachePort<CacheEntry>;
  ttl: number;
  maxWait: number;
  onWait?: (seconds: number, reason: 'rate-limited') => void;
}

function httpConfig(options: WikidataHttpOptions): HttpConfig {
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (!userAgent.trim()) throw new TypeError('userAgent must name the extension and a contact');
  return {
    fetch: options.fetch,
    userAgent,
    timeoutMs: options.timeoutMs ?? KG_DEFAULTS.timeoutMs,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? defaultSleep,
    // The memory cache's own TTL is generous; expiry is decided here from `now` and `storedAt`, so
    // an IndexedDB-backed port behaves the same.
    cache:
      options.cache ??
      createMemoryCache<CacheEntry>({ maxEntries: 500, ttlMs: Number.MAX_SAFE_INTEGER / 2 }),
    ttl: options.cacheTtlMs ?? KG_DEFAULTS.cacheTtlMs,
    maxWait: options.maxWaitSeconds ?? KG_DEFAULTS.maxWaitSeconds,
    ...(options.onWait ? { onWait: options.onWait } : {}),
  };
}

/** One exchange's outcome: a reply its schema accepted, or a 429 with the wait it asked for. */
type Attempt<T> = { kind: 'ok'; value: T } | { kind: 'rate-limited'; wait: number | undefined };

function requestInit(
  userAgent: string,
  request: WikidataRequest,
  signal: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = { 'Api-User-Agent': userAgent, Accept: request.accept };
  if (request.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return {
    method: request.form === undefined ? 'GET' : 'POST',
    headers,
    body: request.form,
    signal,
    credentials: 'omit',
  };
}

/** The body as JSON its schema accepts, or 'kg-bad-response' saying what was wrong with it. */
async function readReply<T>(response: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const type = mediaType(response.headers.get('content-type'));
  const body = await readCapped(response, KG_DEFAULTS.maxBytes);
  if (!body.ok)
    throw new PipelineError('kg-bad-response', `more than ${KG_DEFAULTS.maxBytes} bytes`);
  if (type === 'text/html')
    throw new PipelineError('kg-bad-response', 'an HTML page instead of JSON');
  const json = parseJson(decodeBody(body.bytes, 'charset=utf-8'));
  if (json === undefined)
    throw new PipelineError('kg-bad-response', `not JSON (${type || 'no content type'})`);
  const value = parseWith(schema, json);
  if (value === undefined) throw new PipelineError('kg-bad-response', 'unexpected JSON shape');
  return value;
}

async function readResponse<T>(
  response: Response,
  request: WikidataRequest<T>,
  now: () => number,
): Promise<Attempt<T>> {
  if (response.status === 429) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'rate-limited', wait: retryAfterSeconds(response.headers, now()) };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new PipelineError('kg-failed', `HTTP ${response.status}`);
  }
  return { kind: 'ok', value: await readReply(response, request.schema) };
}

/** One HTTP exchange under the timeout; every failure leaves as a coded PipelineError. */
async function attempt<T>(
  config: HttpConfig,
  request: WikidataRequest<T>,
  signal: AbortSignal | undefined,
): Promise<Attempt<T>> {
  const timer = deadline(config.timeoutMs, signal);
  try {
    const init = requestInit(config.userAgent, request, timer.signal);
    return await readResponse(await config.fetch(request.url, init), request, config.now);
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    if (signal?.aborted) throw abortReason(signal);
    if (timer.timedOut())
      throw new PipelineError('kg-timeout', `no answer within ${config.timeoutMs} ms`);
    throw new PipelineError('kg-failed', errorText(error));
  } finally {
    timer.done();
  }
}

/**
 * The 429 rule: wait Retry-After once (unless it is too long), then give up. Giving up sets the
 * client's back-off (`block`), so the requests queued behind this one fail at once instead of
 * each asking again and waiting again.
 */
async function withOneRetry<T>(
  config: HttpConfig,
  send: () => Promise<Attempt<T>>,
  block: (seconds: number) => void,
  signal: AbortSignal | undefined,
): Promise<T> {
  const first = await send();
  if (first.kind === 'ok') return first.value;
  const wait = first.wait ?? KG_DEFAULTS.defaultRetryAfterSeconds;
  if (wait > config.maxWait) {
    block(wait);
    throw new PipelineError('kg-rate-limited', `HTTP 429, retry after ${wait} s`);
  }
  config.onWait?.(wait, 'rate-limited');
  await raceAbort(config.sleep(wait * 1000), signal);
  const second = await send();
  if (second.kind === 'ok') return second.value;
  block(second.wait ?? KG_DEFAULTS.defaultRetryAfterSeconds);
  throw new PipelineError(
    'kg-rate-limited',
    `HTTP 429 twice${second.wait !== undefined ? `, retry after ${second.wait} s` : ''}`,
  );
}

/**
 * A cached reply still within the TTL, read through the schema again: the cache may be storage
 * that outlives this code, so what comes back from it is no more trusted than the network.
 */
async function freshFromCache<T>(
  config: HttpConfig,
  key: string,
  schema: v.GenericSchema<unknown, T>,
): Promise<T | undefined> {
  const hit = await cacheGet(config.cache, key);
  if (!hit || config.now() - hit.storedAt >= config.ttl) return undefined;
  return parseWith(schema, hit.value);
}

export function createWikidataHttp(options: WikidataHttpOptions): WikidataHttp {
  const config = httpConfig(options);
  let requests = 0;
  // Until when a 429 asked us to stay away: shared by every request of this client.
  let blockedUntil = 0;
  const block = (seconds: number) => {
    blockedUntil = Math.max(blockedUntil, config.now() + seconds * 1000);
  };
  const send = <T>(request: WikidataRequest<T>, signal?: AbortSignal): Promise<Attempt<T>> => {
    requests++;
    return attempt(config, request, signal);
  };
  return {
    get requests() {
      return requests;
    },
    async getJson(request, signal) {
      const key = `${request.url}\n${request.form ?? ''}`;
      const hit = await freshFromCache(config, key, request.schema);
      if (hit !== undefined) return hit;
      const endpoint = request.url.split('?')[0]!;
      // The queue holds the slot through a 429 wait too: nothing else should hit Wikidata then.
      return enqueue(endpoint, async () => {
        // A queued twin may have fetched it meanwhile.
        const again = await freshFromCache(config, key, request.schema);
        if (again !== undefined) return again;
        if (signal?.aborted) throw abortReason(signal);
        const left = Math.ceil((blockedUntil - config.now()) / 1000);
        if (left > 0)
          throw new PipelineError('kg-rate-limited', `waiting out an HTTP 429 (${left} s left)`);
        const value = await withOneRetry(config, () => send(request, signal), block, signal);
        await cacheSet(config.cache, key, { storedAt: config.now(), value });
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
  select(query: string, signal?: AbortSignal): Promise<SparqlRow[]>;
  /** The same rows through wikibase-sdk's `simplifySparqlResults` (ids for entities, plain values). */
  selectSimplified(query: string): Promise<ReturnType<typeof simplifySparqlResults>>;
  readonly requests: number;
}

export function createSparqlClient(options: SparqlClientOptions): SparqlClient {
  const http = createWikidataHttp(options);
  const wbk = WBK({ sparqlEndpoint: options.endpoint });

  function run(query: string, signal?: AbortSignal): Promise<SparqlJson> {
    const url = wbk.sparqlQuery(query);
    const accept = 'application/sparql-results+json';
    const request: WikidataRequest<SparqlJson> =
      url.length <= KG_DEFAULTS.maxGetUrlLength
        ? { url, accept, schema: SparqlReply }
        : {
            url: options.endpoint,
            form: url.slice(url.indexOf('?') + 1),
            accept,
            schema: SparqlReply,
          };
    return http.getJson(request, signal);
  }

  return {
    get requests() {
      return http.requests;
    },
    async select(query, signal) {
      // A copy: the cached object is shared by every later hit.
      return structuredClone((await run(query, signal)).results.bindings);
    },
    async selectSimplified(query) {
      // wikibase-sdk's type leaves out the 'typed-literal' and 'triple' terms our schema admits.
      return simplifySparqlResults(structuredClone(await run(query)) as never);
    },
  };
}
