// The SearchPort the pipeline uses (lib/pipeline/ports.ts), built from the user's search settings:
// provider search → top result pages fetched and read (EWEK-QA §3.1.1). Everything with a side
// effect comes in through `options` (fetch, clock, caches), so the worker, the CLI and vitest
// build it the same way.

import type { SearchPort, SearchReport } from '../pipeline/ports';
import type { PageSnapshot } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import {
  cacheGet,
  cacheSet,
  createMemoryCache,
  HIT_CACHE_DEFAULTS,
  PAGE_CACHE_DEFAULTS,
  type CachePort,
} from '../core/cache';
import { FETCH_PAGES_DEFAULTS, fetchPages } from './fetch-pages';
import { abortReason, type FetchLike } from '../core/net';
import {
  braveProvider,
  searxngProvider,
  wikipediaProvider,
  type SearchHit,
  type SearchProvider,
} from './providers';

export type { CachePort } from '../core/cache';
export { createMemoryCache } from '../core/cache';
export type { FetchLike } from '../core/net';
export { fetchPages, type FetchPagesOptions } from './fetch-pages';
export {
  braveProvider,
  retryAfterOf,
  searxngProvider,
  wikipediaProvider,
  type SearchHit,
  type SearchProvider,
} from './providers';
export { textFragmentLink } from './text-fragment';

export interface SearchPortOptions {
  fetch: FetchLike;
  /** Milliseconds clock: cache expiry and HTTP-date Retry-After. */
  now?: () => number;
  /** Read result pages, by fetch URL. Default: in-memory LRU (100 pages, 1 h). */
  cache?: CachePort<PageSnapshot>;
  /** Search responses, by provider + query. Default: in-memory LRU (100 queries, 10 min). */
  hitCache?: CachePort<SearchHit[]>;
  /** Limit for the search API call and (unless `pageTimeoutMs`) for each result page. Default 10 s. */
  timeoutMs?: number;
  pageTimeoutMs?: number;
  /** Byte cap per result page. Default 3 MB. */
  maxBytes?: number;
  /** Result pages fetched at once. Default 4. */
  concurrency?: number;
  /** Provider origins, overridable for tests and mirrors. */
  endpoints?: { wikipedia?: string; brave?: string };
  /** Sent to Wikimedia as Api-User-Agent. */
  apiUserAgent?: string;
  /**
   * Read result pages on loopback and private-network addresses (Settings: "local search
   * results"). Off by default whatever the instance, local or not: docs/SECURITY.md, property 5.
   */
  allowPrivateResults?: boolean;
}

/** `provider: 'none'` → null: the pipeline answers from the page alone. */
export function createSearchPort(
  settings: Settings['search'],
  options: SearchPortOptions,
): SearchPort | null {
  const context = {
    fetch: options.fetch,
    ...(options.now ? { now: options.now } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  let provider: SearchProvider;
  switch (settings.provider) {
    case 'none':
      return null;
    case 'wikipedia':
      provider = wikipediaProvider(context, {
        ...(options.endpoints?.wikipedia ? { base: options.endpoints.wikipedia } : {}),
        ...(options.apiUserAgent ? { apiUserAgent: options.apiUserAgent } : {}),
      });
      break;
    case 'searxng':
      provider = searxngProvider(context, { instanceUrl: settings.searxngUrl });
      break;
    case 'brave':
      provider = braveProvider(context, {
        apiKey: settings.braveApiKey,
        ...(options.endpoints?.brave ? { base: options.endpoints.brave } : {}),
      });
      break;
    default:
      return null;
  }
  return searchPortFor(provider, {
    ...options,
    allowPrivateResults: options.allowPrivateResults ?? settings.allowLocalResults,
  });
}

/** A SearchPort around any provider (also used by tests with a fake provider). */
export function searchPortFor(provider: SearchProvider, options: SearchPortOptions): SearchPort {
  const now = options.now ?? Date.now;
  const pageCache =
    options.cache ?? createMemoryCache<PageSnapshot>({ ...PAGE_CACHE_DEFAULTS, now });
  const hitCache =
    options.hitCache ?? createMemoryCache<SearchHit[]>({ ...HIT_CACHE_DEFAULTS, now });
  // No search service may send the extension into the user's network unless the user said so: a
  // local SearXNG passes on whatever its engines found. Wikipedia's result addresses are built by
  // the provider on its own origin (a local mirror stays readable).
  const allowPrivateHosts = options.allowPrivateResults ?? false;
  const trustedOrigins = provider.name === 'wikipedia' ? originsOf(provider.endpoint) : [];
  return {
    provider: provider.name,
    async search(query, { maxResults, signal }): Promise<SearchReport> {
      if (signal?.aborted) throw abortReason(signal);
      const report: SearchReport = { provider: provider.name, query, pages: [], skipped: [] };
      const count = Math.floor(maxResults);
      if (!(count > 0)) return report;
      const key = `${provider.name}\n${provider.endpoint}\n${count}\n${query}`;
      let hits = await cacheGet(hitCache, key);
      if (!hits) {
        hits = await provider.search(query, { maxResults: count, ...(signal ? { signal } : {}) });
        await cacheSet(hitCache, key, hits);
      }
      const { pages, skipped } = await fetchPages(hits.slice(0, count), {
        fetch: options.fetch,
        cache: pageCache,
        concurrency: options.concurrency ?? FETCH_PAGES_DEFAULTS.concurrency,
        timeoutMs: options.pageTimeoutMs ?? options.timeoutMs ?? FETCH_PAGES_DEFAULTS.timeoutMs,
        maxBytes: options.maxBytes ?? FETCH_PAGES_DEFAULTS.maxBytes,
        allowPrivateHosts,
        trustedOrigins,
        ...(signal ? { signal } : {}),
      });
      return { ...report, pages, skipped };
    },
  };
}

function originsOf(endpoint: string): string[] {
  try {
    return [new URL(endpoint).origin];
  } catch {
    return [];
  }
}
