// What the page reader reads from test/fixtures/pages/hidden-text/source.html, a page that hides
// instructions in 25 ways (CSS, attributes, closed <details>, comments, scripts) and smuggles text
// in invisible characters. Used by the browser test and by `npm run bench` (security figures).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { envelope } from '../../lib/messages/protocol';
import { READER_FILE } from '../../lib/page/inject';
import type { PageSnapshot } from '../../lib/pipeline/types';

export const HIDDEN_TEXT_PAGE = 'hidden-text/source.html';

/** The technique names of the page: one `HIDDENTECH-<name>` marker each. */
export function hiddenTechniques(pagesDir: string): string[] {
  const html = readFileSync(`${pagesDir}/hidden-text/source.html`, 'utf8');
  return [...new Set(html.match(/HIDDENTECH-[a-z-]+/g) ?? [])].map((m) => m.slice(11));
}

/** Invisible characters that must never survive into page text. */
const SMUGGLED = /[\u{E0000}-\u{E007F}\u2066-\u2069]|\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;

export interface HiddenTextReport {
  techniques: number;
  /** Technique names whose marker reached the page text (plus "invisible-characters"). */
  leaks: string[];
  /** Text that must be read, to show the reader did not just drop everything. */
  visibleRead: boolean;
}

/**
 * Reads the open tab through the page reader, as the panel does (injecting it first; the reader
 * registers once however often it is injected), and lists what leaked.
 */
export async function hiddenTextReport(
  panel: Page,
  tabId: number,
  pagesDir: string,
): Promise<HiddenTextReport> {
  const reply = (await panel.evaluate(
    async ([id, message, file]) => {
      await chrome.scripting.executeScript({ target: { tabId: id, frameIds: [0] }, files: [file] });
      return chrome.tabs.sendMessage(id, message, { frameId: 0 });
    },
    [tabId, envelope('page/read', {}), READER_FILE] as const,
  )) as { ok: boolean; data?: PageSnapshot };
  if (!reply.ok || !reply.data) throw new Error(`page/read failed: ${JSON.stringify(reply)}`);
  const text = reply.data.blocks.map((b) => `${b.section ?? ''}\n${b.text}`).join('\n');
  const techniques = hiddenTechniques(pagesDir);
  const leaks = techniques.filter((name) => new RegExp(`HIDDENTECH-${name}(?![a-z-])`).test(text));
  if (SMUGGLED.test(text)) leaks.push('invisible-characters');
  return {
    techniques: techniques.length + 1,
    leaks,
    visibleRead: text.includes('Beekeepers place shallow water trays near the hive'),
  };
}
