// Page furniture: running headers and footers and page numbers. A fragment in the top or bottom
// margin band is furniture when the same text (digits aside, so "Page 3" matches "Page 4") stands
// at about the same height on several pages, or when it is a page number alone ("4", "- 4 -",
// "iv", "Page 4 of 14", "4 / 14").

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

/** The text with its digits masked, and which margin it stands in. */
function keyOf(f: Fragment, height: number): string {
  const text = f.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  return `${f.top < height / 2 ? 'top' : 'bottom'}:${text}`;
}

export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

/**
 * The fragments of every page without its furniture. Repeated means on at least two pages and on
 * at least a fifth of them (so a heading that recurs on two pages of a long report stays).
 */
export function removeFurniture(pages: readonly PageFragments[]): PageFragments[] {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const keys = new Set(
      p.fragments.filter((f) => inMargin(f, p.height)).map((f) => keyOf(f, p.height)),
    );
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length / 5));
  return pages.map((p) => ({
    ...p,
    fragments: p.fragments.filter(
      (f) =>
        !inMargin(f, p.height) ||
        !(isPageNumber(f.text) || (counts.get(keyOf(f, p.height)) ?? 0) >= needed),
    ),
  }));
}
