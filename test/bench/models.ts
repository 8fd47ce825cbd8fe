// The model bench (`npm run bench` runs it after the page-reading bench; alone:
// `tsx test/bench/models.ts`, or `npm run bench -- --only=models`). With random-weight models of
// MiniLM-L6's exact shape (models/generate.ts --size minilm-l6, generated into test/bench/tmp):
//
//   1. cross-encoder throughput, query–passage pairs per second at 128 word pieces, batch 1, 8
//      and 32: onnxruntime-web WASM in a Web Worker of the BUILT extension in Chromium (the panel
//      runs its models in a Worker) against onnxruntime-node in Node, through the same adapter
//      (lib/models/transformers.ts);
//   2. retrieval time of runPipeline in Node on synthetic pages of 1×, 4×, 16× and 64× 5,000
//      words, with the BM25 first stage and without it;
//   3. peak memory around loading + scoring: the extension renderer process in Chromium (Linux
//      /proc), the process RSS in Node.
//
// Writes its figures into test/bench/results.json (crossEncoder.*, retrieval.*, models.*) and
// regenerates test/bench/RESULTS.md. Not a test: nothing here asserts a time.
//
// Options: --no-chromium (Node figures only; Chromium figures already in results.json are kept)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AutoTokenizer } from '@huggingface/transformers';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { MODEL_MANIFEST, modelForRole } from '../../lib/models/manifest';
import { ortWithoutGlue } from '../../wxt.config';
import { CHROMIUM, extensionWorker, launchChromium } from '../support/chromium';
import type { ModelsBenchPage, UaMemory } from './models-page';
import type { NodeInput, NodeOutput, RetrievalRun } from './models-node';
import { renderAllMarkdown, MODEL_PREFIXES } from './models-report';
import type { LoadReply, WorkerCommand } from './models-worker';
import type { Pair, ThroughputRun } from './models-throughput';
import { load1, machineMeta, mergeResults, type Figures } from './results';
import { QUESTION, syntheticArticle } from './synthetic';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../..');
const TMP = join(here, 'tmp');
const MODELS_DIR = join(TMP, 'models');
/** Base output folder of the bench build (the extension is in its chrome-mv3/). */
const BUILD_DIR = join(ROOT, '.output/bench-models');
const EXT_DIR = join(BUILD_DIR, 'chrome-mv3');
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Word pieces per pair, [CLS] q [SEP] p [SEP] included (EWEK-QA quotes are ≤ 128 tokens). */
const PAIR_TOKENS = 128;
const BATCHES = [1, 8, 32];
/** Timed pairs per batch size (at least 3 calls): 64 at batch 1 and 8, 96 at batch 32. */
const MIN_PAIRS = 64;
const SIZES = [1, 4, 16, 64];
/** A no-BM25 run predicted to exceed this is sampled and extrapolated (the brief: ~60 s). */
const MAX_FULL_MS = 60_000;
const SAMPLE_PAIRS = 128;
/** Timed runPipeline runs per size with BM25 (median kept); without BM25 one run per size. */
const RETRIEVAL_REPS = 3;
/** One dedup batch: the embedder's cost in the memory peak (the panel embeds up to 70 quotes). */
const EMBED_TEXTS = 16;

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

// ---------------------------------------------------------------------------------------------
// Inputs

/**
 * Distinct query–passage pairs of PAIR_TOKENS word pieces each (±1 where a word's pieces
 * overshoot): the bench question and passages cut from the synthetic article at different offsets.
 */
export async function buildPairs(count: number): Promise<{ pairs: Pair[]; meanTokens: number }> {
  const folder = modelForRole(MODEL_MANIFEST, 'cross-encoder')!.folder;
  const tokenizer = (await AutoTokenizer.from_pretrained(join(MODELS_DIR, folder), {
    local_files_only: true,
  })) as unknown as {
    encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  };
  const pieces = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
  const words = syntheticArticle(1)
    .html.match(/<p>[\s\S]*?<\/p>/g)!
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const budget = PAIR_TOKENS - 3 - pieces(QUESTION);
  const pairs: Pair[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const start = (i * 53) % (words.length - 200);
    let n = 1;
    while (pieces(words.slice(start, start + n + 1).join(' ')) <= budget) n++;
    const passage = words.slice(start, start + n).join(' ');
    pairs.push([QUESTION, passage]);
    total += 3 + pieces(QUESTION) + pieces(passage);
  }
  return { pairs, meanTokens: total / count };
}

// ---------------------------------------------------------------------------------------------
// Chromium

