// From a page's text items (as pdf.js gives them: a string, a text matrix and a width) to upright
// runs: positions go through the viewport's matrix (so /Rotate pages read as displayed), and a
// page whose text runs mostly top-to-bottom or upside down is turned so it reads left to right.
// Runs in other directions (a vertical arXiv stamp in the margin) are dropped.

import type { PageText, TextRun } from './types';

export interface RawItem {
  str: string;
  width: number;
  /** pdf.js text matrix [a, b, c, d, e, f]. */
  transform: number[];
  /** Set in a fixed-pitch font (code). */
  mono?: boolean;
}

type Matrix = readonly number[];

function multiply(m: Matrix, n: Matrix): number[] {
  return [
    m[0]! * n[0]! + m[2]! * n[1]!,
    m[1]! * n[0]! + m[3]! * n[1]!,
    m[0]! * n[2]! + m[2]! * n[3]!,
    m[1]! * n[2]! + m[3]! * n[3]!,
    m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
    m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
  ];
}

interface Placed {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** Direction of the baseline in quarter turns clockwise (y grows downwards), -1 if skewed. */
  quarter: number;
  mono?: boolean;
}

function place(item: RawItem, viewport: Matrix): Placed | undefined {
  if (!item.str.trim() || item.transform.length < 6) return undefined;
  const m = multiply(viewport, item.transform);
  const size = Math.hypot(m[2]!, m[3]!);
  if (!(size > 0.5)) return undefined;
  const angle = (Math.atan2(m[1]!, m[0]!) * 180) / Math.PI;
  const nearest = Math.round(angle / 90);
  const quarter = Math.abs(angle - nearest * 90) < 3 ? (nearest + 4) % 4 : -1;
  const mono = item.mono ? { mono: true } : {};
  return { text: item.str, x: m[4]!, y: m[5]!, width: item.width, size, quarter, ...mono };
}

/** A point of the displayed page in the upright frame after turning `quarter` quarter turns back. */
function turn(x: number, y: number, quarter: number, width: number, height: number) {
  if (quarter === 1) return { x: y, y: width - x };
  if (quarter === 2) return { x: width - x, y: height - y };
  if (quarter === 3) return { x: height - y, y: x };
  return { x, y };
}

/**
 * Upright runs of one page. `viewport` is the page's viewport matrix at scale 1 (it includes the
 * page's /Rotate); `width`/`height` are the displayed page's size.
 */
export function uprightPage(
  page: number,
  items: readonly RawItem[],
  viewport: Matrix,
  width: number,
  height: number,
): PageText {
  const placed = items.flatMap((item) => place(item, viewport) ?? []);
  const chars = [0, 0, 0, 0];
  for (const p of placed) if (p.quarter >= 0) chars[p.quarter]! += p.text.length;
  const quarter = chars.indexOf(Math.max(...chars));
  const runs: TextRun[] = placed
    .filter((p) => p.quarter === quarter)
    .map((p) => ({
      ...turn(p.x, p.y, quarter, width, height),
      text: p.text,
      width: p.width,
      size: p.size,
      ...(p.mono ? { mono: true } : {}),
    }));
  const sideways = quarter % 2 === 1;
  return {
    page,
    width: sideways ? height : width,
    height: sideways ? width : height,
    runs,
    ...(quarter ? { rotation: quarter * 90 } : {}),
  };
}

/** A box of the upright frame back on the displayed page (for `Block.box`). */
export function displayedBox(
  box: { x: number; y: number; width: number; height: number },
  rotation: number,
  uprightWidth: number,
  uprightHeight: number,
) {
  const quarter = (((rotation / 90) % 4) + 4) % 4;
  if (!quarter) return box;
  const { x, y, width, height } = box;
  if (quarter === 2)
    return { x: uprightWidth - x - width, y: uprightHeight - y - height, width, height };
  // Quarter turns swap the axes; the displayed page is uprightHeight wide.
  if (quarter === 1) return { x: uprightHeight - y - height, y: x, width: height, height: width };
  return { x: y, y: uprightWidth - x - width, width: height, height: width };
}
