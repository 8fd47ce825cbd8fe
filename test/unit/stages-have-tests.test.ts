// Convention test (docs/ARCHITECTURE.md, "Adding a stage"): every lib/pipeline/<name>.ts stage
// needs test/unit/<name>.test.ts or test/unit/<name>.<aspect>.test.ts (e.g. split.golden.test.ts,
// split.property.test.ts). types.ts and ports.ts hold types only and are not stages.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const NOT_STAGES = new Set(['types', 'ports']);
const pipelineDir = fileURLToPath(new URL('../../lib/pipeline/', import.meta.url));
const unitDir = fileURLToPath(new URL('./', import.meta.url));

const stages = readdirSync(pipelineDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -'.ts'.length))
  .filter((name) => !NOT_STAGES.has(name))
  .sort();
const testFiles = readdirSync(unitDir).filter((f) => f.endsWith('.test.ts'));

function testsFor(name: string, files: readonly string[]): string[] {
  return files.filter(
    (f) =>
      f === `${name}.test.ts` || (f.startsWith(`${name}.`) && /^[^.]+\.[\w-]+\.test\.ts$/.test(f)),
  );
}

describe('every pipeline stage has a unit test', () => {
  it('finds the pipeline stages', () => {
    expect(stages).toEqual(expect.arrayContaining(['split', 'evidence', 'rank', 'retrieve']));
  });

  it.each(stages)('lib/pipeline/%s.ts has a test in test/unit/', (name) => {
    expect(
      testsFor(name, testFiles),
      `lib/pipeline/${name}.ts has no test: add test/unit/${name}.test.ts (or ${name}.<aspect>.test.ts)`,
    ).not.toEqual([]);
  });

  it('matches names exactly (split-foo.test.ts is not a test of split.ts)', () => {
    expect(
      testsFor('split', [
        'split.test.ts',
        'split.golden.test.ts',
        'split-foo.test.ts',
        'splitter.test.ts',
      ]),
    ).toEqual(['split.test.ts', 'split.golden.test.ts']);
    expect(testsFor('rank', ['ranking.test.ts'])).toEqual([]);
  });
});
