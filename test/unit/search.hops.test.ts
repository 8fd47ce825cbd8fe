// Result pages are requested hop by hop, and no private or loopback address is ever requested
// unless the user allowed local results (docs/SECURITY.md, property 5). The fake fetch records
// every address it is asked for: a private one in that list is the attack succeeding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../lib/core/net';
import { isPrivateHost } from '../../lib/core/net';
import { refusedResultsNote } from '../../lib/ask/run';
import { fetchPages, searchPortFor, type SearchHit, type SearchProvider } from '../../lib/search';
import { fetchHopByHop, opaqueRedirectRefusal, privateRefusal } from '../../lib/search/hops';

const PAGE = (text: string) =>
  `<!DOCTYPE html><html><head><title>${text}</title></head><body><p>${text} describes the harbour of Alexandria and the island of Pharos where the lighthouse stood.</p></body></html>`;

type Reply = { redirect: string } | { page: string } | 'opaque';

/** A fetch over a table of addresses; records each address requested and the redirect mode. */
function fakeWeb(routes: Record<string, Reply>) {
  const requested: string[] = [];
  const modes: Array<RequestRedirect | undefined> = [];
  const fetch: FetchLike = (input, init) => {
    requested.push(input);
    modes.push(init?.redirect);
    const reply = routes[input];
    if (reply === undefined) return Promise.resolve(new Response('gone', { status: 404 }));
    if (reply === 'opaque') {
      // What a browser gives an extension for `redirect: 'manual'`: status 0, no Location.
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      Object.defineProperty(response, 'status', { value: 0 });
      return Promise.resolve(response);
    }
    if ('redirect' in reply)
      return Promise.resolve(
        new Response(null, { status: 302, headers: { location: reply.redirect } }),
      );
    return Promise.resolve(
      new Response(PAGE(reply.page), { headers: { 'content-type': 'text/html' } }),
    );
  };
  return { fetch, requested, modes };
}

const hitsOf = (...urls: string[]): SearchHit[] =>
  urls.map((url, i) => ({ rank: i + 1, url, title: url, snippet: '' }));

const privateRequests = (requested: string[]) =>
  requested.filter((url) => isPrivateHost(new URL(url).hostname));

