// Service worker: context menu, side panel behaviour, message routing. No pipeline and no models
// here (MV3 stops idle workers): the work runs in the side panel's Web Worker.

import * as v from 'valibot';
import { bindBrowserMessages } from '@/lib/browser/i18n';
import { errorText } from '@/lib/core/errors';
import { t } from '@/lib/core/i18n';
import { parseWith } from '@/lib/core/guards';
import { attachRouter, createRouter } from '@/lib/messages/protocol';
import { claimKey, onVerifyClaimClick, VERIFY_CLAIM_MENU_ID } from '@/lib/background/claims';
import { OLLAMA_ORIGIN_RULE_ID, ollamaOriginRule } from '@/lib/composer/permissions';
import { chromeScripting } from '@/lib/browser/scripting';
import { ensureReader } from '@/lib/page/inject';
import { loadSettings, type KeyValueArea } from '@/lib/settings/store';
import { SETTINGS_KEY } from '@/lib/settings/schema';

/** What "Verify claim" stored for a tab (lib/background/claims.ts); anything else is no claim. */
const StoredClaim = v.object({ claim: v.string() });

const settingsArea: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

/** Keeps the Ollama Origin rule (lib/composer/permissions.ts) in step with the settings. */
async function syncOllamaOriginRule(): Promise<void> {
  const { settings } = await loadSettings(settingsArea);
  const rule = ollamaOriginRule(settings.composer, browser.runtime.id);
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [OLLAMA_ORIGIN_RULE_ID],
    ...(rule ? { addRules: [rule as chrome.declarativeNetRequest.Rule] } : {}),
  });
}

export default defineBackground(() => {
  bindBrowserMessages();
  // Settings (API keys included) live in storage.local: close it to content scripts.
  // Chrome 140+ (the manifest's minimum): close storage.local, where settings and API keys live.
  void browser.storage.local
    .setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })
    .catch((error: unknown) => console.error('Could not close settings to content scripts', error));
  // The toolbar button (and Alt+Shift+A, its command) opens the panel here rather than through
  // openPanelOnActionClick: with that behaviour Chrome opens the panel itself, action.onClicked
  // never fires and the tab gets no activeTab grant, so the reader could not be injected
  // (docs/SECURITY.md, property 1).
  void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
  browser.action.onClicked.addListener((tab) => {
    if (typeof tab.id !== 'number' || tab.id < 0) return;
    // sidePanel.open needs the click's user gesture: call it before anything is awaited.
    void browser.sidePanel.open({ tabId: tab.id }).catch((error: unknown) => {
      console.error('Could not open the panel:', errorText(error));
    });
    // A tab that cannot be scripted (chrome://) is explained by the panel when it reads.
    void ensureReader(tab.id, chromeScripting).catch(() => undefined);
  });

  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.removeAll(() => {
      browser.contextMenus.create({
        id: VERIFY_CLAIM_MENU_ID,
        title: t('menu_verify_claim'),
        contexts: ['selection'],
      });
    });
  });

  void syncOllamaOriginRule().catch(() => undefined);
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && SETTINGS_KEY in changes)
      void syncOllamaOriginRule().catch(() => undefined);
  });

  const handleClick = (info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab) =>
    onVerifyClaimClick(info, tab, {
      openPanel: (tabId) => browser.sidePanel.open({ tabId }),
      // The menu click granted activeTab: the reader goes in now, ready for the panel.
      prepareTab: (tabId) => ensureReader(tabId, chromeScripting),
      store: (items) => browser.storage.session.set(items),
      notify: (message) => browser.runtime.sendMessage(message),
    });
  // The listener's return value is ignored: a failure is logged here rather than left unhandled.
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void handleClick(info, tab).catch((error: unknown) =>
      console.error('Verify claim failed:', errorText(error)),
    );
  });
  // Lets the end-to-end test (and a developer in the service worker console) run the menu handler
  // without a real right-click; it is reachable only from inside the extension.
  (globalThis as { answerPanel?: unknown }).answerPanel = { onVerifyClaimClick: handleClick };

  const route = createRouter(
    {
      'claim/take': async ({ tabId }) => {
        const key = claimKey(tabId);
        const stored = await browser.storage.session.get(key);
        await browser.storage.session.remove(key);
        return { claim: parseWith(StoredClaim, stored[key])?.claim ?? null };
      },
    },
    browser.runtime.id,
  );
  attachRouter(browser.runtime.onMessage, route);
});
