// Reading order on one page. A gutter is a vertical strip that no column-sized fragment crosses,
// with column text on both sides; fragments that cross it (a title, an abstract, a full-width
// figure caption) span the columns. Spanning fragments cut the page into bands; inside a band the
// columns are read left to right, each top to bottom. A page without a gutter is one column.

import type { Fragment, Line } from './types';

/** A fragment wider than this share of the text width spans columns: it cannot show a gutter. */
const WIDE = 0.6;
/** A fragment of at least this many characters can be a line of prose, not a cell or a label. */
const PROSE = 20;

interface Gutter {
  x0: number;
  x1: number;
}

/** Empty vertical strips at least `min` wide between the narrow fragments' left and right ends. */
function emptyStrips(narrow: readonly Fragment[], min: number): Gutter[] {
  const spans = [...narrow].sort((a, b) => a.x0 - b.x0);
  const strips: Gutter[] = [];
  let reach = spans[0]?.x1 ?? 0;
  for (const f of spans.slice(1)) {
    if (f.x0 - reach >= min) strips.push({ x0: reach, x1: f.x0 });
    reach = Math.max(reach, f.x1);
  }
  return strips;
}

const crosses = (f: Fragment, g: Gutter) => f.x0 < g.x1 - 1 && f.x1 > g.x0 + 1;
const chars = (fs: readonly Fragment[]) => fs.reduce((n, f) => n + f.text.length, 0);

/**
 * A strip is a gutter when each side holds at least three fragments and more text stays inside
 * the columns than crosses the strip (on a one-column page almost every line would cross it).
 */
function isGutter(g: Gutter, fragments: readonly Fragment[]): boolean {
  const left = fragments.filter((f) => f.x1 <= g.x0 + 1);
  const right = fragments.filter((f) => f.x0 >= g.x1 - 1);
  const across = fragments.filter((f) => crosses(f, g));
  if (left.length < 3 || right.length < 3) return false;
  const proseLike = (side: readonly Fragment[]) =>
    side.filter((f) => f.text.length >= 25).length >= 3;
  if (!proseLike(left) && !proseLike(right)) return false;
  return chars(across) < chars(left) + chars(right);
}

/**
 * Column lines: narrow body-size lines of prose, left-aligned with another such line just above
 * or below. Only they can hide a gutter: a centred caption, an author block's affiliations or a
 * full-width table's middle cells stand over the gutter without being column text, and are read
 * as spanning.
 */
function columnLines(fragments: readonly Fragment[], bodySize: number): Fragment[] {
  const x0 = Math.min(...fragments.map((f) => f.x0));
  const x1 = Math.max(...fragments.map((f) => f.x1));
  // Body-size text only: a short title or heading may stand over the gutter and still span.
  const narrow = fragments.filter(
    (f) =>
      f.x1 - f.x0 < WIDE * (x1 - x0) &&
      Math.abs(f.size - bodySize) <= 0.15 * bodySize &&
      f.text.length >= PROSE,
  );
  return narrow.filter((f) =>
    narrow.some(
      (g) =>
        g !== f && Math.abs(g.x0 - f.x0) <= 1 && Math.abs(g.baseline - f.baseline) <= 3 * bodySize,
    ),
  );
}

/**
 * The strip narrowed to the text beside it: a line of prose that runs a little into the strip (a
 * list item's long line, an overfull line) but not past its middle belongs to its own column. A
 * short cell there (a full-width table's middle column) does not: it crosses, and its row spans.
 */
function narrowed(g: Gutter, fragments: readonly Fragment[]): Gutter {
  const middle = (g.x0 + g.x1) / 2;
  let { x0, x1 } = g;
  for (const f of fragments) {
    if (f.text.length < PROSE) continue;
    if (f.x0 < g.x0 && f.x1 > x0 && f.x1 < middle) x0 = f.x1;
    if (f.x1 > g.x1 && f.x0 < x1 && f.x0 > middle) x1 = f.x0;
  }
  return { x0, x1 };
}

export function gutters(fragments: readonly Fragment[], bodySize: number): Gutter[] {
  if (fragments.length < 6) return [];
  const strips = emptyStrips(columnLines(fragments, bodySize), Math.max(6, 0.6 * bodySize));
  return strips.map((g) => narrowed(g, fragments)).filter((g) => isGutter(g, fragments));
}

/** Fragments on one baseline, left to right, as a line. */
function lineOf(cells: Fragment[], column: number): Line {
  cells.sort((a, b) => a.x0 - b.x0);
  const main = cells.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  return {
    cells,
    text: cells.map((c) => c.text).join(' '),
    x0: Math.min(...cells.map((c) => c.x0)),
    x1: Math.max(...cells.map((c) => c.x1)),
    top: Math.min(...cells.map((c) => c.top)),
    bottom: Math.max(...cells.map((c) => c.bottom)),
    baseline: main.baseline,
    size: main.size,
    page: main.page,
    column,
    ...(cells.every((c) => c.mono) ? { mono: true } : {}),
  };
}

/** Fragments of one column (or of the spanning parts) grouped into lines, top to bottom. */
export function linesOf(fragments: readonly Fragment[], column: number): Line[] {
  const sorted = [...fragments].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const lines: Fragment[][] = [];
  for (const f of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(last[0]!.baseline - f.baseline) <= 0.3 * Math.max(f.size, last[0]!.size))
      last.push(f);
    else lines.push([f]);
  }
  return lines.map((cells) => lineOf(cells, column));
}

const sameRow = (a: Fragment, b: Fragment) =>
  Math.abs(a.baseline - b.baseline) <= 0.3 * Math.max(a.size, b.size);

/**
 * Fragments that cross a gutter, with every fragment on their rows: a row of an author block or
 * of a full-width table reads left to right as one line, not split between the columns.
 */
function spanningRows(fragments: readonly Fragment[], found: readonly Gutter[]): Fragment[] {
  const crossing = fragments.filter((f) => found.some((g) => crosses(f, g)));
  return fragments
    .filter((f) => crossing.some((c) => c === f || sameRow(c, f)))
    .sort((a, b) => a.top - b.top);
}

/** One page's fragments as lines in reading order. */
export function pageLines(fragments: readonly Fragment[], bodySize: number): Line[] {
  const found = gutters(fragments, bodySize);
  if (found.length === 0) return linesOf(fragments, 0);
  const spanning = spanningRows(fragments, found);
  const isSpanning = new Set(spanning);
  const bands: Fragment[][][] = Array.from({ length: spanning.length + 1 }, () =>
    Array.from({ length: found.length + 1 }, () => []),
  );
  for (const f of fragments) {
    if (isSpanning.has(f)) continue;
    const band = spanning.filter((s) => s.top < f.top).length;
    const column = found.filter((g) => f.x0 >= g.x1 - 1).length;
    bands[band]![column]!.push(f);
  }
  const lines: Line[] = [];
  bands.forEach((columns, band) => {
    columns.forEach((column, index) => lines.push(...linesOf(column, index)));
    const s = spanning[band];
    if (s) lines.push(...linesOf([s], -1));
  });
  return mergeSpanning(lines);
}

/** Consecutive spanning fragments on one baseline (a centred title in two runs) form one line. */
function mergeSpanning(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (
      last &&
      last.column === -1 &&
      line.column === -1 &&
      Math.abs(last.baseline - line.baseline) < 0.3 * line.size
    )
      out[out.length - 1] = lineOf([...last.cells, ...line.cells], -1);
    else out.push(line);
  }
  return out;
}
