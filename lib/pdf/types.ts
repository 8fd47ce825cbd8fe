// Plain data the pure layout modules work on: text runs with positions, as read from a PDF page's
// text layer. No pdf.js type appears here, so the layout is tested on hand-written data.

/** One run of text on a page, in points, origin at the (upright) page's top-left corner. */
export interface TextRun {
  text: string;
  /** Left end of the baseline. */
  x: number;
  /** Baseline, from the top. */
  y: number;
  /** Advance width along the baseline. */
  width: number;
  /** Font size (the glyphs' height scale). */
  size: number;
  /** Set in a fixed-pitch font (code, terminal output): never a heading. */
  mono?: boolean;
}

/** One page's text, upright: `rotation` says how it was turned to read left to right. */
export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
  /** Degrees the page's text was turned clockwise to be upright (0, 90, 180, 270). */
  rotation?: number;
}

/** A rectangle, in points from the upright page's top-left corner. */
export interface Rect {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** Runs on one baseline with no wide gap between them: a line of a column, or a table cell. */
export interface Fragment extends Rect {
  text: string;
  /** Every run of it is in a fixed-pitch font. */
  mono?: boolean;
  baseline: number;
  size: number;
  page: number;
}

/** Fragments on one baseline inside one column, in reading order: a line (or a table row). */
export interface Line extends Rect {
  cells: Fragment[];
  text: string;
  /** Every cell of it is in a fixed-pitch font. */
  mono?: boolean;
  baseline: number;
  size: number;
  page: number;
  /** Which column of its page the line is in (0 = leftmost or the only one; -1 = spanning). */
  column: number;
}
