// Model files downloaded on first use (Settings → "Download models"), kept in the extension
// origin's Cache Storage and handed to transformers.js through `env.customCache`.
//
// Keys. transformers.js asks its cache for `<env.localModelPath><folder>/<file>` first
// (buildResourcePaths/tryCache in transformers.web.js), and we set env.localModelPath to
// `<extension origin>/downloaded-models/`. Chromium's Cache.put refuses those URLs ("Request
// scheme 'chrome-extension' is unsupported", checked in Chromium 15x), so the entries are stored
// under `https://answer-panel.invalid/downloaded-models/<folder>/<file>` instead and `customCache`
// translates. `.invalid` can never resolve (RFC 2606), and Cache Storage never fetches its keys.
//
// Trust on first use. The manifest is unpinned (no sha256 can be known offline), so the download
// records each file's size and sha256 as it arrives (`DownloadRecord`) and every later load checks
// the stored bytes against that record (`check`): a difference is 'model-corrupt', never a score
// from changed weights. The record is written last, so an interrupted download leaves no record
// and reads as "not downloaded yet".
//
// Side effects come in as ports: a CacheStorage-like object, so the same code runs in the settings
// page and the panel's Worker, and Node tests use a fake.

import * as v from 'valibot';
import { PipelineError, errorText } from '../core/errors';
import { formatMegabytes } from '../core/bytes';
import { parseJson, parseWith } from '../core/guards';
import {
  type DownloadedFile,
  type FetchLike,
  type SizeEstimate,
  downloadModels,
  estimateDownloadSize,
  toHex,
} from './download';
import type { ModelManifest, OptionalModels } from './manifest';
import { t } from '../core/i18n';

export const MODEL_CACHE_NAME = 'answer-panel-models-v1';
/** Path under the extension origin that transformers.js reads downloaded models from. */
export const DOWNLOADED_MODELS_PATH = '/downloaded-models/';
const STORAGE_BASE = 'https://answer-panel.invalid/downloaded-models/';
// Model folders start with a letter or digit (manifest FOLDER), so these never collide with a file.
const RECORD_KEY = `${STORAGE_BASE}_record.json`;
const ESTIMATE_KEY = `${STORAGE_BASE}_estimate.json`;

/** The parts of `Cache` we use (a fake in Node tests). */
export interface CacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
  keys(): Promise<ReadonlyArray<{ url: string }>>;
}

/** The parts of `CacheStorage` (`globalThis.caches`) we use. */
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
  delete(name: string): Promise<boolean>;
}

export interface RecordedFile {
  size: number;
  sha256: string;
  /** The hub's commit id for the file, when it sent one (`x-repo-commit`). */
  commit: string | null;
}

/** What arrived in the download the user confirmed: checked at every load (trust on first use). */
export interface DownloadRecord {
  version: 1;
  hub: string;
  completedAt: string;
  /** By `<folder>/<file path>`. */
  files: Record<string, RecordedFile>;
}

export type FileCheck =
  { status: 'ok' } | { status: 'missing'; detail: string } | { status: 'changed'; detail: string };

/** What `loadModelPorts` needs from a store of downloaded files (lib/models/transformers.ts). */
export interface ModelCachePort {
  check(path: string): Promise<FileCheck>;
  /** For `env.customCache`: the Web Cache API's match/put, as transformers.js calls them. */
  customCache: {
    match(request: string | { url: string }): Promise<Response | undefined>;
    put(request: string, response: Response): Promise<void>;
  };
}

export interface ModelStore extends ModelCachePort {
  /** `<extension origin>/downloaded-models/`: `env.localModelPath` (the worker's `modelBaseUrl`). */
  baseUrl: string;
  /** Stores one file (the `write` port of `downloadModels`); `path` is `<folder>/<file path>`. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  has(path: string): Promise<boolean>;
  /** Stored model files, `<folder>/<file path>`, sorted. */
  list(): Promise<string[]>;
  /** Bytes of the stored model files. */
  size(): Promise<number>;
  /** Removes every downloaded file, the record and the size estimate. */
  clear(): Promise<void>;
  record(): Promise<DownloadRecord | null>;
  saveRecord(record: DownloadRecord): Promise<void>;
  /** The last size shown in Settings (so the panel can say it without asking the hub). */
  estimate(): Promise<(SizeEstimate & { hub: string }) | null>;
  saveEstimate(estimate: SizeEstimate & { hub: string }): Promise<void>;
}

export interface ModelStoreOptions {
  /** The extension origin, e.g. `chrome-extension://<id>` (`location.origin`). */
  origin: string;
  cacheName?: string;
  /** Lowercase hex sha256 (default WebCrypto). */
  sha256?: (bytes: Uint8Array<ArrayBuffer>) => Promise<string>;
}