export async function bundleBench(): Promise<void> {
  const out = join(EXT_DIR, 'bench');
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: {
      'models-page': join(here, 'models-page.ts'),
      'models-worker': join(here, 'models-worker.ts'),
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outdir: out,
    logLevel: 'warning',
    // ONNX Runtime without its glue, as in the extension's Worker (wxt.config.ts `ortWithoutGlue`).
    plugins: [
      {
        name: 'ort-without-glue',
        setup(b) {
          b.onResolve({ filter: /^onnxruntime-web\/(wasm|webgpu)$/ }, (args) => ({
            path: ortWithoutGlue.resolveId(args.path)!,
          }));
        },
      },
    ],
  });
  writeFileSync(
    join(out, 'bench.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Model bench</title>' +
      '<script type="module" src="models-page.js"></script></head><body>Model bench</body></html>\n',
  );
}

/** /proc/<pid>/status fields in kB (Linux). */
function procKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Arguments of a process. Renderers rewrite their title into one space-separated string, hence the spaces. */
function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return [];
  }
}

/**
 * PIDs of the extension renderer processes of the Chromium that loaded `extDir`: Chromium starts
 * them with --extension-process; they descend (through the zygote) from the browser process,
 * whose command line names the extension. Other Chromiums on the machine (e2e tests) are ignored.
 */
export function extensionRenderers(extDir: string): number[] {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const parent = new Map<number, number>();
  for (const pid of pids) {
    try {
      const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^PPid:\s+(\d+)/m);
      if (m) parent.set(pid, Number(m[1]));
    } catch {
      // exited
    }
  }
  const browsers = pids.filter((pid) => {
    const args = cmdline(pid);
    return (
      args.includes(`--load-extension=${extDir}`) && !args.some((a) => a.startsWith('--type='))
    );
  });
  const descends = (pid: number) => {
    for (let p = parent.get(pid), i = 0; p !== undefined && p > 1 && i < 8; p = parent.get(p), i++)
      if (browsers.includes(p)) return true;
    return false;
  };
  return pids.filter((pid) => {
    const args = cmdline(pid);
    return (
      args.includes('--type=renderer') && args.includes('--extension-process') && descends(pid)
    );
  });
}

/** The fp32 files of the same models: load time, batch-8 throughput, one dedup batch. */
export interface DtypeRun {
  loadMs: number;
  b8: ThroughputRun;
  embedMs: number;
}

interface ChromiumOutput {
  version: string;
  load: LoadReply;
  throughput: ThroughputRun[];
  embedMs: number;
  fp32: DtypeRun;
  uaMemory: UaMemory;
  memory:
    | {
        processes: number;
        sharedWithServiceWorker: boolean;
        baselineMB: number;
        peakMB: number;
        sampledPeakMB: number;
      }
    | { error: string };
}

/**
 * The same models as fp32 files in the same Worker (after the int8 ones are disposed): batch 8
 * and one dedup batch, to measure rather than assume which of int8 and fp32 is faster on WASM.
 */
async function fp32InWorker(
  call: <T>(message: WorkerCommand) => Promise<T>,
  base: string,
  pairs: Pair[],
  embedTexts: string[],
  log: (s: string) => void,
): Promise<DtypeRun> {
  const load = await call<LoadReply>({
    cmd: 'load',
    modelBaseUrl: `${base}/models/`,
    ortFolderUrl: `${base}/ort/`,
    batchSize: 32,
    dtype: 'fp32',
  });
  if (load.problems.length > 0)
    throw new Error(`fp32 models did not load in the extension: ${load.problems.join('; ')}`);
  const b8 = await call<ThroughputRun>({
    cmd: 'throughput',
    pairs,
    batch: 8,
    minPairs: MIN_PAIRS,
  });
  const embedMs = await call<number>({ cmd: 'embed', texts: embedTexts });
  await call({ cmd: 'dispose' });
  log(
    `chromium fp32: batch 8: ${b8.pairsPerSec.toFixed(1)} pairs/s; embed 16 ${embedMs.toFixed(0)} ms`,
  );
  return { loadMs: load.loadMs, b8, embedMs };
}

