// Answers from table rows: superlative questions ("which app saw the biggest reduction?", "who
// made the most changesets?") and lookups ("what is Kindle's patch size?", "which statuses
// correspond to completed?") are answered by the row(s) that hold the answer, read with their
// column headers. Prose ranking cannot do this: the row that answers "the most" shares no more
// words with the question than any other row, and the number that decides it is not a word.
//
// Tables arrive linearized by lib/page/blocks.ts, one row per line: "Column: value, Column: value"
// when the table names its columns, "value, value" when it does not (a title row, such as
// "(by changesets)", stays a line of one cell above the rows). The rows chosen become quotes of
// their own, exact slices of the block text, so the citation and the highlight land on the row.

import { terms } from '../core/text';
import { contentOf } from './intent';
import type { Block } from './types';

export interface TableCell {
  header?: string;
  value: string;
  /** Offset of `value` in the row's text. */
  at: number;
}

export interface TableRow {
  /** The row's line, an exact slice of the block text at `start`. */
  text: string;
  start: number;
  cells: TableCell[];
}

export interface ParsedTable {
  /** Lines of one cell above the first row: the table's title ("(by changesets)"). */
  titles: string[];
  headers: string[];
  rows: TableRow[];
}

/** One answering row: the quote text, and where its answering cell is. */
export interface TableAnswerRow {
  blockIndex: number;
  text: string;
  start: number;
  /** The answering value's offsets in `text`: the answer highlight, and what the composer says. */
  span: { start: number; end: number };
}

const LABEL = /(?:^|, )([^,:\n]{1,80}): /g;

/** Rows of a linearized table block, with the column headers the linearizer wrote. */
export function parseTable(text: string): ParsedTable {
  const lines: Array<{ text: string; start: number }> = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start: offset });
    offset += line.length + 1;
  }
  const headers = commonLabels(lines.map((l) => l.text));
  const titles: string[] = [];
  const rows: TableRow[] = [];
  for (const line of lines) {
    const cells = headers.length ? labelledCells(line.text, headers) : plainCells(line.text);
    if (cells.length <= 1 && rows.length === 0 && !headers.length) titles.push(line.text.trim());
    else if (cells.length > 0) rows.push({ text: line.text, start: line.start, cells });
  }
  return { titles: titles.filter(Boolean), headers, rows };
}

/** Labels that start a cell in at least half of the lines: the column headers. */
function commonLabels(lines: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const label of new Set(Array.from(line.matchAll(LABEL), (m) => m[1]!)))
      counts.set(label, (counts.get(label) ?? 0) + 1);
  const common = [...counts].filter(([, n]) => lines.length >= 2 && n >= lines.length / 2);
  return common.length >= 2 ? common.map(([label]) => label) : [];
}

function labelledCells(line: string, headers: readonly string[]): TableCell[] {
  const starts: Array<{ header: string; at: number; valueAt: number }> = [];
  for (const header of headers) {
    const prefix = `${header}: `;
    const at = line.startsWith(prefix) ? 0 : line.indexOf(`, ${prefix}`);
    if (at < 0) continue;
    const labelAt = at === 0 ? 0 : at + 2;
    starts.push({ header, at, valueAt: labelAt + prefix.length });
  }
  starts.sort((a, b) => a.at - b.at);
  return starts.map((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.at : line.length;
    return { header: s.header, value: line.slice(s.valueAt, end).trim(), at: s.valueAt };
  });
}

function plainCells(line: string): TableCell[] {
  const cells: TableCell[] = [];
  let at = 0;
  for (const part of line.split(/, (?=\S)/)) {
    if (part.trim()) cells.push({ value: part.trim(), at: at + part.indexOf(part.trim()) });
    at += part.length + 2;
  }
  return cells;
}

type Direction = 'max' | 'min';

// Not "maximum" nor "minimum": "the minimum wage", "the maximum width" name a quantity to look
// up, not a comparison of rows.
const MAX_WORDS =
  /\b(?:most|highest|largest|biggest|greatest|top|longest|heaviest|best|latest|newest|more)\b/i;
