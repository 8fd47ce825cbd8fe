// Panel state (zustand): the state and actions of lib/ask/panel.ts, bound to this page's browser
// APIs, the content script in the tab, the background and the pipeline Worker.

import * as Comlink from 'comlink';
import { create } from 'zustand';
import { createPanelActions, type PanelActions, type PanelPorts } from '@/lib/ask/panel';
import { INITIAL_PANEL, type PanelData } from '@/lib/ask/panel-state';
import type { PanelPrompt } from '@/lib/ask/worker-api';
import { chromePromptComposer, findLanguageModel } from '@/lib/composer/chrome-prompt';
import { loadSettings, type KeyValueArea } from '@/lib/settings/store';
import { pipelineWorker, sendToBackground, sendToTab, tabUrl, targetTabId } from './bridge';

export type PanelState = PanelData & PanelActions;

/** ONNX Runtime's wasm, copied into the build by wxt.config.ts. */
const ORT_WASM_FILE = 'ort-wasm-simd-threaded.asyncify.wasm';

const settingsArea: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

/** Chrome's built-in model, called from this page for the worker (see PanelPrompt). */
const panelPrompt: PanelPrompt = {
  complete: (prompt, onToken) =>
    chromePromptComposer(findLanguageModel()).complete(prompt, { onToken }),
};

const ports: PanelPorts = {
  targetTabId,
  tabUrl,
  readPage: (tabId) => sendToTab(tabId, 'page/read', {}),
  highlight: (tabId, request) => sendToTab(tabId, 'page/highlight', request),
  takeClaim: async (tabId) => (await sendToBackground('claim/take', { tabId })).claim,
  loadSettings: async () => (await loadSettings(settingsArea)).settings,
  workerEnv: () => ({
    language: navigator.language || 'en',
    // Built-time files (copied by the build hook, or generated into public/models/), unknown to
    // WXT's typed public paths, so the URLs are made from the extension's own origin.
    urls: {
      models: new URL('/models/', location.origin).href,
      ortWasm: new URL(`/ort/${ORT_WASM_FILE}`, location.origin).href,
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
      ),
    runCachedPage: (request, config, onProgress) =>
      pipelineWorker().runCachedPage(request, Comlink.proxy(onProgress), config),
  },
  now: () => performance.now(),
};

export const usePanel = create<PanelState>((set, get) => ({
  ...INITIAL_PANEL,
  ...createPanelActions(ports, { get, set }),
}));
