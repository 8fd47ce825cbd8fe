// The machine-readable table at the end of docs/SECURITY.md: for each property, the test files
// that hold it and the date its guard-removal check was recorded. Read by the security bench
// (test/bench/security.ts), which runs the tests and counts the properties held, and by
// test/unit/security-table.test.ts, which keeps the table well formed.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const SECURITY_DOC = 'docs/SECURITY.md';
const START = '<!-- security-table:start -->';
const END = '<!-- security-table:end -->';

export interface PropertyRow {
  property: number;
  /** Test files, relative to the repository root. */
  tests: string[];
  /** The date the guard-removal check was recorded (YYYY-MM-DD), or null when not yet. */
  guardRemoved: string | null;
}

/** The table's rows, in order. Throws when the markers or a row are malformed. */
export function parseSecurityTable(markdown: string): PropertyRow[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${SECURITY_DOC}: no ${START} … ${END} table`);
  const lines = markdown
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'));
  // Header and separator first.
  return lines.slice(2).map((line) => {
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.length !== 3) throw new Error(`${SECURITY_DOC}: a row needs 3 cells: ${line}`);
    const [property, tests, guard] = cells as [string, string, string];
    const date = /^\d{4}-\d{2}-\d{2}$/.test(guard) ? guard : null;
    if (!date && guard !== 'not yet recorded')
      throw new Error(`${SECURITY_DOC}: "${guard}" is neither a date nor "not yet recorded"`);
    return {
      property: Number(property),
      tests: [...tests.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
      guardRemoved: date,
    };
  });
}

export function readSecurityTable(root: string): PropertyRow[] {
  return parseSecurityTable(readFileSync(resolve(root, SECURITY_DOC), 'utf8'));
}

/** Why a row cannot count as held before any test runs; empty when nothing is wrong. */
export function rowProblems(row: PropertyRow, root: string): string[] {
  const problems: string[] = [];
  if (row.tests.length === 0) problems.push('no regression test listed');
  for (const file of row.tests)
    if (!existsSync(resolve(root, file))) problems.push(`${file} does not exist`);
  if (!row.guardRemoved) problems.push('guard-removal check not yet recorded');
  return problems;
}
