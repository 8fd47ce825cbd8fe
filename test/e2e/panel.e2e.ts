// The built extension in Chromium: ask about a page, cited answer, highlights on the page,
// verify claim, hostile pages, bad input, settings isolation and the built manifest.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWikidataServer, type WikidataServer } from '../support/wikidata-server';
import { resultRequests, searxng } from './searxng';
import {
  ask,
  askAbout,
  builtManifest,
  externalRequests,
  injectReader,
  LAST_TURN,
  openFixture,
  openPanel,
  ROOT,
  setSettings,
  startHarness,
  verifyFromMenu,
  type Harness,
} from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(undefined, [searxng]);
  // This build ships no models (keyword path) and web search is off: this page only.
  await setSettings(h, { search: { provider: 'none' } });
});
afterAll(async () => {
  await h?.close();
  // Chromium's own log of every request, workers included: nothing left 127.0.0.1.
  if (h) expect(externalRequests(h.netLogPath)).toEqual([]);
});

/** Text of the ranges in highlight `name`, or (for `answer-panel-quote`) in every quote colour. */
const highlightText = (page: Page, name: string) =>
  page.evaluate((n) => {
    const names =
      n === 'answer-panel-quote'
        ? [...CSS.highlights.keys()].filter((k) => k.startsWith('answer-panel-quote-'))
        : [n];
    const ranges = names.flatMap((k) => [...(CSS.highlights.get(k) ?? [])]);
    return ranges.length > 0 ? ranges.map((r) => (r as Range).toString()) : null;
  }, name);

describe('ask about this page', () => {
  it('answers with citations, quote cards and in-place highlights without touching the DOM', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    await page.setViewportSize({ width: 960, height: 900 });
    const bodyBefore = await page.evaluate(() => document.body.innerHTML);
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the Lighthouse of Alexandria?');

    const answer = await panel.textContent('.answer-text');
    expect(answer).toContain('Sostratus of Cnidus');
    const cites = await panel.$$eval('button.cite', (els) =>
      els.map((e) => Number(e.getAttribute('data-cite'))),
    );
    expect(cites.length).toBeGreaterThan(0);
    expect(await panel.$$eval('li.quote', (els) => els.length)).toBeGreaterThanOrEqual(
      cites.length,
    );
    const stages = await panel.$$eval('li.stage', (els) =>
      els.map((e) => [e.getAttribute('data-stage'), e.getAttribute('data-status')]),
    );
    expect(stages).toEqual([
      ['read', 'done'],
      ['models', 'done'],
      ['split', 'done'],
      ['rank', 'done'],
      ['compose', 'done'],
      ['check', 'done'],
    ]);
    // No model files in this build: the panel says it ranked by keywords, and why.
    expect(await panel.getAttribute('.retrieval', 'data-path')).toBe('keyword');
    expect(await panel.textContent('.retrieval')).toMatch(
      /Ranked by keywords \(BM25\)[\s\S]*keyword/,
    );

    // Clicking a marker highlights the cited sentence strongly and its whole quote faintly, on the
    // page, with the CSS Custom Highlight API.
    const first = cites[0]!;
    const quoteText = (await panel.textContent(`li.quote[data-quote="${first}"] .quote-text`))!;
    await panel.click(`button.cite[data-cite="${first}"]`);
    await panel.waitForSelector(`li.quote-focused[data-quote="${first}"]`);
    const focused = await highlightText(page, 'answer-panel-focus');
    expect(focused).toEqual([
      'The design is usually credited to Sostratus of Cnidus, a Greek architect and courtier.',
    ]);
    const cited = await highlightText(page, 'answer-panel-quote');
    expect(cited!.map((t) => t.replace(/\s+/g, ' '))).toContain(
      quoteText.replace(/\s+/g, ' ').trim(),
    );
    // A quote card focuses its whole passage.
    await panel.click(`li.quote[data-quote="${first}"] .quote-button`);
    await expect.poll(() => highlightText(page, 'answer-panel-focus')).toEqual([quoteText.trim()]);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);

    // Navigation in the page (history API) clears the highlights and the panel says so.
    await page.evaluate(() => history.pushState({}, '', '#elsewhere'));
    await page.waitForFunction(() => CSS.highlights.size === 0, undefined, { timeout: 5000 });
    await panel.waitForSelector('text=The page changed since this answer');
    expect(h.blocked).toEqual([]);
    await panel.close();
    await page.close();
  });

  it('says plainly when the page does not answer the question', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'What is the boiling point of liquid nitrogen?');
    expect(await panel.getAttribute('.answer', 'data-answered')).toBe('false');
    expect(await panel.textContent('.answer-text')).toContain('does not seem to answer');
    expect(await panel.$$eval('button.cite', (els) => els.length)).toBe(0);
    await panel.close();
    await page.close();
  });
});