const webCryptoDigest = async (bytes: Uint8Array<ArrayBuffer>) =>
  toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));

// What we read back from Cache Storage is untrusted JSON (another version of the extension, or a
// damaged entry, may have written it): a value that does not match reads as none.
const RecordSchema = v.object({
  version: v.literal(1),
  hub: v.string(),
  completedAt: v.string(),
  files: v.record(
    v.string(),
    v.object({ size: v.number(), sha256: v.string(), commit: v.nullable(v.string()) }),
  ),
});
const EstimateSchema = v.object({
  bytes: v.number(),
  unknownFiles: v.array(v.string()),
  hub: v.string(),
});

type OpenCache = () => Promise<CacheLike>;

const keyFor = (path: string) => STORAGE_BASE + path;

/** The stored JSON entry as the schema's output; null when absent, unreadable or not matching. */
async function readJson<S extends v.GenericSchema>(
  open: OpenCache,
  key: string,
  schema: S,
): Promise<v.InferOutput<S> | null> {
  try {
    const response = await (await open()).match(key);
    return response ? (parseWith(schema, parseJson(await response.text())) ?? null) : null;
  } catch {
    // Storage that cannot be read is a miss: the panel falls back to keywords, never crashes.
    return null;
  }
}

async function writeJson(open: OpenCache, key: string, value: unknown): Promise<void> {
  await (
    await open()
  ).put(
    key,
    new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
  );
}

async function writeFile(open: OpenCache, path: string, bytes: Uint8Array): Promise<void> {
  await (
    await open()
  ).put(
    keyFor(path),
    new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-length': String(bytes.byteLength),
        'content-type': path.endsWith('.json') ? 'application/json' : 'application/octet-stream',
      },
    }),
  );
}

/** Storage keys of the model files (not the record or the estimate). */
async function fileKeys(open: OpenCache): Promise<string[]> {
  return (await (await open()).keys())
    .map((r) => r.url)
    .filter((url) => url.startsWith(STORAGE_BASE) && url !== RECORD_KEY && url !== ESTIMATE_KEY);
}

async function storedBytes(open: OpenCache): Promise<number> {
  const cache = await open();
  let total = 0;
  for (const url of await fileKeys(open))
    total += Number((await cache.match(url))?.headers.get('content-length') ?? 0) || 0;
  return total;
}

/** The stored file against what the download recorded: present, same size, same sha256. */
async function checkFile(
  open: OpenCache,
  sha256: (bytes: Uint8Array<ArrayBuffer>) => Promise<string>,
  path: string,
  recorded: RecordedFile | undefined,
): Promise<FileCheck> {
  if (!recorded) return { status: 'missing', detail: `${path} was not downloaded` };
  const response = await (await open()).match(keyFor(path)).catch(() => undefined);
  if (!response)
    return { status: 'missing', detail: `${path} is no longer in the browser's storage` };
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength !== recorded.size) {
    return {
      status: 'changed',
      detail: `${path} is ${bytes.byteLength} bytes, it was ${recorded.size} when downloaded`,
    };
  }
  const digest = await sha256(bytes);
  if (digest !== recorded.sha256) {
    return {
      status: 'changed',
      detail: `${path} has sha256 ${digest}, it was ${recorded.sha256} when downloaded`,
    };
  }
  return { status: 'ok' };
}

/** `env.customCache` for transformers.js: reads stored files under `baseUrl`, never writes. */
function customCacheFor(open: OpenCache, baseUrl: string): ModelCachePort['customCache'] {
  return {
    async match(request) {
      const url = typeof request === 'string' ? request : request.url;
      if (url.startsWith(baseUrl)) return (await open()).match(keyFor(url.slice(baseUrl.length)));
      // transformers.js also tries `<env.remoteHost><folder>/resolve/<revision>/<file>`, and
      // after a hit in Node (return_path) reads the entry again under that key
      // (loadResourceFile: cacheKey = proposedCacheKey). Same file, same answer; nothing is fetched.
      const remote = /^\/([A-Za-z0-9][A-Za-z0-9._-]*)\/resolve\/[^/]+\/(.+)$/.exec(
        safePathname(url),
      );
      return remote
        ? (await open()).match(keyFor(`${remote[1]}/${decodeURIComponent(remote[2]!)}`))
        : undefined;
    },
    // Never written through transformers.js: only the confirmed download (with its record) writes.
    async put() {},
  };
}

