// docs/SECURITY.md's machine-readable table, which the security bench counts from, stays in step
// with the document: one row per property in order, only files that exist, each named in its
// property's own section, and a recorded date exactly where the section records a check.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSecurityTable, rowProblems, SECURITY_DOC } from '../support/security-table';

const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(`${root}${SECURITY_DOC}`, 'utf8');
const rows = parseSecurityTable(doc);

/** The text of `## <n>. …` up to the next `## `. */
function section(n: number): string {
  const start = doc.indexOf(`\n## ${n}. `);
  const end = doc.indexOf('\n## ', start + 1);
  return start < 0 ? '' : doc.slice(start, end < 0 ? undefined : end);
}

describe('the security table', () => {
  it('has one row per property, 1 to 16 in order', () => {
    expect(rows.map((r) => r.property)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('lists only test files that exist, each named in its property section', () => {
    for (const row of rows) {
      expect(
        rowProblems(row, root).filter((p) => p.endsWith('does not exist')),
        `property ${row.property}`,
      ).toEqual([]);
      for (const file of row.tests)
        expect(section(row.property), `property ${row.property}`).toContain(file);
    }
  });

  it('gives a date exactly where the section records a guard-removal check', () => {
    for (const row of rows) {
      const recorded = !section(row.property).includes('Guard-removal check: not yet recorded');
      expect(row.guardRemoved !== null, `property ${row.property}`).toBe(recorded);
    }
  });

  it('refuses a malformed row', () => {
    const table = (cells: string) =>
      `<!-- security-table:start -->\n| a | b | c |\n| - | - | - |\n${cells}\n<!-- security-table:end -->`;
    expect(() => parseSecurityTable(table('| 1 | `x` | maybe |'))).toThrow(/neither a date/);
    expect(() => parseSecurityTable(table('| 1 | `x` |'))).toThrow(/3 cells/);
    expect(parseSecurityTable(table('| 2 | `a.ts`, `b.ts` | 2026-01-02 |'))).toEqual([
      { property: 2, tests: ['a.ts', 'b.ts'], guardRemoved: '2026-01-02' },
    ]);
  });
});
