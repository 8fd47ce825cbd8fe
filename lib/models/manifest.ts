// The model manifest (models/manifest.json): which ONNX models the extension runs, which paper
// component each stands for, and the exact files, sizes and sha256 checksums a build must have.
//
// A null `revision`, `size` or `sha256` means UNPINNED: nobody has verified that value yet. The
// fetch script refuses unpinned files unless run with `--pin`, which downloads them once, computes
// the checksums and writes them back (trust on first use). Values are never guessed.
//
// The manifest is untrusted JSON (a build may ship a hand-edited one, and the fetch script rewrites
// it), so it is checked against a valibot schema before anything reads it. Validation returns
// every problem and never throws on bad input, so the fetch script can list them all;
// `parseManifest` is the throwing wrapper for code that cannot continue without a manifest.

import * as v from 'valibot';
import manifestJson from '../../models/manifest.json';
import { PipelineError } from '../core/errors';
import { field, isRecord, parseWith } from '../core/guards';

export type ModelRole =
  | 'bi-encoder'
  | 'cross-encoder'
  | 'reranker'
  | 'nli'
  | 'extractive-qa'
  | 'multilingual-cross-encoder'
  | 'multilingual-bi-encoder';
export const MODEL_ROLES: readonly ModelRole[] = [
  'cross-encoder',
  'bi-encoder',
  'reranker',
  'nli',
  'extractive-qa',
  'multilingual-cross-encoder',
  'multilingual-bi-encoder',
];

/** The pair that ranks pages and questions not in English instead of the English pair, when installed. */
export const MULTILINGUAL_ROLES: readonly ModelRole[] = [
  'multilingual-cross-encoder',
  'multilingual-bi-encoder',
];

/** What a bi-encoder was trained to see before a text: E5 models read "query: " and "passage: ". */
export interface TextPrefixes {
  query: string;
  passage: string;
}

export interface ManifestFile {
  /** Path inside the model folder and the hub repository, e.g. `onnx/model_quantized.onnx`. */
  path: string;
  /** Bytes; null = unpinned. */
  size: number | null;
  /** Lowercase hex sha256; null = unpinned. */
  sha256: string | null;
}

export interface ManifestModel {
  /** Hugging Face hub repository id, e.g. `Xenova/all-MiniLM-L6-v2`. */
  id: string;
  role: ModelRole;
  /** The EWEK-QA component this model stands for (said in the settings page). */
  standsFor: string;
  /** Local folder name under the models directory (public/models/<folder>/ in a build). */
  folder: string;
  /** Hub commit id (40 hex digits); null = unpinned (the fetch script uses `main` only with --pin). */
  revision: string | null;
  licence: string;
  /**
   * Optional models (the reranker, the NLI model, the extractive-QA model) are not fetched, generated at benchmark size or
   * downloaded unless asked for; see `selectModels` and, for loading, `loadModelPorts`.
   */
  optional: boolean;
  /** Prepended to each text the embedder encodes, by kind (absent: texts go in as they are). */
  textPrefixes?: TextPrefixes;
  /**
   * The longest input, in word pieces, the model was trained on; an embedder cuts texts there
   * (absent: the loader's own limit). Reading further costs time and gives the model text of a
   * length it never learnt from.
   */
  maxTokens?: number;
  files: ManifestFile[];
}

export interface ModelManifest {
  schemaVersion: 1;
  comment?: string;
  models: ManifestModel[];
}

export type ManifestResult =
  { ok: true; manifest: ModelManifest } | { ok: false; errors: string[] };

const FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const FILE_PATH = /^(?!.*\.\.)[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
const SHA256 = /^[0-9a-f]{64}$/;
const COMMIT = /^[0-9a-f]{40}$/;
const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

// One sentence per bad field, after its place ("models[1].folder must be …"), whichever of the
// field's checks failed (a missing key included), so the fetch script can print them as a list.
const FIELD_MESSAGES: Record<string, string | ((input: unknown) => string)> = {
  schemaVersion: (input) => `must be 1 (got ${JSON.stringify(input)})`,
  models: 'must be a non-empty array',
  id: 'must be a hub id like "owner/name"',
  role: `must be one of ${MODEL_ROLES.join(', ')}`,
  standsFor: 'must name the paper component',
  folder: 'must be a plain folder name',
  revision: 'must be a 40-hex commit id or null (unpinned)',
  licence: 'is required',
  optional: 'must be true or false',
  textPrefixes: 'must be { "query": text, "passage": text }',
  maxTokens: 'must be a whole number of word pieces from 8 to 4096',
  query: 'must be text',
  passage: 'must be text',
  files: 'must be a non-empty array',
  path: 'must be a relative path without ".."',
  size: 'must be a byte count or null (unpinned)',
  sha256: 'must be 64 lowercase hex digits or null (unpinned)',
};

/** A plain object (valibot's `object` alone would take an array) with these entries. */
const record = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(v.custom<Record<string, unknown>>(isRecord), v.object(entries));
const nonEmptyArray = <S extends v.GenericSchema>(item: S) => v.pipe(v.array(item), v.minLength(1));
const matching = (pattern: RegExp) => v.pipe(v.string(), v.regex(pattern));

const RoleSchema = v.picklist(MODEL_ROLES);
const FolderSchema = matching(FOLDER);

const FileSchema = record({
  path: matching(FILE_PATH),
  size: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  sha256: v.nullable(matching(SHA256)),
});

const ModelSchema = record({
  id: matching(REPO_ID),
  role: RoleSchema,
  standsFor: v.pipe(v.string(), v.minLength(1)),
  folder: FolderSchema,
  revision: v.nullable(matching(COMMIT)),
  licence: v.pipe(v.string(), v.minLength(1)),
  optional: v.boolean(),
  textPrefixes: v.optional(
    record({
      query: v.pipe(v.string(), v.maxLength(40)),
      passage: v.pipe(v.string(), v.maxLength(40)),
    }),
  ),
  maxTokens: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(8), v.maxValue(4096))),
  files: nonEmptyArray(FileSchema),
});

const ManifestSchema = record({
  schemaVersion: v.literal(1),
  // A comment that is not text is dropped, not an error: nothing reads it.
  comment: v.fallback(v.optional(v.string()), undefined),
  models: nonEmptyArray(ModelSchema),
});

/** An issue as a sentence: its place (`models[2].files[0].sha256`), then what that field must be. */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key);
  if (keys.length === 0) return 'manifest is not an object';
  const place = keys
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .slice(1);
  const last = keys[keys.length - 1];
  const message = typeof last === 'number' ? 'is not an object' : FIELD_MESSAGES[String(last)];
  const text = typeof message === 'function' ? message(issue.input) : message;
  return `${place} ${text ?? issue.message}`;
}

/** One message per bad field: a field that fails two checks (a size of -1.5) is said once. */
function issueMessages(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return [...new Set(issues.map(issueMessage))];
}

/** The raw `models` items to cross-check (none when `models` is not a list). */
function rawModels(value: unknown): unknown[] {
  return parseWith(v.array(v.unknown()), field(value, 'models')) ?? [];
}

const OnnxPath = v.pipe(v.string(), v.startsWith('onnx/'), v.endsWith('.onnx'));

/** The files transformers.js cannot load without, checked on whatever file entries are objects. */
function missingFileErrors(raw: unknown, at: string): string[] {
  const files = parseWith(v.pipe(v.array(v.unknown()), v.minLength(1)), field(raw, 'files'));
  if (!files) return [];
  const paths = files.filter(isRecord).map((f) => field(f, 'path'));
  const errors = REQUIRED_FILES.filter((required) => !paths.includes(required)).map(
    (required) => `${at}.files lacks ${required}`,
  );
  if (!paths.some((p) => parseWith(OnnxPath, p) !== undefined))
    errors.push(`${at}.files lacks an onnx/*.onnx file`);
  return errors;
}

/** A role or folder used by two models: the loader finds models by role, and files by folder. */
function duplicateErrors(items: readonly unknown[]): string[] {
  const errors: string[] = [];
  const seen = { role: new Set<string>(), folder: new Set<string>() };
  items.forEach((raw, i) => {
    for (const [key, schema] of [
      ['role', RoleSchema],
      ['folder', FolderSchema],
    ] as const) {
      const value = parseWith(schema, field(raw, key));
      if (value === undefined) continue;
      if (seen[key].has(value)) errors.push(`models[${i}].${key} ${value} appears twice`);
      else seen[key].add(value);
    }
  });
  return errors;
}

