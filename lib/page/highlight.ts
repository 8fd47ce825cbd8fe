// Inline highlights with the CSS Custom Highlight API: ranges are registered in `CSS.highlights`
// and styled through an adopted stylesheet, so the page DOM is never modified (docs/SECURITY.md, property 15).
// Each quote gets its own colour (the panel's quote card and citation markers use the same one),
// so a reader can tell which passage backs which citation. Two stronger styles are drawn on top:
// the focused sentence (the one the answer cites), and the answer phrase inside each quote.

import { colourSlot, QUOTE_COLOURS } from '../core/colours';

export const QUOTE_HIGHLIGHT_PREFIX = 'answer-panel-quote-';
export const FOCUS_HIGHLIGHT = 'answer-panel-focus';
export const ANSWER_HIGHLIGHT = 'answer-panel-answer';

const STYLES = [
  ...QUOTE_COLOURS.map(
    (rgb, slot) =>
      `::highlight(${QUOTE_HIGHLIGHT_PREFIX}${slot}) { background-color: rgba(${rgb}, 0.55); color: inherit; }`,
  ),
  `::highlight(${FOCUS_HIGHLIGHT}) { background-color: rgba(255, 160, 0, 0.85); color: #000; }`,
  `::highlight(${ANSWER_HIGHLIGHT}) { background-color: rgb(194, 65, 12); color: #fff; text-decoration: underline 2px rgb(124, 45, 18); }`,
].join('\n');

let sheet: CSSStyleSheet | null = null;

/**
 * Adopts the highlight colours, again whenever they are missing: the page shares
 * `document.adoptedStyleSheets` with us and can replace the list, which would leave every
 * highlight invisible.
 */
export function ensureStyles(doc: Document): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
  }
  if (!doc.adoptedStyleSheets.includes(sheet))
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

export function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

/**
 * Highlights each quote's ranges in its colour, the answer phrases strongest and the focused ranges
 * strongly, then scrolls to the focus.
 */
export function showHighlights(
  doc: Document,
  quotes: ReadonlyArray<{ id: number; ranges: Range[] }>,
  focus: Range[],
  answers: Range[] = [],
): void {
  if (!supportsHighlights()) return;
  ensureStyles(doc);
  clearHighlights();
  const bySlot = new Map<number, Range[]>();
  for (const { id, ranges } of quotes)
    bySlot.set(colourSlot(id), [...(bySlot.get(colourSlot(id)) ?? []), ...ranges]);
  for (const [slot, ranges] of bySlot)
    if (ranges.length > 0)
      CSS.highlights.set(`${QUOTE_HIGHLIGHT_PREFIX}${slot}`, new Highlight(...ranges));
  if (focus.length > 0) {
    const highlight = new Highlight(...focus);
    highlight.priority = 1;
    CSS.highlights.set(FOCUS_HIGHLIGHT, highlight);
    scrollToRange(doc, focus[0]!);
  }
  if (answers.length > 0) {
    const highlight = new Highlight(...answers);
    highlight.priority = 2;
    CSS.highlights.set(ANSWER_HIGHLIGHT, highlight);
  }
}

/** The nearest ancestor that scrolls, or the document's scrolling element. */
function scroller(doc: Document, from: Element | null): Element | null {
  const view = doc.defaultView;
  for (let el = from; el && el !== doc.body && el !== doc.documentElement; el = el.parentElement) {
    const overflow = view?.getComputedStyle(el).overflowY ?? '';
    if (/(auto|scroll|overlay)/.test(overflow) && el.scrollHeight > el.clientHeight) return el;
  }
  return doc.scrollingElement;
}

/**
 * Brings the range to the middle of the view. An element that fits in the view is scrolled into
 * view; one taller than the view (a plain-text page is one <pre>) is scrolled by the range's own
 * position, or the reader would be left at its top.
 */
export function scrollToRange(doc: Document, range: Range): void {
  const element = range.startContainer.parentElement;
  const viewHeight = doc.defaultView?.innerHeight ?? 0;
  if (element && element.getBoundingClientRect().height < viewHeight * 0.8) {
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return;
  }
  const box = scroller(doc, element);
  if (!box) return;
  const rect = range.getBoundingClientRect();
  const isPage = box === doc.scrollingElement;
  const top = isPage ? 0 : box.getBoundingClientRect().top;
  const height = isPage ? viewHeight : box.clientHeight;
  box.scrollBy({ top: rect.top - top - height / 2 + rect.height / 2, behavior: 'smooth' });
}

export function clearHighlights(): void {
  if (!supportsHighlights()) return;
  for (let slot = 0; slot < QUOTE_COLOURS.length; slot++)
    CSS.highlights.delete(`${QUOTE_HIGHLIGHT_PREFIX}${slot}`);
  CSS.highlights.delete(FOCUS_HIGHLIGHT);
  CSS.highlights.delete(ANSWER_HIGHLIGHT);
}
