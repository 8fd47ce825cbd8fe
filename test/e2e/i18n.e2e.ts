// The panel in German (issue 13, item 8; issue 17, item 5): Chromium started with a German user
// interface gives the extension its German catalog (public/_locales/de/messages.json). The
// greeting, the settings page, the answer the panel's Worker writes, the context menu's title and
// the manifest's description are German; nothing leaves the machine.

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  EXTENSION_DIR,
  externalRequests,
  openFixture,
  openPanel,
  saveShot,
  setSettings,
  startHarness,
  type Harness,
} from './harness';

/** Chromium picks a UI language only when its own strings for it are installed (chromium-l10n). */
const GERMAN_PAK = '/usr/lib/chromium/locales/de.pak';

let h: Harness;
beforeAll(async () => {
  if (!existsSync(GERMAN_PAK) && !process.env.CHROMIUM_PATH)
    throw new Error(`${GERMAN_PAK} is missing: install chromium-l10n (npm test does).`);
  h = await startHarness(EXTENSION_DIR, [], 'de');
  await setSettings(h, { search: { provider: 'none' } });
});
afterAll(async () => {
  await h?.close();
  if (h) expect(externalRequests(h.netLogPath)).toEqual([]);
});

describe('a German browser', () => {
  it('gives the extension its German catalog: manifest description and context-menu title', async () => {
    const said = await h.worker.evaluate(async () => ({
      locale: chrome.i18n.getMessage('locale_code'),
      menu: chrome.i18n.getMessage('menu_verify_claim'),
      description: (await chrome.management.getSelf()).description,
    }));
    expect(said).toEqual({
      locale: 'de',
      menu: 'Aussage prüfen',
      description: expect.stringMatching(/^Beantwortet Fragen zur Seite/),
    });
  });

  it('greets in German in the panel, and answers with German notes from its Worker', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('section.greeting');
    expect(await panel.getAttribute('html', 'lang')).toBe('de');
    expect(await panel.textContent('section.greeting h2')).toBe(
      'Fragen Sie zur Seite, die Sie gerade lesen',
    );
    expect(await panel.textContent('button[data-action="summarize"]')).toBe(
      'Diese Seite zusammenfassen',
    );
    expect(await panel.getAttribute('#question', 'placeholder')).toBe(
      'Fragen Sie etwas zu dieser Seite …',
    );
    expect(await panel.textContent('button[data-action="ask"]')).toBe('Fragen');
    expect(await panel.textContent('.panel-tabs [data-view="history"]')).toBe('Verlauf');
    await saveShot(panel, 'de-greeting.png');

    await ask(panel, 'Who designed the Lighthouse of Alexandria?');
    expect(await panel.textContent('.quotes-title')).toMatch(
      /^(Quellen|Nächstliegende Textstellen) \(\d+\)/,
    );
    expect(await panel.textContent('.run-summary')).toMatch(
      /^Beantwortet in \d+,\d s aus \d+ Textstelle/,
    );
    // Said by the Worker, which has no chrome.i18n: the catalog the panel named.
    const notes = await panel.$$eval('.retrieval-note', (els) => els.map((e) => e.textContent));
    expect(notes.join(' ')).toMatch(/nach Stichwörtern sortiert/);
    await saveShot(panel, 'de-answer.png');
    await panel.close();
    await page.close();
  });

  it('shows the settings page in German', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.waitForSelector('form.options h1');
    expect(await options.title()).toBe('Einstellungen von Answer panel');
    expect(await options.textContent('form.options h1')).toBe('Einstellungen von Answer panel');
    expect(await options.textContent('[data-group="sources"] legend')).toBe(
      'Woher Antworten kommen',
    );
    expect(await options.textContent('[data-group="privacy"] li')).toBe(
      'Nichts verlässt Ihren Browser.',
    );
    expect(await options.textContent('.save-bar button[type="submit"]')).toBe('Speichern');
    await saveShot(options, 'de-settings.png', true);
    await options.close();
  });
});