/** Checks a parsed manifest.json (untrusted JSON, from the package or a file); never throws. */
export function validateManifest(value: unknown): ManifestResult {
  const result = v.safeParse(ManifestSchema, value);
  const items = rawModels(value);
  const errors = [
    ...(result.success ? [] : issueMessages(result.issues)),
    ...items.flatMap((raw, i) => missingFileErrors(raw, `models[${i}]`)),
    ...duplicateErrors(items),
  ];
  if (!result.success || errors.length > 0) return { ok: false, errors };
  const { comment, models } = result.output;
  return {
    ok: true,
    manifest: {
      schemaVersion: 1,
      ...(comment !== undefined ? { comment } : {}),
      // valibot's optional keys read as `textPrefixes: undefined`; the type has them absent.
      models: models.map(({ textPrefixes, maxTokens, ...model }) => ({
        ...model,
        ...(textPrefixes ? { textPrefixes } : {}),
        ...(maxTokens !== undefined ? { maxTokens } : {}),
      })),
    },
  };
}

/** Validates or throws a coded error (the manifest ships with the extension, so a bad one is a bug). */
export function parseManifest(value: unknown): ModelManifest {
  const result = validateManifest(value);
  if (!result.ok)
    throw new PipelineError('internal', `invalid model manifest: ${result.errors.join('; ')}`);
  return result.manifest;
}

/** The manifest bundled with this build. */
export const MODEL_MANIFEST: ModelManifest = parseManifest(manifestJson);

/** Files whose size or sha256 is unknown (and the model, when its revision is unknown). */
export function unpinnedFiles(model: ManifestModel): string[] {
  return model.files
    .filter((f) => f.size === null || f.sha256 === null)
    .map((f) => `${model.id}/${f.path}`);
}

export function isPinned(model: ManifestModel): boolean {
  return model.revision !== null && unpinnedFiles(model).length === 0;
}

export function modelForRole(manifest: ModelManifest, role: ModelRole): ManifestModel | undefined {
  return manifest.models.find((m) => m.role === role);
}

/**
 * Which optional models to take besides the others: every one (`true`, the scripts' `--all`), none
 * (`false`, the default), or those of the listed roles (what the user turned on in Settings).
 */
export type OptionalModels = boolean | readonly ModelRole[];

export interface ModelSelection {
  /** Hub ids or folder names (`--only`); when given, exactly these models. */
  only?: readonly string[];
  includeOptional?: OptionalModels;
}

/**
 * The optional roles a user's retrieval settings ask for: the reranker when the second-stage
 * reranker is on, the NLI model when checking verdicts and citations with it is on, the
 * extractive-QA model when exact answers by model are on, the multilingual pair when ranking
 * other languages is on. Each is a separate download, so turning one on never downloads another.
 */
export function optionalRoles(choice: {
  rerank: boolean;
  nli: boolean;
  exactAnswer?: boolean;
  multilingual?: boolean;
}): ModelRole[] {
  return [
    ...(choice.rerank ? (['reranker'] as const) : []),
    ...(choice.nli ? (['nli'] as const) : []),
    ...(choice.exactAnswer ? (['extractive-qa'] as const) : []),
    ...(choice.multilingual ? MULTILINGUAL_ROLES : []),
  ];
}

function takesOptional(includeOptional: OptionalModels | undefined, model: ManifestModel): boolean {
  if (typeof includeOptional === 'boolean') return includeOptional;
  return includeOptional?.includes(model.role) ?? false;
}

/** Models selected by ids (`--only`), else the non-optional ones plus the optional ones asked for. */
export function selectModels(
  manifest: ModelManifest,
  options: ModelSelection = {},
): ManifestModel[] {
  if (options.only && options.only.length > 0) {
    const unknown = options.only.filter(
      (id) => !manifest.models.some((m) => m.id === id || m.folder === id),
    );
    if (unknown.length > 0)
      throw new PipelineError('model-missing', `not in the manifest: ${unknown.join(', ')}`);
    return manifest.models.filter(
      (m) => options.only!.includes(m.id) || options.only!.includes(m.folder),
    );
  }
  return manifest.models.filter((m) => !m.optional || takesOptional(options.includeOptional, m));
}