export function createModelStore(caches: CacheStorageLike, options: ModelStoreOptions): ModelStore {
  const cacheName = options.cacheName ?? MODEL_CACHE_NAME;
  const sha256 = options.sha256 ?? webCryptoDigest;
  const baseUrl = new URL(DOWNLOADED_MODELS_PATH, options.origin).href;
  const open = () => caches.open(cacheName);
  const store: ModelStore = {
    baseUrl,
    write: (path, bytes) => writeFile(open, path, bytes),
    has: async (path) => (await (await open()).match(keyFor(path))) !== undefined,
    list: async () => (await fileKeys(open)).map((url) => url.slice(STORAGE_BASE.length)).sort(),
    size: () => storedBytes(open),
    async clear() {
      await caches.delete(cacheName);
    },
    record: () => readJson(open, RECORD_KEY, RecordSchema),
    saveRecord: (record) => writeJson(open, RECORD_KEY, record),
    estimate: () => readJson(open, ESTIMATE_KEY, EstimateSchema),
    saveEstimate: (estimate) => writeJson(open, ESTIMATE_KEY, estimate),
    check: async (path) => checkFile(open, sha256, path, (await store.record())?.files[path]),
    customCache: customCacheFor(open, baseUrl),
  };
  return store;
}

// ---------------------------------------------------------------------------------------------
// The first-use download, as the settings page runs it

export interface FirstUseDownloadOptions {
  manifest: ModelManifest;
  fetch: FetchLike;
  hub: string;
  /** Optional models to download too (`optionalRoles(settings.retrieval)`). */
  includeOptional?: OptionalModels;
  /** The user confirmed trusting files the manifest has not pinned (recorded, then checked at each load). */
  trustUnpinned: boolean;
  /** Total for progress when the manifest has no sizes (the estimate shown before the download). */
  expectedBytes?: number;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
  now?: () => Date;
}

/**
 * Replaces whatever was downloaded with a fresh download of the selected models and records each
 * file's size and sha256. On failure everything is removed (no half-downloaded set is kept) and
 * the coded error is rethrown.
 */
export async function downloadToStore(
  store: ModelStore,
  options: FirstUseDownloadOptions,
): Promise<DownloadRecord> {
  const files: Record<string, RecordedFile> = {};
  const estimate = await store.estimate();
  await store.clear();
  if (estimate) await store.saveEstimate(estimate).catch(() => undefined);
  try {
    await downloadModels({
      manifest: options.manifest,
      fetch: options.fetch,
      hub: options.hub,
      includeOptional: options.includeOptional,
      allowUnpinned: options.trustUnpinned,
      expectedBytes: options.expectedBytes,
      signal: options.signal,
      write: (path, bytes) => store.write(path, bytes),
      onFile: (path, file: DownloadedFile) =>
        void (files[path] = { size: file.size, sha256: file.sha256, commit: file.commit }),
      onProgress: options.onProgress,
    });
    const record: DownloadRecord = {
      version: 1,
      hub: options.hub,
      completedAt: (options.now?.() ?? new Date()).toISOString(),
      files,
    };
    await store.saveRecord(record);
    return record;
  } catch (error) {
    await store.clear().catch(() => undefined);
    if (estimate) await store.saveEstimate(estimate).catch(() => undefined);
    if (error instanceof PipelineError) throw error;
    // Cache Storage full or unavailable: still a failed download, said as one.
    throw new PipelineError(
      'model-download-failed',
      `could not store the files (${errorText(error)})`,
    );
  }
}

export { estimateDownloadSize };

// The settings page formats sizes without importing this adapter (lib/core/bytes.ts).
export { formatMegabytes };

/** The panel's sentence when the user chose downloaded models and has not downloaded them. */
export function notDownloadedReason(
  estimate: { bytes: number; unknownFiles?: readonly string[] } | null,
): string {
  if (!estimate || estimate.bytes <= 0) return t('models_not_downloaded');
  const size = formatMegabytes(estimate.bytes);
  return t(
    'models_not_downloaded_size',
    estimate.unknownFiles?.length ? t('download_size_at_least', size) : size,
  );
}

/**
 * Host access the download asks for, in the click that starts it. None for a loopback hub
 * (a local mirror answering with CORS headers needs none, and Chromium's permission prompt would
 * only get in the way). The hub redirects large files to its CDN, which needs access too.
 */
export function originsForHub(hubUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(hubUrl);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  if (isLoopbackHost(url.hostname)) return [];
  const origins = [`${url.protocol}//${url.host}/*`];
  if (url.hostname === 'huggingface.co' || url.hostname === 'hf.co')
    origins.push('https://cdn-lfs.huggingface.co/*', 'https://*.hf.co/*');
  return origins;
}

function safePathname(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === '127.0.0.1' ||
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}
