// What the form's buttons do: save (asking for host access first), test the composer connection,
// clear the cache. Each reports through `dispatch`; a rejection is the caller's to show.

import type { Dispatch } from 'react';
import { errorText } from '@/lib/core/errors';
import { t } from '@/lib/core/i18n';
import {
  accessFor,
  composerAccessNote,
  originsForComposer,
  withoutDeniedAccess,
} from '@/lib/settings/permissions';
import { validateSettings, type Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { patch, type FormAction } from './form-state';
import type {
  ComposerFormPorts,
  ConnectionResult,
  RequestOrigins,
  SettingsFormProps,
  StorageFormPorts,
} from './ports';

/** Whether the browser granted `origins`; a failed request counts as refused. */
async function granted(origins: string[], requestOrigins: RequestOrigins): Promise<boolean> {
  return requestOrigins(origins).catch(() => false);
}

/**
 * Saves the form. Settings with errors are not saved and ask for nothing; valid ones ask for
 * host access first, in the click that saves (the browser wants a user gesture), for the
 * composer endpoint and the search provider in one prompt.
 */
export async function saveForm(
  settings: Settings,
  { area, requestOrigins, storage }: Pick<SettingsFormProps, 'area' | 'requestOrigins' | 'storage'>,
  dispatch: Dispatch<FormAction>,
): Promise<void> {
  let candidate = settings;
  dispatch(patch({ permissionNote: null }));
  // Settings that cannot be saved ask the browser for nothing.
  const checked = validateSettings(settings);
  if (!checked.ok) {
    dispatch(patch({ errors: checked.errors, saved: 'idle' }));
    return;
  }
  const access = accessFor(settings);
  if (access.all.length > 0 && requestOrigins && !(await granted(access.all, requestOrigins))) {
    const denied = withoutDeniedAccess(settings, access);
    candidate = denied.settings;
    dispatch(patch({ settings: candidate, permissionNote: denied.note }));
  }
  const result = await saveSettings(area, candidate);
  if (!result.ok) {
    dispatch(patch({ errors: result.errors, saved: 'idle' }));
    return;
  }
  dispatch(patch({ errors: {}, saved: 'saved' }));
  if (candidate.storage.persist && storage) await askPersistence(storage, dispatch);
}

/** Asked in the click that saved it: the user's consent to persistent storage. */
async function askPersistence(storage: StorageFormPorts, dispatch: Dispatch<FormAction>) {
  const persisted = await storage.persist().catch(() => false);
  dispatch(
    patch({
      storageNote: persisted ? t('settings_persist_granted') : t('settings_persist_refused'),
    }),
  );
}

/** Tests the composer as the form shows it, asking for the endpoint's origin in the same click. */
export async function testConnection(
  settings: Settings,
  composer: ComposerFormPorts,
  requestOrigins: RequestOrigins | undefined,
  dispatch: Dispatch<FormAction>,
): Promise<void> {
  const checked = validateSettings(settings);
  if (!checked.ok) {
    dispatch(patch({ errors: checked.errors }));
    return;
  }
  dispatch(patch({ connection: 'testing' }));
  // A refusal leaves CORS-enabled servers working: say so, and test anyway.
  const origins = originsForComposer(settings.composer);
  if (origins.length > 0 && requestOrigins && !(await granted(origins, requestOrigins)))
    dispatch(patch({ permissionNote: composerAccessNote(settings.composer, origins) }));
  dispatch(patch({ connection: await composer.test(checked.settings.composer).catch(failed) }));
}

/** A connection test that could not run, shown where its result would be. */
export function failed(error: unknown): ConnectionResult {
  return { ok: false, error: { code: 'internal', message: errorText(error) } };
}

export async function clearCache(
  storage: StorageFormPorts,
  dispatch: Dispatch<FormAction>,
): Promise<void> {
  try {
    await storage.clear();
  } catch {
    dispatch(patch({ storageNote: t('settings_cache_not_cleared') }));
    return;
  }
  const usage = await storage.usageBytes().catch(() => null);
  dispatch(patch({ usage, storageNote: t('settings_cache_cleared') }));
}
