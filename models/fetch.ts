// npm run models:fetch [-- options]
//
// Downloads the model files listed in models/manifest.json from the Hugging Face hub into
// public/models/<folder>/ (which `wxt build` bundles), verifying each file's size and sha256.
//
//   --pin              download unpinned files too, and record their sha256, size and the hub's
//                      commit id into the manifest (trust on first use; review and commit the diff)
//   --only <id>        only this model (hub id or folder name); repeatable
//   --all              include optional models (the reranker, the NLI model, the extractive-QA model,
//                      the multilingual pair)
//   --multilingual     include the multilingual ranking pair (mMARCO cross-encoder, multilingual E5)
//   --dest <dir>       where model folders go (default public/models)
//   --manifest <path>  manifest to read (and, with --pin, to update) (default models/manifest.json)
//   --hub <url>        hub base URL (default $HF_ENDPOINT or https://huggingface.co)
//
// Exit codes: 0 done, 1 a download failed, 2 bad usage or unpinned files without --pin.

import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PipelineError } from '../lib/core/errors';
import {
  DEFAULT_HUB,
  type FetchLike,
  type FileSink,
  type Sha256Factory,
  downloadFile,
  fileUrl,
} from '../lib/models/download';
import {
  type ManifestModel,
  type ModelManifest,
  optionalRoles,
  selectModels,
  unpinnedFiles,
  validateManifest,
} from '../lib/models/manifest';

export interface FetchIo {
  fetch: FetchLike;
  /** Progress and results (stderr in the CLI). */
  log: (line: string) => void;
  env: Record<string, string | undefined>;
}

interface Args {
  pin: boolean;
  all: boolean;
  multilingual: boolean;
  only: string[];
  dest: string;
  manifest: string;
  hub: string | null;
}

const USAGE =
  'usage: models:fetch [--pin] [--all] [--multilingual] [--only <id>]... [--dest <dir>] [--manifest <path>] [--hub <url>]';

function parseArgs(argv: readonly string[]): Args | string {
  const args: Args = {
    pin: false,
    all: false,
    multilingual: false,
    only: [],
    dest: 'public/models',
    manifest: 'models/manifest.json',
    hub: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
      return v;
    };
    try {
      if (flag === '--pin') args.pin = true;
      else if (flag === '--all') args.all = true;
      else if (flag === '--multilingual') args.multilingual = true;
      else if (flag === '--only') args.only.push(value());
      else if (flag === '--dest') args.dest = value();
      else if (flag === '--manifest') args.manifest = value();
      else if (flag === '--hub') args.hub = value();
      else if (flag === '--help' || flag === '-h') return USAGE;
      else return `unknown option ${flag}\n${USAGE}`;
    } catch (error) {
      return `${(error as Error).message}\n${USAGE}`;
    }
  }
  return args;
}

/** Streaming sha256 with node:crypto (no need to hold a 90 MB file in memory). */
const nodeSha256: Sha256Factory = () => {
  const h = createHash('sha256');
  return { update: (chunk) => void h.update(chunk), digest: async () => h.digest('hex') };
};

/** Writes to `<path>.part`, renames onto `path` on commit (atomic on one filesystem), deletes it on abort. */
function diskSink(path: string): FileSink {
  const part = `${path}.part`;
  let stream: WriteStream | null = null;
  const close = () =>
    new Promise<void>((ok, fail) => {
      if (!stream) return ok();
      stream.end((error?: Error | null) => (error ? fail(error) : ok()));
    });
  return {
    async write(chunk) {
      if (!stream) {
        await mkdir(dirname(path), { recursive: true });
        stream = createWriteStream(part);
      }
      if (!stream.write(chunk)) await new Promise<void>((ok) => stream!.once('drain', ok));
    },
    async commit() {
      if (!stream) {
        // An empty file: nothing was written yet.
        await mkdir(dirname(path), { recursive: true });
        await writeFile(part, new Uint8Array());
      }
      await close();
      await rename(part, path);
    },
    async abort() {
      await close().catch(() => {});
      await rm(part, { force: true });
    },
  };
}

async function sha256OfFile(path: string): Promise<string | null> {
  try {
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  } catch {
    return null;
  }
}

