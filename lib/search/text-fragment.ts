// Links that open a page scrolled to a quote and highlight it: Text Fragments
// (https://wicg.github.io/scroll-to-text-fragment/), `url#:~:text=[prefix-,]start[,end][,-suffix]`.
// Used for quotes from search-result pages, which the content script cannot highlight in place.

import { wordSegments } from '../core/segment';

/** Quotes up to this many words go in whole; longer ones as `start,end` (each end this many words). */
export const EXACT_MAX_WORDS = 12;
export const RANGE_WORDS = 5;

/**
 * `url` with a text directive that finds `quote`. An existing fragment is kept (`#frag:~:text=…`)
 * and an existing directive replaced. Non-http(s) URLs and quotes with no words are returned as is.
 */
export function textFragmentLink(url: string, quote: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  const directive = textDirective(quote);
  if (!directive) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  let fragment = hashAt === -1 ? '' : url.slice(hashAt + 1);
  const directiveAt = fragment.indexOf(':~:');
  if (directiveAt !== -1) fragment = fragment.slice(0, directiveAt);
  return `${base}#${fragment}:~:text=${directive}`;
}

/** The `text=` value (without `text=`), or '' when the quote has no words. */
export function textDirective(quote: string): string {
  const lines = quote
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => wordSpans(line).length > 0);
  if (lines.length === 0) return '';
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const firstWords = wordSpans(first);
  const lastWords = wordSpans(last);
  // A text match cannot cross block boundaries, and a quote's lines may be separate blocks
  // (list items, <br>-separated lines): a multi-line quote always uses start and end.
  if (lines.length === 1 && firstWords.length <= EXACT_MAX_WORDS) {
    return encodeTextDirectiveValue(
      first.slice(firstWords[0]!.start, firstWords[firstWords.length - 1]!.end),
    );
  }
  const startWords = firstWords.slice(0, RANGE_WORDS);
  const endWords = lastWords.slice(-RANGE_WORDS);
  const start = first.slice(startWords[0]!.start, startWords[startWords.length - 1]!.end);
  const end = last.slice(endWords[0]!.start, endWords[endWords.length - 1]!.end);
  return `${encodeTextDirectiveValue(start)},${encodeTextDirectiveValue(end)}`;
}

/**
 * Percent-encodes a directive value: everything `encodeURIComponent` encodes (which includes `&`,
 * `,`, `#`, `%` and spaces) and `-`, which the spec reserves for prefix-/-suffix.
 */
export function encodeTextDirectiveValue(text: string): string {
  return encodeURIComponent(text).replace(/-/g, '%2D');
}

/**
 * Word spans via Intl.Segmenter, so text without spaces (Chinese, Japanese, Thai) is cut at word
 * boundaries too: a text directive only matches at word boundaries.
 */
function wordSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const segment of wordSegments(text)) {
    if (segment.isWordLike)
      spans.push({ start: segment.index, end: segment.index + segment.segment.length });
  }
  return spans;
}
