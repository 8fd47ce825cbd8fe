// Search providers against local servers speaking each API's real response format
// (test/fixtures/search/*.json): requests built right, results parsed, every failure coded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import {
  createSearchPort,
  retryAfterOf,
  wikipediaProvider,
  searxngProvider,
  braveProvider,
} from '../../lib/search';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';
import {
  fixture,
  json,
  loopbackFetch,
  startHarness,
  type Harness,
} from '../fixtures/search/harness';
import { codeOf } from '../support/errors';

const WIKI = fixture('wikipedia-search.json');
const SEARX = fixture('searxng-search.json');
const BRAVE = fixture('brave-search.json');
const KEY = 'BSA-test-key-123';

let server: Harness;
let other: Harness;
/** What the error routes answer: set per test. */
let mode:
  | 'ok'
  | '429'
  | '429-date'
  | '500'
  | 'html'
  | 'truncated'
  | 'wrong-shape'
  | 'hang'
  | 'api-error'
  | 'maxlag'
  | '403'
  | '422-token'
  | 'redirect'
  | 'no-web'
  | 'all-engines-failed' = 'ok';

function search(settings: Partial<Settings['search']>) {
  return { ...DEFAULT_SETTINGS.search, ...settings };
}

beforeAll(async () => {
  other = await startHarness();
  server = await startHarness([
    (req, res, url) => {
      const route =
        url.pathname === '/w/api.php'
          ? 'wikipedia'
          : url.pathname === '/search'
            ? 'searxng'
            : url.pathname === '/res/v1/web/search'
              ? 'brave'
              : undefined;
      if (!route) return false;
      const body = { wikipedia: WIKI, searxng: SEARX, brave: BRAVE }[route];
      switch (mode) {
        case 'ok':
          return json(res, body, server.url);
        case '429':
          return json(res, '{"error":"rate limited"}', server.url, 429, { 'retry-after': '30' });
        case '429-date':
          return json(res, '{}', server.url, 429, {
            'retry-after': 'Wed, 21 Oct 2015 07:28:30 GMT',
          });
        case '500':
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return true;
        case 'html':
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<html><body>Please complete the captcha</body></html>');
          return true;
        case 'truncated':
          return json(res, body.slice(0, body.length / 2), server.url);
        case 'wrong-shape':
          return json(
            res,
            '{"query":{"search":"nope"},"results":{},"web":{"results":null}}',
            server.url,
          );
        case 'hang':
          return true;
        case 'api-error':
          return json(
            res,
            '{"error":{"code":"badvalue","info":"Unrecognized value for parameter \\"list\\": serch.","*":"See /w/api.php for API usage."},"servedby":"mw1234"}',
            server.url,
          );
        case 'maxlag':
          return json(
            res,
            '{"error":{"code":"maxlag","info":"Waiting for 10.64.48.35: 1.5 seconds lagged.","host":"10.64.48.35","lag":1.5}}',
            server.url,
            200,
            { 'retry-after': '5' },
          );
        case '403':
          res
            .writeHead(403, { 'content-type': 'text/html' })
            .end('<html><body>403 Forbidden</body></html>');
          return true;
        case '422-token':
          return json(
            res,
            '{"type":"ErrorResponse","error":{"id":"c5e1c1a4","status":422,"code":"SUBSCRIPTION_TOKEN_INVALID","detail":"The provided subscription token is invalid.","meta":{"component":"authentication"}},"time":1700000000}',
            server.url,
            422,
          );
        case 'redirect':
          res.writeHead(302, { location: `${other.url}/res/v1/web/search?q=x` }).end();
          return true;
        case 'no-web':
          return json(
            res,
            '{"query":{"original":"qqq"},"mixed":{"type":"mixed","main":[],"top":[],"side":[]},"type":"search"}',
            server.url,
          );
        case 'all-engines-failed':
          return json(
            res,
            '{"query":"x","number_of_results":0,"results":[],"answers":[],"corrections":[],"infoboxes":[],"suggestions":[],"unresponsive_engines":[["google","Suspended: CAPTCHA"],["duckduckgo","timeout"]]}',
            server.url,
          );
      }
    },
  ]);
});

afterAll(async () => {
  await server.close();
  await other.close();
});

