// A SearXNG stand-in for the browser tests: its real JSON format (test/fixtures/search) and its
// result pages, served with CORS headers as a real instance would be read cross-origin. Its first
// result is a page that moved (a redirect), and every result page request is recorded.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Route } from '../support/server';
import { ROOT } from './harness';

const SEARCH = resolve(ROOT, 'test/fixtures/search');

/** Paths of the result pages (and moved pages) requested, in order. */
export const resultRequests: string[] = [];

export const searxng: Route = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const cors = { 'access-control-allow-origin': '*' };
  if (url.pathname === '/search') {
    const base = `http://${req.headers.host}/results`;
    const body = JSON.parse(
      readFileSync(resolve(SEARCH, 'searxng-search.json'), 'utf8').replaceAll(
        '{{BASE}}/pages',
        base,
      ),
    ) as { results: Array<Record<string, unknown>> };
    const moved = `http://${req.headers.host}/moved/article.html`;
    body.results.unshift({ url: moved, title: 'Moved article', content: 'It moved.' });
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
    return true;
  }
  if (url.pathname.startsWith('/moved/')) {
    resultRequests.push(url.pathname);
    res
      .writeHead(302, { ...cors, location: `/results/${url.pathname.slice('/moved/'.length)}` })
      .end();
    return true;
  }
  if (url.pathname.startsWith('/results/')) {
    resultRequests.push(url.pathname);
    const file = resolve(SEARCH, 'pages', url.pathname.slice('/results/'.length));
    if (!file.startsWith(resolve(SEARCH, 'pages'))) return false;
    try {
      const type = file.endsWith('.html')
        ? 'text/html; charset=utf-8'
        : file.endsWith('.pdf')
          ? 'application/pdf'
          : 'image/png';
      res.writeHead(200, { ...cors, 'content-type': type }).end(readFileSync(file));
    } catch {
      res.writeHead(404, cors).end();
    }
    return true;
  }
  return false;
};
