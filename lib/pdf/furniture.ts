// Page furniture: running headers and footers and page numbers. A fragment in the top or bottom
// margin band is furniture when the same text (digits aside, so "Page 3" matches "Page 4") stands
// at the same height on another page, or when it is a page number alone ("4", "- 4 -", "iv",
// "Page 4 of 14", "4 / 14").

import type { Fragment } from './types';

/** Share of the page height at the top and at the bottom where furniture stands. */
const MARGIN = 0.1;
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:page\s+|p\.\s*|seite\s+)?(?:\d{1,4}|[ivxlcdm]{1,6})(?:\s*(?:\/|of|von)\s*\d{1,4})?(?:\s*[-–—])?$/i;

export interface PageFragments {
  page: number;
  height: number;
  fragments: Fragment[];
}

function inMargin(f: Fragment, height: number): boolean {
  return f.bottom <= height * MARGIN || f.top >= height * (1 - MARGIN);
}

/** The text with its digits masked. */
function keyOf(f: Fragment): string {
  return f.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

/**
 * The fragments of every page without its furniture: in the margin band, a page number, or text
 * that another page has at the same height (within 3 points) — a running header, however few the
 * pages of its chapter.
 */
export function removeFurniture(pages: readonly PageFragments[]): PageFragments[] {
  const seen = new Map<string, Array<{ page: number; baseline: number }>>();
  for (const p of pages)
    for (const f of p.fragments) {
      if (!inMargin(f, p.height)) continue;
      const key = keyOf(f);
      const list = seen.get(key);
      if (list) list.push({ page: p.page, baseline: f.baseline });
      else seen.set(key, [{ page: p.page, baseline: f.baseline }]);
    }
  const repeated = (f: Fragment, page: number) =>
    (seen.get(keyOf(f)) ?? []).some(
      (o) => o.page !== page && Math.abs(o.baseline - f.baseline) <= 3,
    );
  return pages.map((p) => ({
    ...p,
    fragments: p.fragments.filter(
      (f) => !inMargin(f, p.height) || !(isPageNumber(f.text) || repeated(f, p.page)),
    ),
  }));
}
