// Binds the translation port (lib/core/i18n.ts) in the panel's Worker, which has no chrome.i18n:
// it reads the packaged catalog the panel names.

import { bindMessages, catalogSource, resetMessages } from '../core/i18n';
import { parseCatalog } from '../core/i18n-catalog';

/** A catalog folder name under _locales ("de", "pt_BR"), never a path. */
const LOCALE_FOLDER = /^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$/;

let packaged: { locale: string; bound: Promise<void> } | null = null;

/**
 * Binds `t` to the packaged `_locales/<locale>/messages.json` of this extension (the panel's
 * Worker); English when `locale` is absent, is English, or its catalog cannot be read.
 */
export function bindPackagedMessages(
  locale: string | undefined,
  fetchText: (url: string) => Promise<string> = (url) => fetch(url).then((r) => r.text()),
): Promise<void> {
  const wanted = locale && LOCALE_FOLDER.test(locale) ? locale : 'en';
  if (packaged?.locale === wanted) return packaged.bound;
  const bound =
    wanted === 'en'
      ? Promise.resolve(resetMessages())
      : fetchText(`/_locales/${wanted}/messages.json`)
          .then(parseCatalog)
          .catch(() => undefined)
          .then((catalog) =>
            catalog ? bindMessages(catalogSource(catalog), wanted) : resetMessages(),
          );
  packaged = { locale: wanted, bound };
  return bound;
}