function port(
  settings: Partial<Settings['search']>,
  extra: { timeoutMs?: number; now?: () => number } = {},
) {
  const guard = loopbackFetch();
  // The stand-in's result pages are on 127.0.0.1, which only an opt-in reads (search.hops.test.ts
  // holds the refusal).
  const p = createSearchPort(search({ allowLocalResults: true, ...settings }), {
    fetch: guard.fetch,
    endpoints: { wikipedia: server.url, brave: server.url },
    ...extra,
  });
  return { port: p!, guard };
}

const PROVIDERS = [
  { provider: 'wikipedia' as const },
  { provider: 'searxng' as const, searxngUrl: '' },
  { provider: 'brave' as const, braveApiKey: KEY },
];
function configured(p: (typeof PROVIDERS)[number]): Partial<Settings['search']> {
  return p.provider === 'searxng' ? { provider: 'searxng', searxngUrl: server.url } : p;
}

describe('createSearchPort', () => {
  it("returns null for provider 'none'", () => {
    expect(
      createSearchPort(search({ provider: 'none' }), { fetch: loopbackFetch().fetch }),
    ).toBeNull();
  });

  it('returns a port named after the provider', () => {
    for (const p of PROVIDERS)
      expect(createSearchPort(search(p), { fetch: loopbackFetch().fetch })!.provider).toBe(
        p.provider,
      );
  });
});

describe('Wikipedia (MediaWiki Action API + REST article HTML)', () => {
  it('searches with the Action API and reads the articles from the REST API', async () => {
    mode = 'ok';
    const before = server.requests.length;
    const { port: p, guard } = port({ provider: 'wikipedia' });
    const report = await p.search('lighthouse of alexandria', { maxResults: 3 });

    const sent = server.requests.slice(before);
    const api = sent.find((r) => r.path.startsWith('/w/api.php'))!;
    const params = new URL(api.path, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      action: 'query',
      list: 'search',
      srsearch: 'lighthouse of alexandria',
      format: 'json',
      origin: '*',
      srlimit: '3',
    });
    expect(api.headers['api-user-agent']).toMatch(/AnswerPanel/);
    // Titles go to the REST API with spaces as underscores and `/` percent-encoded.
    expect(
      sent
        .map((r) => r.path)
        .filter((path) => path.startsWith('/api/'))
        .sort(),
    ).toEqual([
      '/api/rest_v1/page/html/AC%2FDC',
      '/api/rest_v1/page/html/Lighthouse_of_Alexandria',
      '/api/rest_v1/page/html/Sostratus_of_Cnidus',
    ]);

    expect(report.provider).toBe('wikipedia');
    expect(report.query).toBe('lighthouse of alexandria');
    expect(report.pages.map((p) => [p.rank, p.page.url, p.page.title])).toEqual([
      [1, `${server.url}/wiki/Lighthouse_of_Alexandria`, 'Lighthouse of Alexandria'],
      [2, `${server.url}/wiki/Sostratus_of_Cnidus`, 'Sostratus of Cnidus'],
    ]);
    const text = report.pages[0]!.page.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('designed by Sostratus of Cnidus');
    // The hidden short description (style="display:none") is not page text.
    expect(text).not.toContain('Ancient lighthouse in Alexandria, Egypt');
    expect(report.skipped).toEqual([{ url: `${server.url}/wiki/AC/DC`, reason: 'HTTP 404' }]);
    expect(guard.blocked).toEqual([]);
  });

  it('returns hits with plain-text snippets', async () => {
    mode = 'ok';
    const hits = await wikipediaProvider(
      { fetch: loopbackFetch().fetch },
      { base: server.url },
    ).search('x', { maxResults: 2 });
    expect(hits).toEqual([
      {
        rank: 1,
        url: `${server.url}/wiki/Lighthouse_of_Alexandria`,
        fetchUrl: `${server.url}/api/rest_v1/page/html/Lighthouse_of_Alexandria`,
        title: 'Lighthouse of Alexandria',
        snippet: expect.stringMatching(
          /^The Lighthouse of Alexandria, sometimes called .* "the Pharos$/,
        ),
      },
      expect.objectContaining({
        rank: 2,
        title: 'Sostratus of Cnidus',
        snippet: expect.stringContaining('Lighthouse & other works'),
      }),
    ]);
  });

  it('maps an API error object to search-failed and maxlag to search-rate-limited', async () => {
    const provider = wikipediaProvider({ fetch: loopbackFetch().fetch }, { base: server.url });
    mode = 'api-error';
    await expect(provider.search('x', { maxResults: 3 })).rejects.toThrow(/badvalue/);
    expect(await codeOf(provider.search('x', { maxResults: 3 }))).toBe('search-failed');
    mode = 'maxlag';
    expect(await codeOf(provider.search('x', { maxResults: 3 }))).toBe('search-rate-limited');
  });
});

