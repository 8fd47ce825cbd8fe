// Which addresses the panel may turn into links (docs/SECURITY.md, property 4): only https pages
// the extension quoted, and Wikidata lines only to Wikidata. A `javascript:`, `data:` or plain
// `http:` address from a search result or an imported file stays text.

// Type-only and relative: the unit tests import this module without the `@/` alias.
import type { Quote } from '../lib/pipeline/types';

/** The search quote's link (its text-fragment link, else its page), or null when not https. */
export function safeLink(quote: Pick<Quote, 'source'>): string | null {
  const href = quote.source.link ?? quote.source.url;
  try {
    return new URL(href).protocol === 'https:' ? href : null;
  } catch {
    return null;
  }
}

/** A knowledge-graph line is linked only to an https address. */
export function safeKgLink(url: string): string | null {
  return url.startsWith('https://') ? url : null;
}
