// "3 days ago" for the panel's cache labels and history list, in the bound catalog's language.

import { messageLocale, t } from './i18n';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

export function timeAgo(then: number, now: number, locale = messageLocale()): string {
  const elapsed = Math.max(0, now - then);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS)
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return t('time_just_now');
}
