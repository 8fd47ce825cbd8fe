import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import type { ModelDownloadPorts } from '@/components/ModelDownload';
import '@/components/settings/settings.css';
import {
  SettingsForm,
  type ComposerFormPorts,
  type InstalledModels,
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
import {
  MODEL_MANIFEST,
  isPinned,
  optionalRoles,
  selectModels,
  type ManifestModel,
  type ModelRole,
} from '@/lib/models/manifest';
import { builtInModelUsable, findLanguageModel } from '@/lib/composer/chrome-prompt';
import { testComposerConnection } from '@/lib/composer/endpoints';
import type { KeyValueArea } from '@/lib/settings/store';
import { bindBrowserMessages } from '@/lib/browser/i18n';
import { messageFor } from '@/lib/core/errors';
import { messageLocale, t } from '@/lib/core/i18n';
import { anyTabAccess } from '@/lib/browser/any-tab';

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
  // The optional models the user turned on (reranker, fact-checking model) are downloaded too.
  estimate: ({ optional, onlyOptional, ...request }) => {
    const includeOptional = optionalRoles(optional);
    const only = MODEL_MANIFEST.models
      .filter((m) => includeOptional.includes(m.role))
      .map((m) => m.id);
    return estimateDownloadSize(MODEL_MANIFEST, {
      fetch: pageFetch,
      includeOptional,
      ...(onlyOptional ? { only } : {}),
      ...request,
    });
  },
  saveEstimate: (estimate) => modelStore.saveEstimate(estimate),
  download: ({ optional, ...request }) =>
    downloadToStore(modelStore, {
      manifest: MODEL_MANIFEST,
      fetch: pageFetch,
      includeOptional: optionalRoles(optional),
      ...request,
    }),
  hasUnpinned: (optional) =>
    selectModels(MODEL_MANIFEST, { includeOptional: optionalRoles(optional) }).some(
      (m) => !isPinned(m),
    ),
  originsForHub,
  requestOrigins,
};

/** Whether every file of a model is in the package (the build's public/models/). */
async function bundled(model: ManifestModel): Promise<boolean> {
  const checks = model.files.map((file) =>
    fetch(`${location.origin}/models/${model.folder}/${file.path}`, { method: 'HEAD' }).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return (await Promise.all(checks)).every(Boolean);
}

/** The models installed, by role: built into the package, and downloaded (the record lists them). */
async function installedModels(): Promise<InstalledModels> {
  const record = await modelStore.record().catch(() => null);
  const roles = async (has: (m: ManifestModel) => Promise<boolean>) => {
    const present = await Promise.all(MODEL_MANIFEST.models.map(has));
    return MODEL_MANIFEST.models.filter((_, i) => present[i]).map((m): ModelRole => m.role);
  };
  return {
    bundled: await roles(bundled),
    downloaded: await roles((m) =>
      Promise.resolve(
        record !== null && m.files.every((f) => `${m.folder}/${f.path}` in record.files),
      ),
    ),
  };
}

const composer: ComposerFormPorts = {
  async test(settings) {
    if (settings.kind === 'chrome-prompt') {
      return (await builtInModelUsable(findLanguageModel()))
        ? { ok: true, detail: t('settings_builtin_available') }
        : {
            ok: false,
            error: {
              code: 'composer-unavailable',
              message: messageFor('composer-unavailable'),
            },
          };
    }
    if (settings.kind === 'extractive')
      return { ok: true, detail: t('settings_extractive_no_connection') };
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

bindBrowserMessages();
document.documentElement.lang = messageLocale();
document.title = t('settings_title');
createRoot(document.getElementById('root')!).render(
  <main>
    <SettingsForm
      area={area}
      requestOrigins={requestOrigins}
      models={models}
      installedModels={installedModels}
      composer={composer}
      storage={storage}
      tabAccess={anyTabAccess}
    />
  </main>,
);
