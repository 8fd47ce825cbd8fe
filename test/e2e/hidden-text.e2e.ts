// Hidden text never becomes page text (docs/SECURITY.md, property 6), judged by the live page's
// computed style and layout in Chromium: 25 hiding techniques and smuggled invisible characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenTextReport, HIDDEN_TEXT_PAGE } from '../support/hidden-text';
import { openFixture, openPanel, PAGES_DIR, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('hidden text on a hostile page', () => {
  it('reads the visible text and none of the hidden or smuggled text', async () => {
    const { page, tabId } = await openFixture(h, HIDDEN_TEXT_PAGE);
    const panel = await openPanel(h, tabId);
    const report = await hiddenTextReport(panel, tabId, PAGES_DIR);
    expect(report.techniques).toBeGreaterThanOrEqual(20);
    expect(report.visibleRead).toBe(true);
    expect(report.leaks).toEqual([]);
    await panel.close();
    await page.close();
  });
});
