// "Read any tab without a click" (Settings), off by default: with it, the page reader is
// registered for every http(s) page and goes in on each navigation, as a declared content script
// would, so the panel can follow the user across tabs. Without it the reader is injected only
// into a tab the user clicked for (docs/SECURITY.md, property 1). The registration is the setting:
// nothing else stores it.

import { READER_FILE } from '../page/inject';

export const ANY_TAB_SCRIPT_ID = 'reader-any-tab';
const ANY_SITE = ['https://*/*', 'http://*/*'];

export interface AnyTabAccess {
  enabled(): Promise<boolean>;
  /** Asks for access to every site (call it in the click: the prompt needs the user gesture). */
  enable(): Promise<boolean>;
  disable(): Promise<void>;
}

export const anyTabAccess: AnyTabAccess = {
  async enabled() {
    const [registered, granted] = await Promise.all([
      chrome.scripting.getRegisteredContentScripts({ ids: [ANY_TAB_SCRIPT_ID] }),
      chrome.permissions.contains({ origins: ANY_SITE }),
    ]);
    return registered.length > 0 && granted;
  },
  async enable() {
    if (!(await chrome.permissions.request({ origins: ANY_SITE }))) return false;
    await unregister();
    await chrome.scripting.registerContentScripts([
      {
        id: ANY_TAB_SCRIPT_ID,
        matches: ANY_SITE,
        js: [READER_FILE.slice(1)],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
    return true;
  },
  disable: unregister,
};

async function unregister(): Promise<void> {
  const registered = await chrome.scripting.getRegisteredContentScripts({
    ids: [ANY_TAB_SCRIPT_ID],
  });
  if (registered.length > 0)
    await chrome.scripting.unregisterContentScripts({ ids: [ANY_TAB_SCRIPT_ID] });
}
