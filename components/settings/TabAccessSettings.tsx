import { useEffect, useState } from 'react';
import { t } from '@/lib/core/i18n';

/** The "Read any tab without a click" switch's side effects (lib/browser/any-tab.ts). */
export interface TabAccessPorts {
  enabled(): Promise<boolean>;
  /** Resolves to whether the browser granted access to every site. */
  enable(): Promise<boolean>;
  disable(): Promise<void>;
}

/**
 * Off by default: the panel reads a tab after a click on its icon, Alt+Shift+A or the context
 * menu. Turning it on asks the browser for every site at once, so it acts when clicked, not on Save.
 */
export function TabAccessSettings({ ports }: { ports: TabAccessPorts }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    void ports.enabled().then(setOn, () => setOn(false));
  }, [ports]);
  const toggle = async (want: boolean) => {
    setNote(null);
    if (!want) {
      await ports.disable();
      setOn(false);
      return;
    }
    const granted = await ports.enable();
    setOn(granted);
    if (!granted) setNote(t('settings_tab_access_denied'));
  };
  return (
    <fieldset data-group="tab-access">
      <legend>{t('settings_tab_access_legend')}</legend>
      <label>
        <input
          type="checkbox"
          data-setting="read-any-tab"
          checked={on === true}
          disabled={on === null}
          onChange={(e) =>
            void toggle(e.currentTarget.checked).catch(() =>
              setNote(t('settings_tab_access_refused')),
            )
          }
        />{' '}
        {t('settings_tab_access_label')}
      </label>
      <p className="hint">{t('settings_tab_access_hint')}</p>
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
    </fieldset>
  );
}
