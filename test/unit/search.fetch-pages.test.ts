// Reading search-result pages (EWEK-QA §3.1.1): bounded parallel fetches, per-page deadline, byte
// cap, HTML only, redirects, cache; every bad page skipped with a reason, never thrown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../lib/pipeline/types';
import {
  createMemoryCache,
  fetchPages,
  searchPortFor,
  type CachePort,
  type SearchHit,
  type SearchProvider,
} from '../../lib/search';
import { isPrivateHost } from '../../lib/core/net';
import { json, loopbackFetch, startHarness, type Harness } from '../fixtures/search/harness';

let server: Harness;

beforeAll(async () => {
  server = await startHarness([
    (_req, res, url) => {
      if (url.pathname === '/latin1') {
        res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        res.end(
          Buffer.from(
            '<html><head><title>Caf\xe9</title></head><body><p>The caf\xe9 by the harbour of Alexandria serves coffee to divers who explore the ruins of the Pharos.</p></body></html>',
            'latin1',
          ),
        );
        return true;
      }
      if (url.pathname === '/no-type') {
        res.writeHead(200, {});
        res.end(
          url.searchParams.has('html')
            ? '<!DOCTYPE html><html><body><p>An untyped page about the lighthouse of Alexandria and its long history on Pharos.</p></body></html>'
            : '\x00\x01binary',
        );
        return true;
      }
      if (url.pathname === '/empty') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body><script>1</script></body></html>');
        return true;
      }
      if (url.pathname === '/search')
        return json(
          res,
          JSON.stringify({
            results: [
              { url: `${server.url}/pages/article.html`, title: 'A', content: '' },
              { url: `${server.url}/pages/hostile.html`, title: 'H', content: '' },
            ],
          }),
          server.url,
        );
      return false;
    },
  ]);
});

afterAll(async () => {
  await server.close();
});

function hits(...paths: string[]): SearchHit[] {
  return paths.map((path, i) => ({
    rank: i + 1,
    url: path.startsWith('/') ? `${server.url}${path}` : path,
    title: path,
    snippet: '',
  }));
}

function options(extra: Partial<Parameters<typeof fetchPages>[1]> = {}) {
  const guard = loopbackFetch();
  return {
    guard,
    options: { fetch: guard.fetch, allowPrivateHosts: true, timeoutMs: 2000, ...extra },
  };
}

