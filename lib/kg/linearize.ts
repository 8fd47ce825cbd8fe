// KG triples → the first quote of the composer (EWEK-QA §3.2: "The KG triples constitute the
// initial passage"). One line per triple, "Douglas Adams — place of birth — Cambridge", then one
// per count, "Douglas Adams — notable work — count: 5". Every line keeps the Wikidata URLs of what
// it names, so the panel can link the quote [1] to its sources.

import type { KgCount, Triple, TripleObject } from './types';

export const WIKIDATA_WIKI = 'https://www.wikidata.org/wiki/';

export interface KgLine {
  text: string;
  /** The subject's page: the link of the line. */
  url: string;
  /** Subject, property and (item) object pages. */
  urls: string[];
}

export interface KgQuote {
  /** All lines joined by "\n"; empty when there are no triples and no counts. */
  text: string;
  lines: KgLine[];
  /** Distinct entity pages named in the quote, first-seen order. */
  urls: string[];
}

/** `Q42` → https://www.wikidata.org/wiki/Q42; `P19` → …/wiki/Property:P19. */
export function wikidataUrl(id: string): string {
  return /^P\d+$/.test(id)
    ? `${WIKIDATA_WIKI}Property:${id}`
    : `${WIKIDATA_WIKI}${encodeURIComponent(id)}`;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** A literal as a reader wants it: dates as YYYY-MM-DD (BCE with a minus), "+5" as "5". */
export function formatObject(object: TripleObject): string {
  const { label, datatype } = object;
  if (object.id) return oneLine(label || object.id);
  if (datatype === `${XSD}dateTime` || datatype === `${XSD}date`) {
    const m = /^([+-]?)0*(\d+)-(\d{2})-(\d{2})/.exec(label);
    if (m) {
      const [, sign, year, month, day] = m;
      // wdt: values carry no precision, so a year-precision date reads YYYY-01-01: kept as is.
      const date = `${year!.padStart(4, '0')}-${month}-${day}`;
      return (sign === '-' ? '-' : '') + date;
    }
  }
  if (datatype === `${XSD}decimal` || datatype === `${XSD}integer` || datatype === `${XSD}double`)
    return label.replace(/^\+/, '');
  return oneLine(label);
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function linearizeTriples(
  triples: readonly Triple[],
  counts: readonly KgCount[] = [],
  options: { maxLines?: number } = {},
): KgQuote {
  const maxLines = options.maxLines ?? 60;
  const lines: KgLine[] = [];
  for (const t of triples) {
    if (lines.length >= maxLines) break;
    const urls = [wikidataUrl(t.subject.id), wikidataUrl(t.relation.id)];
    if (t.object.id) urls.push(wikidataUrl(t.object.id));
    lines.push({
      text: `${oneLine(t.subject.label || t.subject.id)} — ${oneLine(t.relation.label || t.relation.id)} — ${formatObject(t.object)}`,
      url: urls[0]!,
      urls,
    });
  }
  for (const c of counts) {
    if (lines.length >= maxLines) break;
    const relation =
      oneLine(c.relation.label || c.relation.id) + (c.direction === 'in' ? ' (of)' : '');
    const urls = [wikidataUrl(c.subject.id), wikidataUrl(c.relation.id)];
    lines.push({
      text: `${oneLine(c.subject.label || c.subject.id)} — ${relation} — count: ${c.count}`,
      url: urls[0]!,
      urls,
    });
  }
  const urls = [...new Set(lines.flatMap((l) => l.urls.filter((u) => !u.includes('/Property:'))))];
  return { text: lines.map((l) => l.text).join('\n'), lines, urls };
}
