// Downloading model files from a Hugging Face-shaped hub and verifying them against the manifest.
// Used by `npm run models:fetch` (models/fetch.ts, writing to disk) and by the settings page to
// download models on first use (lib/models/browser-store.ts, writing to Cache Storage). Side
// effects come in as ports: `fetch`, a file sink or a `write(path, bytes)` port, and a sha256
// factory, so the same code runs in Node, in a Worker and in the browser, and tests drive it
// against loopback.

import { errorText, PipelineError } from '../core/errors';
import {
  type ManifestModel,
  type ModelManifest,
  type ModelSelection,
  type OptionalModels,
  selectModels,
  unpinnedFiles,
} from './manifest';

export const DEFAULT_HUB = 'https://huggingface.co';

export type FetchLike = (
  url: string,
  init?: { method?: 'GET' | 'HEAD'; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

/** `<hub>/<id>/resolve/<revision>/<path>`, the hub's raw-file URL. */
export function fileUrl(hub: string, modelId: string, revision: string, path: string): string {
  const base = hub.replace(/\/+$/, '');
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  return `${base}/${modelId}/resolve/${encodeURIComponent(revision)}/${encodedPath}`;
}

export interface DownloadSize {
  /** Sum of the known sizes. */
  bytes: number;
  /** Files whose size is unknown (unpinned): `bytes` undercounts by these. */
  unknownFiles: string[];
}

/** Total bytes to download for the selected models, shown before asking the user to download. */
export function downloadSize(manifest: ModelManifest, options: ModelSelection = {}): DownloadSize {
  let bytes = 0;
  const unknownFiles: string[] = [];
  for (const model of selectModels(manifest, options)) {
    for (const file of model.files) {
      if (file.size === null) unknownFiles.push(`${model.id}/${file.path}`);
      else bytes += file.size;
    }
  }
  return { bytes, unknownFiles };
}

// ---------------------------------------------------------------------------------------------
// Hashing

export interface Sha256 {
  update(chunk: Uint8Array): void;
  /** Lowercase hex. */
  digest(): Promise<string>;
}
export type Sha256Factory = () => Sha256;

/**
 * sha256 with WebCrypto (Node ≥ 20, browsers, Workers). WebCrypto has no incremental digest, so
 * this keeps the chunks until `digest()`: fine for the in-memory download path, which holds the
 * file anyway. The Node CLI passes a streaming `node:crypto` hash instead.
 */
export const webCryptoSha256: Sha256Factory = () => {
  const chunks: Uint8Array[] = [];
  return {
    update: (chunk) => void chunks.push(chunk),
    digest: async () => {
      const digest = await crypto.subtle.digest('SHA-256', concat(chunks));
      return toHex(new Uint8Array(digest));
    },
  };
};

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// One file

/** Where downloaded bytes go. `commit` makes the file visible (atomic rename); `abort` removes the partial file. */
export interface FileSink {
  write(chunk: Uint8Array): void | Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface DownloadFileOptions {
  url: string;
  /** Expected size and sha256; null values are not checked (only `--pin` downloads those). */
  expected: { size: number | null; sha256: string | null };
  fetch: FetchLike;
  sink: FileSink;
  hash?: Sha256Factory;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Bytes of this file so far, and its total when known. */
  onProgress?: (loaded: number, total: number | null) => void;
}

export interface DownloadedFile {
  size: number;
  sha256: string;
  /** The hub's commit id for this file (`x-repo-commit` header), when it sent one. */
  commit: string | null;
}

/** A human-readable cause for a failed HTTP status (said by the CLI and the settings page). */
export function describeHttpStatus(status: number): string {
  if (status === 404)
    return 'not found: check the model id, revision and file path in the manifest';
  if (status === 401 || status === 403)
    return 'access refused: the repository may be gated or private (set HF_TOKEN)';
  if (status === 429) return 'rate-limited by the hub: try again later';
  if (status >= 500) return 'the hub had a server error: try again later';
  return 'unexpected response';
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found (offline?)';
  if (code === 'ECONNRESET') return 'connection reset';
  return cause?.message ?? errorText(error);
}

/**
 * Downloads one file, streaming it into `sink` while hashing, then checks size and sha256.
 * HTTP and network failures throw `model-download-failed`; a size or checksum mismatch aborts the
 * sink (the partial file is removed) and throws `model-corrupt`.
 */
export async function downloadFile(options: DownloadFileOptions): Promise<DownloadedFile> {
  const { url, expected, sink } = options;
  const hash = (options.hash ?? webCryptoSha256)();
  let response: Response;
  try {
    response = await options.fetch(url, { headers: options.headers ?? {}, signal: options.signal });
  } catch (error) {
    await sink.abort();
    if (options.signal?.aborted)
      throw new PipelineError('model-download-failed', `cancelled: ${url}`);
    throw new PipelineError('model-download-failed', `${url}: ${describeNetworkError(error)}`);
  }
  if (!response.ok || !response.body) {
    await sink.abort();
    throw new PipelineError(
      'model-download-failed',
      `HTTP ${response.status} for ${url}: ${describeHttpStatus(response.status)}`,
    );
  }
  const headerLength = Number(response.headers.get('content-length'));
  const total =
    expected.size ?? (Number.isFinite(headerLength) && headerLength > 0 ? headerLength : null);
  let loaded = 0;
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      // Stop early rather than fill the disk when a server sends more than the manifest says.
      if (expected.size !== null && loaded > expected.size) {
        await reader.cancel().catch(() => {});
        throw new PipelineError(
          'model-corrupt',
          `${url}: larger than the manifest's ${expected.size} bytes`,
        );
      }
      hash.update(value);
      await sink.write(value);
      options.onProgress?.(loaded, total);
    }
  } catch (error) {
    await sink.abort();
    if (error instanceof PipelineError) throw error;
    throw new PipelineError(
      'model-download-failed',
      `${url}: interrupted after ${loaded} bytes (${describeNetworkError(error)})`,
    );
  }
  const sha256 = await hash.digest();
  if (expected.size !== null && loaded !== expected.size) {
    await sink.abort();
    throw new PipelineError(
      'model-corrupt',
      `${url}: got ${loaded} bytes, the manifest says ${expected.size}`,
    );
  }
  if (expected.sha256 !== null && sha256 !== expected.sha256) {
    await sink.abort();
    throw new PipelineError(
      'model-corrupt',
      `${url}: sha256 ${sha256} does not match the manifest's ${expected.sha256}`,
    );
  }
  await sink.commit();
  return { size: loaded, sha256, commit: response.headers.get('x-repo-commit') };
}

// ---------------------------------------------------------------------------------------------
// Whole models, in memory (the settings page: first-use download with progress)

export interface DownloadModelsOptions {
  manifest: ModelManifest;
  fetch: FetchLike;
  /** Stores one verified file; `path` is `<folder>/<file path>`, e.g. `all-MiniLM-L6-v2/onnx/model_quantized.onnx`. */
  write: (path: string, bytes: Uint8Array) => Promise<void>;
  hub?: string;
  only?: readonly string[];
  includeOptional?: OptionalModels;
  hash?: Sha256Factory;
  signal?: AbortSignal;
  /** Bytes of all selected files so far, and their total from the manifest. */
  onProgress?: (loaded: number, total: number) => void;
  /**
   * Trust on first use: download files the manifest has not pinned (revision `main`, size and
   * sha256 unchecked) instead of refusing. Only for a download the user explicitly confirmed,
   * and only with `onFile` recording what arrived, so a later load can verify nothing changed.
   */
  allowUnpinned?: boolean;
  /** With `allowUnpinned`: the total to report in `onProgress` for files the manifest has no size for (see `estimateDownloadSize`). */
  expectedBytes?: number;
  /** Called once per verified and written file with its measured size and sha256 (the trust-on-first-use record). */
  onFile?: (path: string, file: DownloadedFile) => void | Promise<void>;
}

/** Throws `model-download-failed` naming the unpinned files (the extension downloads pinned files only). */
export function assertPinned(models: readonly ManifestModel[]): void {
  const unpinned = models.flatMap((m) => [
    ...(m.revision === null ? [`${m.id} (revision)`] : []),
    ...unpinnedFiles(m),
  ]);
  if (unpinned.length > 0) {
    throw new PipelineError(
      'model-download-failed',
      `unpinned in the manifest (no verified revision, size or sha256): ${unpinned.join(', ')}; run \`npm run models:fetch -- --pin\` and commit the manifest`,
    );
  }
}

/**
 * Downloads and verifies every file of the selected models, calling `write` once per verified
 * file (never with unverified bytes). Refuses unpinned manifests unless `allowUnpinned` (trust on
 * first use, see there).
 */
export async function downloadModels(
  options: DownloadModelsOptions,
): Promise<{ files: number; bytes: number }> {
  const models = selectModels(options.manifest, options);
  if (!options.allowUnpinned) assertPinned(models);
  const known = downloadSize(options.manifest, options);
  const total =
    known.unknownFiles.length > 0 && options.expectedBytes !== undefined
      ? Math.max(options.expectedBytes, known.bytes)
      : known.bytes;
  let done = 0;
  let files = 0;
  for (const model of models) {
    for (const file of model.files) {
      const path = `${model.folder}/${file.path}`;
      const result = await downloadFile({
        // Unpinned (trust on first use only): the hub's current `main`; pinned values are still checked.
        url: fileUrl(options.hub ?? DEFAULT_HUB, model.id, model.revision ?? 'main', file.path),
        expected: file,
        fetch: options.fetch,
        hash: options.hash,
        signal: options.signal,
        sink: memorySink(path, options.write),
        onProgress: (loaded) => options.onProgress?.(done + loaded, Math.max(total, done + loaded)),
      });
      await options.onFile?.(path, result);
      done += result.size;
      files++;
    }
  }
  return { files, bytes: done };
}

export interface SizeEstimate {
  /** Sum of the sizes known from the manifest or from the hub's headers. */
  bytes: number;
  /** Files whose size neither the manifest nor the hub told (`bytes` undercounts by these). */
  unknownFiles: string[];
}

/**
 * The download size before anything is downloaded: the manifest's size when pinned, else a HEAD
 * request per file to `<hub>/<id>/resolve/<revision or main>/<file>`, reading `x-linked-size`
 * (the hub's size of an LFS file, on its redirect) or `content-length` (after the redirect).
 * Never throws for a file it cannot size: it lists it in `unknownFiles`.
 */
export async function estimateDownloadSize(
  manifest: ModelManifest,
  options: {
    fetch: (
      url: string,
      init: { method: 'HEAD'; signal?: AbortSignal },
    ) => Promise<Pick<Response, 'ok' | 'headers'>>;
    hub?: string;
    only?: readonly string[];
    includeOptional?: OptionalModels;
    signal?: AbortSignal;
  },
): Promise<SizeEstimate> {
  const hub = options.hub ?? DEFAULT_HUB;
  const sized = await Promise.all(
    selectModels(manifest, options).flatMap((model) =>
      model.files.map(async (file) => {
        if (file.size !== null) return { name: `${model.id}/${file.path}`, bytes: file.size };
        const url = fileUrl(hub, model.id, model.revision ?? 'main', file.path);
        const response = await options
          .fetch(url, { method: 'HEAD', signal: options.signal })
          .catch(() => null);
        const header = response?.ok
          ? (response.headers.get('x-linked-size') ?? response.headers.get('content-length'))
          : null;
        const bytes = header === null ? NaN : Number(header);
        return {
          name: `${model.id}/${file.path}`,
          bytes: Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null,
        };
      }),
    ),
  );
  return {
    bytes: sized.reduce((n, f) => n + (f.bytes ?? 0), 0),
    unknownFiles: sized.filter((f) => f.bytes === null).map((f) => f.name),
  };
}

/** Collects chunks and hands the whole file to `write` on commit. */
export function memorySink(
  path: string,
  write: (path: string, bytes: Uint8Array) => Promise<void>,
): FileSink {
  let chunks: Uint8Array[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    commit: () => write(path, concat(chunks)),
    abort: async () => {
      chunks = [];
    },
  };
}
