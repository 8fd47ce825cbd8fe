// test/bench/results.json (one flat key per figure, plus "meta") and RESULTS.md, the table a
// person reads, regenerated from it. Every bench merges its figures in, so issues that add
// benchmarks keep each other's numbers; figures without a renderer below still appear in the
// "Other figures" table.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, freemem, loadavg, release, totalmem, type } from 'node:os';
import { renderCacheSection } from './cache-report';
import { renderComposerSection } from './composer-report';
import { renderKgSection } from './kg-report';
import { renderPdfSection } from './pdf-report';
import { renderSecuritySection } from './security-report';
import { fmt, ratio, table, type Get } from './markdown';

export type Figure = number | string | boolean;
export type Figures = Record<string, Figure>;

export interface Meta {
  machine: { os: string; cpu: string; cores: number; memoryGiB: number };
  node: string;
  chromium: string | null;
  date: string;
  /** 1-minute load average when the bench started and ended: above `cores`, other work competed. */
  loadAverage: { start: number; end: number };
}

/** 1-minute load average, rounded. */
export const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

export interface Results {
  meta?: Meta;
  [key: string]: Figure | Meta | undefined;
}

export function machineMeta(chromium: string | null, loadAtStart: number): Meta {
  const cpu = cpus();
  return {
    machine: {
      os: `${type()} ${release()} ${arch()}`,
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    },
    node: process.version,
    chromium,
    date: new Date().toISOString(),
    loadAverage: { start: loadAtStart, end: load1() },
  };
}

/** Free memory at the time of the call, for the console only (it changes during a run). */
export const freeMemoryGiB = () => Math.round((freemem() / 2 ** 30) * 10) / 10;

export function readResults(path: string): Results {
  if (!existsSync(path)) return {};
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Results)
      : {};
  } catch {
    return {}; // a broken file is regenerated rather than blocking the bench
  }
}

/**
 * Merges `figures` into the file at `path`. Keys under `replacePrefixes` that this run did not
 * produce are removed (a full run of a bench replaces its own figures, so no stale key survives);
 * every other key is kept. Keys are written sorted, "meta" first.
 */
export function mergeResults(
  path: string,
  figures: Figures,
  meta: Meta,
  replacePrefixes: readonly string[] = [],
): Results {
  const old = readResults(path);
  const merged: Record<string, Figure> = {};
  for (const [key, value] of Object.entries(old)) {
    if (key === 'meta' || value === undefined || typeof value === 'object') continue;
    if (replacePrefixes.some((p) => key.startsWith(p))) continue;
    merged[key] = value;
  }
  Object.assign(merged, figures);
  // A run without Chromium keeps the version that the Chromium figures still in the file came from.
  const out: Results = { meta: { ...meta, chromium: meta.chromium ?? old.meta?.chromium ?? null } };
  for (const key of Object.keys(merged).sort(naturalCompare)) out[key] = merged[key];
  writeFileSync(path, JSON.stringify(out, null, 2) + '\n');
  return out;
}

/** Orders "x4" before "x16" and "x64". */
function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

// ---------------------------------------------------------------------------------------------
// Markdown

interface Section {
  prefix: string;
  render(get: Get, keys: string[]): string;
}

function sizesOf(keys: string[], prefix: string): string[] {
  const sizes = new Set<string>();
  for (const k of keys) {
    const m = k.slice(prefix.length).match(/^[^.]+\.(x\d+)\./);
    if (m) sizes.add(m[1]!);
  }
  return [...sizes].sort(naturalCompare);
}

