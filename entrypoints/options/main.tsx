import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import type { ModelDownloadPorts } from '@/components/ModelDownload';
import {
  SettingsForm,
  type ComposerFormPorts,
  type StorageFormPorts,
} from '@/components/SettingsForm';
import { openStore } from '@/lib/cache/store';
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
const models: ModelDownloadPorts = {
  fetch: (url, init) => fetch(url, init),
  caches,
  origin: location.origin,
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
