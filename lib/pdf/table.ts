// Tables: consecutive lines of one column that each hold two or more cells at the same column
// positions, with short cells (prose lines are long). A table becomes one `table` block, a row per
// line, written the way lib/page/blocks.ts writes HTML tables (SPAGHETTI §3.3): with a header row
// (no number in it, numbers below), "column: value, column: value"; without one, the cells joined
// by ", ".

import type { Fragment, Line } from './types';

const NUMERIC = /^[^\p{L}]*\d[\d.,\s]*(?:%|[a-z]{1,3}\b)?/iu;
/** A median cell longer than this is prose, not a table. */
const MAX_MEDIAN_CELL = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Column index of each cell: the widest row's cell it overlaps most, or -1. */
function columnsOf(row: Line, columns: readonly Fragment[]): number[] {
  return row.cells.map((cell) => {
    let best = -1;
    let bestOverlap = 0;
    columns.forEach((c, i) => {
      const overlap = Math.min(cell.x1, c.x1 + 4) - Math.max(cell.x0, c.x0 - 4);
      if (overlap > bestOverlap) [best, bestOverlap] = [i, overlap];
    });
    return best;
  });
}

function widest(rows: readonly Line[]): Line {
  return rows.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
}

/** Rows whose cells each fall in a distinct column of the widest row. */
function fits(row: Line, columns: readonly Fragment[]): boolean {
  const index = columnsOf(row, columns);
  return !index.includes(-1) && new Set(index).size === index.length;
}

/** Two cells line up: same left edge, right edge or centre (within 3 points). */
function aligned(a: Fragment, b: Fragment): boolean {
  return (
    Math.abs(a.x0 - b.x0) <= 3 ||
    Math.abs(a.x1 - b.x1) <= 3 ||
    Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= 6
  );
}

/** Every cell of `row` lines up with a cell of `other` (justified prose never does). */
function alignsWith(row: Line, other: Line): boolean {
  return row.cells.every((cell) => other.cells.some((o) => aligned(cell, o)));
}

/**
 * A justified line of prose whose few long words left gaps of a font size or more: its gaps are
 * all the same width (the line's word spacing), where a table's gaps follow its cells' lengths.
 */
function justifiedProse(row: Line): boolean {
  // A header of three short names may be evenly spaced too: prose lines are longer.
  if (row.cells.length < 3 || row.text.length < 35) return false;
  const gaps = row.cells.slice(1).map((c, i) => c.x0 - row.cells[i]!.x1);
  return Math.max(...gaps) - Math.min(...gaps) <= 0.1 * Math.max(...gaps) + 0.5;
}

/** An evenly spaced row whose cells each line up with a cell of the next row: a table's header. */
function headsNext(lines: readonly Line[], at: number): boolean {
  const next = lines[at + 1];
  return next !== undefined && next.cells.length >= 2 && alignsWith(lines[at]!, next);
}

/** Consecutive lines of one page and column with two cells or more, from `start`. */
function multiCellRun(lines: readonly Line[], start: number): Line[] {
  const first = lines[start]!;
  let end = start;
  while (
    end < lines.length &&
    lines[end]!.cells.length >= 2 &&
    !(justifiedProse(lines[end]!) && !headsNext(lines, end)) &&
    lines[end]!.page === first.page &&
    lines[end]!.column === first.column
  )
    end++;
  return lines.slice(start, end);
}

/**
 * Lines from `start` that form a table with it, or 0: rows whose cells fall in distinct columns
 * of the widest row, data rows lining up with the row above (the first row, a header, may be
 * centred over them), at least three rows (or two of three cells), and short cells.
 */
export function tableLength(lines: readonly Line[], start: number): number {
  let rows = multiCellRun(lines, start);
  if (rows.length < 2) return 0;
  const columns = widest(rows).cells;
  const stop = rows.findIndex(
    (r, i) => !fits(r, columns) || (i >= 2 && !alignsWith(r, rows[i - 1]!)),
  );
  if (stop >= 0) rows = rows.slice(0, stop);
  const dataAligned = rows.length >= 3 || (rows.length === 2 && alignsWith(rows[1]!, rows[0]!));
  const enough = rows.length >= 3 || (rows.length === 2 && rows.every((r) => r.cells.length >= 3));
  if (!enough || !dataAligned) return 0;
  const cellLengths = rows.flatMap((r) => r.cells.map((c) => c.text.length));
  return median(cellLengths) <= MAX_MEDIAN_CELL ? rows.length : 0;
}

function headerByNumbers(first: string[], rest: string[][]): boolean {
  if (rest.length < 2 || first.filter(Boolean).length < 2) return false;
  if (first.some((t) => NUMERIC.test(t))) return false;
  return first.some(
    (_, col) => rest.filter((r) => NUMERIC.test(r[col] ?? '')).length >= rest.length / 2,
  );
}

/** The table's rows as text, a line per row. */
export function linearizeRows(rows: readonly Line[]): string {
  const columns = widest(rows).cells;
  const grid = rows.map((row) => {
    const texts: string[] = columns.map(() => '');
    columnsOf(row, columns).forEach((col, i) => {
      texts[col] = [texts[col], row.cells[i]!.text].filter(Boolean).join(' ');
    });
    return texts;
  });
  const header = headerByNumbers(grid[0]!, grid.slice(1)) ? grid[0]! : [];
  return grid
    .slice(header.length ? 1 : 0)
    .map((texts) =>
      texts
        .map((text, i) => (header[i] && text ? `${header[i]}: ${text}` : text))
        .filter(Boolean)
        .join(', '),
    )
    .filter(Boolean)
    .join('\n');
}
