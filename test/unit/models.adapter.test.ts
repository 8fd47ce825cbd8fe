// The transformers.js adapter (lib/models/transformers.ts) on tiny generated models, through the
// real transformers.js and ONNX Runtime code (Node: the CPU backend). Asserts shapes, dtypes and
// fixed fingerprints, not quality (quality belongs to npm run eval): the weights are random.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { MODEL_MANIFEST } from '../../lib/models/manifest';
import {
  type LoadedModelPorts,
  dtypeFor,
  loadModelPorts,
  pickDevice,
} from '../../lib/models/transformers';
import { serveDirectory } from '../support/server';

let dir: string;
let models: string;
let ports: LoadedModelPorts;

const PAIRS = [
  ['who built the lighthouse?', 'the lighthouse was built by sostratus'],
  ['who built the lighthouse?', 'paris is the capital of france'],
  ['what is water', 'water is h2o'],
  ['a', 'b'],
] as const;

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const round4 = (values: ArrayLike<number>) => Array.from(values, (v) => Math.round(v * 1e4) / 1e4);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-adapter-'));
  models = join(dir, 'models');
  await generateModels({ size: 'tiny', dest: models, includeOptional: true });
  ports = await loadModelPorts({
    localModelPath: models,
    device: 'cpu',
    roles: ['cross-encoder', 'bi-encoder', 'reranker'],
  });
}, 30_000);

afterAll(async () => {
  await ports?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('loadModelPorts on generated tiny models', () => {
  it('loads the filter, the reranker and the embedder on the CPU, with nothing missing', () => {
    expect(ports.problems).toEqual([]);
    expect(ports.unavailableReason).toBeUndefined();
    expect(ports.device).toBe('cpu');
    expect(ports.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(ports.reranker?.modelId).toBe('Xenova/ms-marco-MiniLM-L-12-v2');
    expect(ports.embedder?.modelId).toBe('Xenova/all-MiniLM-L6-v2');
  });

  it('scores pairs: one float32 logit per pair, fixed fingerprint, batching does not change scores', async () => {
    const scores = await ports.filter!.score(PAIRS);
    expect(scores).toBeInstanceOf(Float32Array);
    expect(scores).toHaveLength(4);
    const expected = SCORE_FINGERPRINT;
    round4(scores).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 3));
    // One at a time (no padding) is close to the batched call. Not equal: int8 dynamic
    // quantization scales activations over the whole batch, as real q8 weights do (exact
    // invariance of the fp32 graph is tested in models.generate.test.ts).
    for (let i = 0; i < PAIRS.length; i++) {
      const [single] = await ports.filter!.score([PAIRS[i]!]);
      expect(Math.abs(single! - scores[i]!)).toBeLessThan(0.03);
    }
    expect(await ports.filter!.score([])).toHaveLength(0);
  });

  it('the reranker is a different model (different scores for the same pairs)', async () => {
    const a = await ports.filter!.score(PAIRS);
    const b = await ports.reranker!.score(PAIRS);
    expect(round4(b)).not.toEqual(round4(a));
  });

  it('keeps the question and at most 128 passage word pieces (long passages still score)', async () => {
    const long = 'the lighthouse was built by sostratus '.repeat(200); // ≈1200 word pieces
    const [a] = await ports.filter!.score([['who built the lighthouse?', long]]);
    const [b] = await ports.filter!.score([['who built the lighthouse?', long + ' paris france']]);
    expect(Number.isFinite(a)).toBe(true);
    expect(b).toBe(a); // the tail beyond 128 word pieces is cut
  });

  it('embeds: L2-normalised float32 vectors, identical texts have cosine 1, fixed fingerprint', async () => {
    const texts = ['the sea is large', 'the sea is large', 'paris is a city', 'x'];
    const vectors = await ports.embedder!.embed(texts);
    expect(vectors).toHaveLength(4);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(32);
      expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 5);
    }
    expect(dot(vectors[0]!, vectors[1]!)).toBeCloseTo(1, 5);
    expect(dot(vectors[0]!, vectors[2]!)).toBeLessThan(0.999);
    const expected = EMBED_FINGERPRINT;
    round4(vectors[0]!.slice(0, 4)).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 3));
    // Padding in a batch barely changes an embedding (mean pooling uses the attention mask;
    // the rest is int8 dynamic quantization, see above).
    const [alone] = await ports.embedder!.embed(['paris is a city']);
    expect(dot(alone!, vectors[2]!)).toBeGreaterThan(0.999);
  });
});

