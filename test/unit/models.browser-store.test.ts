// lib/models/browser-store.ts (models downloaded in Settings, kept in Cache Storage) and the
// first-use download path of lib/models/download.ts: a fake CacheStorage that refuses non-http(s)
// keys as Chromium does, a fake hub on 127.0.0.1 serving generated tiny models, and the real
// transformers.js loading them through `env.customCache` (Node: the CPU backend).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import {
  type CacheLike,
  type CacheStorageLike,
  createModelStore,
  downloadToStore,
  formatMegabytes,
  MODEL_CACHE_NAME,
  notDownloadedReason,
  originsForHub,
} from '../../lib/models/browser-store';
import { downloadModels, estimateDownloadSize } from '../../lib/models/download';
import { MODEL_MANIFEST, selectModels } from '../../lib/models/manifest';
import { loadModelPorts } from '../../lib/models/transformers';
import { PipelineError } from '../../lib/core/errors';
import { hubRoute } from '../support/hub';
import { type TestServer, serveDirectory } from '../support/server';

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** In-memory CacheStorage. Like Chromium, `put` refuses keys that are not http(s) URLs. */
function fakeCaches(): CacheStorageLike & {
  opened: Map<string, Map<string, { body: Uint8Array; headers: [string, string][] }>>;
} {
  const opened = new Map<string, Map<string, { body: Uint8Array; headers: [string, string][] }>>();
  const open = async (name: string): Promise<CacheLike> => {
    let entries = opened.get(name);
    if (!entries) opened.set(name, (entries = new Map()));
    const map = entries;
    return {
      async match(key) {
        const entry = map.get(key);
        return entry
          ? new Response(entry.body.slice() as Uint8Array<ArrayBuffer>, { headers: entry.headers })
          : undefined;
      },
      async put(key, response) {
        const scheme = new URL(key).protocol;
        if (scheme !== 'http:' && scheme !== 'https:')
          throw new TypeError(
            `Failed to execute 'put' on 'Cache': Request scheme '${scheme.slice(0, -1)}' is unsupported`,
          );
        map.set(key, {
          body: new Uint8Array(await response.arrayBuffer()),
          headers: [...response.headers],
        });
      },
      async delete(key) {
        return map.delete(key);
      },
      async keys() {
        return [...map.keys()].map((url) => ({ url }));
      },
    };
  };
  return { opened, open, delete: async (name) => opened.delete(name) };
}

let dir: string;
let source: string;
let hub: TestServer;
let requests: string[];
let defaultFiles: Array<{ path: string; bytes: Buffer }>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-browser-store-'));
  source = join(dir, 'source');
  await generateModels({ size: 'tiny', dest: source, includeOptional: true });
  hub = await serveDirectory(dir, [
    hubRoute({
      source,
      requests: (requests = []),
      fail: { 'ms-marco-MiniLM-L-12-v2/onnx/model_quantized.onnx': 500 },
    }),
  ]);
  defaultFiles = [];
  for (const model of selectModels(MODEL_MANIFEST)) {
    for (const file of model.files)
      defaultFiles.push({
        path: `${model.folder}/${file.path}`,
        bytes: await readFile(join(source, model.folder, file.path)),
      });
  }
}, 30_000);

beforeEach(() => {
  requests.length = 0;
});

afterAll(async () => {
  await hub?.close();
  await rm(dir, { recursive: true, force: true });
});

const totalBytes = () => defaultFiles.reduce((n, f) => n + f.bytes.byteLength, 0);

