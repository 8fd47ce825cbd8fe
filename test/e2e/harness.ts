// Shared set-up for the browser tests: the built extension in Debian's Chromium, fixture pages
// from a 127.0.0.1 server, and every non-loopback request refused.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { extensionWorker, launchChromium } from '../support/chromium';
import { serveDirectory, type TestServer } from '../support/server';

export const ROOT = resolve(import.meta.dirname, '../..');
export const EXTENSION_DIR = resolve(ROOT, '.output/chrome-mv3');
export const PAGES_DIR = resolve(ROOT, 'test/fixtures/pages');

export interface Harness {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  server: TestServer;
  /** Hosts of requests that were refused because they were not loopback. */
  blocked: string[];
  close(): Promise<void>;
}

export function isLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'chrome-extension:' || protocol === 'data:' || protocol === 'blob:' || protocol === 'chrome:' || protocol === 'about:') return true;
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync(resolve(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension at ${EXTENSION_DIR}: run \`npm run build\` first (npm test does).`);
  }
  const server = await serveDirectory(PAGES_DIR);
  const context = await launchChromium(EXTENSION_DIR);
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopback(url)) return route.continue();
    blocked.push(new URL(url).host);
    return route.abort('blockedbyclient');
  });
  const worker = await extensionWorker(context);
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    server,
    blocked,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

/** Opens a fixture page in a tab and returns the page with its tab id (as the extension sees it). */
export async function openFixture(h: Harness, path: string): Promise<{ page: Page; tabId: number }> {
  const page = await h.context.newPage();
  const url = path.startsWith('http') || path.startsWith('chrome') ? path : `${h.server.url}/${path}`;
  await page.goto(url);
  const tabId = await h.worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const match = tabs.find((t) => t.url === u || t.pendingUrl === u);
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

export async function ask(panel: Page, question: string, action: 'ask' | 'verify' = 'ask'): Promise<void> {
  await panel.fill('#question', question);
  await panel.click(`button[data-action="${action}"]`);
  await panel.waitForSelector('.result, .error', { timeout: 30_000 });
}

export function builtManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}
