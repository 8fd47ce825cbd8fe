// Binds the translation port (lib/core/i18n.ts) in the extension's contexts. Pages, the service
// worker and the content script have chrome.i18n: Chromium picks the catalog from the browser's
// UI language, else English (the manifest's default_locale). The panel's Worker has no chrome.i18n:
// it reads the packaged catalog the panel names (i18n-packaged.ts).

import { bindMessages } from '../core/i18n';

/** Every later `t` reads the catalog Chromium chose; its `locale_code` names it ("de"). */
export function bindBrowserMessages(): void {
  bindMessages(
    (key, substitutions) => chrome.i18n.getMessage(key, substitutions),
    chrome.i18n.getMessage('locale_code') || 'en',
  );
}
