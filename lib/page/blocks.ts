// Turns an article's DOM into Blocks for the Paragraph Splitter (EWEK-QA §A.7.1): each `<p>` is a
// block; other text between block-level elements forms `lines` blocks; `<br>` becomes a line
// break; data tables are linearized row by row as "column: value, column: value" (SPAGHETTI §3.3).
// Works on any DOM (the browser's, or linkedom in Node). Iterative, so hostile nesting is safe.

import { INVISIBLE_CHARS, normalizeText } from '../core/text';
import type { Block } from '../pipeline/types';
import { NEVER_TEXT } from './visibility';

const BLOCK_LEVEL = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'pre',
  'section',
  'summary',
  'td',
  'th',
  'tr',
  'tbody',
  'thead',
  'tfoot',
  'ul',
  'center',
]);
const HEADING = /^h[1-6]$/;

type Step = { node: Node; pre: boolean } | { close: 'paragraph' | 'lines' };

export function articleToBlocks(root: Element): Block[] {
  const blocks: Block[] = [];
  let section: string | undefined;
  let buffer = '';
  const flush = (kind: 'paragraph' | 'lines') => {
    const text = normalizeText(buffer);
    buffer = '';
    if (text) blocks.push(section ? { kind, text, section } : { kind, text });
  };

  const stack: Step[] = [{ node: root, pre: false }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('close' in step) {
      flush(step.close);
      continue;
    }
    const { node, pre } = step;
    if (node.nodeType === 3) {
      const data = (node as Text).data;
      // Drop invisible characters before collapsing whitespace: JS `\s` matches U+FEFF, which would
      // otherwise turn "hi\uFEFFve" into "hi ve" (normalizeText strips it too late).
      buffer += pre ? data : data.replace(INVISIBLE_CHARS, '').replace(/\s+/g, ' ');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const tag = element.localName;
    if (NEVER_TEXT.has(tag)) continue;
    if (tag === 'br') {
      buffer += '\n';
      continue;
    }
    if (HEADING.test(tag)) {
      flush('lines');
      // Wikipedia's "History[edit]": the edit link is page furniture, not part of the section name.
      section =
        cellText(element)
          .replace(/\s*\[\s*edit\s*\]\s*/gi, ' ')
          .trim() || section;
      continue;
    }
    if (tag === 'table' && isDataTable(element)) {
      flush('lines');
      const table = linearizeTable(element);
      if (table.text)
        blocks.push({
          kind: 'table',
          text: table.text,
          ...(table.caption || section ? { section: table.caption || section } : {}),
        });
      continue;
    }
    const isParagraph = tag === 'p';
    const isBlock = isParagraph || BLOCK_LEVEL.has(tag) || tag === 'table';
    if (isBlock) {
      flush('lines');
      stack.push({ close: isParagraph ? 'paragraph' : 'lines' });
    }
    const childPre = pre || tag === 'pre';
    const children = Array.from(element.childNodes);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i]!, pre: childPre });
  }
  flush('lines');
  return blocks;
}

/**
 * A table of data (not layout): no nested tables, at least two cells, and cells short enough to
 * be values. A cell may hold paragraphs (Readability turns a cell's `<div>` into `<p>`), but a
 * table whose cells hold whole articles is a layout table and is read as prose.
 */
function isDataTable(table: Element): boolean {
  if (table.querySelector('table')) return false;
  const cells = Array.from(table.querySelectorAll('td, th'));
  if (cells.length < 2) return false;
  if (!table.querySelector('p, div > div')) return true;
  const lengths = cells.map((cell) => cellText(cell).length);
  return (
    Math.max(...lengths) <= MAX_CELL_CHARS && table.querySelectorAll('p').length <= 4 * cells.length
  );
}

/** A cell longer than this is prose, not a value: the table around it is a layout table. */
const MAX_CELL_CHARS = 400;