describe('model store (Cache Storage)', () => {
  it('writes, lists, sizes and clears files under a storable https key, not the extension URL', async () => {
    const caches = fakeCaches();
    const store = createModelStore(caches, { origin: ORIGIN });
    expect(store.baseUrl).toBe(`${ORIGIN}/downloaded-models/`);
    await store.write('m/config.json', new TextEncoder().encode('{"a":1}'));
    await store.write('m/onnx/model_quantized.onnx', new Uint8Array(1000));
    expect(await store.has('m/config.json')).toBe(true);
    expect(await store.has('m/tokenizer.json')).toBe(false);
    expect(await store.list()).toEqual(['m/config.json', 'm/onnx/model_quantized.onnx']);
    expect(await store.size()).toBe(1007);
    const keys = [...caches.opened.get(MODEL_CACHE_NAME)!.keys()];
    expect(keys.every((k) => k.startsWith('https://answer-panel.invalid/downloaded-models/'))).toBe(
      true,
    );
    await store.clear();
    expect(await store.list()).toEqual([]);
    expect(await store.record()).toBeNull();
  });

  it('customCache answers transformers.js for <baseUrl><folder>/<file> only, and never stores through it', async () => {
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    await store.write('m/config.json', new TextEncoder().encode('{"a":1}'));
    const hit = await store.customCache.match(`${ORIGIN}/downloaded-models/m/config.json`);
    expect(await hit?.json()).toEqual({ a: 1 });
    expect(hit?.headers.get('content-length')).toBe('7');
    expect(
      await store.customCache.match({ url: `${ORIGIN}/downloaded-models/m/config.json` }),
    ).toBeDefined();
    // The second key transformers.js tries is `<remoteHost><folder>/resolve/<revision>/<file>`: the same stored file.
    expect(
      await (
        await store.customCache.match('https://huggingface.co/m/resolve/main/config.json')
      )?.json(),
    ).toEqual({ a: 1 });
    expect(
      await store.customCache.match('https://huggingface.co/Xenova/m/resolve/main/config.json'),
    ).toBeUndefined();
    expect(await store.customCache.match(`${ORIGIN}/models/m/config.json`)).toBeUndefined();
    await store.customCache.put(`${ORIGIN}/downloaded-models/m/x.json`, new Response('x'));
    expect(await store.list()).toEqual(['m/config.json']);
  });

  it('an unreadable record or estimate reads as none (degrade, not crash)', async () => {
    const caches = fakeCaches();
    const store = createModelStore(caches, { origin: ORIGIN });
    const cache = await caches.open(MODEL_CACHE_NAME);
    await cache.put(
      'https://answer-panel.invalid/downloaded-models/_record.json',
      new Response('{not json'),
    );
    await cache.put(
      'https://answer-panel.invalid/downloaded-models/_estimate.json',
      new Response('[]'),
    );
    expect(await store.record()).toBeNull();
    expect(await store.estimate()).toBeNull();
    // JSON of the wrong shape (another version, a damaged entry) reads as none too.
    await store.saveRecord({ version: 1, files: { 'm/config.json': { size: '7' } } } as never);
    await store.saveEstimate({ bytes: 1 } as never);
    expect(await store.record()).toBeNull();
    expect(await store.estimate()).toBeNull();
    const broken: CacheStorageLike = {
      open: () => Promise.reject(new Error('quota')),
      delete: async () => false,
    };
    expect(await createModelStore(broken, { origin: ORIGIN }).record()).toBeNull();
  });
});

