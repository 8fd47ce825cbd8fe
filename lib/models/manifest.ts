// The model manifest (models/manifest.json): which ONNX models the extension runs, which paper
// component each stands for, and the exact files, sizes and sha256 checksums a build must have.
//
// A null `revision`, `size` or `sha256` means UNPINNED: nobody has verified that value yet. The
// fetch script refuses unpinned files unless run with `--pin`, which downloads them once, computes
// the checksums and writes them back (trust on first use). Values are never guessed.
//
// Validation returns a result and never throws on bad input (STYLE: validators); `parseManifest`
// is the throwing wrapper for code that cannot continue without a manifest.

import manifestJson from '../../models/manifest.json';
import { PipelineError } from '../core/errors';
import { isRecord } from '../core/guards';

export type ModelRole = 'bi-encoder' | 'cross-encoder' | 'reranker';
export const MODEL_ROLES: readonly ModelRole[] = ['cross-encoder', 'bi-encoder', 'reranker'];

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
  /** Optional models are not fetched, bundled or loaded unless asked for (the reranker). */
  optional: boolean;
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

/** Checks a parsed manifest.json; never throws. */
export function validateManifest(value: unknown): ManifestResult {
  const errors: string[] = [];
  if (!isRecord(value)) return { ok: false, errors: ['manifest is not an object'] };
  if (value.schemaVersion !== 1)
    errors.push(`schemaVersion must be 1 (got ${JSON.stringify(value.schemaVersion)})`);
  if (!Array.isArray(value.models) || value.models.length === 0)
    return { ok: false, errors: [...errors, 'models must be a non-empty array'] };
  const models: ManifestModel[] = [];
  const seenFolders = new Set<string>();
  const seenRoles = new Set<string>();
  value.models.forEach((raw: unknown, i: number) => {
    const at = `models[${i}]`;
    if (!isRecord(raw)) {
      errors.push(`${at} is not an object`);
      return;
    }
    const { id, role, standsFor, folder, revision, licence, optional, files } = raw;
    if (typeof id !== 'string' || !REPO_ID.test(id))
      errors.push(`${at}.id must be a hub id like "owner/name"`);
    if (typeof role !== 'string' || !(MODEL_ROLES as readonly string[]).includes(role))
      errors.push(`${at}.role must be one of ${MODEL_ROLES.join(', ')}`);
    else if (seenRoles.has(role)) errors.push(`${at}.role ${role} appears twice`);
    else seenRoles.add(role);
    if (typeof standsFor !== 'string' || standsFor.length === 0)
      errors.push(`${at}.standsFor must name the paper component`);
    if (typeof folder !== 'string' || !FOLDER.test(folder))
      errors.push(`${at}.folder must be a plain folder name`);
    else if (seenFolders.has(folder)) errors.push(`${at}.folder ${folder} appears twice`);
    else seenFolders.add(folder);
    if (revision !== null && (typeof revision !== 'string' || !COMMIT.test(revision)))
      errors.push(`${at}.revision must be a 40-hex commit id or null (unpinned)`);
    if (typeof licence !== 'string' || licence.length === 0)
      errors.push(`${at}.licence is required`);
    if (typeof optional !== 'boolean') errors.push(`${at}.optional must be true or false`);
    if (!Array.isArray(files) || files.length === 0) {
      errors.push(`${at}.files must be a non-empty array`);
      return;
    }
    const parsedFiles: ManifestFile[] = [];
    files.forEach((f: unknown, j: number) => {
      const fat = `${at}.files[${j}]`;
      if (!isRecord(f)) {
        errors.push(`${fat} is not an object`);
        return;
      }
      if (typeof f.path !== 'string' || !FILE_PATH.test(f.path))
        errors.push(`${fat}.path must be a relative path without ".."`);
      if (
        f.size !== null &&
        (typeof f.size !== 'number' || !Number.isSafeInteger(f.size) || f.size < 0)
      )
        errors.push(`${fat}.size must be a byte count or null (unpinned)`);
      if (f.sha256 !== null && (typeof f.sha256 !== 'string' || !SHA256.test(f.sha256)))
        errors.push(`${fat}.sha256 must be 64 lowercase hex digits or null (unpinned)`);
      parsedFiles.push({
        path: f.path as string,
        size: f.size as number | null,
        sha256: f.sha256 as string | null,
      });
    });
    for (const required of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) {
      if (!parsedFiles.some((f) => f.path === required))
        errors.push(`${at}.files lacks ${required}`);
    }
    if (!parsedFiles.some((f) => f.path.startsWith('onnx/') && f.path.endsWith('.onnx')))
      errors.push(`${at}.files lacks an onnx/*.onnx file`);
    models.push({
      id: id as string,
      role: role as ModelRole,
      standsFor: standsFor as string,
      folder: folder as string,
      revision: revision as string | null,
      licence: licence as string,
      optional: optional as boolean,
      files: parsedFiles,
    });
  });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    manifest: {
      schemaVersion: 1,
      ...(typeof value.comment === 'string' ? { comment: value.comment } : {}),
      models,
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

/** Models selected by ids (`--only`), else the non-optional ones, else all with includeOptional. */
export function selectModels(
  manifest: ModelManifest,
  options: { only?: readonly string[]; includeOptional?: boolean } = {},
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
  return manifest.models.filter((m) => options.includeOptional || !m.optional);
}
