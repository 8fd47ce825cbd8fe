// Footnotes: small text at the foot of a column, starting with a mark ("1", "*", "†"), with no
// body-size text below it. They are read apart from the body, after the page's body text, so a
// footnote never cuts a sentence of the paragraph it interrupts on the page.

import type { Fragment } from './types';

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
  const marks = atFoot.filter((f) => MARK.test(f.text));
  const notes = new Set<Fragment>();
  for (const mark of marks)
    for (const f of atFoot) if (f.top >= mark.top - 1 && overlaps(f, mark)) notes.add(f);
  return { body: fragments.filter((f) => !notes.has(f)), notes: [...notes] };
}

/** Footnote lines → one text, a line per footnote (a mark starts a new one). */
export function footnoteText(lines: readonly string[]): string {
  const notes: string[] = [];
  for (const line of lines) {
    if (notes.length === 0 || MARK.test(line)) notes.push(line);
    else notes[notes.length - 1] += ` ${line}`;
  }
  return notes.join('\n');
}
