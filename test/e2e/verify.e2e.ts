// Verify claim in the built extension: a claim the page contradicts is "The page says otherwise",
// with the page's sentence shown, the disagreeing words named on both sides, the meaning marked as
// not checked (no model), and the page's words highlighted on the page; a comparison or an order
// the page leaves to its figures is "doesn't say", with the sentence shown to weigh.
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

const runMenu = (tabId: number, selectionText: string) => verifyFromMenu(h, tabId, selectionText);

describe('verify claim: the page says otherwise', () => {
  it('shows the contradicting sentence and the words that disagree, and says meaning was not checked', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const claim =
      'A much stronger earthquake in 1404 caused serious cracks throughout the structure.';
    expect(await runMenu(tabId, claim)).toBe(true);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    expect(await panel.getAttribute('.verdict', 'data-verdict')).toBe('refuted');
    const verdict = (await panel.textContent('.verdict')) ?? '';
    expect(verdict).toContain('The page says otherwise');
    expect(verdict).toContain('meaning was not checked');
    expect(verdict).not.toMatch(/high confidence/i);
    expect(await panel.textContent('.verdict-sentence')).toContain('1303');
    expect(await panel.textContent('.conflict-claim')).toBe('1404');
    expect(await panel.textContent('.conflict-page')).toBe('1303');
    // The extractive answer would only repeat the verdict's sentence: it is shown once, in the box.
    expect(await panel.$$eval('.answer-text', (els) => els.length)).toBe(0);
    expect(await panel.$$eval('.cite-flagged', (els) => els.length)).toBe(0);
    // Showing the sentence highlights it on the page, the disagreeing words drawn strongest.
    await panel.click('.verdict-source');
    await expect
      .poll(() => page.evaluate(() => CSS.highlights.size), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await panel.close();
    await page.close();
  });
});

describe("verify claim: the page doesn't say it in words", () => {
  it('shows the sentence an order is left to, as "doesn\'t say", for the reader to weigh', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const claim = 'The tremor damaged the lighthouse before the stronger earthquake did.';
    expect(await runMenu(tabId, claim)).toBe(true);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.verdict', { timeout: 30_000 });
    expect(await panel.getAttribute('.verdict', 'data-verdict')).toBe('not-enough-evidence');
    expect(await panel.textContent('.verdict')).toContain("The page doesn't say");
    expect(await panel.textContent('.verdict-sentence')).toContain('956');
    expect(await panel.textContent('.verdict-figures')).toContain('for you to weigh');
    await panel.close();
    await page.close();
  });
});

describe('verify claim on a panel that is already open', () => {
  it('verifies each claim chosen from the menu at once, without reopening the panel', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    // The panel has started listening to the extension (its engine loads after the first paint).
    await panel.waitForSelector('.greeting button[data-action="example"]');
    const verdicts = () =>
      panel.$$eval('.verdict', (els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(
      await runMenu(tabId, 'The Pharos was designed by the Greek architect Sostratus of Cnidus.'),
    ).toBe(true);
    await expect.poll(verdicts, { timeout: 30_000 }).toEqual(['supported']);
    expect(
      await runMenu(
        tabId,
        'A much stronger earthquake in 1404 caused serious cracks throughout the structure.',
      ),
    ).toBe(true);
    await expect.poll(verdicts, { timeout: 30_000 }).toEqual(['supported', 'refuted']);
    await panel.close();
    await page.close();
  });
});
