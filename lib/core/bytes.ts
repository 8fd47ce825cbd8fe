// Byte counts as people read them, for the settings page and the panel's sentences.

import { formatNumber, t } from './i18n';

/** "23.4 MB" (decimal megabytes, as the hub and file managers show sizes). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return t('bytes_megabytes', mb >= 10 ? Math.round(mb) : formatNumber(mb, 1));
}
