// The folders of lib/ form layers (docs/ARCHITECTURE.md): imports point one way, so no two folders
// may import each other, directly or through others. ESLint checks the named boundaries; this
// test checks what a per-file rule cannot see, a cycle through several folders.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lib = join(root, 'lib');

/** Every .ts/.tsx file under `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** The lib/ folder a path belongs to ("pipeline" for lib/pipeline/split.ts), or null outside lib/. */
function folderOf(path: string): string | null {
  const rel = relative(lib, path);
  if (rel.startsWith('..')) return null;
  const [first] = rel.split(/[\\/]/);
  return first && !/\.tsx?$/.test(first) ? first : null;
}

function importedPaths(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map(({ fileName }) => fileName)
    .flatMap((spec) => {
      if (spec.startsWith('@/')) return [join(root, spec.slice(2))];
      if (spec.startsWith('.')) return [resolve(dirname(file), spec)];
      return [];
    });
}

/** Folder → folders it imports from, over every file of lib/. */
export function folderGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of importedPaths(file)) {
      const to = folderOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle per strongly connected group of folders (Tarjan), each as a path "a → b → a". */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      for (let top = stack.pop()!; ; top = stack.pop()!) {
        group.push(top);
        if (top === node) break;
      }
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

describe('lib/ folders import one way', () => {
  const graph = folderGraph(sourceFiles(lib));

  it('sees the folders and their imports', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['core', 'pipeline', 'composer']));
    expect(graph.get('composer')?.has('pipeline')).toBe(true);
  });

  it('has no cycle between folders', () => {
    const described = cycles(graph).map((group) => group.join(' ↔ '));
    expect(described, `folders that import each other: ${described.join('; ')}`).toEqual([]);
  });

  it('lib/core imports nothing else from lib/', () => {
    expect([...(graph.get('core') ?? [])]).toEqual([]);
  });

  it('finds a cycle when there is one (the detector itself)', () => {
    const looped = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(looped)).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });
});