describe('verify claim', () => {
  const runMenu = (tabId: number, selectionText: string) => verifyFromMenu(h, tabId, selectionText);

  it('turns a selected claim into a supported verdict with quotes', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const claim = 'The Pharos was designed by the Greek architect Sostratus of Cnidus.';
    expect(await runMenu(tabId, claim)).toBe(true);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    // The claim is shown above its verdict, as the turn's question.
    expect(await panel.textContent('.turn-question')).toContain(claim);
    expect(await panel.getAttribute('.verdict', 'data-verdict')).toBe('supported');
    // The verdict cites its sentence once, in the box; the quotes are a click away.
    expect(await panel.$$eval('.verdict-source', (els) => els.length)).toBe(1);
    expect(await panel.$$eval('.quotes-box li', (els) => els.length)).toBeGreaterThan(0);
    await panel.close();
    await page.close();
  });

  it('says not enough evidence for a claim the page does not make', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    await runMenu(tabId, 'The lighthouse was destroyed by a volcanic eruption on Sicily.');
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    expect(await panel.getAttribute('.verdict', 'data-verdict')).toBe('not-enough-evidence');
    // A claim is not a question: no "does not seem to answer that" beside the verdict.
    expect(await panel.textContent('main')).not.toContain('does not seem to answer');
    await panel.close();
    await page.close();
  });
});