describe('SearXNG', () => {
  it('searches {instance}/search?format=json, reads HTML results and skips PDFs and images with a reason', async () => {
    mode = 'ok';
    const before = server.requests.length;
    const { port: p, guard } = port({ provider: 'searxng', searxngUrl: `${server.url}/` });
    const report = await p.search('lighthouse of alexandria architect', { maxResults: 5 });
    const api = server.requests.slice(before).find((r) => r.path.startsWith('/search'))!;
    expect(Object.fromEntries(new URL(api.path, 'http://x').searchParams)).toEqual({
      q: 'lighthouse of alexandria architect',
      format: 'json',
    });
    expect(report.pages.map((p) => [p.rank, p.page.url, p.page.extractor])).toEqual([
      [1, `${server.url}/pages/article.html`, 'readability'],
    ]);
    expect(report.skipped).toEqual([
      { url: `${server.url}/pages/report.pdf`, reason: 'not HTML (application/pdf)' },
      { url: `${server.url}/pages/pharos.png`, reason: 'not HTML (image/png)' },
    ]);
    expect(guard.blocked).toEqual([]);
  });

  it('resolves /search under an instance path', async () => {
    mode = 'ok';
    const seen: string[] = [];
    const provider = searxngProvider(
      {
        fetch: async (url) => (
          seen.push(url),
          new Response(SEARX, { headers: { 'content-type': 'application/json' } })
        ),
      },
      { instanceUrl: 'http://127.0.0.1:1/searx' },
    );
    const hits = await provider.search('a&b', { maxResults: 2 });
    expect(seen).toEqual(['http://127.0.0.1:1/searx/search?q=a%26b&format=json']);
    expect(hits.map((h) => [h.rank, h.title, h.snippet])).toEqual([
      [
        1,
        'Lighthouse of Alexandria - history',
        'The lighthouse was built in the 3rd century BC & stood for centuries.',
      ],
      [2, 'Excavation report (PDF)', 'Survey of the harbour of Alexandria.'],
    ]);
  });

  it('without an instance URL: search-not-configured, nothing requested', async () => {
    const { port: p, guard } = port({ provider: 'searxng', searxngUrl: '' });
    expect(await codeOf(p.search('x', { maxResults: 3 }))).toBe('search-not-configured');
    expect(guard.requested).toEqual([]);
  });

  it('403 (format=json disabled on the instance) is search-not-configured, with the reason', async () => {
    mode = '403';
    const { port: p } = port({ provider: 'searxng', searxngUrl: server.url });
    await expect(p.search('x', { maxResults: 3 })).rejects.toMatchObject({
      code: 'search-not-configured',
      message: expect.stringContaining('format=json'),
    });
  });

  it('no results because every engine failed is search-failed, naming the engines', async () => {
    mode = 'all-engines-failed';
    const { port: p } = port({ provider: 'searxng', searxngUrl: server.url });
    await expect(p.search('x', { maxResults: 3 })).rejects.toMatchObject({
      code: 'search-failed',
      message: expect.stringContaining('google: Suspended: CAPTCHA'),
    });
  });
});

