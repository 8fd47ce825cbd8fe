// Which quotes of an answer are highlighted on the page in the tab, and what the panel then knows.

import type { HighlightResult, RequestOf } from '../messages/protocol';
import type { AskResult, Quote } from '../pipeline/types';
import type { HighlightState } from './panel-state';

/** The content script's highlighter in a tab. */
export type HighlightPort = (
  tabId: number,
  request: RequestOf<'page/highlight'>,
) => Promise<HighlightResult>;

export interface HighlightTarget {
  /** The quote to scroll to and emphasise, or null for none. */
  focus: number | null;
  /** An answer sentence citing it, emphasised within it when found. */
  focusText?: string | undefined;
  /** The address of the page the tab shows. */
  livePageUrl: string;
}

/** Same page, ignoring the fragment (in-page anchors do not change what was read). */
export function sameDocument(a: string | null, b: string): boolean {
  if (!a) return false;
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = '';
    y.hash = '';
    return x.href === y.href;
  } catch {
    return false;
  }
}

/** Every cited quote from this page, the focused one too, for the content script. */
export function highlightRequest(
  result: AskResult,
  { focus, focusText, livePageUrl }: HighlightTarget,
): RequestOf<'page/highlight'> {
  const cited = new Set([...result.answer.cited, ...(focus === null ? [] : [focus])]);
  // Only quotes from this page can be highlighted on it (web quotes link to their own pages, and
  // an answer saved on another page has nothing to show here).
  const onThisPage = sameDocument(result.page.url, livePageUrl);
  const quotes = result.quotes
    .filter((q) => onThisPage && cited.has(q.id) && q.source.kind === 'page')
    .map((q) => ({ id: q.id, text: q.text, ...(conflictOf(result, q) ?? answerOf(q)) }));
  return {
    quotes,
    ...(focus === null ? {} : { focus }),
    ...(focusText ? { focusText: focusText.slice(0, 4000) } : {}),
  };
}

/**
 * For a claim the page contradicts: the page's conflicting words in the verdict's quote, drawn
 * like an answer phrase, so both sides of the disagreement are marked (the claim's in the panel).
 */
function conflictOf(result: AskResult, quote: Quote): { answer: string } | null {
  const verdict = result.verdict;
  const conflict = verdict?.label === 'refuted' ? verdict.conflicts?.[0] : undefined;
  if (!conflict || verdict?.sentence?.quoteId !== quote.id) return null;
  const words = quote.text.slice(conflict.pageStart, conflict.pageEnd).trim();
  return words.length > 0 ? { answer: words.slice(0, 2000) } : null;
}

/** The quote's answer phrase, when it has a valid one. */
function answerOf(quote: Quote): { answer?: string } {
  const span = quote.answerSpan;
  if (!span || span.start < 0 || span.end <= span.start || span.end > quote.text.length) return {};
  const answer = quote.text.slice(span.start, span.end).trim();
  return answer.length >= 2 ? { answer: answer.slice(0, 2000) } : {};
}

/** Highlights the answer's quotes; a tab that does not answer leaves them all missing. */
export async function highlightQuotes(
  highlight: HighlightPort,
  tabId: number,
  result: AskResult,
  target: HighlightTarget,
): Promise<HighlightState> {
  // A PDF tab shows Chrome's viewer, which no script may enter: its quotes are highlighted in the
  // extension's own viewer page when a citation is clicked (focusQuote in lib/ask/panel.ts).
  if (result.page.extractor === 'pdf') return { focused: target.focus, missing: [], stale: false };
  const request = highlightRequest(result, target);
  try {
    const { missing } = await highlight(tabId, request);
    return { focused: target.focus, missing, stale: false };
  } catch {
    return { focused: null, missing: request.quotes.map((q) => q.id), stale: true };
  }
}
