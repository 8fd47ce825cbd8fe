// Accessibility (issue 13, item 7): axe-core finds no serious or critical problem on the panel
// (greeting, answered, history) or the settings page, in light and dark; the panel works from
// the keyboard alone (Tab to the box, Enter asks, arrow keys walk the sources, Esc stops).
// (Screenshots of each view in both schemes: screenshots.e2e.ts.)

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ComposerServer } from '../support/composer-server';
import { ask, LAST_TURN, openFixture, openPanel, setSettings, type Harness } from './harness';
import { usePanelSuite } from './panel-suite';

let h: Harness;
let llm: ComposerServer;

const WHO = 'Who designed the Lighthouse of Alexandria?';

usePanelSuite({ tokenDelayMs: 20 }, (suite) => ({ h, llm } = suite));

/** axe-core's serious and critical findings, as "rule: target" lines (empty when none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

/** Checks the page in light and then dark colours. */
async function bothSchemes(page: Page, check: () => Promise<void>): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await check();
  }
}

describe('axe-core: no serious or critical violations', () => {
  it('on the panel: greeting, answered (sources open, details open) and history', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.greeting');
    await bothSchemes(panel, async () => expect(await seriousViolations(panel)).toEqual([]));

    await ask(panel, WHO);
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    await bothSchemes(panel, async () => expect(await seriousViolations(panel)).toEqual([]));
    await panel.click(`${LAST_TURN} .quotes-title`);
    await panel.click(`${LAST_TURN} .run-details > summary`);
    await bothSchemes(panel, async () => expect(await seriousViolations(panel)).toEqual([]));

    await panel.click('button[data-view="history"]');
    await panel.waitForSelector('li.history-item');
    await bothSchemes(panel, async () => expect(await seriousViolations(panel)).toEqual([]));
    await panel.close();
    await page.close();
  });

  it('on the settings page, Basic and Advanced', async () => {
    const options = await h.context.newPage();
    await options.setViewportSize({ width: 900, height: 900 });
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.waitForSelector('form.options');
    await bothSchemes(options, async () => expect(await seriousViolations(options)).toEqual([]));
    await options.click('#answer-with-web');
    await options.click('details.advanced > summary');
    await bothSchemes(options, async () => expect(await seriousViolations(options)).toEqual([]));
    await options.close();
  });
});

/** What has the keyboard focus: its id, data-action, data-cite or class. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.id) return `#${el.id}`;
    if (el.dataset.action) return `action:${el.dataset.action}`;
    if (el.dataset.cite) return `cite:${el.dataset.cite}`;
    return `${el.tagName.toLowerCase()}.${el.className}`;
  });

/** Presses Tab until `want` has the focus; fails after `max` presses. */
async function tabTo(page: Page, want: (f: string) => boolean, max = 30): Promise<string> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (want(f)) return f;
  }
  throw new Error(`Tab never reached it; the focus is on ${await focused(page)}`);
}

describe('the keyboard alone', () => {
  it('Tab to the box, Enter asks, arrow keys walk the sources, Enter shows one, Esc stops', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.greeting');

    await tabTo(panel, (f) => f === '#question');
    await panel.keyboard.type(WHO);
    await panel.keyboard.press('Enter');
    await panel.waitForSelector(`${LAST_TURN}[data-status="done"]`, { timeout: 30_000 });
    // Asking keeps the cursor in the box, ready for a follow-up; the answer is announced once.
    expect(await focused(panel)).toBe('#question');
    expect(await panel.textContent('[data-live="answer"]')).toMatch(/^Answer: .*Sostratus/);

    // Tab reaches the first source chip; the arrows go through the others and wrap around.
    const cites = await panel.$$eval(`${LAST_TURN} button.cite`, (els) =>
      els.map((e) => `cite:${e.getAttribute('data-cite')}`),
    );
    expect(cites.length).toBeGreaterThan(0);
    await panel.focus('.panel-tabs button[data-view="ask"]');
    expect(await tabTo(panel, (f) => f.startsWith('cite:'))).toBe(cites[0]);
    for (const want of [...cites.slice(1), cites[0]]) {
      await panel.keyboard.press('ArrowRight');
      expect(await focused(panel)).toBe(want);
    }
    await panel.keyboard.press('ArrowLeft');
    expect(await focused(panel)).toBe(cites.at(-1));
    // Enter on a chip shows its quote on the page and opens the sources.
    await panel.keyboard.press('Enter');
    const id = cites.at(-1)!.slice('cite:'.length);
    await panel.waitForSelector(`${LAST_TURN} li.quote-focused[data-quote="${id}"]`);
    expect(await panel.getAttribute(`${LAST_TURN} .quotes-box`, 'open')).not.toBeNull();
    // In the open sources the arrows go from quote to quote, and wrap around.
    const quoteIds = await panel.$$eval(`${LAST_TURN} li.quote:has(.quote-button)`, (els) =>
      els.map((e) => e.getAttribute('data-quote')),
    );
    const focusedQuote = () =>
      panel.evaluate(() =>
        document.activeElement?.matches('.quote-button')
          ? document.activeElement.closest('li.quote')?.getAttribute('data-quote')
          : null,
      );
    await panel.focus(`${LAST_TURN} .quote-button`);
    for (const want of [...quoteIds.slice(1), quoteIds[0]]) {
      await panel.keyboard.press('ArrowDown');
      expect(await focusedQuote()).toBe(want);
    }
    await panel.keyboard.press('End');
    expect(await focusedQuote()).toBe(quoteIds.at(-1));

    // A slow model: Esc stops the question that is running and puts the cursor back in the box.
    await setSettings(h, {
      composer: {
        kind: 'openai-compatible',
        endpoint: llm.openAiBase,
        model: 'test-model',
        timeoutSeconds: 5,
      },
    });
    llm.setMode('slow-first-byte');
    llm.configure({ firstByteDelayMs: 20_000 });
    await panel.focus('#question');
    await panel.keyboard.type('When did Ibn Battuta visit Alexandria?');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector(`${LAST_TURN} .working-text`, { timeout: 30_000 });
    expect(await panel.textContent('[data-live="answer"]')).toMatch(/^Working/);
    await panel.keyboard.press('Escape');
    await panel.waitForSelector(`${LAST_TURN}[data-status="stopped"]`);
    expect(await panel.textContent(`${LAST_TURN} .turn-stopped`)).toMatch(/^Stopped/);
    expect(await focused(panel)).toBe('#question');
    expect(await panel.textContent('[data-live="answer"]')).toBe('Stopped.');

    // History from the keyboard: Enter on a saved answer opens it, the cursor in the box.
    await panel.focus('button[data-view="history"]');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('li.history-item button.history-open');
    await panel.focus('li.history-item button.history-open');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector(`${LAST_TURN} .result`);
    expect(await panel.getAttribute('button[data-view="ask"]', 'aria-pressed')).toBe('true');
    await panel.waitForFunction(() => document.activeElement?.id === 'question');
    await panel.close();
    await page.close();
  });
});