function formatBytes(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

/** Runs the fetch; returns the exit code. Exported for tests (which pass a loopback hub). */
export async function runFetch(argv: readonly string[], io: FetchIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.log(args);
    return args === USAGE ? 0 : 2;
  }
  const hub = args.hub ?? io.env.HF_ENDPOINT ?? DEFAULT_HUB;
  const manifestPath = resolve(args.manifest);
  let manifest: ModelManifest;
  try {
    const result = validateManifest(JSON.parse(await readFile(manifestPath, 'utf8')));
    if (!result.ok) {
      io.log(`${args.manifest} is invalid:\n  ${result.errors.join('\n  ')}`);
      return 2;
    }
    manifest = result.manifest;
  } catch (error) {
    io.log(`cannot read ${args.manifest}: ${(error as Error).message}`);
    return 2;
  }
  let models: ManifestModel[];
  try {
    models = selectModels(manifest, {
      only: args.only,
      includeOptional:
        args.all || optionalRoles({ rerank: false, nli: false, multilingual: args.multilingual }),
    });
  } catch (error) {
    io.log((error as Error).message);
    return 2;
  }

  // Refuse before downloading anything: an unpinned file has nothing to verify it against.
  const unpinned = models.flatMap((m) => [
    ...(m.revision === null ? [`${m.id} (revision)`] : []),
    ...unpinnedFiles(m),
  ]);
  if (unpinned.length > 0 && !args.pin) {
    io.log(
      `refusing to download unpinned files (no verified revision, size or sha256 in ${args.manifest}):\n  ${unpinned.join('\n  ')}\n` +
        'Run with --pin to download them once, record their sha256, size and the hub commit in the manifest (trust on first use), then review and commit that change.',
    );
    return 2;
  }

  const headers: Record<string, string> = {};
  const token = io.env.HF_TOKEN;
  if (token && new URL(hub).protocol === 'https:') headers.authorization = `Bearer ${token}`;

  let pinnedSomething = false;
  for (const model of models) {
    // With --pin and no revision: take `main`, learn its commit from the first file, and fetch the
    // other files from that same commit so one model's files cannot come from two revisions.
    let revision = model.revision ?? 'main';
    for (const file of model.files) {
      const dest = join(args.dest, model.folder, file.path);
      const label = `${model.id}/${file.path}`;
      if (file.sha256 !== null && file.size !== null) {
        const existing = await stat(dest).catch(() => null);
        if (existing?.size === file.size && (await sha256OfFile(dest)) === file.sha256) {
          io.log(`${label}: up to date`);
          continue;
        }
      }
      const url = fileUrl(hub, model.id, revision, file.path);
      let lastShown = -1;
      try {
        const got = await downloadFile({
          url,
          expected: file,
          fetch: io.fetch,
          sink: diskSink(dest),
          hash: nodeSha256,
          headers,
          onProgress: (loaded, total) => {
            const pct = total ? Math.floor((loaded / total) * 100) : null;
            const step = pct === null ? Math.floor(loaded / 10e6) : Math.floor(pct / 25);
            if (step !== lastShown) {
              lastShown = step;
              io.log(
                `${label}: ${formatBytes(loaded)}${total ? ` of ${formatBytes(total)} (${pct}%)` : ''}`,
              );
            }
          },
        });
        io.log(
          `${label}: ${formatBytes(got.size)}, sha256 ${got.sha256}${file.sha256 ? ' (verified)' : ' (recorded)'}`,
        );
        if (model.revision === null) {
          if (!got.commit || !/^[0-9a-f]{40}$/.test(got.commit)) {
            io.log(
              `${label}: the hub did not report its commit id (x-repo-commit header); set "revision" for ${model.id} in ${args.manifest} by hand`,
            );
            return 1;
          }
          model.revision = revision = got.commit;
          pinnedSomething = true;
        } else if (
          got.commit &&
          got.commit !== model.revision &&
          /^[0-9a-f]{40}$/.test(got.commit)
        ) {
          io.log(
            `${label}: warning: the hub served commit ${got.commit}, the manifest pins ${model.revision}`,
          );
        }
        if (file.sha256 === null || file.size === null) {
          file.sha256 = got.sha256;
          file.size = got.size;
          pinnedSomething = true;
        }
      } catch (error) {
        const message =
          error instanceof PipelineError ? `${error.code}: ${error.message}` : String(error);
        io.log(`${label}: ${message}`);
        return 1;
      }
    }
  }
  if (pinnedSomething) {
    const tmp = `${manifestPath}.tmp`;
    await writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n');
    await rename(tmp, manifestPath);
    io.log(`pinned: wrote sha256, sizes and revisions into ${args.manifest}; review and commit it`);
  }
  io.log(`done: ${models.map((m) => m.folder).join(', ')} in ${args.dest}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const code = await runFetch(process.argv.slice(2), {
    fetch: (url, init) => fetch(url, init),
    log: (line) => process.stderr.write(line + '\n'),
    env: process.env,
  });
  process.exit(code);
}
