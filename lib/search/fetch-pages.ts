// Reads the top search results (EWEK-QA §3.1.1: result pages are scraped in parallel and cached).
// Bounded concurrency, a per-page deadline, a byte cap enforced while streaming, HTML only; each
// page goes through the same reader as the current page (Readability on linkedom, which is pure JS
// and so runs in the pipeline Worker). A bad page is skipped with a reason, never thrown.

import { readHtml } from '../page/node';
import type { SearchResultPage, SearchReport } from '../pipeline/ports';
import type { PageSnapshot } from '../pipeline/types';
import { cacheGet, cacheSet, type CachePort } from '../core/cache';
import {
  abortReason,
  deadline,
  decodeBody,
  isPrivateHost,
  mediaType,
  readCapped,
  type FetchLike,
} from '../core/net';
import type { SearchHit } from './providers';
import { errorText } from '../core/errors';

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
  /** Result URLs on loopback/private hosts are fetched only when true (the search service is itself local). */
  allowPrivateHosts?: boolean;
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

type Outcome = { page: PageSnapshot } | { skip: string };

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
    else skipped.push({ url: hit.url, reason: outcome.skip });
  });
  return { pages, skipped };
}

async function fetchOne(hit: SearchHit, options: FetchPagesOptions): Promise<Outcome> {
  const { signal } = options;
  if (signal?.aborted) return { skip: 'cancelled' };
  const target = hit.fetchUrl ?? hit.url;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { skip: 'not a valid address' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { skip: `not an http(s) address (${url.protocol})` };
  if (!options.allowPrivateHosts && isPrivateHost(url.hostname))
    return { skip: 'private or local address (not fetched for a public search service)' };

  const cached = await cacheGet(options.cache, target);
  if (cached) return { page: cached };

  const fetchFn = options.fetch;
  const timeoutMs = options.timeoutMs ?? FETCH_PAGES_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_PAGES_DEFAULTS.maxBytes;
  const timer = deadline(timeoutMs, signal);
  let response: Response;
  let body: Awaited<ReturnType<typeof readCapped>>;
  try {
    response = await fetchFn(url.href, {
      headers: { Accept: 'text/html,application/xhtml+xml;q=0.9' },
      // Result pages are read as an anonymous visitor: no cookies, so nothing of the user's
      // logged-in sessions enters the prompt.
      credentials: 'omit',
      redirect: 'follow',
      signal: timer.signal,
    });
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
  const finalUrl = hit.fetchUrl ? hit.url : response.url || hit.url;
  if (!options.allowPrivateHosts && response.url && isPrivateHost(new URL(response.url).hostname)) {
    return { skip: 'redirected to a private or local address' };
  }
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
