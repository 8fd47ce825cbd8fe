// Long work never runs in the service worker (docs/SECURITY.md, property 12): Chrome stops a service
// worker whenever it likes, so the pipeline, the models, search, Wikidata and the cache live in the
// side panel's Worker. This follows every runtime import of entrypoints/background.ts, however
// indirect, and lists anything of the pipeline it reaches.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Folders of lib/ whose code is long work (or pulls it in): never in the service worker. */
const PIPELINE_FOLDERS = [
  'lib/ask/',
  'lib/pipeline/',
  'lib/models/',
  'lib/search/',
  'lib/kg/',
  'lib/cache/',
  'lib/history/',
  'lib/page/',
];
/**
 * Small pure modules of those folders the worker may use: the claim menu caps a selection with the
 * question limit, and the toolbar click and the menu put the page reader into the tab
 * (`ensureReader`, over ports; the reader itself runs in the tab, not here).
 */
const ALLOWED = ['lib/pipeline/question.ts', 'lib/page/inject.ts'];
/** Packages that are long work: models, ONNX Runtime, the page reader, the database. */
const PIPELINE_PACKAGES = [
  '@huggingface/transformers',
  'onnxruntime-web',
  'onnxruntime-node',
  '@mozilla/readability',
  'linkedom',
  'dexie',
  'comlink',
];

/** Specifiers a file imports at run time: `import type` and type-only specifiers are erased. */
function runtimeImports(code: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        !clause.name &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    )
      specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specs;
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** Every file and package reached from `entry` through runtime imports. */
export function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of runtimeImports(readFileSync(file, 'utf8'), file)) {
      const local = spec.startsWith('@/')
        ? join(root, spec.slice(2))
        : spec.startsWith('.')
          ? resolve(dirname(file), spec)
          : null;
      if (local === null) {
        packages.add(spec);
        continue;
      }
      const resolved = resolveFile(local);
      if (resolved) queue.push(resolved);
    }
  }
  return { files: [...files].map((f) => relative(root, f)).sort(), packages: [...packages].sort() };
}

describe('the service worker', () => {
  const { files, packages } = reachable(join(root, 'entrypoints/background.ts'));

  it('reaches its own modules (so an empty list below means something)', () => {
    expect(files).toContain('lib/messages/protocol.ts');
    expect(files).toContain('lib/background/claims.ts');
  });

  it('imports nothing of the pipeline, the models, search, Wikidata, the cache or the page reader', () => {
    expect(
      files.filter(
        (f) => PIPELINE_FOLDERS.some((folder) => f.startsWith(folder)) && !ALLOWED.includes(f),
      ),
    ).toEqual([]);
    expect(
      packages.filter((p) =>
        PIPELINE_PACKAGES.some((name) => p === name || p.startsWith(`${name}/`)),
      ),
    ).toEqual([]);
  });
});
