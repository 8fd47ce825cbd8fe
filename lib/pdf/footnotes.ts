// Footnotes: small text at the foot of a column, starting with a mark ("1", "*", "†"), with no
// body-size text below it. They are read apart from the body, after the page's body text, so a
// footnote never cuts a sentence of the paragraph it interrupts on the page.

import type { Fragment, Line } from './types';

/** Text at most this share of the body size is small (footnotes are 8pt under 10pt text). */
export const SMALL = 0.88;
const MARK = /^(?:\d{1,3}|[*∗†‡§¶])(?:\s|\p{L}|\()/u;

const overlaps = (a: Fragment, b: Fragment) => a.x0 < b.x1 && b.x0 < a.x1;

export function splitFootnotes(
  fragments: readonly Fragment[],
  bodySize: number,
  pageHeight: number,
): { body: Fragment[]; notes: Fragment[] } {
  const isSmall = (f: Fragment) => f.size <= SMALL * bodySize;
  const atFoot = fragments.filter(
    (f) =>
      isSmall(f) &&
      f.top > pageHeight / 2 &&
      !fragments.some((g) => !isSmall(g) && g.top > f.bottom - 1 && overlaps(f, g)),
  );
  // A note starts a run of small text: a mark right under another small line is a line of a
  // list in small type (a reference list's "50 pages."), not a footnote's start.
  const marks = atFoot.filter(
    (f) =>
      MARK.test(f.text) &&
      !fragments.some(
        (g) =>
          g !== f && isSmall(g) && overlaps(f, g) && g.top < f.top && f.top - g.bottom < f.size,
      ),
  );
  const notes = new Set<Fragment>();
  for (const mark of marks)
    for (const f of atFoot) if (f.top >= mark.top - 1 && overlaps(f, mark)) notes.add(f);
  return { body: fragments.filter((f) => !notes.has(f)), notes: [...notes] };
}

/**
 * Footnote lines → one text, a line per note: a mark starts a new one, and so does a line set
 * apart by more than a line's height (a permission or copyright block under a note).
 */
export function footnoteText(lines: readonly Line[]): string {
  const notes: string[] = [];
  let last: Line | undefined;
  for (const line of lines) {
    const apart =
      last !== undefined && line.column === last.column && line.top - last.bottom > line.size;
    if (notes.length === 0 || MARK.test(line.text) || apart) notes.push(line.text);
    else notes[notes.length - 1] += ` ${line.text}`;
    last = line;
  }
  return notes.join('\n');
}
