// PDFs with exact layouts, generated at test time with pdf-lib, each with the blocks it should read
// as, in order (the reading-order tests and `pdf.readingOrderAccuracy` in the bench use them).
// Text is drawn line by line with the standard fonts, so what is on the page is known exactly.

import { PDFDocument, StandardFonts, setWordSpacing, type PDFFont, type PDFPage } from 'pdf-lib';

export interface GeneratedPdf {
  name: string;
  bytes: Uint8Array;
  /** Block texts in reading order. */
  expected: string[];
}

export interface FlowParagraph {
  text: string;
  /** A heading: drawn larger and bold; not a block (it names the section of those below). */
  heading?: boolean;
}

export interface FlowOptions {
  title?: string;
  columns?: 1 | 2;
  header?: string;
  pageNumbers?: boolean;
  /** Justified lines (the default), or ragged right. */
  justify?: boolean;
  /** Stop before a paragraph that would need a page after this one. */
  maxPages?: number;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = { left: 54, right: 54, top: 72, bottom: 72 };
const SIZE = 10;
const LEADING = 12;
const INDENT = 12;
const GUTTER = 24;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function newDoc(): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  return { doc, fonts: { regular, bold } };
}

/** Characters the standard fonts can write; others are replaced or dropped. */
export function winAnsi(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFKC')]
    .map((c) => (known.has(c.codePointAt(0)!) ? c : /\s/.test(c) ? ' ' : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A word wider than the column (a URL) in pieces that fit. */
function splitLong(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const c of word) {
    if (piece && font.widthOfTextAtSize(piece + c, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += c;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Greedy line breaking; the first line is `indent` narrower. */
export function wrap(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  indent = 0,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').flatMap((w) => splitLong(w, font, size, width - indent))) {
    const candidate = line ? `${line} ${word}` : word;
    const room = width - (lines.length === 0 ? indent : 0);
    if (line && font.widthOfTextAtSize(candidate, size) > room) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

interface Cursor {
  page: PDFPage;
  pages: number;
  column: number;
  y: number;
  top: number;
}

function furniture(page: PDFPage, n: number, fonts: Fonts, options: FlowOptions): void {
  if (options.header)
    page.drawText(options.header, {
      x: MARGIN.left,
      y: PAGE[1] - 40,
      size: 8,
      font: fonts.regular,
    });
  if (options.pageNumbers)
    page.drawText(String(n), { x: PAGE[0] / 2 - 3, y: 36, size: 9, font: fonts.regular });
}

/**
 * Paragraphs flowed through one or two columns over as many pages as they need, with an optional
 * spanning title on the first page, a running header and page numbers. Paragraphs' first lines
 * are indented; a paragraph may run on from one column or page into the next.
 */
export async function flowPdf(
  paragraphs: FlowParagraph[],
  options: FlowOptions = {},
): Promise<GeneratedPdf & { pages: number }> {
  const { doc, fonts } = await newDoc();
  const columns = options.columns ?? 2;
  const width = (PAGE[0] - MARGIN.left - MARGIN.right - (columns - 1) * GUTTER) / columns;
  const newPage = (cursor?: Cursor): Cursor => {
    const page = doc.addPage(PAGE);
    const pages = (cursor?.pages ?? 0) + 1;
    furniture(page, pages, fonts, options);
    return { page, pages, column: 0, y: PAGE[1] - MARGIN.top, top: PAGE[1] - MARGIN.top };
  };
  let cursor = newPage();
  if (options.title) {
    for (const line of wrap(options.title, fonts.bold, 18, PAGE[0] - 2 * MARGIN.left)) {
      cursor.page.drawText(line, { x: MARGIN.left, y: cursor.y - 18, size: 18, font: fonts.bold });
      cursor.y -= 22;
    }
    cursor.y -= 14;
    cursor.top = cursor.y;
  }
  const advance = (needed: number) => {
    if (cursor.y - needed >= MARGIN.bottom) return;
    if (cursor.column + 1 < columns)
      cursor = { ...cursor, column: cursor.column + 1, y: cursor.top };
    else cursor = newPage(cursor);
  };
  const expected: string[] = [];
  for (const paragraph of paragraphs) {
    const font = paragraph.heading ? fonts.bold : fonts.regular;
    const size = paragraph.heading ? 12 : SIZE;
    const text = winAnsi(paragraph.text, font);
    if (!text) continue;
    const lines = wrap(text, font, size, width, paragraph.heading ? 0 : INDENT);
    if (options.maxPages && wouldOverflow(cursor, lines.length, columns, options.maxPages)) break;
    if (paragraph.heading) {
      advance(3 * LEADING);
      cursor.y -= 6;
    }
    lines.forEach((line, i) => {
      advance(LEADING);
      const indent = i === 0 && !paragraph.heading ? INDENT : 0;
      const x = MARGIN.left + cursor.column * (width + GUTTER) + indent;
      // Justified, as papers are: every line but a paragraph's last fills the column.
      const spaces = line.split(' ').length - 1;
      const slack = width - indent - font.widthOfTextAtSize(line, size);
      const justify = options.justify !== false && i < lines.length - 1 && spaces > 0;
      cursor.page.pushOperators(setWordSpacing(justify ? slack / spaces : 0));
      cursor.page.drawText(line, { x, y: cursor.y - size, size, font });
      cursor.y -= paragraph.heading ? LEADING + 4 : LEADING;
    });
    if (!paragraph.heading) expected.push(text);
  }
  return { name: 'flow', bytes: await doc.save(), expected, pages: cursor.pages };
}

/** Whether `lines` more lines would run past the last allowed page. */
function wouldOverflow(cursor: Cursor, lines: number, columns: number, maxPages: number): boolean {
  const perColumn = Math.floor((PAGE[1] - MARGIN.top - MARGIN.bottom) / LEADING);
  const left = Math.floor((cursor.y - MARGIN.bottom) / LEADING);
  const columnsLeft = (maxPages - cursor.pages) * columns + (columns - 1 - cursor.column);
  return lines + 3 > left + columnsLeft * perColumn;
}
