// Shared set-up for the browser tests: the built extension in Debian's Chromium, fixture pages
// from a 127.0.0.1 server, and every non-loopback request refused.

import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { extensionWorker, launchChromium } from '../support/chromium';
import { serveDirectory, type Route, type TestServer } from '../support/server';

/** Stores settings the way the options page does (tests skip the form where it is not the subject). */
export async function setSettings(
  h: Harness,
  patch: Record<string, Record<string, unknown>>,
): Promise<void> {
  await h.worker.evaluate(async (p) => {
    const { settings } = (await chrome.storage.local.get('settings')) as {
      settings?: Record<string, Record<string, unknown>>;
    };
    const base: Record<string, Record<string, unknown>> = settings ?? {
      composer: {
        kind: 'extractive',
        endpoint: 'http://127.0.0.1:11434/v1',
        model: '',
        apiKey: '',
        minConfidence: 'medium',
        timeoutSeconds: 60,
      },
      search: { provider: 'none', searxngUrl: '', braveApiKey: '' },
      // Off unless a test points it at its local Wikidata stand-in: nothing may reach wikidata.org.
      knowledgeGraph: {
        enabled: false,
        width: 3,
        depth: 3,
        sparqlEndpoint: 'https://query.wikidata.org/sparql',
        entitySearchEndpoint: 'https://www.wikidata.org/w/api.php',
      },
      retrieval: {
        sources: 'auto',
        useModels: true,
        rerank: false,
        device: 'auto',
        modelSource: 'bundled',
        hubUrl: 'https://huggingface.co',
      },
      storage: { budgetMB: 200, persist: false },
    };
    const next: Record<string, unknown> = { ...base, version: 4 };
    for (const [group, fields] of Object.entries(p)) next[group] = { ...base[group], ...fields };
    await chrome.storage.local.set({ settings: next });
  }, patch);
}

/**
 * Deletes the offline cache (answers, pages, responses), so a question asked again is answered
 * anew. Extension pages that hold the database open must be closed first.
 */
export async function clearCache(h: Harness): Promise<void> {
  await h.worker.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('answer-panel');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
        request.onblocked = () =>
          reject(new Error('the answer-panel database is still open in an extension page'));
      }),
  );
}

export const ROOT = resolve(import.meta.dirname, '../..');
export const EXTENSION_DIR = resolve(ROOT, '.output/chrome-mv3');
/** The same extension with small generated models shipped (built by test/run.sh; see wxt.config.ts). */
export const TEST_MODELS_EXTENSION_DIR = resolve(ROOT, '.output/test-models/chrome-mv3');
export const PAGES_DIR = resolve(ROOT, 'test/fixtures/pages');

export interface Harness {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  server: TestServer;
  /** Hosts of requests that were refused because they were not loopback. */
  blocked: string[];
  /** Chromium's own network log: every URL any context (workers included) requested. */
  netLogPath: string;
  /**
   * Closes the browser and starts it again on the same profile: the extension restarts with
   * whatever it had stored. The net log of the first session is kept (`netLogPaths`).
   */
  restart(): Promise<void>;
  netLogPaths: string[];
  close(): Promise<void>;
}

export function isLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (['chrome-extension:', 'data:', 'blob:', 'chrome:', 'about:'].includes(protocol))
      return true;
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
}

/**
 * Non-loopback http(s) URLs that web content or the extension asked for, from Chromium's net log
 * (read after the browser closed). Chromium's own services (update checks, time sync) start
 * requests with no initiating origin ("not an origin"); those are the browser's, not ours, and
 * the resolver rules above stop them anyway.
 */
export function externalRequests(netLogPath: string): string[] {
  const log = JSON.parse(readFileSync(netLogPath, 'utf8')) as {
    events: Array<{ params?: { url?: string; initiator?: string } }>;
  };
  const urls = new Set<string>();
  for (const { params } of log.events) {
    if (!params?.url || !/^https?:/.test(params.url) || isLoopback(params.url)) continue;
    if (params.initiator === undefined || params.initiator === 'not an origin') continue;
    urls.add(`${params.url} (from ${params.initiator})`);
  }
  return [...urls];
}

