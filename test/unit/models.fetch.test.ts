// models/fetch.ts (npm run models:fetch) and lib/models/download.ts against a fake hub on
// 127.0.0.1 serving the hub's raw-file layout /<id>/resolve/<revision>/<path>. The real
// models/manifest.json is never written: every test passes --manifest <a temp copy>.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { runFetch } from '../../models/fetch';
import {
  downloadFile,
  downloadModels,
  downloadSize,
  fileUrl,
  memorySink,
} from '../../lib/models/download';
import { MODEL_MANIFEST, type ModelManifest, validateManifest } from '../../lib/models/manifest';
import { PipelineError } from '../../lib/core/errors';
import { type TestServer, serveDirectory } from '../support/server';

const REVISION = 'c0ffee0000000000000000000000000000000001';
const REAL_MANIFEST = new URL('../../models/manifest.json', import.meta.url).pathname;

let dir: string;
let source: string; // generated tiny models: what the fake hub serves
let hub: TestServer;
let requests: string[];
let realManifestBefore: string;

/** The two default models, with sizes and sha256 of the generated files (a pinned manifest). */
async function pinnedManifest(): Promise<ModelManifest> {
  const manifest = structuredClone(MODEL_MANIFEST);
  for (const model of manifest.models) {
    model.revision = REVISION;
    for (const file of model.files) {
      const bytes = await readFile(join(source, model.folder, file.path));
      file.size = bytes.byteLength;
      file.sha256 = createHash('sha256').update(bytes).digest('hex');
    }
  }
  return manifest;
}

function unpinnedManifest(): ModelManifest {
  return structuredClone(MODEL_MANIFEST);
}

async function writeManifest(
  manifest: ModelManifest,
  name = `manifest-${Math.random().toString(36).slice(2)}.json`,
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(manifest, null, 2));
  return path;
}

async function fetchCli(args: string[]): Promise<{ code: number; log: string[] }> {
  const log: string[] = [];
  const code = await runFetch(args, {
    fetch: (url, init) => fetch(url, init),
    log: (line) => log.push(line),
    env: {},
  });
  return { code, log };
}

async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

beforeAll(async () => {
  realManifestBefore = await readFile(REAL_MANIFEST, 'utf8');
  dir = await mkdtemp(join(tmpdir(), 'models-fetch-'));
  source = join(dir, 'source');
  await generateModels({ size: 'tiny', dest: source, includeOptional: true });
  hub = await serveDirectory(source, [
    (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      requests.push(`${req.method} ${url.pathname}`);
      const match = /^\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (!match) return false;
      const [, , name, revision, path] = match;
      if (path === 'onnx/boom.onnx') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
        return true;
      }
      const folder = MODEL_MANIFEST.models.find((m) => m.id.endsWith(`/${name}`))?.folder;
      if (!folder || (revision !== REVISION && revision !== 'main')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
        return true;
      }
      return readFile(join(source, folder, decodeURIComponent(path!))).then(
        (body) => {
          res
            .writeHead(200, {
              'content-type': 'application/octet-stream',
              'content-length': body.byteLength,
              'x-repo-commit': REVISION,
            })
            .end(body);
          return true;
        },
        () => {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
          return true;
        },
      );
    },
  ]);
}, 30_000);

beforeEach(() => {
  requests = [];
});

afterAll(async () => {
  await hub?.close();
  await rm(dir, { recursive: true, force: true });
  // Tests never touch the real manifest.
  expect(await readFile(REAL_MANIFEST, 'utf8')).toBe(realManifestBefore);
});

