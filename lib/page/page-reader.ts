// What the reader (entrypoints/reader.ts) does on a page: read it, highlight quotes on it, clear
// the highlights. The highlight index is kept per page version (lib/page/index-cache.ts).

import type { PageSnapshot } from '../pipeline/types';
import { anchorWithin, buildTextIndex, locateQuote, rangesOf } from './anchor';
import { clearHighlights, showHighlights } from './highlight';
import { createIndexCache, type IndexCache } from './index-cache';
import { readPage } from './read';
import { browserIsHidden } from './visibility';

export interface HighlightRequest {
  quotes: ReadonlyArray<{ id: number; text: string; answer?: string }>;
  focus?: number;
  focusText?: string;
}

export interface PageReader {
  read(): PageSnapshot;
  highlight(request: HighlightRequest): { anchored: number[]; missing: number[] };
  clear(): void;
  /** The highlight index's cache (its `builds` count is what tests read). */
  index: IndexCache;
}

export function createPageReader(view: Window & typeof globalThis): PageReader {
  const doc = view.document;
  const index = createIndexCache(
    doc,
    () => buildTextIndex(doc.body ?? doc.documentElement, browserIsHidden(view)),
    (onChange) => new view.MutationObserver(onChange),
  );
  return {
    read: () => readPage(doc, { url: view.location.href, isHidden: browserIsHidden(view) }),
    highlight: (request) => highlightQuotes(doc, index, request),
    clear: clearHighlights,
    index,
  };
}

function highlightQuotes(doc: Document, cache: IndexCache, request: HighlightRequest) {
  const index = cache.get();
  const anchored: number[] = [];
  const missing: number[] = [];
  const found: Array<{ id: number; ranges: Range[] }> = [];
  const answers: Range[] = [];
  let focused: Range[] = [];
  let sentence: Range | null = null;
  for (const quote of request.quotes) {
    const spans = locateQuote(index, quote.text);
    const ranges = rangesOf(index, spans);
    (ranges.length > 0 ? anchored : missing).push(quote.id);
    found.push({ id: quote.id, ranges });
    const answer = quote.answer ? anchorWithin(index, spans, quote.answer) : null;
    if (answer) answers.push(answer);
    if (quote.id !== request.focus) continue;
    focused = ranges;
    // The cited sentence, found inside this quote, is what the reader wants to see first.
    if (request.focusText) sentence = anchorWithin(index, spans, request.focusText);
  }
  showHighlights(doc, found, sentence ? [sentence] : focused, answers);
  return { anchored, missing };
}
