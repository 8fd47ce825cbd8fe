// Loads and saves settings through a key-value area (chrome.storage.local in the extension, a
// Map in tests). The area is passed in, so this module never touches browser APIs itself.

import {
  migrateSettings,
  SETTINGS_KEY,
  validateSettings,
  type Migration,
  type Settings,
} from './schema';

export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export async function loadSettings(area: KeyValueArea): Promise<Migration> {
  try {
    const items = await area.get(SETTINGS_KEY);
    return migrateSettings(items[SETTINGS_KEY]);
  } catch {
    // An unreadable store is treated like an empty one: the defaults still let the user ask, and
    // the options page can save over it.
    return migrateSettings(undefined);
  }
}

export async function saveSettings(
  area: KeyValueArea,
  candidate: unknown,
): Promise<{ ok: true; settings: Settings } | { ok: false; errors: Record<string, string> }> {
  const result = validateSettings(candidate);
  if (result.ok) await area.set({ [SETTINGS_KEY]: result.settings });
  return result;
}
