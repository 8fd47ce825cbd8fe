// The panel's engine, loaded after the first paint (store.ts): the actions of lib/ask/panel.ts
// bound to this page's browser APIs, the content script in the tab, the background and the
// pipeline Worker, and the listeners for messages and tab switches.

import * as Comlink from 'comlink';
import { createPanelActions, type PanelActions, type PanelPorts } from '@/lib/ask/panel';
import type { PanelStore } from '@/lib/ask/panel-state';
import type { PanelPrompt } from '@/lib/ask/worker-api';
import { withChoices } from '@/lib/ask/panel-setup';
import { messageLocale, t } from '@/lib/core/i18n';
import type { PrivacyChoices, SetupNoticeKind } from '@/lib/ask/panel-state';
import { chromePromptComposer, findLanguageModel } from '@/lib/composer/chrome-prompt';
import { attachRouter, createRouter } from '@/lib/messages/protocol';
import { MODEL_MANIFEST, selectModels } from '@/lib/models/manifest';
import { accessFor, withoutDeniedAccess } from '@/lib/settings/permissions';
import { loadSettings, saveSettings, type KeyValueArea } from '@/lib/settings/store';
import { fixedTabId, pipelineWorker, sendToBackground, sendToTab, targetTabId } from './bridge';
import { openPdfViewer, readTabPage, savedCopyAddress } from './pdf';
import type { PanelState } from './store';

const settingsArea: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

/** Chrome's built-in model, called from this page for the worker (see PanelPrompt). */
const panelPrompt: PanelPrompt = {
  complete: (prompt, onToken) =>
    chromePromptComposer(findLanguageModel()).complete(prompt, { onToken }),
};

/** The panel's own memory (not settings): first run answered, notices dismissed. */
const PREFS_KEY = 'panel';

/** Bytes of the ranking models a download in Settings fetches (the manifest's pinned sizes). */
function modelBytes(): number | null {
  const files = selectModels(MODEL_MANIFEST).flatMap((m) => m.files);
  if (files.some((f) => f.size === null)) return null;
  return files.reduce((sum, f) => sum + (f.size ?? 0), 0);
}

/**
 * Saves the greeting's choices with the settings loader and saver. Host access a choice needs is
 * asked for in the click (a composer endpoint off this computer); refused, the note says so.
 */
async function saveChoices(choices: PrivacyChoices): Promise<{ note: string | null }> {
  const { settings } = await loadSettings(settingsArea);
  let next = withChoices(settings, choices);
  let note: string | null = null;
  const access = accessFor(next);
  if (access.all.length > 0) {
    const origins = access.all;
    const granted =
      (await browser.permissions.contains({ origins })) ||
      (await browser.permissions.request({ origins }).catch(() => false));
    if (!granted) ({ settings: next, note } = withoutDeniedAccess(next, access));
  }
  const saved = await saveSettings(settingsArea, next);
  if (!saved.ok) return { note: t('choices_not_saved', Object.values(saved.errors).join(' ')) };
  return { note };
}

const ports: PanelPorts = {
  targetTabId,
  tabUrl: savedCopyAddress,
  readPage: readTabPage,
  openPdfViewer,
  highlight: (tabId, request) => sendToTab(tabId, 'page/highlight', request),
  takeClaim: async (tabId) => (await sendToBackground('claim/take', { tabId })).claim,
  loadSettings: async () => (await loadSettings(settingsArea)).settings,
  workerEnv: () => ({
    language: navigator.language || 'en',
    locale: messageLocale(),
    // Built-time files (copied by the build hook, or generated into public/models/), unknown to
    // WXT's typed public paths, so the URLs are made from the extension's own origin. `ort/` holds
    // both ONNX Runtime WebAssembly files (wxt.config.ts); the Worker picks one.
    urls: {
      models: new URL('/models/', location.origin).href,
      ort: new URL('/ort/', location.origin).href,
    },
  }),
  // Callbacks cross into the Worker as Comlink proxies.
  worker: {
    run: (request, config, on) =>
      pipelineWorker().run(
        request,
        Comlink.proxy(on.progress),
        config,
        Comlink.proxy(on.token),
        Comlink.proxy(panelPrompt),
        on.first && Comlink.proxy(on.first),
      ),
    runCachedPage: (request, config, onProgress) =>
      pipelineWorker().runCachedPage(request, Comlink.proxy(onProgress), config),
    cancel: () => pipelineWorker().cancel(),
    warm: (config) => pipelineWorker().warm(config),
    prepare: (config, page) => pipelineWorker().prepare(config, page),
  },
  now: () => performance.now(),
  modelBytes,
  async loadPrefs() {
    const stored = (await browser.storage.local.get(PREFS_KEY))[PREFS_KEY] as
      { onboardingDone?: unknown; dismissed?: unknown } | undefined;
    const kinds: SetupNoticeKind[] = ['models', 'endpoint'];
    return {
      onboardingDone: stored?.onboardingDone === true,
      dismissed: Array.isArray(stored?.dismissed)
        ? kinds.filter((k) => (stored.dismissed as unknown[]).includes(k))
        : [],
    };
  },
  savePrefs: (prefs) => browser.storage.local.set({ [PREFS_KEY]: prefs }),
  saveChoices,
  async shortcut() {
    const commands = await browser.commands.getAll();
    return commands.find((c) => c.name === '_execute_action')?.shortcut || null;
  },
};

export function panelActions(store: PanelStore): PanelActions {
  return createPanelActions(ports, store);
}

/**
 * Takes a claim left for this tab, and listens for new claims, navigations and tab switches, for
 * as long as the panel is open.
 */
export function listenToExtension(panel: () => PanelState): void {
  void panel()
    .showTab()
    .then(() => panel().takePendingClaim());
  const route = createRouter(
    {
      'claim/available': async ({ tabId }) => {
        if ((await targetTabId()) === tabId) await panel().takePendingClaim();
        return null;
      },
      'page/navigated': (_payload, sender) => {
        if (typeof sender.tab?.id === 'number') panel().pageNavigated(sender.tab.id);
        return null;
      },
    },
    browser.runtime.id,
  );
  attachRouter(browser.runtime.onMessage, route);
  // A panel pointed at one tab (?tab=) stays with it; otherwise it follows the active tab.
  if (fixedTabId() === null)
    browser.tabs.onActivated.addListener(({ tabId }) => void panel().showTab(tabId));
}
