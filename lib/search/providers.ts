// Web search providers (EWEK-QA §3.1.1: the question goes to a search engine, the top result
// pages are read). Each provider turns a query into ranked hits — URL, title, snippet — and maps
// every way the call can fail to a coded error. Reading the result pages is fetch-pages.ts.
//
//   wikipedia  keyless default: MediaWiki Action API `list=search`, article HTML from the REST API
//   searxng    a SearXNG instance the user names (`/search?format=json`)
//   brave      Brave Search API with the user's subscription token

import { errorText, PipelineError } from '../core/errors';
import {
  abortReason,
  deadline,
  mediaType,
  readCapped,
  retryAfterSeconds,
  stripHtml,
  type FetchLike,
} from '../core/net';
import { isRecord, parseJson, parseWith } from '../core/guards';
import { BraveError, BraveReply, ResultItem, SearxngReply, WikipediaReply } from './replies';

export interface SearchHit {
  /** 1-based position in the provider's ranking. */
  rank: number;
  /** The page's address: what citations and text-fragment links point to. */
  url: string;
  /** Where to fetch the page's HTML when not `url` (Wikipedia: the REST API's article HTML). */
  fetchUrl?: string;
  title: string;
  /** Plain text; providers send HTML snippets, which are stripped. */
  snippet: string;
}

export interface ProviderSearchOptions {
  maxResults: number;
  signal?: AbortSignal;
}

export interface SearchProvider {
  readonly name: 'wikipedia' | 'searxng' | 'brave';
  /** The search API's origin: result pages on private hosts are read only when this is private too. */
  readonly endpoint: string;
  search(query: string, options: ProviderSearchOptions): Promise<SearchHit[]>;
}

export interface ProviderContext {
  fetch: FetchLike;
  /** Milliseconds clock, for HTTP-date Retry-After values. */
  now?: () => number;
  /** Limit for the search API call, headers and body together. */
  timeoutMs?: number;
  /** Cap on the search API's response body. */
  maxBytes?: number;
}

export const PROVIDER_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  wikipediaBase: 'https://en.wikipedia.org',
  braveBase: 'https://api.search.brave.com',
  /** Brave's API takes at most 20 results per call and queries of at most 400 characters. */
  braveMaxCount: 20,
  braveMaxQueryChars: 400,
  /** Wikimedia asks API clients to identify themselves; browsers cannot set User-Agent. */
  apiUserAgent: 'AnswerPanel/0.1 (Chromium extension; EWEK-QA web retrieval)',
};

// ---------------------------------------------------------------------------------------------
// Wikipedia

interface WikipediaOptions {
  /** Wiki origin, e.g. https://en.wikipedia.org (tests: a 127.0.0.1 server). */
  base?: string;
  apiUserAgent?: string;
}