const MIN_WORDS =
  /\b(?:least|lowest|smallest|fewest|shortest|lightest|cheapest|worst|earliest|less|fewer)\b/i;
/** "The biggest reduction" is the largest fall: these measures are compared by size, not sign. */
const CHANGE_WORDS =
  /\b(?:reduction|reduce|decrease|drop|saving|savings|improvement|shrink|cut)\b/i;
/** Words that say how to compare or where to look, not what to look up. */
const NOT_CONTENT = new Set(
  terms(
    'most highest largest biggest greatest top maximum longest heaviest best latest newest least ' +
      'lowest smallest fewest minimum shortest lightest cheapest worst earliest table row column ' +
      'list listed saw see had has number amount',
  ),
);

/**
 * What a superlative word measures: "the largest" app by size, "the tallest" by height. A table
 * that names its columns and none of them this measure (nor another asked word) cannot say which
 * row is largest: "the largest city" is not the warmest one in a table of "the six largest
 * cities". Other superlatives ("the most", "the latest") keep to the first numeric column when
 * the question names none (a first version held them all to a named column and lost a table
 * question of the report half, read as a figure: 15 → 14 of 17).
 */
const MEASURES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:largest|biggest|smallest|bigger|larger|smaller)\b/i, 'size'],
  [/\b(?:longest|shortest|longer|shorter)\b/i, 'length'],
  [/\b(?:heaviest|lightest|heavier|lighter)\b/i, 'weight'],
  [/\b(?:cheapest|dearest|cheaper|(?:most|least) expensive)\b/i, 'price cost'],
  [/\b(?:highest|tallest|higher|taller)\b/i, 'height elevation altitude'],
];

/** The asked words with the measure the superlative implies, if it implies one. */
function measuredBy(
  question: string,
  asked: ReadonlySet<string>,
): { asked: ReadonlySet<string>; implied: boolean } {
  const implied = MEASURES.filter(([word]) => word.test(question)).map(([, measure]) => measure);
  if (implied.length === 0) return { asked, implied: false };
  return { asked: new Set([...asked, ...terms(implied.join(' '))]), implied: true };
}

function directionOf(question: string): Direction | undefined {
  const max = MAX_WORDS.exec(question);
  const min = MIN_WORDS.exec(question);
  if (max && min) return max.index < min.index ? 'max' : 'min';
  return max ? 'max' : min ? 'min' : undefined;
}

const MIN_EXPLAINED = 0.6;

/** Rows of the page's tables that answer `question`, best table first; empty when none does. */
export function answerFromTables(
  question: string,
  blocks: readonly Block[],
  context?: string,
): TableAnswerRow[] {
  const asked = new Set(terms(contentOf(question)).filter((t) => !NOT_CONTENT.has(t)));
  if (asked.size === 0) return [];
  const direction = directionOf(question);
  const fromContext = context ? new Set(terms(context)) : new Set<string>();
  let best: { score: number; rows: TableAnswerRow[] } | undefined;
  const inTable = /\btables?\b/i.test(question);
  blocks.forEach((block, blockIndex) => {
    if (block.kind !== 'table') return;
    const table = parseTable(block.text);
    if (table.rows.length < 2) return;
    const name = nameOf(table, blocks, blockIndex);
    const named = overlap(terms(name), asked) + (inTable ? 1 : 0);
    const found = direction
      ? superlative(
          table,
          named,
          measuredBy(question, asked),
          direction,
          CHANGE_WORDS.test(question),
        )
      : lookup(table, named, asked, fromContext);
    // The table, its headers and the rows chosen must account for most of what is asked: a
    // question about something else that shares one word with a table's title is not answered.
    const said = terms(
      `${name} ${table.headers.join(' ')} ${found?.rows.map((r) => r.row.text).join(' ')}`,
    );
    if (!found || overlap(said, asked) < MIN_EXPLAINED * asked.size) return;
    if (!best || found.score > best.score)
      best = { score: found.score, rows: found.rows.map((r) => toAnswerRow(r, blockIndex)) };
  });
  return best?.rows ?? [];
}

/**
 * What names a table: its title lines, its section, and a short line or lead-in just above it
 * ("Most active OpenOffice developers", "the top ten companies … are:"), past any tables between.
 */
