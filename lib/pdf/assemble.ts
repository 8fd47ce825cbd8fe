// Lines in reading order → blocks: paragraphs from line spacing, indentation and short last lines;
// headings (larger type, the outline's titles, or a short numbered or capitalised line standing
// alone) become the `section` of the blocks below them; tables become `table` blocks; each page's
// footnotes follow the paragraph that was open when the page ended.

import type { Block } from '../pipeline/types';
import { linearizeRows, tableLength } from './table';
import { joinLines } from './text';
import type { Line, Rect } from './types';

export interface PageLines {
  page: number;
  body: Line[];
  /** The page's footnotes as one block's text (a line per footnote), if it has any. */
  notes?: { text: string; box: Rect };
}

export interface Geometry {
  bodySize: number;
  /** Usual distance between baselines of body text. */
  leading: number;
  /** Left and right edges of a page's column (`${page}:${column}`). */
  edges: Map<string, { left: number; right: number }>;
  /** The document's first-line indent, in points, when its paragraphs have one. */
  paragraphIndent?: number;
  /** Lines end anywhere (ragged right): a short line does not end a paragraph. */
  ragged: boolean;
  /** Normalised titles of the PDF's outline (bookmarks). */
  outline: Set<string>;
  words: Set<string>;
  footnotesLabel: string;
}

const NUMBERED = /^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+\p{Lu}/u;
const CAPITALS = /^\p{Lu}[\p{Lu}\s&:-]{3,40}$/u;
/** A table of contents' entry ("2 Utilities . . . . 5"): a line of its own, never a heading. */
const DOT_LEADERS = /(?:\.\s?){4}/;
const LIST_ITEM = /^(?:[•◦▪‣∙·●○■□➢►–—-]\s|\(?\d{1,2}[.)]\s|\(?[a-z][.)]\s|\[\d{1,3}\]\s)/u;

export const normalizeTitle = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function edgesOf(line: Line, g: Geometry) {
  return g.edges.get(`${line.page}:${line.column}`) ?? { left: line.x0, right: line.x1 };
}

/**
 * Whether `line` carries on the paragraph `open` (its lines so far). A paragraph ends at a wider
 * gap than the usual leading, after a short line that ends a sentence, and before a first-line
 * indent or a list item. A list item goes on while its lines hang to the right of its mark.
 */
