// Inline highlights with the CSS Custom Highlight API: ranges are registered in `CSS.highlights`
// and styled through an adopted stylesheet, so the page DOM is never modified (STYLE security 15).

export const QUOTE_HIGHLIGHT = 'answer-panel-quote';
export const FOCUS_HIGHLIGHT = 'answer-panel-focus';

const STYLES = `
::highlight(${QUOTE_HIGHLIGHT}) { background-color: rgba(255, 213, 79, 0.45); color: inherit; }
::highlight(${FOCUS_HIGHLIGHT}) { background-color: rgba(255, 160, 0, 0.85); color: #000; }
`;

let sheet: CSSStyleSheet | null = null;

function ensureStyles(doc: Document): void {
  if (sheet) return;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

export function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

/** Highlights all cited ranges faintly and the focused quote strongly, then scrolls to it. */
export function showHighlights(doc: Document, all: Range[], focus: Range[]): void {
  if (!supportsHighlights()) return;
  ensureStyles(doc);
  CSS.highlights.set(QUOTE_HIGHLIGHT, new Highlight(...all));
  if (focus.length > 0) {
    CSS.highlights.set(FOCUS_HIGHLIGHT, new Highlight(...focus));
    const target = focus[0]!.startContainer.parentElement;
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  } else {
    CSS.highlights.delete(FOCUS_HIGHLIGHT);
  }
}

export function clearHighlights(): void {
  if (!supportsHighlights()) return;
  CSS.highlights.delete(QUOTE_HIGHLIGHT);
  CSS.highlights.delete(FOCUS_HIGHLIGHT);
}