describe('npm run models:fetch', () => {
  it('downloads and verifies every file, with progress, atomically (no .part left), then is up to date', async () => {
    const manifest = await writeManifest(await pinnedManifest());
    const dest = join(dir, 'out-ok');
    const { code, log } = await fetchCli([
      '--manifest',
      manifest,
      '--dest',
      dest,
      '--hub',
      hub.url,
    ]);
    expect(code, log.join('\n')).toBe(0);
    expect(await listFiles(dest)).toEqual([
      'all-MiniLM-L6-v2/config.json',
      'all-MiniLM-L6-v2/onnx/model_quantized.onnx',
      'all-MiniLM-L6-v2/tokenizer.json',
      'all-MiniLM-L6-v2/tokenizer_config.json',
      'ms-marco-MiniLM-L-6-v2/config.json',
      'ms-marco-MiniLM-L-6-v2/onnx/model_quantized.onnx',
      'ms-marco-MiniLM-L-6-v2/tokenizer.json',
      'ms-marco-MiniLM-L-6-v2/tokenizer_config.json',
    ]);
    for (const file of ['config.json', 'onnx/model_quantized.onnx']) {
      expect(await readFile(join(dest, 'all-MiniLM-L6-v2', file))).toEqual(
        await readFile(join(source, 'all-MiniLM-L6-v2', file)),
      );
    }
    expect(requests).toContain(
      `GET /Xenova/all-MiniLM-L6-v2/resolve/${REVISION}/onnx/model_quantized.onnx`,
    );
    expect(
      log.some((l) =>
        /^Xenova\/all-MiniLM-L6-v2\/onnx\/model_quantized\.onnx: .* of .* \(100%\)$/.test(l),
      ),
    ).toBe(true);
    expect(log.some((l) => l.includes('(verified)'))).toBe(true);
    // The optional reranker is not fetched without --all.
    expect(requests.some((r) => r.includes('L-12'))).toBe(false);

    requests = [];
    const again = await fetchCli(['--manifest', manifest, '--dest', dest, '--hub', hub.url]);
    expect(again.code).toBe(0);
    expect(requests).toEqual([]);
    expect(again.log.filter((l) => l.endsWith('up to date'))).toHaveLength(8);
  });

  it('--only and --all pick models; an unknown id is a usage error', async () => {
    const manifest = await writeManifest(await pinnedManifest());
    const dest = join(dir, 'out-only');
    expect(
      (
        await fetchCli([
          '--manifest',
          manifest,
          '--dest',
          dest,
          '--hub',
          hub.url,
          '--only',
          'Xenova/ms-marco-MiniLM-L-12-v2',
        ])
      ).code,
    ).toBe(0);
    expect(await listFiles(dest)).toHaveLength(4);
    expect((await listFiles(dest)).every((f) => f.startsWith('ms-marco-MiniLM-L-12-v2/'))).toBe(
      true,
    );
    const bad = await fetchCli([
      '--manifest',
      manifest,
      '--dest',
      dest,
      '--hub',
      hub.url,
      '--only',
      'Xenova/nope',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.log.join('\n')).toMatch(/not in the manifest: Xenova\/nope/);
  });

  it('--multilingual adds the multilingual pair to the required models, and nothing else', async () => {
    const manifest = await writeManifest(await pinnedManifest());
    const dest = join(dir, 'out-multilingual');
    const args = ['--manifest', manifest, '--dest', dest, '--hub', hub.url, '--multilingual'];
    expect((await fetchCli(args)).code).toBe(0);
    const folders = [...new Set((await listFiles(dest)).map((f) => f.split('/')[0]))].sort();
    expect(folders).toEqual([
      'all-MiniLM-L6-v2',
      'mmarco-mMiniLMv2-L12-H384-v1',
      'ms-marco-MiniLM-L-6-v2',
      'multilingual-e5-small',
    ]);
    expect(await listFiles(dest)).toContain(
      'mmarco-mMiniLMv2-L12-H384-v1/onnx/model_quint8_avx2.onnx',
    );
  });

  it('HTTP 404: exit 1, says what to check, leaves no file', async () => {
    const pinned = await pinnedManifest();
    pinned.models[0]!.files.unshift({ path: 'missing.json', size: 2, sha256: 'a'.repeat(64) });
    const dest = join(dir, 'out-404');
    const { code, log } = await fetchCli([
      '--manifest',
      await writeManifest(pinned),
      '--dest',
      dest,
      '--hub',
      hub.url,
    ]);
    expect(code).toBe(1);
    expect(log.at(-1)).toMatch(
      /^Xenova\/ms-marco-MiniLM-L-6-v2\/missing\.json: model-download-failed: .*HTTP 404 .*check the model id, revision and file path/,
    );
    expect(await listFiles(dest)).toEqual([]);
  });

  it('HTTP 500: exit 1 with a server-error message', async () => {
    const pinned = await pinnedManifest();
    pinned.models[0]!.files[3]!.path = 'onnx/boom.onnx';
    const { code, log } = await fetchCli([
      '--manifest',
      await writeManifest(pinned),
      '--dest',
      join(dir, 'out-500'),
      '--hub',
      hub.url,
    ]);
    expect(code).toBe(1);
    expect(log.at(-1)).toMatch(/HTTP 500 .*server error/);
  });

  it('checksum mismatch: model-corrupt, and the partial file is removed', async () => {
    const pinned = await pinnedManifest();
    pinned.models[1]!.files[3]!.sha256 = '0'.repeat(64);
    const dest = join(dir, 'out-corrupt');
    const { code, log } = await fetchCli([
      '--manifest',
      await writeManifest(pinned),
      '--dest',
      dest,
      '--hub',
      hub.url,
    ]);
    expect(code).toBe(1);
    expect(log.at(-1)).toMatch(
      /^Xenova\/all-MiniLM-L6-v2\/onnx\/model_quantized\.onnx: model-corrupt: .*sha256 [0-9a-f]{64} does not match/,
    );
    const files = await listFiles(dest);
    expect(files).not.toContain('all-MiniLM-L6-v2/onnx/model_quantized.onnx');
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('size mismatch (server sends more than the manifest says): model-corrupt, nothing left', async () => {
    const pinned = await pinnedManifest();
    pinned.models[0]!.files[0]!.size = 10;
    const dest = join(dir, 'out-size');
    const { code, log } = await fetchCli([
      '--manifest',
      await writeManifest(pinned),
      '--dest',
      dest,
      '--hub',
      hub.url,
    ]);
    expect(code).toBe(1);
    expect(log.at(-1)).toMatch(/model-corrupt: .*larger than the manifest's 10 bytes/);
    expect(await listFiles(dest)).toEqual([]);
  });

  it('refuses unpinned files without --pin, before any request', async () => {
    const manifest = await writeManifest(unpinnedManifest());
    const { code, log } = await fetchCli([
      '--manifest',
      manifest,
      '--dest',
      join(dir, 'out-unpinned'),
      '--hub',
      hub.url,
    ]);
    expect(code).toBe(2);
    expect(log.join('\n')).toMatch(/refusing to download unpinned files/);
    expect(log.join('\n')).toContain('Xenova/all-MiniLM-L6-v2/onnx/model_quantized.onnx');
    expect(log.join('\n')).toMatch(/--pin/);
    expect(requests).toEqual([]);
  });

  it('--pin downloads from main, records sha256, size and the commit into the given manifest copy', async () => {
    const manifestPath = await writeManifest(unpinnedManifest());
    const dest = join(dir, 'out-pin');
    const { code, log } = await fetchCli([
      '--pin',
      '--manifest',
      manifestPath,
      '--dest',
      dest,
      '--hub',
      hub.url,
    ]);
    expect(code, log.join('\n')).toBe(0);
    // The first file comes from main; the rest from the commit main resolved to.
    expect(requests[0]).toBe('GET /Xenova/ms-marco-MiniLM-L-6-v2/resolve/main/config.json');
    expect(requests[1]).toBe(
      `GET /Xenova/ms-marco-MiniLM-L-6-v2/resolve/${REVISION}/tokenizer.json`,
    );
    const result = validateManifest(JSON.parse(await readFile(manifestPath, 'utf8')));
    expect(result.ok).toBe(true);
    const written = (result as { manifest: ModelManifest }).manifest;
    const expected = await pinnedManifest();
    for (const id of ['Xenova/ms-marco-MiniLM-L-6-v2', 'Xenova/all-MiniLM-L6-v2']) {
      expect(written.models.find((m) => m.id === id)).toEqual(
        expected.models.find((m) => m.id === id),
      );
    }
    // Not selected, so still unpinned.
    expect(written.models.find((m) => m.role === 'reranker')!.revision).toBeNull();
    // And now a plain fetch accepts it.
    expect(
      (await fetchCli(['--manifest', manifestPath, '--dest', dest, '--hub', hub.url])).code,
    ).toBe(0);
  });

  it('a refused connection is a clear download failure', async () => {
    const closed = await serveDirectory(dir);
    const url = closed.url;
    await closed.close();
    const manifest = await writeManifest(await pinnedManifest());
    const { code, log } = await fetchCli([
      '--manifest',
      manifest,
      '--dest',
      join(dir, 'out-refused'),
      '--hub',
      url,
    ]);
    expect(code).toBe(1);
    expect(log.at(-1)).toMatch(/model-download-failed: .*connection refused/);
  });

  it('the CLI runs under tsx and takes the hub from HF_ENDPOINT', async () => {
    const manifest = await writeManifest(await pinnedManifest());
    const dest = join(dir, 'out-cli');
    const run = promisify(execFile);
    const root = new URL('../..', import.meta.url).pathname;
    const { stderr } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'models/fetch.ts',
        '--manifest',
        manifest,
        '--dest',
        dest,
        '--only',
        'all-MiniLM-L6-v2',
      ],
      {
        cwd: root,
        env: { ...process.env, HF_ENDPOINT: hub.url },
      },
    );
    expect(stderr).toMatch(/done: all-MiniLM-L6-v2/);
    expect(await listFiles(dest)).toHaveLength(4);
    await expect(
      run(process.execPath, ['--import', 'tsx', 'models/fetch.ts', '--bogus'], { cwd: root }),
    ).rejects.toMatchObject({ code: 2 });
  }, 20_000);
});

describe('lib/models/download (first-use download in the extension)', () => {
  it('downloadSize sums the manifest sizes and lists unknown ones', async () => {
    const pinned = await pinnedManifest();
    const total = pinned.models
      .filter((m) => !m.optional)
      .flatMap((m) => m.files)
      .reduce((n, f) => n + f.size!, 0);
    expect(downloadSize(pinned)).toEqual({ bytes: total, unknownFiles: [] });
    expect(downloadSize(pinned, { includeOptional: true }).bytes).toBeGreaterThan(total);
    const unknown = downloadSize(MODEL_MANIFEST);
    expect(unknown.bytes).toBe(0);
    expect(unknown.unknownFiles).toHaveLength(8);
  });

  it('downloadModels writes verified files through the write port, with overall progress up to the total', async () => {
    const pinned = await pinnedManifest();
    const written = new Map<string, Uint8Array>();
    const progress: Array<[number, number]> = [];
    const result = await downloadModels({
      manifest: pinned,
      fetch: (url, init) => fetch(url, init),
      hub: hub.url,
      write: async (path, bytes) => void written.set(path, bytes),
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const total = downloadSize(pinned).bytes;
    expect(result).toEqual({ files: 8, bytes: total });
    expect([...written.keys()].sort()).toContain('all-MiniLM-L6-v2/onnx/model_quantized.onnx');
    expect(written.get('ms-marco-MiniLM-L-6-v2/config.json')).toEqual(
      new Uint8Array(await readFile(join(source, 'ms-marco-MiniLM-L-6-v2', 'config.json'))),
    );
    expect(progress.at(-1)).toEqual([total, total]);
    expect(
      progress.every(([loaded, t], i) => t === total && (i === 0 || loaded >= progress[i - 1]![0])),
    ).toBe(true);
  });

  it('downloadModels refuses an unpinned manifest and never calls write with unverified bytes', async () => {
    let calls = 0;
    await expect(
      downloadModels({
        manifest: MODEL_MANIFEST,
        fetch: () => Promise.reject(new Error('no')),
        write: async () => void calls++,
      }),
    ).rejects.toMatchObject({
      code: 'model-download-failed',
      message: expect.stringMatching(/unpinned/),
    });
    const pinned = await pinnedManifest();
    pinned.models[0]!.files[1]!.sha256 = 'f'.repeat(64);
    const error = await downloadModels({
      manifest: pinned,
      fetch: (u, i) => fetch(u, i),
      hub: hub.url,
      write: async () => void calls++,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).code).toBe('model-corrupt');
    expect(calls).toBe(1); // config.json was verified and written; the bad tokenizer.json was not
  });

  it('downloadFile: 401 says access refused; the sink is aborted', async () => {
    let aborted = false;
    const error = await downloadFile({
      url: 'https://hub.invalid/x',
      expected: { size: null, sha256: null },
      fetch: async () => new Response('no', { status: 401 }),
      sink: { write: () => {}, commit: async () => {}, abort: async () => void (aborted = true) },
    }).catch((e: unknown) => e);
    expect((error as PipelineError).code).toBe('model-download-failed');
    expect((error as Error).message).toMatch(/HTTP 401 .*access refused/);
    expect(aborted).toBe(true);
  });

  it('fileUrl builds the hub raw-file URL', () => {
    expect(
      fileUrl(
        'https://huggingface.co/',
        'Xenova/all-MiniLM-L6-v2',
        'main',
        'onnx/model_quantized.onnx',
      ),
    ).toBe('https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/onnx/model_quantized.onnx');
  });

  it('memorySink hands the whole file to write on commit only', async () => {
    const seen: Array<[string, number[]]> = [];
    const sink = memorySink('m/f', async (p, b) => void seen.push([p, [...b]]));
    await sink.write(new Uint8Array([1, 2]));
    await sink.write(new Uint8Array([3]));
    expect(seen).toEqual([]);
    await sink.commit();
    expect(seen).toEqual([['m/f', [1, 2, 3]]]);
  });
});
