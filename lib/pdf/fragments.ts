// Runs → fragments: runs that share a baseline and follow each other without a wide gap. A wide
// gap (a column gutter, a table's column gap) ends a fragment, so a fragment never crosses from
// one column into the next.

import type { Fragment, Rect, TextRun } from './types';

/** Ascent and descent as shares of the font size: a line's box, close enough for gaps. */
const ASCENT = 0.75;
const DESCENT = 0.25;
/** A horizontal gap of at least this many font sizes separates two fragments. */
export const CELL_GAP = 1.0;
/** A gap above this share of the font size is a word space when neither side has one. */
const SPACE_GAP = 0.12;

export function runBox(run: TextRun): Rect {
  return {
    x0: run.x,
    x1: run.x + run.width,
    top: run.y - run.size * ASCENT,
    bottom: run.y + run.size * DESCENT,
  };
}

/**
 * Same row: baselines close, or a small raised or lowered run (a footnote mark, an index) that
 * touches a larger run and stays inside its line's height.
 */
function sameRow(a: TextRun, b: TextRun): boolean {
  const size = Math.max(a.size, b.size);
  if (Math.abs(a.y - b.y) <= 0.3 * size) return true;
  const small = a.size < b.size ? a : b;
  const big = small === a ? b : a;
  const touches =
    small.x <= big.x + big.width + 0.3 * big.size &&
    small.x + small.width >= big.x - 0.3 * big.size;
  return touches && small.size < 0.85 * big.size && Math.abs(small.y - big.y) <= 0.5 * big.size;
}

/** Rows of runs, top to bottom, each sorted left to right. */
export function rowsOfRuns(runs: readonly TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextRun[][] = [];
  for (const run of sorted) {
    // Only the last few rows can hold it: runs come sorted by baseline.
    const row = rows.slice(-3).findLast((r) => r.some((other) => sameRow(other, run)));
    if (row) row.push(run);
    else rows.push([run]);
  }
  return attachRaised(rows).map((row) => row.sort((a, b) => a.x - b.x));
}

/**
 * A row of small runs only (a superscript met before its base: "Ψ²" sorts the "2" first) joins
 * the nearby row that holds a larger run it touches.
 */
function attachRaised(rows: TextRun[][]): TextRun[][] {
  rows.forEach((row, i) => {
    const near = rows.slice(Math.max(0, i - 2), i + 3).filter((r) => r !== row && r.length);
    const base = near.find((r) =>
      row.every((run) => r.some((big) => big.size > run.size && sameRow(run, big))),
    );
    if (row.length && base) base.push(...row.splice(0));
  });
  return rows.filter((row) => row.length);
}

/** Joins runs of one fragment, with a space where the gap between them is a word space. */
function joinRuns(runs: readonly TextRun[]): string {
  let text = '';
  let end = -Infinity;
  for (const run of runs) {
    const gap = run.x - end;
    if (text && gap > SPACE_GAP * run.size && !/\s$/.test(text) && !/^\s/.test(run.text))
      text += ' ';
    text += run.text;
    end = Math.max(end, run.x + run.width);
  }
  return text.replace(/\s+/g, ' ').trim();
}

function fragmentOf(runs: readonly TextRun[], page: number): Fragment {
  // The row's main size and baseline: those of its largest run (not a raised footnote mark).
  const main = runs.reduce((a, b) => (b.size * b.text.length > a.size * a.text.length ? b : a));
  const boxes = runs.map(runBox);
  return {
    text: joinRuns(runs),
    x0: Math.min(...boxes.map((b) => b.x0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    top: Math.min(...boxes.map((b) => b.top)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
    baseline: main.y,
    size: main.size,
    page,
    ...(runs.every((r) => r.mono) ? { mono: true } : {}),
  };
}

/** A page's fragments, top to bottom and left to right. */
export function fragmentsOf(runs: readonly TextRun[], page: number): Fragment[] {
  const fragments: Fragment[] = [];
  for (const row of rowsOfRuns(runs)) {
    let current: TextRun[] = [];
    let end = -Infinity;
    for (const run of row) {
      if (current.length && run.x - end >= CELL_GAP * Math.max(run.size, current[0]!.size)) {
        fragments.push(fragmentOf(current, page));
        current = [];
      }
      current.push(run);
      end = Math.max(end, run.x + run.width);
    }
    if (current.length) fragments.push(fragmentOf(current, page));
  }
  return fragments.filter((f) => f.text);
}
