// Footnotes: small text at the foot of a column, starting with a mark ("1", "*", "†"), with no
// body-size text below it. They are read apart from the body, after the page's body text, so a
// footnote never cuts a sentence of the paragraph it interrupts on the page.

import { joinLines } from './text';
import type { Fragment, Line } from './types';

/** Notes are joined without the document's vocabulary: a broken word at a line end is joined. */
const NO_WORDS: ReadonlySet<string> = new Set();

/** Text at most this share of the body size is small (footnotes are 8pt under 10pt text). */
export const SMALL = 0.88;
const MARK = /^(?:\d{1,3}|[*∗†‡§¶])(?:\s|\p{L}|\()/u;

const overlaps = (a: Fragment, b: Fragment) => a.x0 < b.x1 && b.x0 < a.x1;

/** Small fragments joined to `seed` by lines just above or below it: one block of small type. */
function smallRun(seed: Fragment, small: readonly Fragment[]): Set<Fragment> {
  const run = new Set([seed]);
  const touching = (a: Fragment, b: Fragment) =>
    overlaps(a, b) && Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom) < a.size;
  for (const f of run) for (const g of small) if (!run.has(g) && touching(f, g)) run.add(g);
  return run;
}

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
  const small = fragments.filter(isSmall);
  const notes = new Set<Fragment>();
  for (const mark of atFoot.filter((f) => MARK.test(f.text))) {
    // A mark inside small type that starts in the page's upper half (a reference list's
    // "50 pages.") is not a note; notes that run on above the mark, whatever their own mark
    // ("⋆" read as "?"), are.
    const run = smallRun(mark, small);
    if ([...run].some((f) => f.top <= pageHeight / 2)) continue;
    for (const f of atFoot)
      if (run.has(f) || (f.top >= mark.top - 1 && overlaps(f, mark))) notes.add(f);
  }
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
    else notes[notes.length - 1] = joinLines(notes.at(-1)!, line.text, NO_WORDS);
    last = line;
  }
  return notes.join('\n');
}
