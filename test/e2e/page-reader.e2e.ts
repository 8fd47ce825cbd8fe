// The page reader in a real tab (docs/SECURITY.md, properties 1, 8 and 14): injected only when the
// user asks, never at install; a page that replays WXT's content-script start message (with the
// extension id it learnt) cannot switch it off, and no message the extension sends to the page
// names the extension; a page without access says how to grant it; and a 100,000-paragraph page
// is read within the reader's budgets, with the highlight index built once per page version.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_TIME_BUDGET_MS } from '../../lib/page/read';
import { ask, LAST_TURN, openFixture, openPanel, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const ARTICLE = [
  'The old harbour of Tessel was rebuilt in 1852, after a winter storm destroyed the wooden piers and most of the warehouses along the quay.',
  'The new piers were built of granite brought by barge from the quarries upriver, and the harbour master of the time, Anna Vreeswijk, oversaw the work.',
  'A lighthouse was added at the end of the northern pier in 1860; its lamp burned whale oil until the town switched to paraffin twenty years later.',
  'Today the harbour serves fishing boats and a ferry to the islands, and the warehouses hold a maritime museum and a market.',
]
  .map((p) => `<p>${p}</p>`)
  .join('\n');

/**
 * A page that posts and dispatches what WXT 0.21's content-script context listens for — with the
 * extension id it was given, as a page that had seen the context's own message would have it —
 * every 20 ms, plus junk window messages, and records every window message it did not post itself.
 */
const REPLAY_PAGE = `<!doctype html><html lang="en"><head><title>Tessel harbour</title></head><body>
<article><h1>Tessel harbour</h1>${ARTICLE}</article>
<script>
  window.seenMessages = [];
  // What the page learns: every start message it sees, replayed as it came (name, script name).
  const learnt = [];
  addEventListener('message', (e) => {
    if (e.data && e.data.hostile === true) return;
    try { seenMessages.push(JSON.stringify(e.data)); } catch { seenMessages.push(String(e.data)); }
    if (typeof e.data?.type === 'string' && e.data.type.endsWith('wxt:content-script-started'))
      learnt.push({ type: e.data.type, name: e.data.contentScriptName });
  });
  const id = new URLSearchParams(location.hash.slice(1)).get('id');
  const guessed = ['content', 'reader', 'unlisted'].flatMap((name) =>
    [id + ':' + name + ':', ''].map((prefix) => ({ type: prefix + 'wxt:content-script-started', name })),
  );
  const replay = () => {
    for (const { type, name } of [...learnt, ...guessed]) {
      const detail = { contentScriptName: name, messageId: 'replayed', hostile: true };
      window.postMessage({ type, ...detail }, '*');
      document.dispatchEvent(new CustomEvent(type, { detail }));
    }
    window.dispatchEvent(new CustomEvent(id + ':content:wxt:locationchange', { detail: {} }));
    window.postMessage({ type: 'page/read', payload: {}, hostile: true }, '*');
    window.postMessage({ hostile: true, junk: Math.random() }, '*');
  };
  replay();
  setInterval(replay, 20);
</script></body></html>`;

/** The isolated worlds Chromium reports for the page (the extension's is named after it). */
async function watchWorlds(page: Page): Promise<{ cdp: CDPSession; reader: () => number | null }> {
  const cdp = await page.context().newCDPSession(page);
  const worlds: Array<{ id: number; name: string; auxData?: { type?: string } }> = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: (typeof worlds)[number] }) =>
    worlds.push(e.context),
  );
  await cdp.send('Runtime.enable');
  return {
    cdp,
    reader: () =>
      worlds.findLast((w) => w.auxData?.type === 'isolated' && w.name === 'Answer panel')?.id ??
      null,
  };
}

/** Evaluates `expression` in the reader's isolated world (where the page cannot see). */
async function inReader(cdp: CDPSession, contextId: number, expression: string): Promise<unknown> {
  const reply = (await cdp.send('Runtime.evaluate', {
    contextId,
    returnByValue: true,
    expression,
  })) as { result: { value?: unknown }; exceptionDetails?: unknown };
  expect(reply.exceptionDetails, expression).toBeUndefined();
  return reply.result.value;
}

const highlightCount = (page: Page) => page.evaluate(() => CSS.highlights.size);

describe('the page reader is injected when asked, not at install', () => {
  it('runs nothing in a tab until the panel reads it, then runs once', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const { cdp, reader } = await watchWorlds(page);
    expect(reader(), 'the reader ran in a tab nobody asked about').toBeNull();
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the lighthouse?');
    expect(await panel.getAttribute(LAST_TURN, 'data-status')).toBe('done');
    const world = reader();
    expect(world).not.toBeNull();
    // A second question finds the reader there: it is not injected again.
    await ask(panel, 'What was the lighthouse built from?');
    expect(await panel.getAttribute(LAST_TURN, 'data-status')).toBe('done');
    expect(reader()).toBe(world);
    await cdp.detach();
    await panel.close();
    await page.close();
  });

  it('says how to let it read a tab it has no access to', async () => {
    const url = 'http://no-access.test/';
    // A site outside the loopback host access, with no click on the toolbar button for it.
    await h.context.route(url, (route) =>
      route.fulfill({ body: REPLAY_PAGE, contentType: 'text/html' }),
    );
    const { page, tabId } = await openFixture(h, url);
    const panel = await openPanel(h, tabId);
    await ask(panel, 'When was the harbour rebuilt?');
    expect(await panel.getAttribute(`${LAST_TURN} .error`, 'data-error')).toBe('page-no-access');
    expect(await panel.textContent(`${LAST_TURN} .error`)).toContain(
      'Click the Answer panel icon, or press Alt+Shift+A, to let it read this tab',
    );
    await panel.close();
    await page.close();
  });
});

