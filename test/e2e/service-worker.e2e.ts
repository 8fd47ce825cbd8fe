// The service worker may be stopped at any moment (Chrome stops idle extension workers after
// 30 s). It holds no answer state: the pipeline runs in the panel's Worker, and a claim from the
// context menu is in storage.session before anything else can fail (docs/SECURITY.md, property 11).
// These tests stop the real service worker over the DevTools protocol mid-answer and mid-verify.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFixture,
  openPanel,
  setSettings,
  startHarness,
  verifyFromMenu,
  type Harness,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await setSettings(h, { search: { provider: 'none' } });
});
afterAll(async () => {
  await h?.close();
});

/** Stops every service worker of the browser (ours is the only one) and waits until it is gone. */
async function stopServiceWorker(from: Page): Promise<void> {
  const cdp = await h.context.newCDPSession(from);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  // The worker we held is really gone: its context no longer answers (a stopped worker's
  // evaluate never settles, so two seconds of silence count as gone).
  const answered = await Promise.race([
    h.worker.evaluate(() => true).catch(() => false),
    new Promise<boolean>((ok) => setTimeout(() => ok(false), 2_000)),
  ]);
  expect(answered).toBe(false);
}

/**
 * Opens a test page and finds its tab id from an extension page (the settings page), without the
 * service worker: Playwright does not follow a service worker that started again after a stop.
 */
async function openWithoutWorker(path: string): Promise<{ page: Page; tabId: number }> {
  const page = await h.context.newPage();
  await page.goto(`${h.server.url}/${path}`);
  const probe = await h.context.newPage();
  await probe.goto(`chrome-extension://${h.extensionId}/options.html`);
  const tabId = await probe.evaluate(
    async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1,
    page.url(),
  );
  await probe.close();
  return { page, tabId };
}

describe('a service worker stopped mid-flight loses nothing', () => {
  it('verify: the claim stored by the menu click survives the stop and is verified', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const claim = 'The Pharos was designed by the Greek architect Sostratus of Cnidus.';
    const clicked = await verifyFromMenu(h, tabId, claim);
    expect(clicked).toBe(true);
    await stopServiceWorker(page);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    // The claim is shown above its verdict, as the turn's question.
    expect(await panel.textContent('.turn-question')).toContain(claim);
    await panel.close();
    await page.close();
  });

  it('answer: stopping the service worker while the panel answers changes nothing', async () => {
    const { page, tabId } = await openWithoutWorker('demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.fill('#question', 'Who designed the Lighthouse of Alexandria?');
    await panel.click('button[data-action="ask"]');
    await stopServiceWorker(panel);
    await panel.waitForSelector('.answer-text', { timeout: 30_000 });
    expect(await panel.textContent('.answer-text')).toMatch(/Sostratus/);
    await panel.close();
    await page.close();
  });
});