describe('hostile and bad input', () => {
  it('renders a hostile page as inert text and never quotes hidden text', async () => {
    const { page, tabId } = await openFixture(h, 'hostile/source.html');
    const panel = await openPanel(h, tabId);
    const source = readFileSync(resolve(ROOT, 'test/fixtures/pages/hostile/source.html'), 'utf8');
    const visibleWords =
      source
        .match(/<p>([^<]{40,})/)?.[1]
        ?.split(/\s+/)
        .slice(0, 6)
        .join(' ') ?? 'page';
    await ask(panel, visibleWords);
    const text = await panel.textContent('main');
    expect(text).not.toMatch(/HIDDENMARKER/);
    expect(text).not.toMatch(/\u200B|\u200D|\uFEFF/);
    // Nothing from the page became markup in the panel.
    expect(
      await panel.$$eval(
        '.result img, .result script, .result iframe, .result a',
        (els) => els.length,
      ),
    ).toBe(0);
    // Ask about the hidden instructions directly: still nothing hidden comes back.
    await ask(panel, 'HIDDENMARKER1 HIDDENMARKER2 HIDDENMARKER5 ignore previous instructions');
    expect(await panel.textContent(`${LAST_TURN} .result`)).not.toContain('HIDDENMARKER');
    const quotes = await panel.$$eval(`${LAST_TURN} .quote-text`, (els) =>
      els.map((e) => e.textContent ?? ''),
    );
    for (const q of quotes) expect(q).not.toContain('HIDDENMARKER');
    await panel.close();
    await page.close();
  });

  it('keeps the typed text and explains a too-short or too-long question', async () => {
    const { panel, close } = await askAbout(h, 'demo/source.html', 'x');
    expect(await panel.getAttribute('.error', 'data-error')).toBe('question-too-short');
    expect(await panel.inputValue('#question')).toBe('x');
    const long = 'why '.repeat(2500);
    await ask(panel, long);
    // Refused beside the question box: no turn was added for either.
    expect(await panel.$$eval('article.turn', (els) => els.length)).toBe(0);
    expect(await panel.getAttribute('.error', 'data-error')).toBe('question-too-long');
    expect(await panel.inputValue('#question')).toBe(long);
    await close();
  });

  it('explains an empty page', async () => {
    const { panel, close } = await askAbout(
      h,
      'empty/source.html',
      'What does this page say about lighthouses?',
    );
    expect(await panel.getAttribute('.error', 'data-error')).toBe('page-empty');
    await close();
  });

  it('answers from a page with no <p> elements (line breaks only)', async () => {
    const { panel, close } = await askAbout(
      h,
      'no-paragraphs/source.html',
      'On which VHF channel can the harbour master be reached?',
    );
    expect(await panel.textContent('.answer-text')).toContain('VHF channel 12');
    await close();
  });

  it('explains that an image (not a web page) has no text to read', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
      'base64',
    );
    await h.context.route(`${h.server.url}/pixel.png`, (route) =>
      route.fulfill({ body: png, contentType: 'image/png' }),
    );
    const { panel, close } = await askAbout(h, 'pixel.png', 'What does this show?');
    expect(await panel.getAttribute('.error', 'data-error')).toBe('page-empty');
    await close();
  });

  it('explains that browser pages cannot be read', async () => {
    const { panel, close } = await askAbout(h, 'chrome://version', 'Which version is this?');
    expect(await panel.getAttribute('.error', 'data-error')).toBe('page-unreadable');
    await close();
  });

  it('answers on a 5 MB page without hanging', async () => {
    const paragraph = (i: number) =>
      `<p>Section ${i} of the long report records that the harbour crane number ${i} lifted cargo for the merchants of the port during the winter season of that year.</p>`;
    const paragraphs = Array.from({ length: 32_000 }, (_, i) => paragraph(i));
    // The fact asked about sits in the part the reader keeps; the tail is past its 2 M character cap.
    paragraphs.splice(
      5_000,
      0,
      '<p>The special needle of this report is the copper weathervane on the old customs house, installed by the guild of tinsmiths.</p>',
    );
    const html = `<!doctype html><html lang="en"><head><title>Huge report</title></head><body><article><h1>Huge report</h1>${paragraphs.join('\n')}</article></body></html>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    // Served at a fixture-server URL through a route, so nothing is written to the fixture folder.
    await h.context.route(`${h.server.url}/huge/`, (route) =>
      route.fulfill({ body: html, contentType: 'text/html' }),
    );
    const { panel, close } = await askAbout(
      h,
      'huge/',
      'Who installed the copper weathervane on the customs house?',
    );
    expect(await panel.textContent('.answer-text')).toContain('tinsmiths');
    expect(await panel.textContent('.result')).toContain('This page is very long; read the first');
    await close();
  });
});

describe('web search from the panel', () => {
  it('reads result pages from the configured SearXNG and links quotes to them with text fragments', async () => {
    await setSettings(h, {
      // The stand-in's result pages are on 127.0.0.1: read only because local results are allowed.
      search: { provider: 'searxng', searxngUrl: h.server.url, allowLocalResults: true },
      retrieval: { sources: 'page+web' },
    });
    const { panel, close } = await askAbout(
      h,
      'tables/source.html',
      'Which architect designed the Lighthouse of Alexandria?',
    );
    expect(await panel.getAttribute('.retrieval', 'data-web')).toBe('true');
    expect(await panel.textContent('.retrieval-sources')).toContain(
      'Lighthouse of Alexandria - history',
    );
    const cards = await panel.$$eval('a[data-source="search"]', (els) =>
      els.map((e) => [e.getAttribute('data-link'), e.getAttribute('href')]),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const [link, href] of cards) {
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/results\/[^#]+#:~:text=/);
      // Only https pages are made clickable (docs/SECURITY.md, property 4); these test pages are http.
      expect(href).toBeNull();
    }
    // The moved result was requested once and not followed: the browser hides where it went.
    expect(await panel.textContent('.retrieval')).toContain(
      'redirected, and the browser does not say where to, so it was not followed',
    );
    expect(resultRequests.filter((p) => p.startsWith('/moved/'))).toEqual(['/moved/article.html']);
    await setSettings(h, { search: { provider: 'none' }, retrieval: { sources: 'auto' } });
    await close();
  });

  it('never opens loopback result pages from a local SearXNG unless local results are allowed, and says so', async () => {
    await setSettings(h, {
      search: { provider: 'searxng', searxngUrl: h.server.url, allowLocalResults: false },
      retrieval: { sources: 'page+web' },
    });
    const before = resultRequests.length;
    const { panel, close } = await askAbout(
      h,
      'tables/source.html',
      'Which architect designed the Lighthouse of Alexandria?',
    );
    expect(await panel.getAttribute('.retrieval', 'data-web')).toBe('true');
    expect(await panel.textContent('.retrieval')).toMatch(
      /3 search results were not opened \(127\.0\.0\.1:\d+: private or local address/,
    );
    expect(await panel.$$eval('a[data-source="search"]', (els) => els.length)).toBe(0);
    expect(resultRequests.slice(before)).toEqual([]);
    await setSettings(h, { search: { provider: 'none' }, retrieval: { sources: 'auto' } });
    await close();
  });
});

/** Points the knowledge-graph settings at a fresh local Wikidata stand-in for the duration of `test`. */
async function withWikidata(test: (wikidata: WikidataServer) => Promise<void>): Promise<void> {
  const wikidata = await startWikidataServer();
  try {
    await setSettings(h, {
      knowledgeGraph: {
        enabled: true,
        sparqlEndpoint: wikidata.sparqlEndpoint,
        entitySearchEndpoint: `${wikidata.instance}/w/api.php`,
      },
    });
    await test(wikidata);
  } finally {
    await setSettings(h, { knowledgeGraph: { enabled: false } });
    await wikidata.close();
  }
}

describe('knowledge graph', () => {
  it('adds Wikidata triples as quote [1] from the configured endpoint, cited and linked', async () => {
    await withWikidata(async (wikidata) => {
      const { page, tabId } = await openFixture(h, 'demo/source.html');
      const panel = await openPanel(h, tabId);
      await ask(panel, 'Where was Douglas Adams born?');
      expect(await panel.getAttribute('li.stage[data-stage="kg"]', 'data-status')).toBe('done');
      const card = panel.locator('li.quote-kg[data-quote="1"]');
      expect(await card.textContent()).toContain('Douglas Adams — place of birth — Cambridge');
      expect(await card.locator('a').first().getAttribute('href')).toBe(
        'https://www.wikidata.org/wiki/Q42',
      );
      expect(await panel.textContent('.answer-text')).toContain(
        'Douglas Adams — place of birth — Cambridge',
      );
      expect(
        await panel.$$eval('button.cite', (els) => els.map((e) => e.getAttribute('data-cite'))),
      ).toContain('1');
      expect(wikidata.requests).toBeGreaterThan(0);
      // Requests carry the etiquette header and never overlap.
      expect(wikidata.lastHeaders['api-user-agent']).toMatch(/AnswerPanel/);
      expect(wikidata.maxInFlight).toBe(1);
      await panel.close();
      await page.close();
    });
  });
});

describe('knowledge graph etiquette', () => {
  it('waits out a 429 with Retry-After, says so in the progress list, then answers', async () => {
    await withWikidata(async (wikidata) => {
      const { page, tabId } = await openFixture(h, 'demo/source.html');
      const panel = await openPanel(h, tabId);
      // Record every text the Wikidata stage shows while the question runs.
      await panel.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { kgTexts: string[] }).kgTexts = seen;
        new MutationObserver(() => {
          const text = document.querySelector('li.stage[data-stage="kg"]')?.textContent;
          if (text) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      wikidata.faults.push({ status: 429, retryAfter: '1' });
      await ask(panel, 'Where was Douglas Adams born?');
      const texts = await panel.evaluate(
        () => (window as unknown as { kgTexts: string[] }).kgTexts,
      );
      expect(texts.some((t) => t.includes('Wikidata is rate-limiting us — retrying in 1 s'))).toBe(
        true,
      );
      expect(await panel.getAttribute('li.stage[data-stage="kg"]', 'data-status')).toBe('done');
      expect(await panel.textContent('li.quote-kg')).toContain('place of birth');
      await panel.close();
      await page.close();
    });
  });
});

describe('settings and manifest', () => {
  it('shows Basic in plain words: only the chosen provider’s fields, what leaves the browser, the models switch as installed', async () => {
    const options = await h.context.newPage();
    await options.setViewportSize({ width: 900, height: 900 });
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    // Web search off, Wikidata off, quoting the page (this file's settings): nothing leaves.
    expect(await options.isChecked('#answer-with-page')).toBe(true);
    expect(await options.textContent('[data-group="privacy"] ul')).toBe(
      'Nothing leaves your browser.',
    );
    for (const id of ['search.provider', 'search.searxngUrl', 'search.braveApiKey'])
      expect(await options.isVisible(`[id="${id}"]`)).toBe(false);
    // This build ships no models: ranking by meaning cannot be on, and the switch says so.
    expect(await options.isChecked('[id="retrieval.useModels"]')).toBe(false);
    expect(await options.isDisabled('[id="retrieval.useModels"]')).toBe(true);
    expect(await options.textContent('[id="retrieval.useModels-note"]')).toMatch(
      /ranked by keywords/,
    );

    await options.click('#answer-with-web');
    expect(await options.inputValue('[id="search.provider"]')).toBe('wikipedia');
    expect(await options.isVisible('[id="search.searxngUrl"]')).toBe(false);
    expect(await options.isVisible('[id="search.braveApiKey"]')).toBe(false);
    expect(await options.textContent('[data-group="privacy"] ul')).toContain('Wikipedia');
    await options.selectOption('[id="search.provider"]', 'searxng');
    expect(await options.isVisible('[id="search.searxngUrl"]')).toBe(true);
    expect(await options.isVisible('[id="search.braveApiKey"]')).toBe(false);
    await options.selectOption('[id="search.provider"]', 'brave');
    expect(await options.isVisible('[id="search.searxngUrl"]')).toBe(false);
    expect(await options.isVisible('[id="search.braveApiKey"]')).toBe(true);
    await options.click('#answer-with-page');
    expect(await options.isVisible('[id="search.provider"]')).toBe(false);

    // Beam width and the Wikidata addresses wait under Advanced.
    expect(await options.isVisible('[id="knowledgeGraph.width"]')).toBe(false);
    await options.click('details.advanced > summary');
    expect(await options.isVisible('[id="knowledgeGraph.width"]')).toBe(true);
    expect(await options.isVisible('[id="storage.budgetMB"]')).toBe(true);
    // Plain words outside Advanced: no internal names in Basic.
    const basic = await options.evaluate(() =>
      [...document.querySelectorAll('form.options > fieldset')].map((f) => f.textContent).join(' '),
    );
    for (const word of ['MiniLM', 'SPARQL', 'wbsearchentities', 'ToG-E', 'BM25', 'config.json'])
      expect(basic).not.toContain(word);
    await options.close();
  });

  it('refuses an API key over plain http to another computer, with the reason in Settings', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.selectOption('[id="composer.kind"]', 'openai-compatible');
    await options.fill('[id="composer.endpoint"]', 'http://192.168.1.5:8080/v1');
    await options.fill('[id="composer.apiKey"]', 'sk-test-PLAINHTTP');
    await options.click('button[type=submit]');
    expect(await options.textContent('[data-error-for="composer.apiKey"]')).toBe(
      'An API key must only be sent over https (or to this computer).',
    );
    expect(await options.isVisible('[data-saved="true"]')).toBe(false);
    const stored = await h.worker.evaluate(() => chrome.storage.local.get('settings'));
    expect(JSON.stringify(stored)).not.toContain('PLAINHTTP');
    await options.close();
  });

  it('saves settings that content scripts cannot read', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.selectOption('[id="composer.kind"]', 'openai-compatible');
    await options.fill('[id="composer.apiKey"]', 'sk-test-SECRETKEY');
    await options.fill('[id="composer.endpoint"]', 'ftp://not-http.example');
    await options.click('button[type=submit]');
    expect(await options.textContent('.field-error')).toContain('http');
    await options.fill('[id="composer.endpoint"]', 'http://127.0.0.1:9/v1');
    await options.click('button[type=submit]');
    await options.waitForSelector('[data-saved="true"]');
    const stored = await h.worker.evaluate(() => chrome.storage.local.get('settings'));
    expect(JSON.stringify(stored)).toContain('sk-test-SECRETKEY');

    // Evaluate inside the page reader's isolated world through the DevTools protocol.
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    await injectReader(h, tabId);
    const cdp = await h.context.newCDPSession(page);
    const contexts: Array<{ id: number; name: string; auxData?: { type?: string } }> = [];
    cdp.on(
      'Runtime.executionContextCreated',
      (e: { context: { id: number; name: string; auxData?: { type?: string } } }) =>
        contexts.push(e.context),
    );
    await cdp.send('Runtime.enable');
    const isolated = contexts.find(
      (c) => c.auxData?.type === 'isolated' && c.name === 'Answer panel',
    );
    expect(isolated, 'content script world not found').toBeDefined();
    const probe = await cdp.send('Runtime.evaluate', {
      contextId: isolated!.id,
      awaitPromise: true,
      returnByValue: true,
      expression: `chrome.storage.local.get(null).then((v) => JSON.stringify(v), (e) => 'denied: ' + e.message)`,
    });
    const seen = String((probe as { result: { value?: unknown } }).result.value);
    expect(seen).not.toContain('SECRETKEY');
    expect(seen).toMatch(/denied|^\{\}$|undefined/);
    await options.close();
    await page.close();
  });

  it('builds the manifest we reviewed: CSP, permissions, content scripts', () => {
    const manifest = builtManifest();
    const snapshot = JSON.parse(
      readFileSync(resolve(ROOT, 'test/e2e/manifest.snapshot.json'), 'utf8'),
    ) as Record<string, unknown>;
    const pick = (m: Record<string, unknown>) => ({
      manifest_version: m.manifest_version,
      content_security_policy: m.content_security_policy,
      permissions: m.permissions,
      host_permissions: m.host_permissions ?? [],
      optional_host_permissions: m.optional_host_permissions ?? [],
      content_scripts: m.content_scripts,
      side_panel: m.side_panel,
      background: m.background,
      commands: m.commands,
      web_accessible_resources: m.web_accessible_resources ?? [],
      cross_origin_embedder_policy: m.cross_origin_embedder_policy,
      cross_origin_opener_policy: m.cross_origin_opener_policy,
    });
    expect(pick(manifest)).toEqual(snapshot);
    expect((manifest.content_security_policy as { extension_pages: string }).extension_pages).toBe(
      "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';",
    );
  });
});
