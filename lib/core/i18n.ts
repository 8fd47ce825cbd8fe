// The one way code says something to a person: `t(key, ...substitutions)` over a message catalog in
// chrome.i18n's format (public/_locales/<locale>/messages.json). lib/ may not touch `chrome`
// (docs/ARCHITECTURE.md, Layers), so the catalog is bound at startup: extension pages and the
// service worker bind chrome.i18n.getMessage (lib/browser/i18n.ts), the panel's Worker binds the
// catalog the panel names, and Node (the CLI, the tests) keeps the English catalog, the default.

// Relative, not `@/`: the unit tests import this module and resolve no alias.
import english from '../../public/_locales/en/messages.json';

/** A message's name in the catalog; `en` has every key, so the type is its keys. */
export type MessageKey = keyof typeof english;

/** One catalog entry, as chrome.i18n reads it. */
export interface CatalogEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

export type Catalog = Record<string, CatalogEntry>;

/** Looks a message up with its substitutions; '' when the key is unknown (as chrome.i18n does). */
export type MessageSource = (key: string, substitutions: string[]) => string;

export const ENGLISH: Catalog = english;

/**
 * A catalog entry as chrome.i18n renders it: `$name$` placeholders become their content (names
 * are case-insensitive), then `$1`…`$9` become the substitutions and `$$` a dollar sign.
 */
export function formatEntry(entry: CatalogEntry, substitutions: readonly string[]): string {
  const placeholders = new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]),
  );
  const text = entry.message.replace(
    /\$([a-zA-Z0-9_@]+)\$/g,
    (whole, name: string) => placeholders.get(name.toLowerCase()) ?? whole,
  );
  return text.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (substitutions[Number(which) - 1] ?? ''),
  );
}

/** A source over a catalog, falling back to `fallback` (English) for a key it lacks. */
export function catalogSource(catalog: Catalog, fallback: Catalog = ENGLISH): MessageSource {
  return (key, substitutions) => {
    const entry = Object.hasOwn(catalog, key)
      ? catalog[key]
      : Object.hasOwn(fallback, key)
        ? fallback[key]
        : undefined;
    return entry ? formatEntry(entry, substitutions) : '';
  };
}

const englishSource = catalogSource(ENGLISH);
let source: MessageSource = englishSource;
let locale = 'en';

/**
 * Binds the catalog every later `t` reads. `localeCode` is the catalog's locale ("de"), for
 * plural rules and numbers. A message the source cannot give is said in English.
 */
export function bindMessages(bound: MessageSource, localeCode: string): void {
  source = (key, substitutions) => bound(key, substitutions) || englishSource(key, substitutions);
  locale = localeCode;
}

/** Back to the English catalog (tests, and the CLI, which speaks English). */
export function resetMessages(): void {
  source = englishSource;
  locale = 'en';
}

/** The locale of the bound catalog: "en", "de". */
export function messageLocale(): string {
  return locale;
}

/** The message `key` with its substitutions (at most 9, as chrome.i18n allows). */
export function t(key: MessageKey, ...substitutions: Array<string | number>): string {
  return source(
    key,
    substitutions.map((s) => (typeof s === 'number' ? formatNumber(s) : s)),
  );
}

/**
 * A message that depends on a count: `one` when the locale's plural rules say "one", else
 * `other`; the count is the first substitution.
 */
export function tn(
  count: number,
  one: MessageKey,
  other: MessageKey,
  ...substitutions: Array<string | number>
): string {
  const rule = new Intl.PluralRules(locale).select(count);
  return t(rule === 'one' ? one : other, count, ...substitutions);
}

/** A number as the bound locale writes it ("0.6" in English, "0,6" in German). */
export function formatNumber(value: number, fractionDigits?: number): string {
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    ...(fractionDigits === undefined
      ? { maximumFractionDigits: 20 }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  }).format(value);
}