function nameOf(table: ParsedTable, blocks: readonly Block[], index: number): string {
  let above = index - 1;
  while (above >= 0 && blocks[above]!.kind === 'table') above--;
  const before = blocks[above];
  const lead = before && before.text.split(/\s+/).length <= 25 ? before.text : '';
  return `${table.titles.join(' ')} ${blocks[index]!.section ?? ''} ${lead}`;
}

interface Found {
  score: number;
  rows: Array<{ row: TableRow; cell: TableCell }>;
}

function toAnswerRow({ row, cell }: Found['rows'][number], blockIndex: number): TableAnswerRow {
  return {
    blockIndex,
    text: row.text,
    start: row.start,
    span: { start: cell.at, end: cell.at + cell.value.length },
  };
}

/** Distinct words that are asked, or share a prefix of 3 letters or more with an asked word. */
function overlap(words: readonly string[], asked: ReadonlySet<string>): number {
  const near = (w: string) =>
    asked.has(w) ||
    [...asked].some(
      (a) => Math.min(a.length, w.length) >= 3 && (w.startsWith(a) || a.startsWith(w)),
    );
  return new Set(words.filter(near)).size;
}

/** How well a header names what is asked: shared words, then the share of the header they make. */
function headerScore(header: string | undefined, asked: ReadonlySet<string>): number {
  const words = terms(header ?? '');
  const shared = overlap(words, asked);
  return shared === 0 ? 0 : shared + shared / words.length;
}

/**
 * A cell's number, for comparing rows: its percentage when the question is about a change
 * ("17.5 MB (-46%)" → 46), else its first number ("8,417" → 8417, "April 2014" → 2014.3).
 */
