// The labelled sets of test/fixtures/verify (README.md there): claims for "Verify claim" and cited
// sentences for the citation check, read through valibot schemas, and the real pages they were
// written from (Mozilla Readability's test pages, read as the CLI reads a page).

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { loadPage } from '../../cli/load-page';
import { parseJson, parseWith } from '../../lib/core/guards';
import { readHtml } from '../../lib/page/node';
import type { PageSnapshot } from '../../lib/pipeline/types';

const Split = v.picklist(['tune', 'report']);

export const ClaimKinds = [
  'verbatim',
  'paraphrase',
  'number',
  'date',
  'negation',
  'entity',
  'antonym',
  'quantifier',
  'unrelated',
] as const;

const ClaimSchema = v.object({
  page: v.string(),
  claim: v.string(),
  kind: v.picklist(ClaimKinds),
  label: v.picklist(['supported', 'refuted', 'not-enough-evidence']),
  source: v.optional(v.string()),
  edit: v.optional(v.string()),
  split: Split,
});

export const CitationKinds = ['verbatim', 'paraphrase', 'contradicted', 'unrelated'] as const;

const CitationSchema = v.object({
  page: v.string(),
  sentence: v.string(),
  quote: v.string(),
  kind: v.picklist(CitationKinds),
  expected: v.picklist(['supported', 'contradicted', 'not-found']),
  edit: v.optional(v.string()),
  split: Split,
});

export type LabelledClaim = v.InferOutput<typeof ClaimSchema>;
export type LabelledCitation = v.InferOutput<typeof CitationSchema>;

const fixtures = (name: string) =>
  fileURLToPath(new URL(`../fixtures/verify/${name}`, import.meta.url));

function readSet<S extends v.GenericSchema>(name: string, schema: S): Array<v.InferOutput<S>> {
  const items = parseWith(v.array(schema), parseJson(readFileSync(fixtures(name), 'utf8')));
  if (!items) throw new Error(`test/fixtures/verify/${name} does not match its schema`);
  return items;
}

export const readClaims = () => readSet('claims.json', ClaimSchema);
export const readCitations = () => readSet('citations.json', CitationSchema);

/** The pages of the claims' tune split (the split is by page): the only pages the sweeps read. */
export const claimTunePages = () => [
  ...new Set(
    readClaims()
      .filter((c) => c.split === 'tune')
      .map((c) => c.page),
  ),
];

/**
 * The pages live outside the repository, in shared/ beside the checkout (`../shared`), or beside
 * the folder of worktrees (`../../shared`).
 */
export function pagesDir(): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  for (const up of ['../shared', '../../shared']) {
    const dir = resolve(root, up, 'data/readability-test-pages');
    if (existsSync(dir)) return dir;
  }
  throw new Error('shared/data/readability-test-pages not found beside the repository');
}

const snapshots = new Map<string, PageSnapshot>();

/** A page as the CLI reads it: source.html through the page reader. */
export async function readTestPage(name: string): Promise<PageSnapshot> {
  let snapshot = snapshots.get(name);
  if (!snapshot) {
    const loaded = await loadPage(resolve(pagesDir(), name, 'source.html'));
    snapshot = readHtml(loaded.html, { url: `https://readability.test/${name}/` });
    snapshots.set(name, snapshot);
  }
  return snapshot;
}

export const rate = (hits: number, of: number) => (of === 0 ? 0 : hits / of);
export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
