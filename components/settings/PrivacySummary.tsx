import type { Settings } from '@/lib/settings/schema';
import { privacyLines } from './privacy';
import { t } from '@/lib/core/i18n';

/** Basic → Privacy: what leaves the browser with the choices on screen, one line each. */
export function PrivacySummary({ settings }: { settings: Settings }) {
  return (
    <fieldset data-group="privacy">
      <legend>{t('settings_privacy_legend')}</legend>
      <ul className="privacy-lines" aria-live="polite">
        {privacyLines(settings).map((line) => (
          <li key={line} data-privacy-line="true">
            {line}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
