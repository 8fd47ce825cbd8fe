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

/** A table of data (not layout): no nested tables or paragraphs, at least two cells. */
function isDataTable(table: Element): boolean {
  if (table.querySelector('table, p, div > div')) return false;
  return table.querySelectorAll('td, th').length >= 2;
}

function cellText(cell: Element): string {
  return normalizeText(cell.textContent ?? '').replace(/\n/g, ' ');
}

/**
 * SPAGHETTI §3.3: rows as "column_name: cell_content, …". A header row (all `<th>`, or in
 * `<thead>`) names the columns; an infobox-style row (`<th>` then `<td>`) reads "label: value".
 * Rows are separated by line breaks so each row maps back to its place in the block text.
 */
export function linearizeTable(table: Element): { text: string; caption?: string } {
  const rows = Array.from(table.querySelectorAll('tr')).filter(
    (tr) => tr.closest('table') === table,
  );
  const caption = table.querySelector('caption');
  const captionText = caption ? cellText(caption) : '';
  let headers: string[] = [];
  const lines: string[] = [];
  for (const row of rows) {
    const cells = Array.from(row.children).filter(
      (c) => c.localName === 'td' || c.localName === 'th',
    );
    if (cells.length === 0) continue;
    const texts = cells.map(cellText);
    const allHeaders = cells.every((c) => c.localName === 'th');
    if (
      (allHeaders && cells.length > 1) ||
      (row.parentElement?.localName === 'thead' && headers.length === 0)
    ) {
      headers = texts;
      continue;
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
  }
  return { text: lines.join('\n'), ...(captionText ? { caption: captionText } : {}) };
}
