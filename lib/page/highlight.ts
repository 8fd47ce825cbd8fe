// Inline highlights with the CSS Custom Highlight API: ranges are registered in `CSS.highlights`
// and styled through an adopted stylesheet, so the page DOM is never modified (docs/SECURITY.md, property 15).
// Each quote gets its own colour (the panel's quote card and citation markers use the same one),
// so a reader can tell which passage backs which citation; the focused sentence is drawn on top.

import { colourSlot, QUOTE_COLOURS } from '../core/colours';

export const QUOTE_HIGHLIGHT_PREFIX = 'answer-panel-quote-';
export const FOCUS_HIGHLIGHT = 'answer-panel-focus';

const STYLES = [
  ...QUOTE_COLOURS.map(
    (rgb, slot) =>
      `::highlight(${QUOTE_HIGHLIGHT_PREFIX}${slot}) { background-color: rgba(${rgb}, 0.55); color: inherit; }`,
  ),
  `::highlight(${FOCUS_HIGHLIGHT}) { background-color: rgba(255, 160, 0, 0.85); color: #000; }`,
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

/** Highlights each quote's ranges in its colour and the focused ranges strongly, then scrolls to them. */
export function showHighlights(
  doc: Document,
  quotes: ReadonlyArray<{ id: number; ranges: Range[] }>,
  focus: Range[],
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
    CSS.highlights.set(FOCUS_HIGHLIGHT, new Highlight(...focus));
    const target = focus[0]!.startContainer.parentElement;
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }
}

export function clearHighlights(): void {
  if (!supportsHighlights()) return;
  for (let slot = 0; slot < QUOTE_COLOURS.length; slot++)
    CSS.highlights.delete(`${QUOTE_HIGHLIGHT_PREFIX}${slot}`);
  CSS.highlights.delete(FOCUS_HIGHLIGHT);
}