export async function benchChromium(
  pairs: Pair[],
  embedTexts: string[],
  log: (s: string) => void,
): Promise<ChromiumOutput> {
  const context: BrowserContext = await launchChromium(EXT_DIR, [
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    // measureUserAgentSpecificMemory() measures at once instead of at the next GC (up to 20 s).
    '--enable-blink-features=ForceEagerMeasureMemory',
  ]);
  try {
    await context.route('**/*', (route) => {
      const { protocol, hostname } = new URL(route.request().url());
      if (protocol === 'chrome-extension:' || hostname === '127.0.0.1') return route.continue();
      return route.abort('blockedbyclient');
    });
    const extensionId = new URL((await extensionWorker(context)).url()).host;
    const base = `chrome-extension://${extensionId}`;
    await new Promise((ok) => setTimeout(ok, 500));
    const before = new Set(extensionRenderers(EXT_DIR));
    const page: Page = await context.newPage();
    await page.goto(`${base}/bench/bench.html`);
    await page.waitForFunction(() => '__modelsBench' in globalThis);
    await new Promise((ok) => setTimeout(ok, 1000));
    // The cross-origin isolated bench page gets a renderer of its own, apart from the service
    // worker's: the new extension renderer. If none is new, every extension renderer counts.
    const all = extensionRenderers(EXT_DIR);
    const fresh = all.filter((pid) => !before.has(pid));
    const renderers = fresh.length > 0 ? fresh : all;
    const call = <T>(message: WorkerCommand) =>
      page.evaluate(
        (m) => (globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench.call(m),
        message,
      ) as Promise<T>;

    // Memory: RSS of the bench page's renderer (the page + its Worker) before the Worker starts,
    // then its high-water mark after loading and scoring.
    const rssKb = () => renderers.reduce((n, pid) => n + procKb(pid, 'VmRSS'), 0);
    const baselineKb = rssKb();
    let sampledKb = baselineKb;
    const sampler = setInterval(() => (sampledKb = Math.max(sampledKb, rssKb())), 100);

    await page.evaluate(() =>
      (globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench.start(),
    );
    const load = await call<LoadReply>({
      cmd: 'load',
      modelBaseUrl: `${base}/models/`,
      ortFolderUrl: `${base}/ort/`,
      batchSize: 32,
    });
    if (load.problems.length > 0)
      throw new Error(`models did not load in the extension: ${load.problems.join('; ')}`);
    log(
      `chromium: loaded in ${load.loadMs.toFixed(0)} ms on ${load.device}, crossOriginIsolated=${load.crossOriginIsolated}, ORT threads ${String(load.numThreads)}`,
    );
    const throughput: ThroughputRun[] = [];
    for (const batch of BATCHES) {
      const r = await call<ThroughputRun>({ cmd: 'throughput', pairs, batch, minPairs: MIN_PAIRS });
      throughput.push(r);
      log(`chromium: batch ${batch}: ${r.pairsPerSec.toFixed(1)} pairs/s (${r.calls} calls)`);
    }
    const embedMs = await call<number>({ cmd: 'embed', texts: embedTexts });
    clearInterval(sampler);
    sampledKb = Math.max(sampledKb, rssKb());
    const peakKb = renderers.reduce((n, pid) => n + procKb(pid, 'VmHWM'), 0);
    // With the models loaded: what the page and its Worker hold (JS heaps, ArrayBuffers, DOM).
    const uaMemory = await page.evaluate(() =>
      (globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench.measureMemory(),
    );
    await call({ cmd: 'dispose' });
    const fp32 = await fp32InWorker(call, base, pairs, embedTexts, log);
    const memory =
      renderers.length === 0 || baselineKb === 0
        ? { error: 'no extension renderer process found under /proc' }
        : {
            processes: renderers.length,
            sharedWithServiceWorker: fresh.length === 0,
            baselineMB: r1(baselineKb / 1024),
            peakMB: r1(Math.max(peakKb, sampledKb) / 1024),
            sampledPeakMB: r1(sampledKb / 1024),
          };
    return {
      version: context.browser()?.version() ?? chromiumVersion(),
      load,
      throughput,
      embedMs,
      fp32,
      uaMemory,
      memory,
    };
  } finally {
    await context.close();
  }
}

function chromiumVersion(): string {
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return (
    (r.stdout ?? '')
      .trim()
      .replace(/^Chromium\s+/, '')
      .split(/\s/)[0] || 'unknown'
  );
}

// ---------------------------------------------------------------------------------------------
// Figures

function throughputFigures(prefix: string, runs: ThroughputRun[]): Figures {
  const f: Figures = {};
  for (const r of runs) {
    f[`${prefix}.b${r.batch}.pairsPerSec`] = r2(r.pairsPerSec);
    f[`${prefix}.b${r.batch}.medianCallMs`] = r1(r.medianCallMs);
    f[`${prefix}.b${r.batch}.pairs`] = r.pairs;
  }
  return f;
}

function retrievalFigures(prefix: string, runs: RetrievalRun[]): Figures {
  const f: Figures = {};
  const base = runs.find((r) => r.size === 1);
  for (const r of runs) {
    const p = `${prefix}.x${r.size}`;
    Object.assign(f, {
      [`${p}.words`]: r.words,
      [`${p}.candidates`]: r.candidates,
      [`${p}.firstStage`]: r.firstStage,
      [`${p}.filtered`]: r.filtered,
      [`${p}.quotes`]: r.quotes,
      [`${p}.totalMs`]: r1(r.totalMs),
      [`${p}.splitMs`]: r1(r.splitMs),
      [`${p}.rankMs`]: r1(r.rankMs),
      [`${p}.crossEncoderMs`]: r1(r.crossEncoderMs),
      [`${p}.crossEncoderPairs`]: r.crossEncoderPairs,
      [`${p}.embedMs`]: r1(r.embedMs),
      [`${p}.extrapolated`]: r.extrapolated,
      [`${p}.truncated`]: r.truncated,
    });
    if (r.reps !== undefined) f[`${p}.reps`] = r.reps;
    if (r.minMs !== undefined) f[`${p}.minTotalMs`] = r1(r.minMs);
    if (r.maxMs !== undefined) f[`${p}.maxTotalMs`] = r1(r.maxMs);
    if (r.extrapolated) {
      f[`${p}.measuredMs`] = r1(r.measuredMs!);
      f[`${p}.estimatedPairs`] = r.estimatedPairs!;
    }
    if (base) f[`${p}.totalOverX1`] = r3(r.totalMs / base.totalMs);
  }
  return f;
}

// ---------------------------------------------------------------------------------------------

/** int8 against fp32, each runtime with the same files: which is faster on WASM, measured. */
function dtypeFigures(node: DtypeRun, chromium: DtypeRun): Figures {
  return {
    'crossEncoder.fp32.node.b8.pairsPerSec': r2(node.b8.pairsPerSec),
    'crossEncoder.fp32.node.embed16Ms': r1(node.embedMs),
    'crossEncoder.fp32.chromium.b8.pairsPerSec': r2(chromium.b8.pairsPerSec),
    'crossEncoder.fp32.chromium.b8.medianCallMs': r1(chromium.b8.medianCallMs),
    'crossEncoder.fp32.chromium.embed16Ms': r1(chromium.embedMs),
    'crossEncoder.fp32.chromium.loadMs': r1(chromium.loadMs),
    'crossEncoder.fp32.browserOverNative.b8': r3(chromium.b8.pairsPerSec / node.b8.pairsPerSec),
  };
}

/** `loadAtStart`: the 1-minute load average when the whole `npm run bench` started (results meta). */
export async function benchModels(
  argv: readonly string[] = [],
  loadAtStart = load1(),
): Promise<void> {
  const started = performance.now();
  const withChromium = !argv.includes('--no-chromium');
  const log = (s: string) =>
    console.log(`[models ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  mkdirSync(TMP, { recursive: true });

  run(TSX, ['models/generate.ts', '--size', 'minilm-l6', '--dest', MODELS_DIR]);
  const { pairs, meanTokens } = await buildPairs(64);
  const embedTexts = pairs.slice(0, EMBED_TEXTS).map(([, p]) => p);
  log(`${pairs.length} pairs of ${meanTokens.toFixed(1)} word pieces on average`);

  // Node first, in a process of its own (its RSS is then the models' and the pipeline's).
  const input: NodeInput = {
    modelsDir: MODELS_DIR,
    pairs,
    embedTexts,
    batches: BATCHES,
    minPairs: MIN_PAIRS,
    sizes: SIZES,
    maxFullMs: MAX_FULL_MS,
    samplePairs: SAMPLE_PAIRS,
    reps: RETRIEVAL_REPS,
  };
  writeFileSync(join(TMP, 'models-node-input.json'), JSON.stringify(input));
  run(TSX, [
    join(here, 'models-node.ts'),
    join(TMP, 'models-node-input.json'),
    join(TMP, 'models-node-output.json'),
  ]);
  const node = JSON.parse(readFileSync(join(TMP, 'models-node-output.json'), 'utf8')) as NodeOutput;
  log('node done');

  let chromium: ChromiumOutput | null = null;
  if (withChromium && !existsSync(CHROMIUM)) {
    log(
      `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH): Chromium figures skipped`,
    );
  } else if (withChromium) {
    run(TSX, [join(here, 'build-extension.ts'), BUILD_DIR, MODELS_DIR]);
    await bundleBench();
    log(`built ${EXT_DIR} with the generated models and bench/bench.html`);
    chromium = await benchChromium(pairs, embedTexts, log);
  }

  const figures: Figures = {
    'crossEncoder.modelShape':
      'MiniLM-L6 (6 layers, hidden 384, 12 heads, FFN 1536, vocab 30522), random weights, int8 (model_quantized.onnx)',
    'crossEncoder.tokensPerPair': r1(meanTokens),
    'crossEncoder.node.runtime': `onnxruntime-node (${node.device}), ONNX Runtime's default threads`,
    'crossEncoder.node.loadMs': r1(node.loadMs),
    'crossEncoder.node.embed16Ms': r1(node.embedMs),
    ...throughputFigures('crossEncoder.node', node.throughput),
    ...Object.fromEntries(
      node.throughput.map((t) => [`crossEncoder.node.b${t.batch}.cpuPerWall`, r2(t.cpuPerWall)]),
    ),
    ...retrievalFigures('retrieval.node', node.withBm25),
    ...retrievalFigures('retrieval.node.noBm25', node.noBm25),
    'models.node.rssBaselineMB': node.memory.baselineMB,
    'models.node.rssAfterLoadMB': node.memory.afterLoadMB,
    'models.node.rssPeakMB': node.memory.peakMB,
    'models.node.peakOverBaselineMB': r1(node.memory.peakMB - node.memory.baselineMB),
    'models.node.retrievalRssPeakMB': node.memory.retrievalPeakMB,
  };
  const at = (runs: RetrievalRun[], size: number) => runs.find((r) => r.size === size);
  const [b1, b64, n1, n64] = [
    at(node.withBm25, 1),
    at(node.withBm25, 64),
    at(node.noBm25, 1),
    at(node.noBm25, 64),
  ];
  if (b1 && b64) figures['retrieval.time64xOver1x'] = r2(b64.totalMs / b1.totalMs);
  if (n1 && n64) figures['retrieval.time64xOver1xNoBm25'] = r2(n64.totalMs / n1.totalMs);

  if (chromium) {
    Object.assign(figures, {
      'crossEncoder.chromium.runtime': `onnxruntime-web WASM (${chromium.load.device}) in a Worker of the built extension`,
      'crossEncoder.chromium.crossOriginIsolated': chromium.load.crossOriginIsolated,
      'crossEncoder.chromium.ortThreads':
        typeof chromium.load.numThreads === 'number'
          ? chromium.load.numThreads
          : String(chromium.load.numThreads),
      'crossEncoder.chromium.loadMs': r1(chromium.load.loadMs),
      'crossEncoder.chromium.embed16Ms': r1(chromium.embedMs),
      ...throughputFigures('crossEncoder.chromium', chromium.throughput),
    });
    for (const c of chromium.throughput) {
      const n = node.throughput.find((x) => x.batch === c.batch);
      if (n)
        figures[`crossEncoder.browserOverNative.b${c.batch}`] = r3(c.pairsPerSec / n.pairsPerSec);
    }
    Object.assign(figures, dtypeFigures(node.fp32, chromium.fp32));
    const ratio8 = figures['crossEncoder.browserOverNative.b8'];
    if (ratio8 !== undefined) figures['crossEncoder.browserVsNativeRatio'] = ratio8;
    if ('error' in chromium.memory) {
      figures['models.chromium.memoryError'] = chromium.memory.error;
    } else {
      Object.assign(figures, {
        'models.chromium.rendererProcesses': chromium.memory.processes,
        'models.chromium.rendererSharedWithServiceWorker': chromium.memory.sharedWithServiceWorker,
        'models.chromium.rendererBaselineMB': chromium.memory.baselineMB,
        'models.chromium.rendererPeakMB': chromium.memory.peakMB,
        'models.chromium.rendererSampledPeakMB': chromium.memory.sampledPeakMB,
        'models.workerPeakMemoryMB': r1(chromium.memory.peakMB - chromium.memory.baselineMB),
      });
    }
    const ua = chromium.uaMemory;
    if (ua.available) {
      Object.assign(figures, {
        'models.chromium.uaMemoryTotalMB': r1(ua.bytes / 2 ** 20),
        'models.chromium.uaMemoryWorkerMB': r1(ua.workerBytes / 2 ** 20),
        'models.chromium.uaMemoryWindowMB': r1(ua.windowBytes / 2 ** 20),
      });
    } else {
      figures['models.chromium.uaMemoryUnavailable'] = ua.reason;
    }
  }

  const results = mergeResults(
    RESULTS_JSON,
    figures,
    machineMeta(chromium?.version ?? null, loadAtStart),
    withChromium ? MODEL_PREFIXES : [],
  );
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchModels(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
