// The side panel's first paint (docs/ARCHITECTURE.md, "The side panel's first paint"): what
// entrypoints/sidepanel/main.tsx reaches through static imports is the entry chunk, loaded before
// anything is drawn. It must stay the shell: React's API (Preact in the build), zustand and the
// panel's own small modules, never the engine's libraries (valibot, Dexie, Comlink) or the
// adapters, which arrive by dynamic import() after the first paint. One static import of them
// would put them back; so would one React module that the build's Preact aliases miss.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config, { PREACT_ALIASES } from '../../wxt.config';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sidepanel = join(root, 'entrypoints/sidepanel');

/** A module specifier as a file of this repository, or null (a package, a stylesheet). */
function sourceFile(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? join(root, spec.slice(2))
    : spec.startsWith('.')
      ? resolve(dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Whether an import or export statement loads its module at run time (not types only). */
function loadsModule(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const named = node.exportClause;
    return !named || !ts.isNamedExports(named) || named.elements.some((e) => !e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** Static, run-time imports of `file`: repository files and package specifiers ("react-dom/client"). */
function staticImports(file: string): { files: string[]; packages: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const files: string[] = [];
  const packages: string[] = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
    if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    if (!loadsModule(node)) continue;
    const spec = node.moduleSpecifier.text;
    const local = sourceFile(file, spec);
    if (local) files.push(local);
    else if (!spec.startsWith('.') && !spec.startsWith('@/')) packages.push(spec);
  }
  return { files, packages };
}

/** Everything `entry` loads before it runs: repository files (relative paths) and packages. */
function reachable(entry: string): {
  files: Set<string>;
  packages: Set<string>;
  specifiers: Set<string>;
} {
  const files = new Set<string>();
  const packages = new Set<string>();
  const specifiers = new Set<string>();
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    const rel = relative(root, file);
    if (files.has(rel)) continue;
    files.add(rel);
    const found = staticImports(file);
    for (const name of found.packages) {
      packages.add(name.split('/')[0]!);
      specifiers.add(name);
    }
    todo.push(...found.files);
  }
  return { files, packages, specifiers };
}

describe("the side panel's entry chunk", () => {
  const entry = reachable(join(sidepanel, 'main.tsx'));

  it('holds the shell: the app, the tabs, the greeting and the question box', () => {
    expect([...entry.files]).toEqual(
      expect.arrayContaining([
        'entrypoints/sidepanel/App.tsx',
        'entrypoints/sidepanel/store.ts',
        'components/panel/AskForm.tsx',
        'components/panel/Greeting.tsx',
        'components/panel/PanelTabs.tsx',
      ]),
    );
  });

  it('loads no package but React (Preact in the build) and zustand', () => {
    expect([...entry.packages].sort()).toEqual(['react', 'react-dom', 'zustand']);
  });

  it('reaches neither the engine, the heavier views, nor any adapter or guard helper', () => {
    const heavy = [...entry.files].filter(
      (f) =>
        /^entrypoints\/sidepanel\/(engine|views|bridge|history|pipeline\.worker)\.tsx?$/.test(f) ||
        /^lib\/(cache|messages|settings|composer|models|search|kg|history|page)\//.test(f) ||
        f === 'lib/core/guards.ts' ||
        f === 'lib/core/errors.ts',
    );
    expect(heavy).toEqual([]);
  });

  it('would see them: the engine reaches valibot, Comlink and Dexie (the walk itself)', () => {
    const engine = reachable(join(sidepanel, 'engine.ts'));
    expect([...engine.packages]).toEqual(expect.arrayContaining(['valibot', 'comlink', 'dexie']));
    expect(engine.files.has('lib/core/guards.ts')).toBe(true);
  });
});

const requireHere = createRequire(import.meta.url);

/** The React modules a bundle of `entries` asks for: their imports, zustand's, and JSX's runtime. */
function reactModulesImported(entries: string[]): Set<string> {
  const wanted = new Set(['react/jsx-runtime']);
  for (const entry of entries)
    for (const spec of reachable(entry).specifiers)
      if (/^react(-dom)?(\/|$)/.test(spec)) wanted.add(spec);
  const zustandEsm = join(dirname(requireHere.resolve('zustand/package.json')), 'esm');
  for (const file of readdirSync(zustandEsm, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.mjs')) continue;
    const text = readFileSync(join(zustandEsm, file), 'utf8');
    for (const [, spec] of text.matchAll(/from '(react(?:-dom)?(?:\/[\w-]+)*)'/g))
      wanted.add(spec!);
  }
  return wanted;
}

describe('the built extension renders with Preact', () => {
  const uiEntries = [
    join(sidepanel, 'main.tsx'),
    join(sidepanel, 'engine.ts'),
    join(sidepanel, 'views.ts'),
    join(root, 'entrypoints/options/main.tsx'),
  ];

  it('aliases every React module the panel, the settings page and zustand import to preact/compat', () => {
    const imported = reactModulesImported(uiEntries);
    expect(imported).toContain('react');
    expect(imported).toContain('react-dom/client');
    for (const spec of imported) {
      const alias = PREACT_ALIASES.find((a) => a.find.test(spec));
      expect(alias, `${spec} has no alias: React itself would be bundled`).toBeDefined();
      expect(alias!.replacement).toMatch(/^preact\/compat/);
      expect(existsSync(requireHere.resolve(alias!.replacement))).toBe(true);
    }
  });

  it('in builds only: the dev server keeps React for its Fast Refresh', async () => {
    const vite = config.vite!;
    const env = { mode: 'production', browser: 'chrome', manifestVersion: 3 } as const;
    const built = await vite({ ...env, command: 'build' });
    const served = await vite({ ...env, mode: 'development', command: 'serve' });
    expect(built.resolve?.alias).toEqual(PREACT_ALIASES);
    expect(served.resolve?.alias).toBeUndefined();
  });
});