/** The cell's text on one line; its paragraphs and line breaks become spaces, not nothing. */
function cellText(cell: Element): string {
  let text = '';
  const stack: Node[] = [cell];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      text += (node as Text).data;
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = (node as Element).localName;
    if (NEVER_TEXT.has(tag)) continue;
    if (node !== cell && (tag === 'br' || tag === 'p' || BLOCK_LEVEL.has(tag))) text += ' ';
    const children = Array.from(node.childNodes);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return normalizeText(text).replace(/\n/g, ' ');
}

interface Row {
  cells: Element[];
  texts: string[];
  inHead: boolean;
}

function rowsOf(table: Element): Row[] {
  const rows: Row[] = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    if (tr.closest('table') !== table) continue;
    const cells = Array.from(tr.children).filter(
      (c) => c.localName === 'td' || c.localName === 'th',
    );
    if (cells.length === 0) continue;
    rows.push({
      cells,
      texts: cells.map(cellText),
      inHead: tr.parentElement?.localName === 'thead',
    });
  }
  return rows;
}

/** Every non-empty cell's text is bold, or the cells are marked as headers by their class. */
function looksLikeHeader(row: Row): boolean {
  const filled = row.cells.filter((_, i) => row.texts[i]);
  if (filled.length < 2) return false;
  return filled.every((cell) => {
    const bold = Array.from(cell.querySelectorAll('b, strong')).map(cellText).join(' ').trim();
    return bold === cellText(cell) || /\bheader/i.test(cell.getAttribute('class') ?? '');
  });
}

const NUMERIC = /^[^\p{L}]*\d[\d.,\s]*(?:%|[a-z]{1,3}\b)?/iu;

/**
 * The first row of a table without `<th>` markup names the columns when none of its cells is a
 * number while the rows below hold numbers in some column ("Original Size" over "71.1 MB").
 */
function headerByNumbers(first: Row, rest: readonly Row[]): boolean {
  if (rest.length < 2 || first.texts.filter(Boolean).length < 2) return false;
  if (first.texts.some((t) => NUMERIC.test(t))) return false;
  const width = first.cells.length;
  for (let col = 0; col < width; col++) {
    const numeric = rest.filter(
      (r) => r.cells.length === width && NUMERIC.test(r.texts[col] ?? ''),
    );
    if (numeric.length >= rest.length / 2) return true;
  }
  return false;
}

/**
 * SPAGHETTI §3.3: rows as "column_name: cell_content, …". A header row (all `<th>`, in `<thead>`,
 * all bold, or a row of names over columns of numbers) names the columns; an infobox-style row
 * (`<th>` then `<td>`) reads "label: value"; a row of one spanning cell is the table's title and
 * stays a line of its own. Rows are separated by line breaks so each row maps back to its place
 * in the block text.
 */
export function linearizeTable(table: Element): { text: string; caption?: string } {
  const rows = rowsOf(table);
  const caption = table.querySelector('caption');
  const captionText = caption ? cellText(caption) : '';
  let headers: string[] = [];
  const lines: string[] = [];
  rows.forEach((row, r) => {
    const { cells, texts } = row;
    const allHeaders = cells.every((c) => c.localName === 'th');
    const firstData = headers.length === 0 && lines.every((l) => !l.includes(', '));
    if (
      (allHeaders && cells.length > 1) ||
      (row.inHead && headers.length === 0) ||
      (firstData &&
        cells.length > 1 &&
        (looksLikeHeader(row) || headerByNumbers(row, rows.slice(r + 1))))
    ) {
      headers = texts;
      return;
    }
    let line: string;
    if (cells[0]!.localName === 'th' && cells.length > 1 && headers.length === 0) {
      line = `${texts[0]}: ${texts.slice(1).filter(Boolean).join(', ')}`;
    } else {
      line = texts
        .map((text, i) => (headers[i] && text ? `${headers[i]}: ${text}` : text))
        .filter(Boolean)
        .join(', ');
    }
    if (line.trim()) lines.push(line);
  });
  return { text: lines.join('\n'), ...(captionText ? { caption: captionText } : {}) };
}