export function continues(open: readonly Line[], line: Line, g: Geometry): boolean {
  const prev = open.at(-1)!;
  const first = open[0]!;
  if (Math.abs(prev.size - line.size) > 1) return false;
  if (DOT_LEADERS.test(prev.text) || DOT_LEADERS.test(line.text)) return false;
  // Across columns a paragraph runs on up to the next column's top; never down past a gap.
  const down = prev.column === line.column || line.top > prev.bottom;
  if (prev.page === line.page && down) {
    if (line.baseline - prev.baseline > 1.4 * g.leading + 0.5) return false;
  }
  const { left: prevLeft, right } = edgesOf(prev, g);
  // Short is 2.5 em in justified text, under half the column when lines are ragged.
  const shortBy = g.ragged ? (right - prevLeft) / 2 : 2.5 * prev.size;
  if (prev.x1 < right - shortBy && /[.!?:;)"”’]$/.test(prev.text)) return false;
  // Offsets from each line's own column edge, so a paragraph may run on into the next column.
  const offset = (l: Line) => l.x0 - edgesOf(l, g).left;
  const aligned = Math.abs(offset(line) - offset(prev)) < 0.5 * line.size;
  // A list item's lines hang right of its mark, or (an item set as an indented paragraph) run
  // back to the column's edge.
  const hangs = Math.abs(offset(line) - offset(first)) > 0.3 * line.size;
  // A word broken at the line's end ("Re-" / "dundancy") goes on in an item that does not hang.
  const brokenWord = /\p{Ll}-$/u.test(prev.text) && /^\p{Ll}/u.test(line.text);
  if (LIST_ITEM.test(first.text))
    return !LIST_ITEM.test(line.text) && ((hangs && (aligned || open.length === 1)) || brokenWord);
  // Inside a justified paragraph a line may start with a dash: only after a full line, in line.
  const fills = prev.x1 >= right - 2.5 * prev.size && !/[.!?:;]$/.test(prev.text);
  if (LIST_ITEM.test(line.text) && !(fills && aligned)) return false;
  const indent = offset(line);
  const indented = indent > 0.6 * line.size && indent < 6 * line.size;
  // An indented line starts a paragraph, unless it goes on with an indented block: lines up with
  // a block already two lines long, or with a first line that had no room for its first word.
  const firstLine = g.paragraphIndent !== undefined && Math.abs(indent - g.paragraphIndent) <= 1.5;
  const inBlock =
    !firstLine &&
    aligned &&
    (open.length >= 2 ? Math.abs(offset(first) - offset(prev)) < 1 : !roomFor(prev, line, right));
  return !indented || inBlock;
}

/** Whether `line`'s first word would have fitted at the end of `prev`: then `prev` ended on purpose. */
function roomFor(prev: Line, line: Line, right: number): boolean {
  if (/[-\u00ad\u2010]$/.test(prev.text)) return false;
  const word = line.text.split(' ')[0] ?? '';
  const perChar = (line.x1 - line.x0) / Math.max(1, line.text.length);
  return right - prev.x1 > (word.length + 2) * perChar;
}

function headingLike(line: Line, g: Geometry, standingAlone: boolean): boolean {
  const text = line.text.trim();
  if (text.length < 2 || text.length > 150 || !/\p{L}/u.test(text) || line.mono) return false;
  if (DOT_LEADERS.test(text)) return false;
  if (g.outline.has(normalizeTitle(text))) return true;
  if (line.size >= 1.15 * g.bodySize) return true;
  return (
    standingAlone &&
    line.cells.length === 1 &&
    text.length <= 60 &&
    !/[.,;:]$/.test(text) &&
    (NUMBERED.test(text) || CAPITALS.test(text))
  );
}

function boxOf(lines: readonly Line[]) {
  const on = lines.filter((l) => l.page === lines[0]!.page);
  const x0 = Math.min(...on.map((l) => l.x0));
  const top = Math.min(...on.map((l) => l.top));
  const x1 = Math.max(...on.map((l) => l.x1));
  const bottom = Math.max(...on.map((l) => l.bottom));
  return { x: x0, y: top, width: x1 - x0, height: bottom - top };
}

export const rectBox = (r: Rect) => ({
  x: r.x0,
  y: r.top,
  width: r.x1 - r.x0,
  height: r.bottom - r.top,
});

/** A table's caption: the paragraph just before it, when it starts "Table 2". */
function takeCaption(blocks: Block[], page: number): string | undefined {
  const last = blocks.at(-1);
  if (!last || last.kind !== 'paragraph' || last.page !== page) return undefined;
  if (!/^(?:table|tab\.|tabelle)\s*[\dIVX]+/i.test(last.text) || last.text.length > 300)
    return undefined;
  blocks.pop();
  return last.text;
}

/** Headings met so far: the current section, and the document's title (page 1's largest). */
class Headings {
  section: string | undefined;
  private last: Line | undefined;
  private title: { text: string; size: number; page: number } | undefined;

  /** A heading line: a new section, or the next line of a heading that wraps. */
  add(line: Line): void {
    const last = this.last;
    const wraps =
      last !== undefined &&
      last.page === line.page &&
      Math.abs(last.size - line.size) < 0.5 &&
      line.top - last.bottom < line.size &&
      !NUMBERED.test(line.text);
    this.section = wraps && this.section ? `${this.section} ${line.text}` : line.text;
    const title = this.title;
    if (!title || (title.page === line.page && line.size > title.size))
      this.title = { text: this.section, size: line.size, page: line.page };
    else if (wraps && title.page === line.page && title.size === line.size)
      title.text = this.section;
    this.last = line;
  }

  /** Body text came between: the next heading line starts a new heading. */
  interrupt(): void {
    this.last = undefined;
  }

  titleText(): string | undefined {
    return this.title?.text;
  }
}

function tableBlock(table: Line[], blocks: Block[], section: string | undefined): Block {
  const page = table[0]!.page;
  const label = takeCaption(blocks, page) ?? section;
  return {
    kind: 'table',
    text: linearizeRows(table),
    ...(label ? { section: label } : {}),
    page,
    box: boxOf(table),
  };
}

export function assembleBlocks(
  pages: readonly PageLines[],
  g: Geometry,
): { blocks: Block[]; title?: string } {
  const blocks: Block[] = [];
  const headings = new Headings();
  let open: Line[] = [];
  let text = '';
  let pending: Block[] = [];
  const flush = () => {
    const section = headings.section;
    if (open.length && text.trim())
      blocks.push({
        kind: 'paragraph',
        text: text.trim(),
        ...(section ? { section } : {}),
        page: open[0]!.page,
        box: boxOf(open),
      });
    open = [];
    text = '';
    blocks.push(...pending);
    pending = [];
  };
  for (const { page, body, notes } of pages) {
    for (let i = 0; i < body.length; i++) {
      const line = body[i]!;
      const rows = tableLength(body, i);
      if (rows > 0) {
        flush();
        blocks.push(tableBlock(body.slice(i, i + rows), blocks, headings.section));
        i += rows - 1;
        headings.interrupt();
        continue;
      }
      const carriesOn = open.length > 0 && continues(open, line, g);
      if (headingLike(line, g, !carriesOn)) {
        flush();
        headings.add(line);
        continue;
      }
      headings.interrupt();
      if (!carriesOn) flush();
      open.push(line);
      text = joinLines(text, line.text, g.words);
    }
    if (notes) {
      const box = rectBox(notes.box);
      const block: Block = {
        kind: 'lines',
        text: notes.text,
        section: g.footnotesLabel,
        page,
        box,
      };
      if (open.length) pending.push(block);
      else blocks.push(block);
    }
  }
  flush();
  const title = headings.titleText();
  return { blocks, ...(title ? { title } : {}) };
}
