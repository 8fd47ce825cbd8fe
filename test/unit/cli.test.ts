import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-run';
import { loadPage } from '../../cli/load-page';
import { serveDirectory, type TestServer } from '../support/server';

const PAGES = resolve(import.meta.dirname, '../fixtures/pages');
const DEMO = resolve(PAGES, 'demo/source.html');

let server: TestServer;
beforeAll(async () => {
  server = await serveDirectory(PAGES, [
    (req, res) => {
      if (req.url === '/plain.txt')
        return (void res.writeHead(200, { 'content-type': 'text/plain' }).end('just text'), true);
      if (req.url === '/doc.pdf')
        return (
          void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
          true
        );
      if (req.url === '/huge.html')
        return (
          void res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<p>' + 'a '.repeat(6_000_000)),
          true
        );
      if (req.url === '/slow.html')
        return (
          void setTimeout(
            () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>late</p>'),
            2000,
          ),
          true
        );
      if (req.url === '/missing.html') return (void res.writeHead(404).end(), true);
      return false;
    },
  ]);
});
afterAll(() => server.close());

describe('npm run ask', () => {
  it('answers a question about a file with citations, quotes and timings', async () => {
    const { code, out } = await run('--page', DEMO, 'Who designed the Lighthouse of Alexandria?');
    expect(code).toBe(0);
    expect(out).toMatch(/Sostratus of Cnidus[^\n]*\[\d\]/);
    expect(out).toMatch(/Quotes from "Lighthouse of Alexandria/);
    expect(out).toMatch(
      /Time: read [\d.]+ ms · split [\d.]+ ms · rank [\d.]+ ms · compose [\d.]+ ms/,
    );
  });

  it('says the passages of a summary were chosen to cover the page, not ranked', async () => {
    const { code, out } = await run('--page', DEMO, 'Summarize this page');
    expect(code).toBe(0);
    expect(out).toMatch(/^Summary: passages chosen to cover the page · /m);
    expect(out).not.toMatch(/^Ranking: /m);
  });

  it('prints the structured result with --json', async () => {
    const { code, out } = await run(
      '--page',
      `${server.url}/demo/source.html`,
      '--json',
      'Who designed the Lighthouse of Alexandria?',
    );
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result.answer.cited.length).toBeGreaterThan(0);
    expect(result.quotes[0]).toMatchObject({
      id: 1,
      source: { kind: 'page', url: `${server.url}/demo/source.html` },
    });
    expect(typeof result.quotes[0].score).toBe('number');
    expect(Object.keys(result.timings).sort()).toEqual([
      'check',
      'compose',
      'rank',
      'read',
      'split',
    ]);
  });

  it('verifies a claim with --claim', async () => {
    const { code, out } = await run(
      '--page',
      DEMO,
      '--json',
      '--claim',
      'The lighthouse was damaged by an earthquake in 956.',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out).verdict).toMatchObject({
      label: 'supported',
      decidedBy: 'evidence-scores',
    });
  });

  it('prints article text and passages with --passages', async () => {
    const { code, out } = await run('--page', DEMO, '--passages');
    expect(code).toBe(0);
    const parsed = JSON.parse(out);
    expect(parsed.text).toContain('Sostratus of Cnidus');
    expect(parsed.passages.length).toBeGreaterThan(10);
    for (const p of parsed.passages) expect(p.tokens).toBeLessThanOrEqual(128);
  });

  it.each([
    [['--page', DEMO, 'x'], /too short/],
    [['--page', DEMO, 'why '.repeat(2500)], /too long/],
    [['--page', resolve(PAGES, 'empty/source.html'), 'What is here?'], /no readable text/],
    [['--page', resolve(PAGES, 'nope.html'), 'question'], /could not be loaded/],
    [['--page', 'ftp://example.org/', 'question'], /could not be loaded/],
    [['question without page'], /Missing --page/],
    [['--page', DEMO, '--top', 'lots', 'q?'], /--top/],
  ])('explains bad input %#', async (args, message) => {
    const { code, err } = await run(...(args as string[]));
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  it('refuses pages that are not HTML or a readable PDF, too large or missing', async () => {
    for (const [path, message] of [
      ['/plain.txt', /not a web page/],
      // PDFs are read now (lib/pdf); this one is only a header, so it is a damaged PDF.
      ['/doc.pdf', /PDF is damaged or incomplete/],
      ['/huge.html', /too large/],
      ['/missing.html', /HTTP 404/],
    ] as const) {
      const { code, err } = await run('--page', `${server.url}${path}`, 'question?');
      expect(code, path).toBe(2);
      expect(err, path).toMatch(message);
    }
  });
});

describe('loadPage', () => {
  it('times out on a slow server', async () => {
    await expect(loadPage(`${server.url}/slow.html`, { timeoutMs: 200 })).rejects.toMatchObject({
      code: 'page-timeout',
    });
  });

  it('refuses a local file that is not HTML', async () => {
    await expect(
      loadPage(resolve(import.meta.dirname, '../../package-lock.json')),
    ).rejects.toMatchObject({ code: 'page-not-html' });
  });
});

describe('npm run ask with web search', () => {
  it('searches a SearXNG instance when the page falls short and cites the result page', async () => {
    const { startHarness, fixture } = await import('../fixtures/search/harness');
    const searx = await startHarness([
      (_req, res, url) => {
        if (url.pathname !== '/search') return false;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            fixture('searxng-search.json').replaceAll(
              '{{BASE}}',
              `http://127.0.0.1:${new URL(searx.url).port}`,
            ),
          );
        return true;
      },
    ]);
    try {
      const page = resolve(PAGES, 'no-paragraphs/source.html');
      const { code, out } = await run(
        '--page',
        page,
        '--search',
        'searxng',
        '--searxng-url',
        searx.url,
        // The result pages are on 127.0.0.1: read only when asked for (docs/SECURITY.md, property 5).
        '--local-results',
        '--json',
        'Which architect designed the Lighthouse of Alexandria?',
      );
      expect(code).toBe(0);
      const result = JSON.parse(out);
      expect(result.retrieval.webSearched).toBe(true);
      const cited = result.quotes.filter((q: { id: number }) => result.answer.cited.includes(q.id));
      expect(
        cited.some(
          (q: { text: string; source: { kind: string } }) =>
            q.source.kind === 'search' && q.text.includes('Sostratus'),
        ),
      ).toBe(true);
      expect(searx.count('/search')).toBe(1);
    } finally {
      await searx.close();
    }
  });

  it('rejects an unknown provider or sources mode', async () => {
    expect((await run('--page', DEMO, '--search', 'altavista', 'q?')).err).toMatch(
      /--search must be one of/,
    );
    expect((await run('--page', DEMO, '--sources', 'everything', 'q?')).err).toMatch(
      /--sources must be one of/,
    );
  });
});
