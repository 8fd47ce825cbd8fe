// Puts the page reader (entrypoints/reader.ts) into a tab when the extension is asked to read it,
// instead of a content script on every page (docs/SECURITY.md, property 1): the panel, the
// toolbar button and the context menu call `ensureReader` with the tab they act on. The browser
// APIs come in as ports, so this is tested in Node.

/** The reader's file in the package: WXT builds `entrypoints/reader.ts` as an unlisted script. */
export const READER_FILE = '/reader.js';

export interface InjectPorts {
  /** Whether the reader already runs in the tab's top frame; rejects when the tab is off limits. */
  readerPresent(tabId: number): Promise<boolean>;
  /** Runs `file` in the tab's top frame (the extension's isolated world); rejects when off limits. */
  injectFile(tabId: number, file: string): Promise<void>;
}

/**
 * The reader in the tab, injected at most once per document: a second call finds it there. Two
 * calls racing may both inject; the reader then sees itself already running and registers nothing
 * more (entrypoints/reader.ts).
 */
export async function ensureReader(
  tabId: number,
  ports: InjectPorts,
): Promise<'present' | 'injected'> {
  if (await ports.readerPresent(tabId)) return 'present';
  await ports.injectFile(tabId, READER_FILE);
  return 'injected';
}

/**
 * Why the reader could not be injected, from the browser's error: no host access and no
 * activeTab grant (the user has not clicked for this tab yet) is `page-no-access`, which a click
 * fixes; anything else (a chrome:// page, the Web Store, an error page) is off limits for good.
 * Without the "tabs" permission the tab's address is hidden in both cases, so the message is all
 * there is to tell them apart.
 */
export function injectionRefusal(error: unknown): 'page-no-access' | 'page-unreadable' {
  const message = error instanceof Error ? error.message : String(error);
  return /must request permission/i.test(message) ? 'page-no-access' : 'page-unreadable';
}

/**
 * The name the reader answers to in its isolated world (a world the page cannot see into): an
 * object with `alive()` (its extension runtime is still there), which marks the document as
 * read-ready, and the highlight index's build count, which tests read.
 */
export const READER_GLOBAL = 'answerPanelReader';