describe('Brave Search API', () => {
  it('sends the key and count, parses web.results, follows a redirected result page', async () => {
    mode = 'ok';
    const before = server.requests.length;
    const { port: p, guard } = port({ provider: 'brave', braveApiKey: KEY });
    const report = await p.search('lighthouse of alexandria architect', { maxResults: 2 });
    const sent = server.requests.slice(before);
    const api = sent.find((r) => r.path.startsWith('/res/v1/web/search'))!;
    expect(Object.fromEntries(new URL(api.path, 'http://x').searchParams)).toEqual({
      q: 'lighthouse of alexandria architect',
      count: '2',
    });
    expect(api.headers['x-subscription-token']).toBe(KEY);
    expect(api.headers.accept).toBe('application/json');
    // docs/SECURITY.md, property 9: the key reaches the API endpoint and nothing else.
    expect(sent.filter((r) => r.headers['x-subscription-token'] !== undefined)).toEqual([api]);

    expect(report.pages.map((p) => [p.rank, p.page.url])).toEqual([
      [1, `${server.url}/pages/article.html`],
      // Result 2 redirects to the same article: its snapshot carries the final URL.
      [2, `${server.url}/pages/article.html`],
    ]);
    expect(report.skipped).toEqual([]);
    expect(guard.blocked).toEqual([]);
  });

  it('strips tags and entities from titles and descriptions', async () => {
    mode = 'ok';
    const hits = await braveProvider(
      { fetch: loopbackFetch().fetch },
      { apiKey: KEY, base: server.url },
    ).search('x', { maxResults: 5 });
    expect(hits.map((h) => [h.title, h.snippet])).toEqual([
      [
        'Lighthouse of Alexandria | History',
        'The Lighthouse of Alexandria was designed by Sostratus of Cnidus.',
      ],
      ['Pharos of Alexandria – notes', 'Notes on the Pharos.'],
    ]);
  });

  it('without a key: search-not-configured, nothing requested', async () => {
    const { port: p, guard } = port({ provider: 'brave', braveApiKey: '' });
    expect(await codeOf(p.search('x', { maxResults: 3 }))).toBe('search-not-configured');
    expect(guard.requested).toEqual([]);
  });

  it('an invalid token (422 SUBSCRIPTION_TOKEN_INVALID) is search-not-configured', async () => {
    mode = '422-token';
    const { port: p } = port({ provider: 'brave', braveApiKey: KEY });
    expect(await codeOf(p.search('x', { maxResults: 3 }))).toBe('search-not-configured');
  });

  it('does not follow a redirect with the key: search-failed, the other origin sees nothing', async () => {
    mode = 'redirect';
    const { port: p } = port({ provider: 'brave', braveApiKey: KEY });
    expect(await codeOf(p.search('x', { maxResults: 3 }))).toBe('search-failed');
    expect(other.requests).toEqual([]);
  });

  it('a response without a web section is no results', async () => {
    mode = 'no-web';
    const { port: p } = port({ provider: 'brave', braveApiKey: KEY });
    expect(await p.search('qqq', { maxResults: 3 })).toEqual({
      provider: 'brave',
      query: 'qqq',
      pages: [],
      skipped: [],
    });
  });
});

describe.each(PROVIDERS)('$provider failures are coded', (p) => {
  it('429 with Retry-After (seconds) → search-rate-limited, retry after in the detail', async () => {
    mode = '429';
    const { port: sp } = port(configured(p));
    const error = await sp
      .search(`q-429-${p.provider}`, { maxResults: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineError);
    expect(error).toMatchObject({
      code: 'search-rate-limited',
      message: expect.stringContaining('retry after 30 s'),
    });
    expect(retryAfterOf(error)).toBe(30);
  });

  it('429 with an HTTP-date Retry-After is measured from the injected clock', async () => {
    mode = '429-date';
    const { port: sp } = port(configured(p), {
      now: () => Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'),
    });
    const error = await sp
      .search(`q-429d-${p.provider}`, { maxResults: 3 })
      .catch((e: unknown) => e);
    expect(retryAfterOf(error)).toBe(30);
  });

  it.each([
    ['500', 'search-failed'],
    ['html', 'search-bad-response'],
    ['truncated', 'search-bad-response'],
    ['wrong-shape', 'search-bad-response'],
  ] as const)('%s → %s', async (m, code) => {
    mode = m;
    const { port: sp } = port(configured(p));
    expect(await codeOf(sp.search(`q-${m}-${p.provider}`, { maxResults: 3 }))).toBe(code);
  });

  it('a server that never answers → search-timeout within the limit', async () => {
    mode = 'hang';
    const { port: sp } = port(configured(p), { timeoutMs: 150 });
    expect(await codeOf(sp.search(`q-hang-${p.provider}`, { maxResults: 3 }))).toBe(
      'search-timeout',
    );
  });

  it("the caller's cancel is an AbortError, not a search failure", async () => {
    mode = 'hang';
    const { port: sp } = port(configured(p));
    const controller = new AbortController();
    const pending = sp.search(`q-abort-${p.provider}`, {
      maxResults: 3,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a connection refused → search-failed', async () => {
    const guard = loopbackFetch();
    const sp = createSearchPort(
      search(
        p.provider === 'searxng' ? { provider: 'searxng', searxngUrl: 'http://127.0.0.1:9' } : p,
      ),
      {
        fetch: guard.fetch,
        endpoints: { wikipedia: 'http://127.0.0.1:9', brave: 'http://127.0.0.1:9' },
      },
    )!;
    expect(await codeOf(sp.search('x', { maxResults: 3 }))).toBe('search-failed');
  });
});