describe('size before download', () => {
  it('sums content-length of HEAD requests to <hub>/<id>/resolve/main/<file>, downloading nothing', async () => {
    const estimate = await estimateDownloadSize(MODEL_MANIFEST, {
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
    });
    expect(estimate).toEqual({ bytes: totalBytes(), unknownFiles: [] });
    expect(requests).toHaveLength(8);
    expect(requests.every((r) => /^HEAD \/Xenova\/[^/]+\/resolve\/main\//.test(r))).toBe(true);
  });

  it('prefers x-linked-size (the hub sends it for LFS files) over the redirect content-length', async () => {
    const linked = await serveDirectory(dir, [hubRoute({ source, linkedSize: true })]);
    try {
      expect(
        (
          await estimateDownloadSize(MODEL_MANIFEST, {
            fetch: (u, i) => fetch(u, i),
            hub: linked.url,
          })
        ).bytes,
      ).toBe(totalBytes());
    } finally {
      await linked.close();
    }
  });

  it('lists files it cannot size (404, refused, unreachable) instead of failing; pinned sizes need no request', async () => {
    const withReranker = await estimateDownloadSize(MODEL_MANIFEST, {
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      includeOptional: true,
    });
    expect(withReranker.unknownFiles).toEqual([
      'Xenova/ms-marco-MiniLM-L-12-v2/onnx/model_quantized.onnx',
    ]);
    const offline = await estimateDownloadSize(MODEL_MANIFEST, {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      hub: hub.url,
    });
    expect(offline).toMatchObject({ bytes: 0 });
    expect(offline.unknownFiles).toHaveLength(8);
    const pinned = structuredClone(MODEL_MANIFEST);
    for (const f of pinned.models.flatMap((m) => m.files)) f.size = 10;
    requests.length = 0;
    expect(
      (await estimateDownloadSize(pinned, { fetch: (u, i) => fetch(u, i), hub: hub.url })).bytes,
    ).toBe(80);
    expect(requests).toEqual([]);
  });

  it('says the size in MB, and the panel sentence names it', () => {
    expect(formatMegabytes(45_300_000)).toBe('45 MB');
    expect(formatMegabytes(1_234_567)).toBe('1.2 MB');
    expect(notDownloadedReason({ bytes: 45_300_000, unknownFiles: [] })).toBe(
      'Models not downloaded yet: open Settings to download them (45 MB); ranking by keywords.',
    );
    expect(notDownloadedReason(null)).toBe(
      'Models not downloaded yet: open Settings to download them; ranking by keywords.',
    );
  });

  it('asks host access for the hub and its CDN, none for a loopback mirror', () => {
    expect(originsForHub('https://huggingface.co')).toEqual([
      'https://huggingface.co/*',
      'https://cdn-lfs.huggingface.co/*',
      'https://*.hf.co/*',
    ]);
    expect(originsForHub('https://mirror.example:8443/hf/')).toEqual([
      'https://mirror.example:8443/*',
    ]);
    expect(originsForHub('http://127.0.0.1:8080')).toEqual([]);
    expect(originsForHub('http://localhost:8080')).toEqual([]);
    expect(originsForHub('javascript:alert(1)')).toEqual([]);
  });
});

describe('trust-on-first-use download', () => {
  it('the CLI rule stands: downloadModels still refuses an unpinned manifest without allowUnpinned', async () => {
    await expect(
      downloadModels({
        manifest: MODEL_MANIFEST,
        fetch: (u, i) => fetch(u, i),
        hub: hub.url,
        write: async () => {},
      }),
    ).rejects.toMatchObject({
      code: 'model-download-failed',
      message: expect.stringMatching(/unpinned/),
    });
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    await expect(
      downloadToStore(store, {
        manifest: MODEL_MANIFEST,
        fetch: (u, i) => fetch(u, i),
        hub: hub.url,
        trustUnpinned: false,
      }),
    ).rejects.toBeInstanceOf(PipelineError);
    expect(requests).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('when confirmed: downloads from main, records size and sha256 of every file, progress up to the estimate', async () => {
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    const progress: Array<[number, number]> = [];
    const record = await downloadToStore(store, {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: `${hub.url}/`,
      trustUnpinned: true,
      expectedBytes: totalBytes(),
      onProgress: (loaded, total) => progress.push([loaded, total]),
      now: () => new Date('2026-11-22T10:00:00Z'),
    });
    expect(requests.every((r) => /^GET \/Xenova\/[^/]+\/resolve\/main\//.test(r))).toBe(true);
    expect(record.completedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(Object.keys(record.files).sort()).toEqual(defaultFiles.map((f) => f.path).sort());
    for (const { path, bytes } of defaultFiles) {
      expect(record.files[path]).toEqual({
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        commit: 'c0ffee0000000000000000000000000000000002',
      });
      expect(await store.check(path)).toEqual({ status: 'ok' });
    }
    expect(await store.record()).toEqual(record);
    expect(await store.size()).toBe(totalBytes());
    expect(progress.at(-1)).toEqual([totalBytes(), totalBytes()]);
    expect(
      progress.every(
        ([loaded, total], i) => loaded <= total && (i === 0 || loaded >= progress[i - 1]![0]),
      ),
    ).toBe(true);
  });

  it('a failed download keeps nothing (no record: "not downloaded yet") and says why', async () => {
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    await store.saveEstimate({ bytes: 123, unknownFiles: [], hub: hub.url });
    const error = await downloadToStore(store, {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      includeOptional: true,
      trustUnpinned: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'model-download-failed',
      message: expect.stringMatching(/HTTP 500 .*server error/),
    });
    expect(await store.list()).toEqual([]);
    expect(await store.record()).toBeNull();
    expect(await store.estimate()).toMatchObject({ bytes: 123 }); // still there for the panel's sentence
  });

  it('a store that cannot take the files (quota) is a model-download-failed, not a crash', async () => {
    const caches = fakeCaches();
    const full: CacheStorageLike = {
      open: async (name) => ({
        ...(await caches.open(name)),
        put: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
      }),
      delete: caches.delete,
    };
    const error = await downloadToStore(createModelStore(full, { origin: ORIGIN }), {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      trustUnpinned: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'model-download-failed',
      message: expect.stringMatching(/could not store the files \(Quota exceeded\)/),
    });
  });
});

describe('loading downloaded models (transformers.js through env.customCache)', () => {
  it('loads the filter and the embedder from the store, and fetches nothing', async () => {
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    await downloadToStore(store, {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      trustUnpinned: true,
    });
    requests.length = 0;
    const headFetches: string[] = [];
    const ports = await loadModelPorts({
      modelBaseUrl: store.baseUrl,
      modelCache: store,
      device: 'cpu',
      fetch: async (url) => {
        headFetches.push(url);
        return { ok: false };
      },
    });
    try {
      expect(ports.problems).toEqual([]);
      expect(ports.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
      expect(ports.embedder?.modelId).toBe('Xenova/all-MiniLM-L6-v2');
      const scores = await ports.filter!.score([
        ['who built the lighthouse?', 'the lighthouse was built by sostratus'],
      ]);
      expect(scores).toHaveLength(1);
      expect(Number.isFinite(scores[0])).toBe(true);
      expect(headFetches).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await ports.dispose();
    }
  });

  it('a file that changed since the download (sha256 differs from the record) is model-corrupt: keyword ranking, said', async () => {
    const store = createModelStore(fakeCaches(), { origin: ORIGIN });
    await downloadToStore(store, {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      trustUnpinned: true,
    });
    const path = 'ms-marco-MiniLM-L-6-v2/onnx/model_quantized.onnx';
    const bytes = new Uint8Array(
      await (await store.customCache.match(`${store.baseUrl}${path}`))!.arrayBuffer(),
    );
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff; // same size, different content
    await store.write(path, bytes);
    expect(await store.check(path)).toMatchObject({
      status: 'changed',
      detail: expect.stringMatching(/sha256 [0-9a-f]{64}, it was [0-9a-f]{64} when downloaded/),
    });
    const ports = await loadModelPorts({
      modelBaseUrl: store.baseUrl,
      modelCache: store,
      device: 'cpu',
    });
    try {
      expect(ports.filter).toBeUndefined();
      expect(ports.embedder).toBeDefined();
      expect(ports.problems).toEqual([
        {
          role: 'cross-encoder',
          modelId: 'Xenova/ms-marco-MiniLM-L-6-v2',
          code: 'model-corrupt',
          detail: expect.stringMatching(/^changed since it was downloaded: /),
        },
      ]);
      expect(ports.unavailableReason).toMatch(
        /^A model file is damaged, so passages are ranked by keywords/,
      );
    } finally {
      await ports.dispose();
    }
  });

  it('a file removed from storage is model-missing, and a truncated one is model-corrupt', async () => {
    const caches = fakeCaches();
    const store = createModelStore(caches, { origin: ORIGIN });
    await downloadToStore(store, {
      manifest: MODEL_MANIFEST,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      trustUnpinned: true,
    });
    const cache = await caches.open(MODEL_CACHE_NAME);
    await cache.delete(
      'https://answer-panel.invalid/downloaded-models/all-MiniLM-L6-v2/tokenizer.json',
    );
    await store.write('ms-marco-MiniLM-L-6-v2/config.json', new TextEncoder().encode('{}'));
    const ports = await loadModelPorts({
      modelBaseUrl: store.baseUrl,
      modelCache: store,
      device: 'cpu',
    });
    try {
      expect(ports.problems.map((p) => [p.role, p.code])).toEqual([
        ['cross-encoder', 'model-corrupt'],
        ['bi-encoder', 'model-missing'],
      ]);
      expect(ports.problems[0]!.detail).toMatch(
        /config\.json is 2 bytes, it was \d+ when downloaded/,
      );
    } finally {
      await ports.dispose();
    }
  });
});

it('the generated source has the files the hub serves', async () => {
  expect((await readdir(source)).sort()).toEqual(MODEL_MANIFEST.models.map((m) => m.folder).sort());
});
