// Binds the translation port (lib/core/i18n.ts) to chrome.i18n in the contexts that have it: the
// side panel, the settings page, the service worker and the content script. Chromium picks the
// catalog from the browser's UI language, falling back to English (the manifest's default_locale).

import { bindMessages } from '../core/i18n';

/** Every later `t` reads the catalog Chromium chose; its `locale_code` names it ("de"). */
export function bindBrowserMessages(): void {
  bindMessages(
    (key, substitutions) => chrome.i18n.getMessage(key, substitutions),
    chrome.i18n.getMessage('locale_code') || 'en',
  );
}
