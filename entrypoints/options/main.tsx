import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import type { ModelDownloadPorts } from '@/components/ModelDownload';
import {
  SettingsForm,
  type ComposerFormPorts,
  type StorageFormPorts,
} from '@/components/SettingsForm';
import { openStore } from '@/lib/cache/store';
import {
  createModelStore,
  downloadToStore,
  estimateDownloadSize,
  originsForHub,
} from '@/lib/models/browser-store';
import type { FetchLike } from '@/lib/models/download';
import { MODEL_MANIFEST, isPinned, selectModels } from '@/lib/models/manifest';
import { builtInModelUsable, findLanguageModel } from '@/lib/composer/chrome-prompt';
import { testComposerConnection } from '@/lib/composer/endpoints';
import type { KeyValueArea } from '@/lib/settings/store';

const area: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

/** Asks only for what is not granted yet (loopback is granted at install; see wxt.config.ts). */
const requestOrigins = async (origins: string[]) =>
  (await browser.permissions.contains({ origins })) || browser.permissions.request({ origins });

/** First-use model download: the page's own fetch and Cache Storage (the panel's worker reads the same origin's cache). */
const pageFetch: FetchLike = (url, init) => fetch(url, init);
const modelStore = createModelStore(caches, { origin: location.origin });
const models: ModelDownloadPorts = {
  record: () => modelStore.record(),
  clear: () => modelStore.clear(),
  estimate: (request) => estimateDownloadSize(MODEL_MANIFEST, { fetch: pageFetch, ...request }),
  saveEstimate: (estimate) => modelStore.saveEstimate(estimate),
  download: (request) =>
    downloadToStore(modelStore, { manifest: MODEL_MANIFEST, fetch: pageFetch, ...request }),
  hasUnpinned: (includeOptional) =>
    selectModels(MODEL_MANIFEST, { includeOptional }).some((m) => !isPinned(m)),
  originsForHub,
  requestOrigins,
};

const composer: ComposerFormPorts = {
  async test(settings) {
    if (settings.kind === 'chrome-prompt') {
      return (await builtInModelUsable(findLanguageModel()))
        ? { ok: true, detail: "Chrome's built-in model is available." }
        : {
            ok: false,
            error: {
              code: 'composer-unavailable',
              message: "This browser's built-in model is not available.",
            },
          };
    }
    if (settings.kind === 'extractive')
      return { ok: true, detail: 'The extractive composer needs no connection.' };
    return testComposerConnection(
      settings.kind,
      {
        endpoint: settings.endpoint,
        model: settings.model,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      },
      { fetch: (url, init) => fetch(url, init) },
    );
  },
  builtInModel: () => builtInModelUsable(findLanguageModel()),
};

const cache = openStore();
const storage: StorageFormPorts = {
  usageBytes: () => cache.usage(),
  persist: () => cache.persist(),
  clear: () => cache.clearAll(),
};

createRoot(document.getElementById('root')!).render(
  <SettingsForm
    area={area}
    requestOrigins={requestOrigins}
    models={models}
    composer={composer}
    storage={storage}
  />,
);