// Both fingerprints are taken with the adapter's length batching (lib/models/batching.ts): the
// four pairs run as three calls, the four texts as two, and int8 dynamic quantization scales
// activations per call, so a change in how rows are grouped moves them in the third decimal.
const SCORE_FINGERPRINT = [-0.5024, -0.0807, -0.4508, -0.6927];
const EMBED_FINGERPRINT = [-0.0397, 0.2458, -0.0527, -0.0323];

describe('missing and broken models', () => {
  it('a missing folder gives no models and a model-missing reason, never a score', async () => {
    const missing = await loadModelPorts({ localModelPath: join(dir, 'nowhere'), device: 'cpu' });
    expect(missing.filter).toBeUndefined();
    expect(missing.embedder).toBeUndefined();
    expect(missing.problems.map((p) => p.code)).toEqual(['model-missing', 'model-missing']);
    expect(missing.unavailableReason).toMatch(
      /not installed.*ms-marco-MiniLM-L-6-v2\/: missing config\.json/,
    );
  });

  it('one missing file: that model is absent, the other one loads', async () => {
    const partial = join(dir, 'partial');
    await cp(models, partial, { recursive: true });
    await rm(join(partial, 'all-MiniLM-L6-v2', 'onnx', 'model_quantized.onnx'));
    const loaded = await loadModelPorts({ localModelPath: partial, device: 'cpu' });
    expect(loaded.filter).toBeDefined();
    expect(loaded.embedder).toBeUndefined();
    expect(loaded.problems).toEqual([
      {
        role: 'bi-encoder',
        modelId: 'Xenova/all-MiniLM-L6-v2',
        code: 'model-missing',
        detail: 'all-MiniLM-L6-v2/: missing onnx/model_quantized.onnx',
      },
    ]);
    await loaded.dispose();
  });

  it('a corrupted ONNX file or tokenizer gives a model-corrupt reason', async () => {
    const broken = join(dir, 'broken');
    await cp(models, broken, { recursive: true });
    await writeFile(
      join(broken, 'ms-marco-MiniLM-L-6-v2', 'onnx', 'model_quantized.onnx'),
      'not a protobuf at all',
    );
    await writeFile(join(broken, 'all-MiniLM-L6-v2', 'tokenizer.json'), '{"truncated": ');
    const loaded = await loadModelPorts({ localModelPath: broken, device: 'cpu' });
    expect(loaded.filter).toBeUndefined();
    expect(loaded.embedder).toBeUndefined();
    expect(loaded.problems.map((p) => [p.role, p.code])).toEqual([
      ['cross-encoder', 'model-corrupt'],
      ['bi-encoder', 'model-corrupt'],
    ]);
    expect(loaded.unavailableReason).toMatch(/damaged/);
  });
});

describe('device choice', () => {
  it('pickDevice: WebGPU only with an adapter; otherwise the CPU in Node, with a note when WebGPU was asked for', async () => {
    expect(await pickDevice('auto', { requestAdapter: async () => ({}) })).toEqual({
      device: 'webgpu',
    });
    expect(await pickDevice('auto', { requestAdapter: async () => null })).toEqual({
      device: 'cpu',
    });
    expect(await pickDevice('auto', null)).toEqual({ device: 'cpu' });
    expect((await pickDevice('webgpu', null)).note).toMatch(/WebGPU is not available/);
    expect((await pickDevice('webgpu', { requestAdapter: async () => null })).note).toMatch(
      /no WebGPU adapter/,
    );
    expect(
      (await pickDevice('auto', { requestAdapter: () => Promise.reject(new Error('boom')) })).note,
    ).toMatch(/boom/);
    expect(await pickDevice('wasm', { requestAdapter: async () => ({}) })).toEqual({
      device: 'cpu',
    });
  });

  it('an adapter that cannot run falls back to the CPU and says why (or runs on WebGPU where one works)', async () => {
    const loaded = await loadModelPorts({
      localModelPath: models,
      device: 'auto',
      gpu: { requestAdapter: async () => ({}) },
    });
    if (loaded.device === 'webgpu') {
      expect(loaded.deviceNote).toBeUndefined();
    } else {
      expect(loaded.device).toBe('cpu');
      expect(loaded.deviceNote).toMatch(/^WebGPU failed \(.+\); using CPU$/);
    }
    const scores = await loaded.filter!.score(PAIRS);
    round4(scores).forEach((v, i) => expect(v).toBeCloseTo(SCORE_FINGERPRINT[i]!, 3));
    await loaded.dispose();
  });

  it('dtype: q8 (model_quantized.onnx) unless WebGPU and the manifest lists the fp32 file', () => {
    const model = MODEL_MANIFEST.models[0]!;
    expect(dtypeFor('wasm', model)).toBe('q8');
    expect(dtypeFor('webgpu', model)).toBe('q8');
    const withFp32 = {
      ...model,
      files: [...model.files, { path: 'onnx/model.onnx', size: null, sha256: null }],
    };
    expect(dtypeFor('webgpu', withFp32)).toBe('fp32');
    expect(dtypeFor('cpu', withFp32)).toBe('q8');
  });
});