export function numberOf(value: string, change = false): number | undefined {
  const percent = /([-+−]?\d+(?:\.\d+)?)\s?%/.exec(value);
  if (change && percent) return Math.abs(Number(percent[1]!.replace('−', '-')));
  const number = /[-−]?\d[\d,]*(?:\.\d+)?/.exec(value);
  if (!number) return undefined;
  const n = Number(number[0].replace(/,/g, '').replace('−', '-'));
  const month = MONTHS.findIndex((m) => new RegExp(`\\b${m}`, 'i').test(value));
  return Number.isFinite(n) ? n + (month >= 0 && n > 1000 ? month / 12 : 0) : undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The measured column: the numeric one whose header the question names, else the first. */
function measureColumn(
  table: ParsedTable,
  asked: ReadonlySet<string>,
  change: boolean,
): number | undefined {
  const width = Math.max(...table.rows.map((r) => r.cells.length));
  let best: { col: number; score: number } | undefined;
  for (let col = 1; col < width; col++) {
    const numeric = table.rows.filter((r) => {
      const cell = r.cells[col];
      return cell && numberOf(cell.value, change) !== undefined;
    }).length;
    if (numeric < table.rows.length * 0.6) continue;
    const score = headerScore(table.rows[0]!.cells[col]?.header, asked);
    if (!best || score > best.score) best = { col, score };
  }
  return best?.col;
}

/** The row with the largest or smallest value in the measured column (ties: up to three). */
function superlative(
  table: ParsedTable,
  named: number,
  { asked, implied }: ReturnType<typeof measuredBy>,
  direction: Direction,
  change: boolean,
): Found | undefined {
  const headed = Math.max(0, ...table.headers.map((h) => headerScore(h, asked)));
  if (named + headed === 0) return undefined;
  // A measure the superlative implies, with columns named and none of them it: not this table.
  if (implied && table.headers.length >= 2 && headed === 0) return undefined;
  const col = measureColumn(table, asked, change);
  if (col === undefined) return undefined;
  const valued = table.rows
    .map((row) => ({ row, n: row.cells[col] ? numberOf(row.cells[col].value, change) : undefined }))
    .filter((r): r is { row: TableRow; n: number } => r.n !== undefined);
  const pick = direction === 'max' ? Math.max : Math.min;
  const extreme = pick(...valued.map((r) => r.n));
  const rows = valued.filter((r) => r.n === extreme).slice(0, 3);
  return {
    score: 1 + named + headed,
    rows: rows.map(({ row }) => ({ row, cell: row.cells[col]! })),
  };
}

/**
 * What the composer says for an answering row: its key, then the answering cell with its header
 * ("Kindle — File-by-File Patch Size: 8.4 MB"), or the rest of the row when the answer is the key
 * itself or the table names no columns ("Red Hat — 8417, 38.0%").
 */
export function rowSentence(text: string, span: { start: number; end: number }): string {
  const comma = text.indexOf(', ');
  if (comma < 0) return text;
  const key = text.slice(0, comma).replace(/^[^:]{1,80}: /, '');
  const rest = text.slice(comma + 2);
  if (span.start < comma) return `${key} — ${rest}`;
  const label = /(?:^|, )([^,:]{1,80}): $/.exec(text.slice(0, span.start));
  const value = text.slice(span.start, span.end);
  return label ? `${key} — ${label[1]}: ${value}` : `${key} — ${rest}`;
}

/**
 * A lookup: the row the question names by one of its cells ("Kindle", "enqueued"), read in the
 * column the question names by its header ("File-by-File patch size"). Rows named equally well
 * are all answers ("which statuses correspond to completed?"). A follow-up may name the row only
 * in the earlier turn ("And with File-by-File?").
 */
function lookup(
  table: ParsedTable,
  tableNamed: number,
  asked: ReadonlySet<string>,
  context: ReadonlySet<string>,
): Found | undefined {
  let named = namedRows(table, asked);
  if (named.length === 0 && context.size > 0) named = namedRows(table, context);
  if (named.length === 0 || named.length > 5) return undefined;
  // Without headers the question can name no column: the table itself must be the one asked
  // about, and the whole row is the answer.
  if (table.headers.length < 2) {
    // The row must be named by its key (first) cell, and an infobox's "Label: value" lines are
    // facts for the prose ranking, not rows of a table: nor is the caption among them ("Location
    // of New Zealand, including outlying islands, …" is a sentence, its commas no cells).
    const byKey = named.every(({ row, cell }) => cell === row.cells[0] && !/: /.test(cell.value));
    if (
      tableNamed === 0 ||
      !byKey ||
      isInfobox(table) ||
      named.some(({ row }) => row.cells.length < 2)
    )
      return undefined;
    const rows = named.map(({ row }) => ({ row, cell: row.cells[1]! }));
    return { score: 1 + tableNamed, rows };
  }
  const keyHeaders = new Set(named.map((n) => n.cell.header));
  let target: { header: string; score: number } | undefined;
  for (const header of table.headers) {
    if (keyHeaders.has(header)) continue;
    const score = headerScore(header, asked);
    if (score > 0 && (!target || score > target.score)) target = { header, score };
  }
  if (!target) return undefined;
  const rows = named.flatMap(({ row }) => {
    const cell = row.cells.find((c) => c.header === target.header);
    if (!cell) return [];
    return [{ row, cell }];
  });
  return rows.length ? { score: 2 + target.score, rows } : undefined;
}

/** Most lines are "Label: value" facts: an infobox, not a table of rows. */
function isInfobox(table: ParsedTable): boolean {
  const labelled = table.rows.filter((row) => /^[^,:]{1,60}: /.test(row.text.trim())).length;
  return labelled >= table.rows.length / 2;
}

/**
 * Rows one of whose cells the question names: the cell's words are nearly all asked (a long
 * comment cell that happens to share a word does not name its row). The best-named rows win.
 */
function namedRows(
  table: ParsedTable,
  asked: ReadonlySet<string>,
): Array<{ row: TableRow; cell: TableCell }> {
  let best = 0;
  let rows: Array<{ row: TableRow; cell: TableCell }> = [];
  for (const row of table.rows) {
    for (const cell of row.cells) {
      const words = terms(cell.value);
      if (words.length === 0 || words.length > 6) continue;
      const share = overlap(words, asked) / new Set(words).size;
      if (share < 0.5) continue;
      if (share > best) {
        best = share;
        rows = [];
      }
      if (share === best && !rows.some((r) => r.row === row)) rows.push({ row, cell });
    }
  }
  return rows;
}
