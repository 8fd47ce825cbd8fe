// The page's own statement of who wrote it: schema.org JSON-LD `author`, an author meta tag, a
// `rel="author"` link. Readability reads only some of these and prefers a `.byline`-looking element
// of the page, which on some pages belongs to another article (a sidebar's columnist).

import { normalizeText } from '../core/text';

const AUTHOR_META = new Set([
  'author',
  'article:author',
  'dc.creator',
  'dc:creator',
  'dcterms.creator',
  'parsely-author',
  'sailthru.author',
  'byl',
]);

/**
 * A name, not a sentence: names of at most five words each, joined by "," "and" "&", every word
 * capitalised but short particles ("van", "de", "bin"). The name becomes page text the page does
 * not show (as Readability's byline from meta tags already did), so anything longer or shaped like
 * an instruction is refused (docs/SECURITY.md, property 6).
 */
function isName(text: string): boolean {
  if (text.length > 120 || /^https?:|\.\w{2,4}$/.test(text)) return false;
  const names = text.split(/\s*(?:,|&|\band\b)\s*/).filter(Boolean);
  if (names.length === 0 || names.length > 4) return false;
  return names.every((name) => {
    const words = name.split(' ');
    return (
      words.length <= 5 &&
      words.every((w) => /^\p{Lu}[\p{L}\p{M}'’.-]*$/u.test(w) || /^\p{Ll}{1,3}$/u.test(w)) &&
      /^\p{Lu}/u.test(words[0]!)
    );
  });
}

export function declaredAuthor(document: Document): string | undefined {
  const found = [...jsonLdAuthors(document), ...metaAuthors(document), ...relAuthors(document)];
  for (const raw of found) {
    const name = normalizeText(raw.replace(/^by\s+/i, '')).replace(/\s+/g, ' ');
    if (isName(name)) return name;
  }
  return undefined;
}

function metaAuthors(document: Document): string[] {
  return Array.from(document.querySelectorAll('meta[name], meta[property]')).flatMap((meta) => {
    const key = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').toLowerCase();
    const content = meta.getAttribute('content') ?? '';
    return AUTHOR_META.has(key.trim()) && content.trim() ? [content] : [];
  });
}

function relAuthors(document: Document): string[] {
  return Array.from(document.querySelectorAll('a[rel~="author"]'))
    .map((a) => a.textContent ?? '')
    .filter((text) => text.trim());
}

function jsonLdAuthors(document: Document): string[] {
  const names: string[] = [];
  for (const script of Array.from(
    document.querySelectorAll('script[type="application/ld+json"]'),
  )) {
    try {
      collectAuthors(JSON.parse(script.textContent ?? ''), names, 0);
    } catch {
      // Malformed JSON-LD is common: the other sources still count.
    }
  }
  return names;
}

function collectAuthors(value: unknown, names: string[], depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectAuthors(item, names, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const author of [record.author].flat()) {
    if (typeof author === 'string') names.push(author);
    else if (author && typeof author === 'object') {
      const name = (author as Record<string, unknown>).name;
      if (typeof name === 'string') names.push(name);
    }
  }
  for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage'])
    collectAuthors(record[key], names, depth + 1);
}
