// "Verify claim" context-menu flow, with the browser APIs passed in so it is testable in Node.
// The claim is stored in storage.session under the tab's key before anything else can fail, so a
// service worker stopped right after the click loses nothing (docs/SECURITY.md, property 11): the panel takes
// it when it opens.

import { envelope, type Envelope } from '../messages/protocol';
import { MAX_QUESTION_CHARS } from '../pipeline/question';

export const VERIFY_CLAIM_MENU_ID = 'verify-claim';

export const claimKey = (tabId: number) => `claim:${tabId}`;

export interface ClaimPorts {
  openPanel(tabId: number): Promise<unknown>;
  /** Injects the page reader while the click's activeTab grant holds; a failure is the panel's to explain. */
  prepareTab?(tabId: number): Promise<unknown>;
  store(items: Record<string, unknown>): Promise<unknown>;
  notify(message: Envelope): Promise<unknown>;
}

export interface ClickInfo {
  menuItemId: string | number;
  selectionText?: string;
}

export async function onVerifyClaimClick(
  info: ClickInfo,
  tab: { id?: number } | undefined,
  ports: ClaimPorts,
): Promise<boolean> {
  if (info.menuItemId !== VERIFY_CLAIM_MENU_ID || typeof tab?.id !== 'number' || tab.id < 0)
    return false;
  const tabId = tab.id;
  // sidePanel.open must run while the click's user gesture is still active: call it first.
  const opened = ports.openPanel(tabId).catch(() => undefined);
  const prepared = ports.prepareTab?.(tabId).catch(() => undefined);
  // The panel validates the length and keeps the text in its box; cap only what we store.
  const claim = (info.selectionText ?? '').slice(0, MAX_QUESTION_CHARS * 2);
  await ports.store({ [claimKey(tabId)]: { claim, at: Date.now() } });
  await Promise.all([opened, prepared]);
  // An already-open panel picks the claim up now; a panel that is still opening takes it on load.
  await ports.notify(envelope('claim/available', { tabId })).catch(() => undefined);
  return true;
}
