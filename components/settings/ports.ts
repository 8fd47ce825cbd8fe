// What the settings form needs from the outside world, passed in by the options page: the form
// itself talks to no adapter (docs/ARCHITECTURE.md, Layers).

import type { ErrorInfo } from '@/lib/core/errors';
import type { ModelRole } from '@/lib/models/manifest';
import type { Settings } from '@/lib/settings/schema';
import type { KeyValueArea } from '@/lib/settings/store';
import type { ModelDownloadPorts } from '../ModelDownload';
import type { TabAccessPorts } from './TabAccessSettings';

export type ConnectionResult = { ok: true; detail: string } | { ok: false; error: ErrorInfo };

/** The composer's side effects for the form: a connection test and built-in model detection. */
export interface ComposerFormPorts {
  test(composer: Settings['composer']): Promise<ConnectionResult>;
  /** Whether this browser has a usable built-in model (the Prompt API); the choice is hidden when not. */
  builtInModel(): Promise<boolean>;
}

/** The offline cache, for the form: what it uses, persistent storage, and clearing it. */
export interface StorageFormPorts {
  usageBytes(): Promise<number>;
  /** navigator.storage.persist(): resolves to whether the browser granted it. */
  persist(): Promise<boolean>;
  clear(): Promise<void>;
}

/** The models whose files are all present, by role: built into the package, and downloaded. */
export interface InstalledModels {
  bundled: readonly ModelRole[];
  downloaded: readonly ModelRole[];
}

/** Asks the browser for host access (optional host permissions); resolves to whether it was granted. */
export type RequestOrigins = (origins: string[]) => Promise<boolean>;

export interface SettingsFormProps {
  area: KeyValueArea;
  requestOrigins?: RequestOrigins;
  /** Fetch, Cache Storage and the extension origin, for downloading the models on first use. */
  models?: ModelDownloadPorts;
  /** Which models are installed, so the model switches show what the panel will do. */
  installedModels?: () => Promise<InstalledModels>;
  composer?: ComposerFormPorts;
  storage?: StorageFormPorts;
  /** "Read any tab without a click"; the switch is hidden when absent. */
  tabAccess?: TabAccessPorts;
}
