// Reads the top search results (EWEK-QA §3.1.1: result pages are scraped in parallel and cached).
// Bounded concurrency, a per-page deadline, a byte cap enforced while streaming, HTML only; each
// page goes through the same reader as the current page (Readability on linkedom, which is pure JS
// and so runs in the pipeline Worker). A bad page is skipped with a reason, never thrown.

import { t } from '../core/i18n';
import { readHtml } from '../page/node';
import type { SearchResultPage, SearchReport } from '../pipeline/ports';
import type { PageSnapshot } from '../pipeline/types';
import { cacheGet, cacheSet, type CachePort } from '../core/cache';
import {
  abortReason,
  deadline,
  decodeBody,
  mediaType,
  readCapped,
  type FetchLike,
} from '../core/net';
import type { SearchHit } from './providers';
import { errorText } from '../core/errors';
import { fetchHopByHop, hopRefusal, type HopPolicy } from './hops';

export interface FetchPagesOptions {
  fetch: FetchLike;
  /** Snapshots by fetch URL; failures of the cache are misses. */
  cache?: CachePort<PageSnapshot>;
  /** Pages fetched at once. */
  concurrency?: number;
  /** Limit per page, headers and body together. */
  timeoutMs?: number;
  /** Pages larger than this are skipped (the stream is cancelled as soon as it passes the cap). */
  maxBytes?: number;
  /**
   * Result URLs, and every redirect, on loopback/private hosts are requested only when true: the
   * user allowed local search results in Settings (docs/SECURITY.md, property 5).
   */
  allowPrivateHosts?: boolean;
  /** Origins the provider builds result URLs on itself, read even when private (lib/search/hops.ts). */
  trustedOrigins?: readonly string[];
  /** Passed to the reader: characters kept per page. */
  maxChars?: number;
  signal?: AbortSignal;
}

export const FETCH_PAGES_DEFAULTS = {
  concurrency: 4,
  timeoutMs: 10_000,
  maxBytes: 3 * 1024 * 1024,
};

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

type Outcome = { page: PageSnapshot } | { skip: string; refused?: true };

export async function fetchPages(
  hits: readonly SearchHit[],
  options: FetchPagesOptions,
): Promise<Pick<SearchReport, 'pages' | 'skipped'>> {
  const concurrency = Math.max(1, options.concurrency ?? FETCH_PAGES_DEFAULTS.concurrency);
  const outcomes: Array<Outcome | undefined> = new Array(hits.length);
  const seen = new Map<string, number>();
  const queue: number[] = [];
  hits.forEach((hit, i) => {
    const key = hit.fetchUrl ?? hit.url;
    const first = seen.get(key);
    if (first !== undefined) outcomes[i] = { skip: `same page as result ${hits[first]!.rank}` };
    else {
      seen.set(key, i);
      queue.push(i);
    }
  });

  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const i = queue[next++]!;
      outcomes[i] = await fetchOne(hits[i]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (options.signal?.aborted) throw abortReason(options.signal);

  const pages: SearchResultPage[] = [];
  const skipped: SearchReport['skipped'] = [];
  hits.forEach((hit, i) => {
    const outcome = outcomes[i]!;
    if ('page' in outcome) pages.push({ rank: hit.rank, page: outcome.page });
    else
      skipped.push({
        url: hit.url,
        reason: outcome.skip,
        ...(outcome.refused ? { refused: true } : {}),
      });
  });
  return { pages, skipped };
}

async function fetchOne(hit: SearchHit, options: FetchPagesOptions): Promise<Outcome> {
  const { signal } = options;
  if (signal?.aborted) return { skip: 'cancelled' };
  const target = hit.fetchUrl ?? hit.url;
  const policy: HopPolicy = {
    allowPrivateHosts: options.allowPrivateHosts ?? false,
    ...(options.trustedOrigins ? { trustedOrigins: options.trustedOrigins } : {}),
  };
  const url = firstHop(target, policy);
  if (!(url instanceof URL)) return url;

  const cached = await cacheGet(options.cache, target);
  if (cached) return { page: cached };

  const fetchFn = options.fetch;
  const timeoutMs = options.timeoutMs ?? FETCH_PAGES_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_PAGES_DEFAULTS.maxBytes;
  const timer = deadline(timeoutMs, signal);
  let response: Response;
  let fetchedUrl: string;
  let body: Awaited<ReturnType<typeof readCapped>>;
  try {
    const hops = await fetchHopByHop(
      fetchFn,
      url,
      {
        headers: { Accept: 'text/html,application/xhtml+xml;q=0.9' },
        // Result pages are read as an anonymous visitor: no cookies, so nothing of the user's
        // logged-in sessions enters the prompt.
        credentials: 'omit',
        signal: timer.signal,
      },
      policy,
    );
    if (!hops.ok) return { skip: hops.reason, ...(hops.refused ? { refused: true } : {}) };
    ({ response, url: fetchedUrl } = hops);
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { skip: `HTTP ${response.status}` };
    }
    const type = mediaType(response.headers.get('content-type'));
    if (type && !HTML_TYPES.has(type)) {
      await response.body?.cancel().catch(() => {});
      return { skip: `not HTML (${type})` };
    }
    body = await readCapped(response, maxBytes);
    if (!body.ok) return { skip: `larger than ${formatBytes(maxBytes)}` };
    // No Content-Type at all: read it only if it starts like an HTML document.
    if (!type && !looksLikeHtml(body.bytes)) return { skip: 'not HTML (no content type)' };
  } catch (error) {
    if (signal?.aborted) return { skip: 'cancelled' };
    if (timer.timedOut()) return { skip: `timed out after ${timeoutMs} ms` };
    return { skip: `fetch failed (${errorText(error, 200)})` };
  } finally {
    timer.done();
  }

  // The page's own address, after redirects; a page fetched from an API (Wikipedia's REST HTML)
  // keeps the article address the provider gave, which is what a reader can open.
  const finalUrl = hit.fetchUrl ? hit.url : fetchedUrl;
  let page: PageSnapshot;
  try {
    const html = decodeBody(body.bytes, response.headers.get('content-type'));
    page = readHtml(html, {
      url: finalUrl,
      ...(options.maxChars !== undefined ? { maxChars: options.maxChars } : {}),
    });
  } catch (error) {
    return { skip: `unreadable (${errorText(error, 200)})` };
  }
  if (page.blocks.length === 0) return { skip: 'no readable text' };
  await cacheSet(options.cache, target, page);
  return { page };
}

/** The result's address, or why it is not requested at all. */
function firstHop(target: string, policy: HopPolicy): URL | Outcome {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { skip: 'not a valid address' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { skip: t('search_refused_scheme', url.protocol) };
  const refusal = hopRefusal(url, policy);
  return refusal ? { skip: refusal, refused: true } : url;
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<!doctype html') ||
    head.startsWith('<html') ||
    head.startsWith('<head') ||
    head.startsWith('<body') ||
    head.startsWith('<!--')
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