export function wikipediaProvider(
  context: ProviderContext,
  options: WikipediaOptions = {},
): SearchProvider {
  const base = trimSlash(options.base || PROVIDER_DEFAULTS.wikipediaBase);
  const headers = {
    Accept: 'application/json',
    'Api-User-Agent': options.apiUserAgent ?? PROVIDER_DEFAULTS.apiUserAgent,
  };
  return {
    name: 'wikipedia',
    endpoint: base,
    async search(query, { maxResults, signal }) {
      const url = new URL(`${base}/w/api.php`);
      const params = {
        action: 'query',
        list: 'search',
        srsearch: query,
        srlimit: String(clampCount(maxResults, 50)),
        srprop: 'snippet',
        format: 'json',
        formatversion: '2',
        // Anonymous CORS request (no cookies): https://www.mediawiki.org/wiki/API:Cross-site_requests
        origin: '*',
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const body = await requestJson('wikipedia', url.href, { headers }, context, signal);
      // An Action API failure is HTTP 200 with {"error": {"code", "info"}}.
      const reply = parseWith(WikipediaReply, body);
      const error = reply?.error;
      if (error) {
        const code = error.code ?? '';
        const info = error.info ?? code;
        if (code === 'ratelimited' || code === 'maxlag')
          throw new PipelineError('search-rate-limited', `wikipedia: ${info}`);
        throw new PipelineError('search-failed', `wikipedia: ${code}: ${info}`.slice(0, 300));
      }
      const results = reply?.query?.search;
      if (!results) throw badShape('wikipedia', 'query.search is not a list');
      const hits: SearchHit[] = [];
      for (const { title, snippet } of results) {
        if (title === undefined || title.trim() === '') continue;
        const path = title.replace(/ /g, '_');
        hits.push({
          rank: hits.length + 1,
          url: `${base}/wiki/${encodeWikiPath(path)}`,
          // REST article HTML (Parsoid), CORS-friendly: https://en.wikipedia.org/api/rest_v1/
          fetchUrl: `${base}/api/rest_v1/page/html/${encodeURIComponent(path)}`,
          title,
          snippet: stripHtml(snippet ?? ''),
        });
        if (hits.length >= maxResults) break;
      }
      return hits;
    },
  };
}

/** Wiki article paths keep `/` and `:` readable (`/wiki/AC/DC`, `/wiki/Help:Contents`). */
function encodeWikiPath(path: string): string {
  return encodeURIComponent(path).replace(/%2F/g, '/').replace(/%3A/g, ':');
}

// ---------------------------------------------------------------------------------------------
// SearXNG

export function searxngProvider(
  context: ProviderContext,
  options: { instanceUrl: string },
): SearchProvider {
  const instance = options.instanceUrl.trim();
  return {
    name: 'searxng',
    endpoint: instance,
    async search(query, { maxResults, signal }) {
      if (!instance)
        throw new PipelineError('search-not-configured', 'SearXNG needs an instance URL');
      let url: URL;
      try {
        // The instance may live under a path (https://host/searx/): resolve `search` against it.
        url = new URL('search', instance.endsWith('/') ? instance : `${instance}/`);
      } catch {
        throw new PipelineError(
          'search-not-configured',
          'the SearXNG instance URL is not a valid address',
        );
      }
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const body = await requestJson(
        'searxng',
        url.href,
        { headers: { Accept: 'application/json' } },
        context,
        signal,
        {
          // SearXNG answers 403 when the instance does not enable `json` in `search.formats`.
          403: 'the instance does not allow format=json (search.formats in its settings.yml)',
        },
      );
      const reply = parseWith(SearxngReply, body);
      if (!reply) throw badShape('searxng', 'results is not a list');
      const hits = hitsFrom(reply.results, 'content', maxResults);
      if (hits.length === 0) {
        // Every engine failing (captcha, rate limit) looks like "no results": say which.
        const unresponsive = reply.unresponsive_engines;
        if (unresponsive && unresponsive.length > 0) {
          const names = unresponsive
            .map((e) => (Array.isArray(e) ? e.join(': ') : String(e)))
            .join('; ');
          throw new PipelineError(
            'search-failed',
            `searxng: no results; engines that did not answer: ${names}`.slice(0, 300),
          );
        }
      }
      return hits;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Brave

export function braveProvider(
  context: ProviderContext,
  options: { apiKey: string; base?: string },
): SearchProvider {
  const base = trimSlash(options.base || PROVIDER_DEFAULTS.braveBase);
  const apiKey = options.apiKey.trim();
  return {
    name: 'brave',
    endpoint: base,
    async search(query, { maxResults, signal }) {
      if (!apiKey)
        throw new PipelineError('search-not-configured', 'Brave Search needs an API key');
      const url = new URL(`${base}/res/v1/web/search`);
      url.searchParams.set('q', query.slice(0, PROVIDER_DEFAULTS.braveMaxQueryChars));
      url.searchParams.set(
        'count',
        String(clampCount(maxResults, PROVIDER_DEFAULTS.braveMaxCount)),
      );
      const init: RequestInit = {
        headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey },
        // docs/SECURITY.md, property 9: the key goes to the configured origin only. Fetch keeps custom headers
        // across redirects, even cross-origin ones, so a redirect is an error, not followed.
        redirect: 'error',
      };
      const body = await requestJson('brave', url.href, init, context, signal, {
        401: 'the API key was rejected',
        403: 'the API key is not allowed to use web search',
        // Brave reports an invalid or expired token as 422 with code SUBSCRIPTION_TOKEN_INVALID.
        422: (payload) =>
          /TOKEN|SUBSCRIPTION/i.test(parseWith(BraveError, payload)?.error?.code ?? '')
            ? 'the API key was rejected'
            : undefined,
      });
      if (!isRecord(body)) throw badShape('brave', 'not an object');
      const reply = parseWith(BraveReply, body);
      if (!reply) throw badShape('brave', 'web.results is not a list');
      // No `web` section means no web results (Brave omits empty sections).
      return reply.web ? hitsFrom(reply.web.results, 'description', maxResults) : [];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One request → JSON, every failure coded

/** Status → why the provider is not usable as configured (search-not-configured). */
type AuthStatuses = Partial<Record<number, string | ((payload: unknown) => string | undefined)>>;

async function requestJson(
  provider: string,
  url: string,
  init: RequestInit,
  context: ProviderContext,
  signal: AbortSignal | undefined,
  authStatuses: AuthStatuses = {},
): Promise<unknown> {
  const fetchFn = context.fetch;
  const timeoutMs = context.timeoutMs ?? PROVIDER_DEFAULTS.timeoutMs;
  const maxBytes = context.maxBytes ?? PROVIDER_DEFAULTS.maxBytes;
  const now = context.now ?? Date.now;
  if (signal?.aborted) throw abortReason(signal);
  const timer = deadline(timeoutMs, signal);
  try {
    let response: Response;
    let body: Awaited<ReturnType<typeof readCapped>>;
    try {
      response = await fetchFn(url, { ...init, credentials: 'omit', signal: timer.signal });
      body = await readCapped(response, maxBytes);
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (timer.timedOut())
        throw new PipelineError('search-timeout', `${provider}: no answer within ${timeoutMs} ms`);
      throw new PipelineError('search-failed', `${provider}: ${errorText(error)}`);
    }
    const text = body.ok ? new TextDecoder().decode(body.bytes) : '';
    const payload = parseJson(text);

    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers, now());
      const error = new PipelineError(
        'search-rate-limited',
        `${provider}: HTTP 429${wait !== undefined ? `, retry after ${wait} s` : ''}`,
      );
      throw Object.assign(error, { retryAfterSeconds: wait });
    }
    const auth = authStatuses[response.status];
    const authDetail = typeof auth === 'function' ? auth(payload) : auth;
    if (authDetail)
      throw new PipelineError(
        'search-not-configured',
        `${provider}: ${authDetail} (HTTP ${response.status})`,
      );
    if (!response.ok)
      throw new PipelineError('search-failed', `${provider}: HTTP ${response.status}`);
    if (!body.ok)
      throw new PipelineError(
        'search-bad-response',
        `${provider}: response larger than ${maxBytes} bytes`,
      );
    if (payload === undefined) {
      const type = mediaType(response.headers.get('content-type')) || 'no content type';
      throw new PipelineError('search-bad-response', `${provider}: not JSON (${type})`);
    }
    return payload;
  } finally {
    timer.done();
  }
}

/** How long a rate-limited search asked us to wait, when it said (Retry-After). */
/** Result items of the SearXNG/Brave shape (`url`, `title`, a snippet field) as ranked hits. */
function hitsFrom(
  results: readonly ResultItem[],
  snippetField: 'content' | 'description',
  maxResults: number,
): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const item of results) {
    const { url } = item;
    if (url === undefined || url === '') continue;
    hits.push({
      rank: hits.length + 1,
      url,
      title: stripHtml(item.title ?? '') || url,
      snippet: stripHtml(item[snippetField] ?? ''),
    });
    if (hits.length >= maxResults) break;
  }
  return hits;
}

export function retryAfterOf(error: unknown): number | undefined {
  const value = isRecord(error) ? error.retryAfterSeconds : undefined;
  return typeof value === 'number' ? value : undefined;
}

function badShape(provider: string, what: string): PipelineError {
  return new PipelineError('search-bad-response', `${provider}: ${what}`);
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

function clampCount(n: number, max: number): number {
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
}