describe('fetchHopByHop', () => {
  it('follows public redirects itself (relative Locations too), always asking fetch for manual redirects', async () => {
    const web = fakeWeb({
      'https://a.example/start': { redirect: 'https://b.example/next' },
      'https://b.example/next': { redirect: '/final?x=1' },
      'https://b.example/final?x=1': { page: 'Final' },
    });
    const outcome = await fetchHopByHop(
      web.fetch,
      new URL('https://a.example/start'),
      {},
      {
        allowPrivateHosts: false,
      },
    );
    expect(outcome).toMatchObject({ ok: true, url: 'https://b.example/final?x=1' });
    expect(web.requested).toEqual([
      'https://a.example/start',
      'https://b.example/next',
      'https://b.example/final?x=1',
    ]);
    expect(web.modes).toEqual(['manual', 'manual', 'manual']);
  });

  it.each([
    ['http://127.0.0.1:8080/admin'],
    ['http://192.168.1.1/'],
    ['http://[::1]/'],
    ['http://router.local/'],
    ['http://169.254.169.254/latest/meta-data/'],
  ])('refuses a redirect to %s before requesting it', async (target) => {
    const web = fakeWeb({ 'https://public.example/r': { redirect: target } });
    const outcome = await fetchHopByHop(
      web.fetch,
      new URL('https://public.example/r'),
      {},
      {
        allowPrivateHosts: false,
      },
    );
    expect(outcome).toEqual({
      ok: false,
      refused: true,
      reason: `redirect refused: ${privateRefusal()}`,
    });
    expect(web.requested).toEqual(['https://public.example/r']);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    const web = fakeWeb({ 'https://public.example/r': { redirect: 'file:///etc/passwd' } });
    const outcome = await fetchHopByHop(
      web.fetch,
      new URL('https://public.example/r'),
      {},
      {
        allowPrivateHosts: false,
      },
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'redirect refused: not an http(s) address (file:)',
    });
    expect(web.requested).toEqual(['https://public.example/r']);
  });

  it('gives up after the hop limit', async () => {
    const routes: Record<string, Reply> = {};
    for (let i = 0; i < 10; i++) routes[`https://loop.example/${i}`] = { redirect: `/${i + 1}` };
    const web = fakeWeb(routes);
    const outcome = await fetchHopByHop(
      web.fetch,
      new URL('https://loop.example/0'),
      {},
      {
        allowPrivateHosts: false,
        maxHops: 3,
      },
    );
    expect(outcome).toEqual({ ok: false, refused: false, reason: 'more than 3 redirects' });
    expect(web.requested).toHaveLength(4);
  });

  it('refuses an opaque redirect (what an extension sees in the browser) instead of following it blind', async () => {
    const web = fakeWeb({ 'https://public.example/moved': 'opaque' });
    const outcome = await fetchHopByHop(
      web.fetch,
      new URL('https://public.example/moved'),
      {},
      {
        allowPrivateHosts: false,
      },
    );
    expect(outcome).toEqual({ ok: false, refused: true, reason: opaqueRedirectRefusal() });
    expect(web.requested).toEqual(['https://public.example/moved']);
  });

  it('requests nothing private on any chain of redirects (property)', async () => {
    const host = fc.oneof(
      fc.constantFrom('127.0.0.1', '10.0.0.7', '192.168.0.1', '[::1]', 'localhost', 'nas.local'),
      fc.constantFrom('a.example', 'b.example', 'c.example'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(host, { minLength: 1, maxLength: 7 }), async (hosts) => {
        const urls = hosts.map((h, i) => `http://${h}/${i}`);
        const routes: Record<string, Reply> = {};
        urls.forEach((url, i) => {
          routes[url] = i + 1 < urls.length ? { redirect: urls[i + 1]! } : { page: 'End' };
        });
        const web = fakeWeb(routes);
        await fetchHopByHop(web.fetch, new URL(urls[0]!), {}, { allowPrivateHosts: false });
        expect(privateRequests(web.requested)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('result pages from any search service', () => {
  const localInstance = (results: string[]): SearchProvider => ({
    name: 'searxng',
    endpoint: 'http://127.0.0.1:8888',
    search: async () => hitsOf(...results),
  });

  it('a local SearXNG cannot make the extension read loopback or LAN pages: nothing private is requested, and the panel is told why', async () => {
    const web = fakeWeb({
      'https://news.example/story': { page: 'Story' },
      'https://public.example/to-router': { redirect: 'http://192.168.1.1/status' },
      'http://192.168.1.1/status': { page: 'Router status with the Wi-Fi password' },
      'http://127.0.0.1:9000/internal': { page: 'Internal wiki' },
    });
    const port = searchPortFor(
      localInstance([
        'https://news.example/story',
        'http://127.0.0.1:9000/internal',
        'https://public.example/to-router',
      ]),
      { fetch: web.fetch },
    );
    const report = await port.search('pharos', { maxResults: 3 });
    expect(report.pages.map((p) => p.page.url)).toEqual(['https://news.example/story']);
    expect(report.skipped).toEqual([
      { url: 'http://127.0.0.1:9000/internal', reason: privateRefusal(), refused: true },
      {
        url: 'https://public.example/to-router',
        reason: `redirect refused: ${privateRefusal()}`,
        refused: true,
      },
    ]);
    expect(privateRequests(web.requested)).toEqual([]);
    expect(refusedResultsNote(report.skipped)).toBe(
      `2 search results were not opened (127.0.0.1:9000: ${privateRefusal()}; public.example: redirect refused: ${privateRefusal()}).`,
    );
  });

  it('reads local results when the user allowed them', async () => {
    const web = fakeWeb({
      'http://127.0.0.1:9000/internal': { page: 'Internal wiki' },
      'https://public.example/to-nas': { redirect: 'http://nas.local/notes' },
      'http://nas.local/notes': { page: 'Notes' },
    });
    const port = searchPortFor(
      localInstance(['http://127.0.0.1:9000/internal', 'https://public.example/to-nas']),
      { fetch: web.fetch, allowPrivateResults: true },
    );
    const report = await port.search('pharos', { maxResults: 2 });
    expect(report.pages.map((p) => p.page.url)).toEqual([
      'http://127.0.0.1:9000/internal',
      'http://nas.local/notes',
    ]);
  });

  it("reads a Wikipedia mirror's own pages on a loopback base, but not a redirect away from it", async () => {
    const base = 'http://127.0.0.1:7000';
    const web = fakeWeb({
      [`${base}/api/rest_v1/page/html/A`]: { page: 'A' },
      [`${base}/api/rest_v1/page/html/B`]: { redirect: 'http://127.0.0.1:22/' },
    });
    const wiki: SearchProvider = {
      name: 'wikipedia',
      endpoint: base,
      search: async () =>
        ['A', 'B'].map((t, i) => ({
          rank: i + 1,
          url: `${base}/wiki/${t}`,
          fetchUrl: `${base}/api/rest_v1/page/html/${t}`,
          title: t,
          snippet: '',
        })),
    };
    const report = await searchPortFor(wiki, { fetch: web.fetch }).search('a', { maxResults: 2 });
    expect(report.pages.map((p) => p.page.url)).toEqual([`${base}/wiki/A`]);
    expect(report.skipped).toEqual([
      { url: `${base}/wiki/B`, reason: `redirect refused: ${privateRefusal()}`, refused: true },
    ]);
    expect(web.requested).not.toContain('http://127.0.0.1:22/');
  });

  it('refuses a redirected page in the browser (opaque redirect) and says so; other pages are read', async () => {
    const web = fakeWeb({
      'https://public.example/moved': 'opaque',
      'https://news.example/story': { page: 'Story' },
    });
    const report = await fetchPages(
      hitsOf('https://public.example/moved', 'https://news.example/story'),
      { fetch: web.fetch },
    );
    expect(report.pages.map((p) => p.rank)).toEqual([2]);
    expect(report.skipped).toEqual([
      { url: 'https://public.example/moved', reason: opaqueRedirectRefusal(), refused: true },
    ]);
  });
});

describe('a local SearXNG on 127.0.0.1, end to end over HTTP', () => {
  it('reads public results and follows their public redirects, but never requests a loopback result or a redirect into loopback', async () => {
    const { startHarness } = await import('../fixtures/search/harness');
    const server = await startHarness([
      (_req, res, url) => {
        const port = new URL(server.url).port;
        const pub = `http://public.test:${port}`;
        if (url.pathname === '/search') {
          const results = [
            `${pub}/pages/article.html`,
            `http://127.0.0.1:${port}/secret`,
            `${pub}/to-private`,
            `${pub}/redirect-to-article`,
          ].map((u) => ({ url: u, title: u, content: '' }));
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ results }));
          return true;
        }
        if (url.pathname === '/to-private') {
          res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
          return true;
        }
        if (url.pathname === '/secret') {
          res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE('Secret admin page'));
          return true;
        }
        return false;
      },
    ]);
    try {
      // `public.test` stands for a public host: this fetch resolves it to the local server, the
      // way DNS would, and refuses anything else that is not 127.0.0.1.
      const requested: string[] = [];
      const fetch: FetchLike = (input, init) => {
        requested.push(input);
        const url = new URL(input);
        if (url.hostname === 'public.test') url.hostname = '127.0.0.1';
        else if (url.hostname !== '127.0.0.1') throw new TypeError(`blocked ${input}`);
        return globalThis.fetch(url.href, init);
      };
      const { createSearchPort } = await import('../../lib/search');
      const port = createSearchPort(
        { provider: 'searxng', searxngUrl: server.url, braveApiKey: '', allowLocalResults: false },
        { fetch },
      )!;
      const report = await port.search('pharos', { maxResults: 4 });
      const pub = `http://public.test:${new URL(server.url).port}`;
      expect(report.pages.map((p) => [p.rank, p.page.url])).toEqual([
        [1, `${pub}/pages/article.html`],
        [4, `${pub}/pages/article.html`],
      ]);
      expect(report.skipped.map((s) => [s.url, s.refused])).toEqual([
        [`http://127.0.0.1:${new URL(server.url).port}/secret`, true],
        [`${pub}/to-private`, true],
      ]);
      expect(server.count('/secret')).toBe(0);
      // The only loopback request is the search itself, to the instance the user configured.
      expect(privateRequests(requested)).toEqual([`${server.url}/search?q=pharos&format=json`]);
    } finally {
      await server.close();
    }
  });
});