describe('URL mode (extension pages and Workers)', () => {
  it('checks for the files at <base>/<folder>/<file> and reports missing ones without loading', async () => {
    const asked: string[] = [];
    const loaded = await loadModelPorts({
      modelBaseUrl: 'chrome-extension://abc/models/',
      device: 'wasm',
      fetch: async (url, init) => {
        asked.push(`${init?.method} ${url}`);
        return { ok: !url.endsWith('.onnx') };
      },
    });
    expect(asked).toContain(
      'HEAD chrome-extension://abc/models/ms-marco-MiniLM-L-6-v2/config.json',
    );
    expect(asked).toContain(
      'HEAD chrome-extension://abc/models/all-MiniLM-L6-v2/onnx/model_quantized.onnx',
    );
    expect(loaded.problems.map((p) => [p.code, p.detail])).toEqual([
      ['model-missing', 'ms-marco-MiniLM-L-6-v2/: missing onnx/model_quantized.onnx'],
      ['model-missing', 'all-MiniLM-L6-v2/: missing onnx/model_quantized.onnx'],
    ]);
  });

  it('needs exactly one of localModelPath and modelBaseUrl', async () => {
    await expect(loadModelPorts({})).rejects.toThrow(/exactly one/);
    await expect(
      loadModelPorts({ localModelPath: models, modelBaseUrl: 'chrome-extension://x/' }),
    ).rejects.toThrow(/exactly one/);
  });
});

describe('no remote requests', () => {
  it('loading and running the models opens no connection and fetches nothing off 127.0.0.1', async () => {
    const connections: string[] = [];
    const fetched: string[] = [];
    const originalConnect = Socket.prototype.connect;
    const originalFetch = globalThis.fetch;
    const originalEnvFetch = env.fetch;
    // Every TCP connection in Node (undici's fetch, http, https) goes through Socket#connect.
    Socket.prototype.connect = function (this: Socket, ...args: unknown[]) {
      // net.connect passes its normalized [options, callback] array as the first argument.
      const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
      const host =
        typeof first === 'object' && first !== null
          ? ((first as { host?: string; path?: string }).host ??
            (first as { path?: string }).path ??
            'localhost')
          : String(args[1] ?? 'localhost');
      connections.push(host);
      return (originalConnect as (...a: unknown[]) => Socket).apply(this, args);
    } as typeof Socket.prototype.connect;
    const record =
      (inner: typeof fetch) =>
      (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
        fetched.push(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        );
        return inner(input, init);
      };
    globalThis.fetch = record(originalFetch);
    env.fetch = record(originalFetch);
    const server = await serveDirectory(models);
    try {
      const loaded = await loadModelPorts({
        localModelPath: models,
        device: 'auto',
        roles: ['cross-encoder', 'bi-encoder', 'reranker'],
      });
      expect(loaded.problems).toEqual([]);
      expect(await loaded.filter!.score(PAIRS)).toHaveLength(4);
      expect(await loaded.reranker!.score(PAIRS)).toHaveLength(4);
      expect(await loaded.embedder!.embed(['a b c'])).toHaveLength(1);
      await loaded.dispose();
      expect(connections).toEqual([]);
      expect(fetched).toEqual([]);
      // The recorders work: a loopback fetch is seen by both.
      await (await fetch(`${server.url}/all-MiniLM-L6-v2/config.json`)).text();
      expect(fetched).toEqual([`${server.url}/all-MiniLM-L6-v2/config.json`]);
      expect(connections.every((h) => h === '127.0.0.1')).toBe(true);
      expect(connections.length).toBeGreaterThan(0);
    } finally {
      Socket.prototype.connect = originalConnect;
      globalThis.fetch = originalFetch;
      env.fetch = originalEnvFetch;
      await server.close();
    }
  });

  it('turns transformers.js remote model loading off, whatever it was before', async () => {
    // With local files present transformers.js would not go remote anyway, so the behaviour above
    // cannot show the switch: this reads it (docs/SECURITY.md, property 2).
    env.allowRemoteModels = true;
    const loaded = await loadModelPorts({
      localModelPath: models,
      device: 'cpu',
      roles: ['bi-encoder'],
    });
    try {
      expect(loaded.embedder).toBeDefined();
      expect(env.allowRemoteModels).toBe(false);
    } finally {
      await loaded.dispose();
    }
  });
});
