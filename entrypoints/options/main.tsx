import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import { SettingsForm } from '@/components/SettingsForm';
import type { KeyValueArea } from '@/lib/settings/store';

const area: KeyValueArea = {
  get: (key) => browser.storage.local.get(key),
  set: (items) => browser.storage.local.set(items),
};

const requestOrigins = (origins: string[]) => browser.permissions.request({ origins });

createRoot(document.getElementById('root')!).render(<SettingsForm area={area} requestOrigins={requestOrigins} />);