const SECTIONS: Section[] = [
  {
    prefix: 'pageRead.',
    render(get, keys) {
      const rows: string[][] = [];
      for (const runtime of ['node', 'chromium']) {
        for (const size of sizesOf(keys, 'pageRead.')) {
          const k = (m: string) => get(`pageRead.${runtime}.${size}.${m}`);
          if (k('totalMs') === undefined) continue;
          rows.push([
            runtime === 'node' ? 'Node (linkedom)' : 'Chromium',
            size,
            fmt(k('words')),
            fmt(k('chars')),
            runtime === 'node' ? fmt(k('parseMs')) : '—',
            fmt(k('readMs')),
            fmt(k('splitMs')),
            fmt(k('rankMs')),
            `**${fmt(k('totalMs'))}**`,
            fmt(k('passages')),
            fmt(k('reps')),
            ratio(k('totalOverX1')),
            runtime === 'chromium' ? ratio(get(`pageRead.chromiumOverNode.${size}`)) : '—',
            k('truncated') === true ? 'yes' : 'no',
          ]);
        }
      }
      return [
        '## Page reading: read → split → BM25 on synthetic articles',
        '',
        'A seeded synthetic article of N × 5,000 words (sections, paragraphs of varied length, a table and a',
        'list per ~5,000 words, nav/aside/footer boilerplate, a hidden cookie banner). `read` is `readPage`',
        '(clone, visibility pruning, Readability, blocks) on an already-parsed document: Node judges',
        'visibility statically on linkedom, Chromium with `browserIsHidden` on the laid-out live page.',
        'Node parse (linkedom `parseHTML`) is shown apart and is not in the total. Median of `reps` timed runs',
        'after untimed warm-up runs (5 at ×1, 3 at ×4, 1 above); milliseconds. "vs ×1": total over the ×1 total.',
        '',
        table(
          [
            'Runtime',
            'Size',
            'Words',
            'Chars read',
            'Parse',
            'Read',
            'Split',
            'BM25',
            'Total',
            'Passages',
            'Reps',
            'vs ×1',
            'Chromium/Node',
            'Truncated',
          ],
          rows,
        ),
      ].join('\n');
    },
  },
  {
    prefix: 'realPages.',
    render(get) {
      const rows: string[][] = [];
      for (const runtime of ['node', 'chromium']) {
        const k = (m: string) => get(`realPages.${runtime}.${m}`);
        if (k('pages') === undefined) continue;
        rows.push([
          runtime === 'node' ? 'Node (linkedom)' : 'Chromium',
          fmt(k('pages')),
          fmt(k('failed')),
          fmt(k('totalPassages')),
          fmt(k('medianMs')),
          fmt(k('p95Ms')),
          fmt(k('maxMs')),
          runtime === 'node' ? fmt(k('parseMedianMs')) : fmt(k('coldMedianMs')),
          `${fmt(k('slowestPage'))}`,
        ]);
      }
      return [
        "## Real pages: read → split on Mozilla Readability's test pages",
        '',
        'Each page once (Node: after a warm-up; Chromium: the second run in the page, the first "cold"',
        'run, JIT included, shown apart). Node times exclude linkedom parsing (its median shown apart).',
        'Chromium loads each page from 127.0.0.1 with every other request aborted. Milliseconds.',
        '',
        table(
          [
            'Runtime',
            'Pages',
            'Failed',
            'Passages',
            'Median',
            'p95',
            'Max',
            'Parse (Node) / cold (Chromium) median',
            'Slowest page',
          ],
          rows,
        ),
        '',
        `Chromium/Node median: ${ratio(get('realPages.chromiumOverNode.median'))}; p95: ${ratio(get('realPages.chromiumOverNode.p95'))}.`,
      ].join('\n');
    },
  },
  { prefix: 'kg.', render: renderKgSection },
  { prefix: 'composer.', render: renderComposerSection },
  { prefix: 'cache.', render: renderCacheSection },
  { prefix: 'security.', render: renderSecuritySection },
  { prefix: 'pdf.', render: renderPdfSection },
];

export function renderMarkdown(results: Results): string {
  const figures = Object.entries(results).filter(
    (e): e is [string, Figure] => e[0] !== 'meta' && e[1] !== undefined && typeof e[1] !== 'object',
  );
  const values = new Map(figures);
  const get: Get = (key) => values.get(key);
  const meta = results.meta;
  const out: string[] = [
    '# Benchmark results',
    '',
    '<!-- Generated from results.json by test/bench/results.ts (`npm run bench`); do not edit by hand. -->',
    '',
  ];
  if (meta) {
    out.push(
      `Measured ${meta.date} on ${meta.machine.cpu} (${meta.machine.cores} cores, ${meta.machine.memoryGiB} GiB), ` +
        `${meta.machine.os}, Node ${meta.node}, Chromium ${meta.chromium ?? 'not run'}. ` +
        `Load average (1 min) ${meta.loadAverage?.start ?? '?'} at start, ${meta.loadAverage?.end ?? '?'} at end` +
        (Math.max(meta.loadAverage?.start ?? 0, meta.loadAverage?.end ?? 0) > meta.machine.cores
          ? ' — **busier than the core count: other work competed, treat these times as rough**. '
          : '. ') +
        'Times vary with machine load: compare ratios, not absolute numbers.',
      '',
    );
  }
  const claimed = new Set<string>();
  for (const section of SECTIONS) {
    const keys = figures.map(([k]) => k).filter((k) => k.startsWith(section.prefix));
    if (keys.length === 0) continue;
    keys.forEach((k) => claimed.add(k));
    out.push(section.render(get, keys), '');
  }
  const rest = figures.filter(([k]) => !claimed.has(k));
  if (rest.length > 0) {
    out.push(
      '## Other figures',
      '',
      table(
        ['Key', 'Value'],
        rest.map(([k, v]) => [`\`${k}\``, fmt(v, 2)]),
      ),
      '',
    );
  }
  return out.join('\n');
}