export async function startHarness(
  extensionDir = EXTENSION_DIR,
  routes: Route[] = [],
  /** The browser's UI language ("de"); the system's when absent. */
  lang?: string,
  /** More Chromium switches (a software WebGPU adapter). */
  extraArgs: string[] = [],
): Promise<Harness> {
  if (!existsSync(resolve(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: run \`npm test\`, which builds it.`);
  }
  const server = await serveDirectory(PAGES_DIR, routes);
  const profile = mkdtempSync(join(tmpdir(), 'answer-panel-'));
  const blocked: string[] = [];
  const launch = async () => {
    const netLogPath = join(mkdtempSync(join(tmpdir(), 'netlog-')), 'netlog.json');
    const context = await launchChromium(
      extensionDir,
      [
        // Every name but loopback fails to resolve: nothing can leave this machine, whatever asks.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
        `--log-net-log=${netLogPath}`,
        ...extraArgs,
      ],
      profile,
      lang,
    );
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (isLoopback(url)) return route.continue();
      blocked.push(new URL(url).host);
      return route.abort('blockedbyclient');
    });
    const worker = await extensionWorker(context);
    return { context, worker, netLogPath };
  };
  const first = await launch();
  const h: Harness = {
    ...first,
    extensionId: new URL(first.worker.url()).host,
    server,
    blocked,
    netLogPaths: [first.netLogPath],
    async restart() {
      await h.context.close();
      Object.assign(h, await launch());
      h.netLogPaths.push(h.netLogPath);
    },
    async close() {
      await h.context.close();
      await server.close();
    },
  };
  return h;
}

/** Opens a fixture page in a tab and returns the page with its tab id (as the extension sees it). */
export async function openFixture(
  h: Harness,
  path: string,
): Promise<{ page: Page; tabId: number }> {
  const page = await h.context.newPage();
  const url =
    path.startsWith('http') || path.startsWith('chrome') ? path : `${h.server.url}/${path}`;
  await page.goto(url);
  const tabId = await h.worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    // The newest tab with that address: the one just opened (an earlier test may have left one open).
    const match = tabs
      .filter((t) => t.url === u || t.pendingUrl === u)
      .sort((a, b) => (b.id ?? 0) - (a.id ?? 0))[0];
    // Without the "tabs" permission the worker sees URLs only of pages it has host access to
    // (not chrome:// pages): then the newest tab is the one just opened.
    return match?.id ?? Math.max(...tabs.map((t) => t.id ?? -1));
  }, page.url());
  return { page, tabId };
}

/** The side panel's page, opened in a tab and pointed at `tabId` (a real side panel needs a user gesture). */
export async function openPanel(h: Harness, tabId: number): Promise<Page> {
  const panel = await h.context.newPage();
  await panel.setViewportSize({ width: 420, height: 900 });
  await panel.goto(`chrome-extension://${h.extensionId}/sidepanel.html?tab=${tabId}`);
  return panel;
}

/** Opens a fixture page and the panel for it, and asks; `close()` closes both. */
export async function askAbout(
  h: Harness,
  path: string,
  question: string,
  action: 'ask' | 'verify' = 'ask',
) {
  const { page, tabId } = await openFixture(h, path);
  const panel = await openPanel(h, tabId);
  await ask(panel, question, action);
  return {
    page,
    panel,
    close: async () => {
      await panel.close();
      await page.close();
    },
  };
}

/** The panel's latest turn (question and answer): scope selectors to it after a follow-up. */
export const LAST_TURN = 'article.turn:last-of-type';

/**
 * Asks in the panel and waits until that question's turn is answered, failed or stopped — or the
 * question was refused beside the box (too short, no tab).
 */
export async function ask(
  panel: Page,
  question: string,
  action: 'ask' | 'verify' = 'ask',
): Promise<void> {
  const before = await panel.$$eval('article.turn', (els) => els.length);
  await panel.fill('#question', question);
  await panel.click(`button[data-action="${action}"]`);
  await panel.waitForFunction(
    (count) => {
      if (document.querySelector('form.ask .error')) return true;
      const turns = document.querySelectorAll('article.turn');
      return (
        turns.length > count && turns[turns.length - 1]!.getAttribute('data-status') !== 'running'
      );
    },
    before,
    { timeout: 30_000 },
  );
}

export function builtManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * The "Verify claim" context-menu click, as the service worker receives it (the background
 * exposes its handler for tests): the selection is stored for the tab and the panel opened.
 */
export function verifyFromMenu(h: Harness, tabId: number, selectionText: string): Promise<boolean> {
  return h.worker.evaluate(
    ([id, text]) =>
      (
        globalThis as unknown as {
          answerPanel: { onVerifyClaimClick: (i: unknown, t: unknown) => Promise<boolean> };
        }
      ).answerPanel.onVerifyClaimClick({ menuItemId: 'verify-claim', selectionText: text }, { id }),
    [tabId, selectionText] as const,
  );
}

/**
 * A screenshot of a view, into test/e2e/artifacts (copied to screenshots/ when reviewed), with
 * animations stopped and the caret hidden so the same state gives the same picture.
 */
export async function saveShot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = resolve(ROOT, 'test/e2e/artifacts');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: resolve(dir, name),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}

/**
 * Injects the page reader into a tab the way the toolbar button does (the service worker has host
 * access to the fixture server's 127.0.0.1, so no click is needed), for tests that look inside
 * its isolated world before the panel has read the tab.
 */
export async function injectReader(h: Harness, tabId: number): Promise<void> {
  await h.worker.evaluate(
    (id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['reader.js'] }),
    tabId,
  );
}