describe('a page that replays the content-script start message', () => {
  it('cannot switch reading or highlighting off, and never learns the extension id', async () => {
    await h.context.route(`${h.server.url}/replay/`, (route) =>
      route.fulfill({ body: REPLAY_PAGE, contentType: 'text/html' }),
    );
    const { page, tabId } = await openFixture(h, `replay/#id=${h.extensionId}`);
    const panel = await openPanel(h, tabId);
    for (const [question, expected] of [
      ['When was the harbour rebuilt?', '1852'],
      ['Who oversaw the building of the new piers?', 'Anna Vreeswijk'],
    ]) {
      // The page has been replaying all along; wait for more replays between questions.
      await page.waitForTimeout(300);
      await ask(panel, question!);
      expect(await panel.getAttribute(LAST_TURN, 'data-status')).toBe('done');
      expect(await panel.$(`${LAST_TURN} .origin[data-origin="cached-page"]`)).toBeNull();
      expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain(expected);
      await expect.poll(() => highlightCount(page)).toBeGreaterThan(0);
      // A citation click highlights again (the router still answers).
      await page.evaluate(() => CSS.highlights.clear());
      await panel.click(`${LAST_TURN} button.cite`);
      await expect.poll(() => highlightCount(page)).toBeGreaterThan(0);
    }
    const seen = await page.evaluate(
      () => (window as unknown as { seenMessages: string[] }).seenMessages,
    );
    expect(seen.filter((m) => m.includes(h.extensionId))).toEqual([]);
    // Nothing of the extension's reaches the page's window at all.
    expect(seen).toEqual([]);
    await panel.close();
    await page.close();
  });
});

describe('a 100,000-paragraph page', () => {
  it('is read within the budgets, says it was cut, and highlights without rebuilding the index', async () => {
    const paragraphs = Array.from(
      { length: 100_000 },
      (_, i) =>
        `<p>Entry ${i} of the harbour ledger records that crane ${i} lifted cargo for the merchants of the port that winter.</p>`,
    );
    paragraphs.splice(
      40,
      0,
      `<p>${'The copper weathervane on the customs house was installed by the guild of tinsmiths in 1788.'}</p>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Harbour ledger</title></head><body><article><h1>Harbour ledger</h1>${paragraphs.join('\n')}</article></body></html>`;
    await h.context.route(`${h.server.url}/ledger/`, (route) =>
      route.fulfill({ body: html, contentType: 'text/html' }),
    );
    const { page, tabId } = await openFixture(h, 'ledger/');
    const { cdp, reader } = await watchWorlds(page);
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who installed the copper weathervane on the customs house?');
    expect(await panel.getAttribute(LAST_TURN, 'data-status')).toBe('done');
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('tinsmiths');
    expect(await panel.textContent(`${LAST_TURN} [data-notice="page-cut"]`)).toMatch(
      /^This page is very long; read the first [\d,]+ words\.$/,
    );
    const world = reader()!;

    // Reading again, timed in the page's own thread.
    const timed = (await inReader(
      cdp,
      world,
      `(() => { const t = performance.now(); const r = globalThis.answerPanelReader.read();
        return { ms: performance.now() - t, truncatedBy: r.truncatedBy }; })()`,
    )) as { ms: number; truncatedBy?: string };
    expect(timed.truncatedBy).toBe('elements');
    expect(timed.ms).toBeLessThan(READ_TIME_BUDGET_MS);

    // The answer's highlights built the index once; clicks on the same page version reuse it.
    const builds = () => inReader(cdp, world, 'globalThis.answerPanelReader.index.builds');
    // The first build walks all 100,000 paragraphs: slow on a busy machine, hence the wait.
    await expect.poll(() => highlightCount(page), { timeout: 90_000 }).toBeGreaterThan(0);
    expect(await builds()).toBe(1);
    await panel.click(`${LAST_TURN} button.cite`);
    await panel.waitForSelector(`${LAST_TURN} li.quote-focused`);
    await panel.click(`${LAST_TURN} li.quote .quote-button`);
    await expect
      .poll(() => page.evaluate(() => CSS.highlights.has('answer-panel-focus')))
      .toBe(true);
    expect(await builds()).toBe(1);
    // A change to the page is a new version: the next click builds the index again.
    await page.evaluate(() => document.body.append(document.createElement('p')));
    await panel.click(`${LAST_TURN} button.cite`);
    await expect.poll(builds, { timeout: 90_000 }).toBe(2);
    await cdp.detach();
    await panel.close();
    await page.close();
  }, 240_000);
});
