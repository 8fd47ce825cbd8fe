// The browser's side of lib/page/inject.ts: chrome.scripting in the tab's top frame. Works where
// the extension has host access to the tab, or an activeTab grant from a click on the toolbar
// button, the keyboard shortcut or the context menu (docs/SECURITY.md, property 1).

import { READER_GLOBAL, type InjectPorts } from '../page/inject';

export const chromeScripting: InjectPorts = {
  async readerPresent(tabId) {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      // Serialised and run in the tab's isolated world: it may use only its argument. A reader
      // whose extension runtime is gone (the extension was reloaded) does not count.
      func: (name: string) =>
        (globalThis as unknown as Record<string, { alive?: () => boolean } | undefined>)[
          name
        ]?.alive?.() === true,
      args: [READER_GLOBAL],
    });
    return frame?.result === true;
  },
  async injectFile(tabId, file) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [file] });
  },
};
