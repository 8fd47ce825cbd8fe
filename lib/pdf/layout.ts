// The pure half of reading a PDF: upright text runs of every page → blocks in reading order.
// No pdf.js here (lib/pdf/read.ts feeds it), so every rule is tested on plain data. Steps:
// fragments (fragments.ts) → running headers, footers and page numbers dropped (furniture.ts) →
// footnotes set apart (footnotes.ts) → columns and bands (columns.ts) → paragraphs, headings and
// tables (assemble.ts, table.ts), hyphens at line ends joined (text.ts).

import type { Block } from '../pipeline/types';
import { assembleBlocks, normalizeTitle, type Geometry, type PageLines } from './assemble';
import { pageLines } from './columns';
import { footnoteText, splitFootnotes } from './footnotes';
import { fragmentsOf } from './fragments';
import { removeFurniture } from './furniture';
import { displayedBox } from './runs';
import { vocabulary } from './text';
import type { Fragment, Line, PageText, Rect } from './types';

export interface LayoutOptions {
  /** Titles of the PDF's outline (bookmarks): lines that match them are headings. */
  outline?: readonly string[];
  /** The section name of footnote blocks ("Footnotes"). */
  footnotesLabel?: string;
}

export interface Layout {
  blocks: Block[];
  /** The largest heading on the first page with text, when there is one. */
  title?: string;
  /** Pages with no text at all (scanned pages, blank pages). */
  pagesWithoutText: number[];
}

/** The most common font size, weighted by characters: the body text's size. */
export function bodySizeOf(fragments: readonly Fragment[]): number {
  const weight = new Map<number, number>();
  for (const f of fragments) {
    const size = Math.round(f.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + f.text.length);
  }
  let best = 10;
  let most = 0;
  for (const [size, w] of weight) if (w > most) [best, most] = [size, w];
  return best;
}

/**
 * A column's left edge: the leftmost position where at least two lines (or a fifth of them) start,
 * so neither a stray line further left nor a run of indented first lines moves it.
 */
function leftEdge(lines: readonly Line[]): number {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(Math.round(l.x0), (counts.get(Math.round(l.x0)) ?? 0) + 1);
  const needed = Math.min(2, Math.max(1, Math.ceil(lines.length / 5)));
  const starts = [...counts].filter(([, n]) => n >= needed).map(([x]) => x);
  return starts.length ? Math.min(...starts) : Math.min(...lines.map((l) => l.x0));
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(Math.round(v), (counts.get(Math.round(v)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/**
 * Each page column's left edge (where most lines start) and right edge (where nine lines in ten
 * end at most), and whether the text is ragged right: justified text has short lines only at
 * paragraph ends, ragged text has them anywhere.
 */
function columnEdges(groups: Map<string, Line[]>) {
  const edges = new Map<string, { left: number; right: number }>();
  let short = 0;
  let all = 0;
  for (const [key, lines] of groups) {
    const rights = lines.map((l) => l.x1).sort((a, b) => a - b);
    const right = rights[Math.floor(rights.length * 0.9)]!;
    edges.set(key, { left: leftEdge(lines), right });
    all += lines.length;
    short += lines.filter((l) => l.x1 < right - 2.5 * l.size).length;
  }
  return { edges, ragged: all > 0 && short / all > 0.35 };
}

/**
 * The document's first-line indent: an indent that, most times it occurs, is followed by a line
 * at the column's edge (a list's hanging indent is followed by more lines like it).
 */
function firstLineIndent(
  pages: readonly PageLines[],
  edges: Map<string, { left: number }>,
  bodySize: number,
): number | undefined {
  const offset = (l: Line) => Math.round(l.x0 - (edges.get(`${l.page}:${l.column}`)?.left ?? l.x0));
  const seen = new Map<number, { all: number; first: number }>();
  for (const { body } of pages)
    body.forEach((line, i) => {
      const at = offset(line);
      if (at < 0.6 * bodySize || at > 6 * bodySize) return;
      const count = seen.get(at) ?? { all: 0, first: 0 };
      const next = body[i + 1];
      count.all++;
      if (next && next.column === line.column && Math.abs(offset(next)) <= 1) count.first++;
      seen.set(at, count);
    });
  const best = [...seen].sort((a, b) => b[1].first - a[1].first)[0];
  return best && best[1].first >= 3 && best[1].first >= best[1].all / 2 ? best[0] : undefined;
}

function geometryOf(
  pages: readonly PageLines[],
  bodySize: number,
  options: LayoutOptions,
): Geometry {
  const groups = new Map<string, Line[]>();
  const gaps: number[] = [];
  for (const { body } of pages)
    body.forEach((line, i) => {
      const key = `${line.page}:${line.column}`;
      const group = groups.get(key);
      if (group) group.push(line);
      else groups.set(key, [line]);
      const prev = body[i - 1];
      const gap = prev ? line.baseline - prev.baseline : 0;
      if (
        prev &&
        prev.column === line.column &&
        Math.abs(line.size - bodySize) < 0.5 &&
        gap > 0 &&
        gap < 2.5 * bodySize
      )
        gaps.push(gap);
    });
  const { edges, ragged } = columnEdges(groups);
  const paragraphIndent = firstLineIndent(pages, edges, bodySize);
  const words = vocabulary(pages.flatMap((p) => p.body.map((l) => l.text)));
  return {
    bodySize,
    // The most common gap: paragraph gaps are rarer than line gaps.
    leading: gaps.length ? mode(gaps) : bodySize * 1.2,
    edges,
    // Justified text has short lines only at paragraph ends; ragged-right text has them anywhere.
    ragged,
    ...(paragraphIndent !== undefined ? { paragraphIndent } : {}),
    outline: new Set((options.outline ?? []).map(normalizeTitle).filter(Boolean)),
    words,
    footnotesLabel: options.footnotesLabel ?? 'Footnotes',
  };
}

function union(lines: readonly Line[]): Rect {
  return {
    x0: Math.min(...lines.map((l) => l.x0)),
    x1: Math.max(...lines.map((l) => l.x1)),
    top: Math.min(...lines.map((l) => l.top)),
    bottom: Math.max(...lines.map((l) => l.bottom)),
  };
}

export function layoutPages(pages: readonly PageText[], options: LayoutOptions = {}): Layout {
  const fragments = pages.map((p) => ({
    page: p.page,
    height: p.height,
    fragments: fragmentsOf(p.runs, p.page),
  }));
  const bodySize = bodySizeOf(fragments.flatMap((p) => p.fragments));
  const kept = removeFurniture(fragments);
  const lines: PageLines[] = kept.map(({ page, height, fragments: all }) => {
    const { body, notes } = splitFootnotes(all, bodySize, height);
    // Notes in two columns have a gutter of their own, found at the notes' type size.
    const noteLines = pageLines(notes, bodySizeOf(notes));
    return {
      page,
      body: pageLines(body, bodySize),
      ...(noteLines.length
        ? { notes: { text: footnoteText(noteLines), box: union(noteLines) } }
        : {}),
    };
  });
  const { blocks, title } = assembleBlocks(lines, geometryOf(lines, bodySize, options));
  const byPage = new Map(pages.map((p) => [p.page, p]));
  for (const block of blocks) {
    const page = byPage.get(block.page!);
    if (page?.rotation && block.box)
      block.box = displayedBox(block.box, page.rotation, page.width, page.height);
  }
  const pagesWithoutText = pages.filter((p) => p.runs.length === 0).map((p) => p.page);
  return { blocks, ...(title ? { title } : {}), pagesWithoutText };
}
