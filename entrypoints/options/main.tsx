import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import type { ModelDownloadPorts } from '@/components/ModelDownload';
import { SettingsForm } from '@/components/SettingsForm';
import type { KeyValueArea } from '@/lib/settings/store';

const area: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

const requestOrigins = (origins: string[]) => browser.permissions.request({ origins });

/** First-use model download: the page's own fetch and Cache Storage (the panel's worker reads the same origin's cache). */
const models: ModelDownloadPorts = { fetch: (url, init) => fetch(url, init), caches, origin: location.origin, requestOrigins };

createRoot(document.getElementById('root')!).render(<SettingsForm area={area} requestOrigins={requestOrigins} models={models} />);