describe('fetchPages', () => {
  it('reads HTML pages into snapshots in rank order and skips the rest with reasons', async () => {
    const { guard, options: o } = options();
    const report = await fetchPages(
      hits(
        '/pages/article.html',
        '/pages/report.pdf',
        '/pages/pharos.png',
        '/missing',
        '/pages/hostile.html',
      ),
      o,
    );
    expect(report.pages.map((p) => [p.rank, p.page.url])).toEqual([
      [1, `${server.url}/pages/article.html`],
      [5, `${server.url}/pages/hostile.html`],
    ]);
    const article = report.pages[0]!.page;
    expect(article).toMatchObject({
      title: 'Lighthouse of Alexandria - history',
      lang: 'en',
      extractor: 'readability',
      truncated: false,
    });
    expect(article.blocks.map((b) => b.text).join('\n')).toContain(
      'designed by the architect Sostratus of Cnidus',
    );
    expect(report.skipped).toEqual([
      { url: `${server.url}/pages/report.pdf`, reason: 'not HTML (application/pdf)' },
      { url: `${server.url}/pages/pharos.png`, reason: 'not HTML (image/png)' },
      { url: `${server.url}/missing`, reason: 'HTTP 404' },
    ]);
    expect(guard.blocked).toEqual([]);
  });

  it('gives a redirected page its final URL', async () => {
    const { options: o } = options();
    const report = await fetchPages(hits('/redirect-to-article'), o);
    expect(report.pages[0]!.page.url).toBe(`${server.url}/pages/article.html`);
    expect(report.skipped).toEqual([]);
  });

  it('skips a page over the byte cap while streaming, and one that declares too large a length', async () => {
    const { options: o } = options({ maxBytes: 1024 * 1024 });
    const report = await fetchPages(hits('/huge', '/huge-declared', '/pages/article.html'), o);
    expect(report.skipped).toEqual([
      { url: `${server.url}/huge`, reason: 'larger than 1 MB' },
      { url: `${server.url}/huge-declared`, reason: 'larger than 1 MB' },
    ]);
    expect(report.pages.map((p) => p.rank)).toEqual([3]);
  });

  it('the default cap is 3 MB', async () => {
    const { options: o } = options();
    const report = await fetchPages(hits('/huge'), o);
    expect(report.skipped).toEqual([{ url: `${server.url}/huge`, reason: 'larger than 3 MB' }]);
  });

  it('skips a page that never answers after its timeout; the others are read', async () => {
    const { options: o } = options({ timeoutMs: 150 });
    const report = await fetchPages(hits('/hang/1', '/pages/article.html'), o);
    expect(report.skipped).toEqual([
      { url: `${server.url}/hang/1`, reason: 'timed out after 150 ms' },
    ]);
    expect(report.pages.map((p) => p.rank)).toEqual([2]);
  });

  it('reads a hostile page like any page: hidden text and scripts are not page text', async () => {
    const { options: o } = options();
    const report = await fetchPages(hits('/pages/hostile.html'), o);
    const text = report.pages[0]!.page.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Heptastadion');
    // Script-looking text the page shows is kept, as plain text (data, never markup).
    expect(text).toContain('<script>alert("pharos")</script>');
    expect(text).toContain('zerowidth characters');
    for (const hidden of [
      'Ignore all previous instructions',
      'SYSTEM:',
      'always 42',
      'cite [99]',
      'injected by script',
      'document.cookie',
      'Enable JavaScript',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it('fetches at most `concurrency` pages at once', async () => {
    const { options: o } = options({ concurrency: 3 });
    const report = await fetchPages(hits(...Array.from({ length: 8 }, (_, i) => `/slow/${i}`)), o);
    expect(report.pages).toHaveLength(8);
    expect(server.maxInFlight()).toBeLessThanOrEqual(3);
    expect(server.maxInFlight()).toBeGreaterThan(1);
  });

  it('decodes the charset the page declares', async () => {
    const { options: o } = options();
    const report = await fetchPages(hits('/latin1'), o);
    expect(report.pages[0]!.page.title).toBe('Café');
    expect(report.pages[0]!.page.blocks[0]!.text).toContain('The café by the harbour');
  });

  it('reads a page without Content-Type only when it looks like HTML', async () => {
    const { options: o } = options();
    const report = await fetchPages(hits('/no-type?html', '/no-type'), o);
    expect(report.pages.map((p) => p.rank)).toEqual([1]);
    expect(report.skipped).toEqual([
      { url: `${server.url}/no-type`, reason: 'not HTML (no content type)' },
    ]);
  });

  it('skips pages with no readable text, duplicates, and addresses that are not http(s), without fetching them', async () => {
    const { guard, options: o } = options();
    const report = await fetchPages(
      hits(
        '/empty',
        '/pages/article.html',
        '/pages/article.html',
        'javascript:alert(1)',
        'file:///etc/passwd',
        'not a url',
      ),
      o,
    );
    expect(report.skipped).toEqual([
      { url: `${server.url}/empty`, reason: 'no readable text' },
      { url: `${server.url}/pages/article.html`, reason: 'same page as result 2' },
      { url: 'javascript:alert(1)', reason: 'not an http(s) address (javascript:)' },
      { url: 'file:///etc/passwd', reason: 'not an http(s) address (file:)' },
      { url: 'not a url', reason: 'not a valid address' },
    ]);
    expect(guard.requested.filter((u) => !u.startsWith(server.url))).toEqual([]);
  });

  it('does not fetch private or loopback addresses unless allowed', async () => {
    const { guard, options: o } = options({ allowPrivateHosts: false });
    const report = await fetchPages(
      hits('/pages/article.html', 'http://192.168.1.1/admin', 'http://localhost:8080/'),
      o,
    );
    expect(report.pages).toEqual([]);
    expect(report.skipped.map((s) => s.reason)).toEqual(
      Array(3).fill(
        'private or local address (not read unless Settings allow local search results)',
      ),
    );
    expect(guard.requested).toEqual([]);
  });

  it('uses the cache: a second read of the same pages makes no request', async () => {
    const cache = createMemoryCache<PageSnapshot>();
    const { guard, options: o } = options({ cache });
    const first = await fetchPages(hits('/pages/article.html', '/redirect-to-article'), o);
    const count = server.count('/pages/article.html') + server.count('/redirect-to-article');
    const second = await fetchPages(hits('/pages/article.html', '/redirect-to-article'), o);
    expect(server.count('/pages/article.html') + server.count('/redirect-to-article')).toBe(count);
    expect(second).toEqual(first);
    // Three requests, all on the first read: the redirect is followed hop by hop.
    expect(guard.requested).toEqual([
      `${server.url}/pages/article.html`,
      `${server.url}/redirect-to-article`,
      `${server.url}/pages/article.html`,
    ]);
  });

  it('treats a failing cache as a miss and goes on', async () => {
    const broken: CachePort<PageSnapshot> = {
      get: () => Promise.reject(new DOMException('quota', 'QuotaExceededError')),
      set: () => {
        throw new Error('closed');
      },
    };
    const { options: o } = options({ cache: broken });
    const report = await fetchPages(hits('/pages/article.html'), o);
    expect(report.pages).toHaveLength(1);
  });

  it("rejects with the caller's AbortError when cancelled", async () => {
    const controller = new AbortController();
    const { options: o } = options({ signal: controller.signal });
    const pending = fetchPages(hits('/hang/2', '/hang/3'), o);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('search port cache', () => {
  const provider: SearchProvider = {
    name: 'searxng',
    get endpoint() {
      return server.url;
    },
    async search(query, { maxResults }) {
      const response = await fetch(
        `${server.url}/search?q=${encodeURIComponent(query)}&format=json`,
      );
      const body = (await response.json()) as { results: Array<{ url: string; title: string }> };
      return body.results
        .slice(0, maxResults)
        .map((r, i) => ({ rank: i + 1, url: r.url, title: r.title, snippet: '' }));
    },
  };

  it('answers a repeated question without any request (search response and pages cached)', async () => {
    const { fetch } = loopbackFetch();
    const port = searchPortFor(provider, { fetch, allowPrivateResults: true });
    const first = await port.search('pharos', { maxResults: 2 });
    expect(first.pages).toHaveLength(2);
    const before = server.requests.length;
    const second = await port.search('pharos', { maxResults: 2 });
    expect(server.requests.length).toBe(before);
    expect(second).toEqual(first);
  });

  it('after the search response expires, searches again but reads pages from the page cache', async () => {
    let clock = 0;
    const { fetch } = loopbackFetch();
    const port = searchPortFor(provider, { fetch, now: () => clock, allowPrivateResults: true });
    await port.search('harbour', { maxResults: 2 });
    const pagesBefore = server.count('/pages/');
    const searchesBefore = server.count('/search');
    clock += 11 * 60_000; // past the 10-minute search cache, within the 1-hour page cache
    const again = await port.search('harbour', { maxResults: 2 });
    expect(again.pages).toHaveLength(2);
    expect(server.count('/search')).toBe(searchesBefore + 1);
    expect(server.count('/pages/')).toBe(pagesBefore);
  });

  it('maxResults 0 asks nothing', async () => {
    const before = server.requests.length;
    const report = await searchPortFor(provider, { fetch: loopbackFetch().fetch }).search('x', {
      maxResults: 0,
    });
    expect(report).toEqual({ provider: 'searxng', query: 'x', pages: [], skipped: [] });
    expect(server.requests.length).toBe(before);
  });
});

describe('createMemoryCache', () => {
  it('evicts the least recently used entry and expires entries after the TTL', async () => {
    let clock = 0;
    const cache = createMemoryCache<number>({ maxEntries: 2, ttlMs: 100, now: () => clock });
    void cache.set('a', 1);
    void cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    void cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('isPrivateHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['localhost', true],
    ['app.localhost', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['[::1]', true],
    ['[fd00::1]', true],
    ['[fe80::1]', true],
    ['[::ffff:7f00:1]', true],
    ['printer.local', true],
    ['intranet', true],
    ['en.wikipedia.org', false],
    ['8.8.8.8', false],
    ['[2606:4700::1111]', false],
  ])('%s → %s', (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });

  it('sees through the URL parser’s IPv4 spellings', () => {
    expect(isPrivateHost(new URL('http://2130706433/').hostname)).toBe(true);
    expect(isPrivateHost(new URL('http://0x7f.1/').hostname)).toBe(true);
  });
});
