import { useCallback, useEffect, useReducer } from 'react';
import { loadSettings } from '@/lib/settings/store';
import { formReducer, INITIAL_FORM, patch } from './form-state';
import type { SettingsFormProps } from './ports';

/**
 * The form's state: the stored settings once loaded, the cache's usage, the built-in model, and
 * which models are installed (asked again after a download or a removal: `refreshInstalled`).
 */
export function useSettingsForm({
  area,
  composer,
  storage,
  installedModels,
}: Pick<SettingsFormProps, 'area' | 'composer' | 'storage' | 'installedModels'>) {
  const [state, dispatch] = useReducer(formReducer, INITIAL_FORM);

  useEffect(() => {
    void storage?.usageBytes().then(
      (usage) => dispatch(patch({ usage })),
      () => dispatch(patch({ usage: null })),
    );
  }, [storage]);

  useEffect(() => {
    void composer?.builtInModel().then(
      (builtIn) => dispatch(patch({ builtIn })),
      () => dispatch(patch({ builtIn: false })),
    );
  }, [composer]);

  const refreshInstalled = useCallback(() => {
    void installedModels?.().then(
      (installed) => dispatch(patch({ installed })),
      () => dispatch(patch({ installed: null })),
    );
  }, [installedModels]);
  useEffect(refreshInstalled, [refreshInstalled]);

  useEffect(() => {
    void loadSettings(area).then((m) =>
      dispatch({ type: 'loaded', settings: m.settings, reset: m.reset }),
    );
  }, [area]);

  return { state, dispatch, refreshInstalled };
}
