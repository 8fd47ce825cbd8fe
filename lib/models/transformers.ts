// The real model adapter: transformers.js (ONNX Runtime) behind the pipeline's ports.
//   PairScorer: the MiniLM cross-encoder filter and the optional larger reranker (EWEK-QA §3.1.1
//               Retrieve and Rerank). Raw logits, one per (question, passage) pair.
//   Embedder:   the MiniLM bi-encoder for the Deduplicator (§3.1.1): mean pooling over the
//               attention mask, then L2 normalisation (what sentence-transformers does for
//               all-MiniLM-L6-v2), so cosine similarity is a dot product.
//   NliScorer:  the optional NLI cross-encoder for Verify and the citation check: softmax over its
//               three logits per (premise, hypothesis) pair, classes in the order its config.json
//               names them (lib/models/nli.ts). Loaded whenever its files are there.
//   AnswerReader: the optional extractive-QA model (a SQuAD reader) for the exact answer inside a
//               cited quote: start and end logits over the quote's tokens → the best short span,
//               as character offsets, or none when it is not confident (lib/models/reader.ts).
//               Loaded whenever its files are there.
//
// Runs in Node (vitest, CLI, benchmarks: ONNX Runtime's CPU backend), in a Web Worker and in
// extension pages (WebGPU when the browser gives an adapter, else WASM). It never names
// `browser`/`chrome`: the caller passes the model folder URL and the ORT wasm URL.
//
// A model that cannot be used never stops an answer: a missing folder or file gives ports without
// that model and an `unavailableReason` ('model-missing'); files that are present but fail to load
// give 'model-corrupt'. The pipeline then ranks by keywords and says so. Never a made-up score.

import { inLengthOrder, LENGTH_BATCHING, type LengthBatching } from './batching';
import {
  AutoModel,
  AutoModelForQuestionAnswering,
  AutoModelForSequenceClassification,
  AutoTokenizer,
  Tensor,
  env,
} from '@huggingface/transformers';
import { type ErrorCode, errorText, PipelineError } from '../core/errors';
import type {
  AnswerReader,
  Embedder,
  ModelDevice,
  ModelPorts,
  NliProbabilities,
  NliScorer,
  PairScorer,
  ReadSpan,
} from '../pipeline/ports';
import type { ModelCachePort } from './browser-store';
import {
  type ManifestModel,
  type ModelManifest,
  type ModelRole,
  MODEL_MANIFEST,
  modelForRole,
  MULTILINGUAL_ROLES,
} from './manifest';
import {
  type EncodeText,
  joinRow,
  type PairLayout,
  pairLayout,
  pairOverhead,
  type TextKind,
  withPrefix,
} from './encoding';
import { type NliColumns, NLI_LABELS, nliColumns, nliProbabilities } from './nli';
import {
  defaultGpu,
  type DevicePreference,
  type GpuLike,
  isNode,
  pickDevice,
  wasmThreads,
} from './device';
import { ortSupplied } from './runtime';
import { bestSpan, passageTokens, spanOffsets, type SpanLimits } from './reader';

// Where the models run is decided in ./device.ts (the browser decides it before this module loads).
export {
  type DevicePreference,
  type GpuLike,
  isOrtThread,
  pickDevice,
  wasmThreads,
} from './device';

export interface LoadModelPortsOptions {
  /** Browser/Worker: URL of the folder holding the model folders, e.g. `chrome-extension://<id>/models/`. */
  modelBaseUrl?: string;
  /** Node: filesystem path of that folder (e.g. `public/models` or a generated temp dir). */
  localModelPath?: string;
  /** 'auto' (default): WebGPU when an adapter is available, else WASM (Node: CPU). */
  device?: DevicePreference;
  manifest?: ModelManifest;
  /** Which models to load; default the filter and the embedder (the reranker is off by default). */
  roles?: readonly ModelRole[];
  /**
   * Models loaded only when installed: when all their files are there (fetched, generated, or
   * downloaded by a user who asked for them), with no problem recorded when they are not. Default
   * the NLI model, the extractive-QA model and the multilingual pair. A role also in `roles` is
   * required instead.
   */
  whenPresent?: readonly ModelRole[];
  /**
   * Browser only: URLs of ONNX Runtime's WebAssembly file and its glue script shipped in the
   * package (no CDN), those of the build in use (lib/models/runtime.ts `ORT_FILES`).
   */
  ortFiles?: { wasm: string; mjs: string };
  /** The device already picked (`pickDevice`, lib/models/browser-load.ts): not asked for again. */
  picked?: { device: ModelDevice; note?: string };
  /** Browser only: WebAssembly threads (default `wasmThreads()`: one per core, up to 4). */
  threads?: number;
  /** Loading progress per file, from transformers.js. */
  onProgress?: (event: { modelId: string; file: string; loaded: number; total: number }) => void;
  /** Used to check that files exist in URL mode (default: global fetch). */
  fetch?: (url: string, init?: { method?: string }) => Promise<{ ok: boolean }>;
  /**
   * Browser: models downloaded in Settings (lib/models/browser-store.ts), read through
   * transformers.js's `env.customCache` under `modelBaseUrl`. Files are checked against the record
   * made at download (size, sha256) instead of HEAD-fetched: a changed file is 'model-corrupt'.
   */
  modelCache?: ModelCachePort;
  /** Default `navigator.gpu`. */
  gpu?: GpuLike | null;
  /** Word pieces kept per passage (EWEK-QA: quotes are at most 128 tokens). */
  maxPassageTokens?: number;
  /**
   * Word pieces kept per text for an embedder, at most; a manifest `maxTokens` lowers it (the
   * English bi-encoder's 128, its training length).
   */
  maxEmbedTokens?: number;
  /** Word pieces kept per NLI hypothesis (a claim or one answer sentence); the premise gets the rest. */
  maxHypothesisTokens?: number;
  /** The extractive-QA model's longest answer and lowest confidence (`DEFAULT_SPAN_LIMITS`). */
  spanLimits?: Partial<SpanLimits>;
  batchSize?: number;
}

export interface ModelProblem {
  role: ModelRole;
  modelId: string;
  code: ErrorCode;
  detail: string;
}

export interface LoadedModelPorts extends ModelPorts {
  /** Why the device is not the preferred one (e.g. "WebGPU failed: …; using WASM"), said in the panel. */
  deviceNote?: string;
  /** Every model that could not be loaded, with a code the UI can map to a sentence. */
  problems: ModelProblem[];
  dispose(): Promise<void>;
}

const DEFAULT_ROLES: readonly ModelRole[] = ['cross-encoder', 'bi-encoder'];
const DEFAULT_WHEN_PRESENT: readonly ModelRole[] = ['nli', 'extractive-qa', ...MULTILINGUAL_ROLES];
const MAX_POSITIONS = 512;

/**
 * An exact answer is a phrase (SQuAD's answers average about three words), so at most 20 tokens;
 * below 0.2 for p(start)·p(end) a SQuAD reader is spreading its belief over several places (its
 * clear answers score 0.5 and more), and the pattern finder is the better guess.
 */
export const DEFAULT_SPAN_LIMITS: SpanLimits = { maxTokens: 20, minScore: 0.2 };
/** Word pieces of the question the reader sees; the quote gets the rest of its 384 positions. */
const READER_QUESTION_TOKENS = 64;
const READER_POSITIONS = 384;

/**
 * The ONNX file to load. Real Xenova repos ship `model_quantized.onnx` (int8, 4× smaller) and the
 * manifest fetches only that one, so every device uses q8; if the manifest also lists the fp32
 * `model.onnx`, WebGPU uses it (WebGPU runs fp32 matmuls natively; int8 ops fall back to CPU there).
 */
export function dtypeFor(device: ModelDevice, model: ManifestModel): 'q8' | 'fp32' {
  return onnxFileFor(device, model).dtype;
}

/** The int8 file of a model: Xenova's `model_quantized.onnx`, or what its repository calls it. */
function quantizedFile(model: ManifestModel): string | undefined {
  const onnx = model.files
    .map((f) => f.path)
    .filter((path) => /^onnx\/[^/]+\.onnx$/.test(path) && path !== 'onnx/model.onnx');
  return onnx.includes('onnx/model_quantized.onnx') ? 'onnx/model_quantized.onnx' : onnx[0];
}

/**
 * The ONNX file to load and how to ask transformers.js for it. Its `q8` means the file
 * `model_quantized.onnx`; an int8 file named otherwise (cross-encoder/* repositories ship
 * `model_quint8_avx2.onnx`) is asked for by name (`model_file_name`) as an fp32-suffixed file.
 */
export function onnxFileFor(
  device: ModelDevice,
  model: ManifestModel,
): { path: string; dtype: 'q8' | 'fp32'; fileName?: string } {
  const hasFp32 = model.files.some((f) => f.path === 'onnx/model.onnx');
  const quantized = quantizedFile(model);
  if ((device === 'webgpu' && hasFp32) || !quantized)
    return { path: 'onnx/model.onnx', dtype: 'fp32' };
  if (quantized === 'onnx/model_quantized.onnx') return { path: quantized, dtype: 'q8' };
  return { path: quantized, dtype: 'fp32', fileName: quantized.slice(5, -'.onnx'.length) };
}

function filesNeeded(model: ManifestModel, device: ModelDevice): string[] {
  return [
    'config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    onnxFileFor(device, model).path,
  ];
}

function joinPath(base: string, ...parts: string[]): string {
  return [base.replace(/\/+$/, ''), ...parts].join('/');
}

/** Files that are absent, and (downloaded models only) files that differ from what was downloaded. */
async function checkFiles(
  options: LoadModelPortsOptions,
  model: ManifestModel,
  files: string[],
): Promise<{ missing: string[]; changed: string[] }> {
  if (!options.modelCache)
    return { missing: await missingFiles(options, model, files), changed: [] };
  const { modelCache } = options;
  const results = await Promise.all(
    files.map((file) =>
      modelCache.check(`${model.folder}/${file}`).catch((error: unknown) => ({
        status: 'changed' as const,
        detail: `${file}: ${errorText(error)}`,
      })),
    ),
  );
  const missing = files.filter((_, i) => results[i]!.status === 'missing');
  const changed = results.flatMap((result) => (result.status === 'changed' ? [result.detail] : []));
  return { missing, changed };
}

async function missingFiles(
  options: LoadModelPortsOptions,
  model: ManifestModel,
  files: string[],
): Promise<string[]> {
  if (options.localModelPath !== undefined) {
    // Node only. getBuiltinModule keeps `node:fs` out of browser bundles (no static import).
    const fs = (
      globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
    ).process?.getBuiltinModule?.('node:fs') as typeof import('node:fs') | undefined;
    if (!fs)
      throw new PipelineError(
        'internal',
        'localModelPath needs Node; pass modelBaseUrl in a browser',
      );
    const folder = joinPath(options.localModelPath, model.folder);
    return files.filter((file) => !fs.existsSync(joinPath(folder, file)));
  }
  const fetchFn = options.fetch ?? ((url: string, init?: { method?: string }) => fetch(url, init));
  const present = await Promise.all(
    files.map((file) =>
      fetchFn(joinPath(options.modelBaseUrl!, model.folder, file), { method: 'HEAD' }).then(
        (r) => r.ok,
        () => false,
      ),
    ),
  );
  return files.filter((_, i) => !present[i]);
}

function configureEnv(options: LoadModelPortsOptions): void {
  // Bundled or generated files only: never the hub, never a CDN (docs/SECURITY.md, property 2).
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = (options.localModelPath ?? options.modelBaseUrl!).replace(/\/?$/, '/');
  env.useBrowserCache = false; // bundled files are already local; caching them would double the storage
  env.useFSCache = false;
  env.useWasmCache = false;
  // Downloaded models: transformers.js asks the custom cache for `<localModelPath><folder>/<file>`
  // before fetching it (getModelFile → tryCache), so the files come out of Cache Storage.
  env.useCustomCache = options.modelCache !== undefined;
  env.customCache = options.modelCache
    ? (options.modelCache.customCache as typeof env.customCache)
    : null;
  if (options.ortFiles) {
    // Object form: both files from the package, never from elsewhere (the package's CSP runs only
    // its own scripts; docs/SECURITY.md, properties 1 and 2).
    const wasm = env.backends.onnx.wasm;
    if (wasm) {
      wasm.wasmPaths = { wasm: options.ortFiles.wasm, mjs: options.ortFiles.mjs };
      wasm.numThreads = options.threads ?? wasmThreads(globalThis);
    }
  }
}

// Minimal structural types for what we use of transformers.js (its own types are very wide).
interface Tokenizer {
  encode(text: string, options?: { text_pair?: string; add_special_tokens?: boolean }): number[];
  pad_token_id: number;
  sep_token_id: number;
  convert_tokens_to_ids(token: string): number;
  dispose?(): void;
}
interface LoadedSession {
  (inputs: Record<string, Tensor>): Promise<Record<string, Tensor>>;
  dispose(): Promise<unknown>;
  /** The model's config.json as transformers.js read it (untrusted: checked before use). */
  config?: unknown;
}

interface Loaded {
  tokenizer: Tokenizer;
  /** The special tokens around and between texts, read from the tokenizer (`pairLayout`). */
  layout: PairLayout;
  session: LoadedSession;
  device: ModelDevice;
}

/** BERT's layout from its token names, for a tokenizer whose template cannot be read. */
function bertLayout(tokenizer: Tokenizer): PairLayout {
  const sep = tokenizer.sep_token_id;
  return { start: [tokenizer.convert_tokens_to_ids('[CLS]')], middle: [sep], end: [sep] };
}

/**
 * ONNX Runtime's threads wait for work by spinning, which pays only when every core is theirs. A
 * browser shares its cores with the page, other tabs and other programs: a spinning thread then
 * holds a core that a thread with work needs. Waiting threads sleep instead (README, "How it
 * works", has the measurements). Keys as ONNX Runtime names them: `session.intra_op.allow_spinning`.
 */
const SESSION_OPTIONS = {
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
};

/**
 * The device as transformers.js is told it. Handed a runtime (lib/models/runtime.ts), it knows no
 * device names (it lists devices only for the runtimes it imports itself) and would refuse 'wasm':
 * it is told 'auto' and the execution provider is named in the session options instead.
 */
function deviceOptions(device: ModelDevice) {
  if (!ortSupplied()) return { device, session_options: SESSION_OPTIONS };
  return {
    device: 'auto' as const,
    session_options: { ...SESSION_OPTIONS, executionProviders: [device] },
  };
}

const AUTO_FOR_ROLE: Partial<Record<ModelRole, typeof AutoModel>> = {
  'bi-encoder': AutoModel,
  'multilingual-bi-encoder': AutoModel,
  'extractive-qa': AutoModelForQuestionAnswering,
};

async function loadOne(
  model: ManifestModel,
  device: ModelDevice,
  options: LoadModelPortsOptions,
): Promise<Loaded> {
  const progress_callback = (info: {
    status?: string;
    file?: string;
    loaded?: number;
    total?: number;
  }) => {
    if (info.status === 'progress' && options.onProgress) {
      options.onProgress({
        modelId: model.id,
        file: info.file ?? '',
        loaded: info.loaded ?? 0,
        total: info.total ?? 0,
      });
    }
  };
  const file = onnxFileFor(device, model);
  const loadOptions = {
    ...deviceOptions(device),
    dtype: file.dtype,
    ...(file.fileName ? { model_file_name: file.fileName } : {}),
    local_files_only: true,
    progress_callback,
  };
  // Node: the full path, not the bare folder name. transformers.js memoizes configs and file
  // metadata by model id (not by env.localModelPath), so two model directories with the same
  // folder names (two test dirs) would otherwise share stale entries; a path is not a hub id, so
  // it is read from disk as is. Browser: the folder name under env.localModelPath, the layout the
  // extension tests load (test/e2e/models.e2e.ts); a Worker uses one model directory, so the memo
  // cannot mix two.
  const where =
    options.localModelPath !== undefined
      ? joinPath(options.localModelPath, model.folder)
      : model.folder;
  const tokenizer = (await AutoTokenizer.from_pretrained(where, {
    local_files_only: true,
    progress_callback,
  })) as unknown as Tokenizer;
  const Auto = AUTO_FOR_ROLE[model.role] ?? AutoModelForSequenceClassification;
  const session = (await Auto.from_pretrained(where, loadOptions)) as unknown as LoadedSession;
  const layout =
    pairLayout(tokenizer.encode.bind(tokenizer) as EncodeText) ?? bertLayout(tokenizer);
  return { tokenizer, layout, session, device };
}

/**
 * `start a end` or `start a middle b end` (BERT: [CLS] a [SEP] b [SEP]; XLM-R: <s> a </s></s> b
 * </s>) as int64 tensors, padded to the longest row. A model without token types (XLM-R) is given
 * them too; transformers.js feeds a session only the inputs it declares.
 */
function encodeBatch(
  { tokenizer, layout }: Pick<Loaded, 'tokenizer' | 'layout'>,
  rows: Array<{ a: number[]; b?: number[] }>,
): Record<string, Tensor> {
  const seqs = rows.map(({ a, b }) => joinRow(layout, a, b));
  const width = Math.max(...seqs.map((s) => s.ids.length));
  const ids = new BigInt64Array(rows.length * width).fill(BigInt(tokenizer.pad_token_id));
  const mask = new BigInt64Array(rows.length * width);
  const types = new BigInt64Array(rows.length * width);
  seqs.forEach((s, r) => {
    for (let i = 0; i < s.ids.length; i++) {
      ids[r * width + i] = BigInt(s.ids[i]!);
      mask[r * width + i] = 1n;
      types[r * width + i] = BigInt(s.types[i]!);
    }
  });
  const dims = [rows.length, width];
  return {
    input_ids: new Tensor('int64', ids, dims),
    attention_mask: new Tensor('int64', mask, dims),
    token_type_ids: new Tensor('int64', types, dims),
  };
}

/** Runs a step on the model's current session (see `ModelLoader.runner`). */
type Run = <T>(fn: (loaded: Loaded) => Promise<T>) => Promise<T>;

interface Limits {
  maxPassage: number;
  maxEmbed: number;
  maxHypothesis: number;
  span: SpanLimits;
  batchSize: number;
  /** How the cross-encoder's and the embedder's rows are grouped into calls (batching.ts). */
  batching: LengthBatching;
}

function problemFor(model: ManifestModel, code: ErrorCode, detail: string): ModelProblem {
  return { role: model.role, modelId: model.id, code, detail };
}

/** Why the model's files cannot be used as they are, before anything is loaded. */
async function fileProblem(
  options: LoadModelPortsOptions,
  model: ManifestModel,
  device: ModelDevice,
): Promise<ModelProblem | undefined> {
  const needed = filesNeeded(model, device);
  const { missing, changed } = await checkFiles(options, model, needed);
  if (missing.length > 0)
    return problemFor(model, 'model-missing', `${model.folder}/: missing ${missing.join(', ')}`);
  // Trust on first use: the bytes differ from what the user downloaded, so they are not used.
  if (changed.length > 0)
    return problemFor(
      model,
      'model-corrupt',
      `changed since it was downloaded: ${changed.join('; ')}`,
    );
  return undefined;
}

/**
 * Loads models and keeps what they share: one device for all of them, so the panel reports one
 * (once WebGPU fails for one model, every model moves to WASM on its next call), the problems
 * met on the way, and every session opened, for `dispose`.
 */
class ModelLoader {
  device: ModelDevice;
  note: string | undefined;
  readonly problems: ModelProblem[] = [];
  private readonly sessions: Loaded[] = [];
  private readonly fallbackDevice: ModelDevice = isNode() ? 'cpu' : 'wasm';
  /** File checks by model and device, started once (`checkAhead`) and awaited by `load`. */
  private readonly checks = new Map<string, Promise<ModelProblem | undefined>>();

  constructor(
    private readonly options: LoadModelPortsOptions,
    picked: { device: ModelDevice; note?: string },
  ) {
    this.device = picked.device;
    this.note = picked.note;
  }

  /** Leaves WebGPU for good, saying why. */
  fallBack(reason: string): void {
    if (this.device !== 'webgpu') return;
    this.device = this.fallbackDevice;
    this.note = `WebGPU failed (${reason}); using ${this.fallbackDevice.toUpperCase()}`;
  }

  /**
   * Loads a model on the current device, falling back from WebGPU once; null if it cannot load.
   * `ifPresent`: missing files are not a problem (the model is simply not installed).
   */
  async load(model: ManifestModel, ifPresent = false): Promise<Loaded | null> {
    // The device this attempt uses: models load side by side, so another model's failure may
    // move `this.device` to WASM while this one is still trying WebGPU.
    const device = this.device;
    const problem = await this.check(model, device);
    if (problem) {
      if (!(ifPresent && problem.code === 'model-missing')) this.problems.push(problem);
      return null;
    }
    try {
      const loaded = await loadOne(model, device, this.options);
      this.sessions.push(loaded);
      return loaded;
    } catch (error) {
      if (device === 'webgpu') {
        this.fallBack(errorText(error));
        return this.load(model, ifPresent);
      }
      this.problems.push(
        problemFor(model, 'model-corrupt', `${model.folder}/: ${errorText(error)}`),
      );
      return null;
    }
  }

  /**
   * Starts checking the files of models loaded later, so that finding an optional model absent
   * (a few requests each) happens while the ranking models load, not after.
   */
  checkAhead(models: readonly ManifestModel[]): void {
    for (const model of models) void this.check(model);
  }

  private check(model: ManifestModel, device = this.device): Promise<ModelProblem | undefined> {
    const key = `${model.id}\u0000${device}`;
    let check = this.checks.get(key);
    if (!check) {
      check = fileProblem(this.options, model, device);
      this.checks.set(key, check);
    }
    return check;
  }

  /** Runs `fn` on a session on the current device; reloads on WASM and retries once if WebGPU fails mid-run. */
  runner(model: ManifestModel, first: Loaded): Run {
    let current = first;
    return async (fn) => {
      if (current.device !== this.device) current = (await this.load(model)) ?? current;
      try {
        return await fn(current);
      } catch (error) {
        if (current.device !== 'webgpu') throw error;
        this.fallBack(errorText(error));
        const reloaded = await this.load(model);
        if (!reloaded) throw error;
        current = reloaded;
        return fn(current);
      }
    };
  }

  /** The panel shows one sentence: the first problem's coded message, with every detail. */
  unavailableReason(): string | undefined {
    if (this.problems.length === 0) return undefined;
    return new PipelineError(
      this.problems[0]!.code,
      this.problems.map((p) => `${p.modelId}: ${p.detail}`).join('; '),
    ).message;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.sessions.map((s) => s.session.dispose().catch(() => {})));
  }
}

/** Relevance logits for (question, passage) pairs on one session. */
async function scoreBatch(
  loaded: Loaded,
  modelId: string,
  batch: ReadonlyArray<readonly [string, string]>,
  maxPassage: number,
): Promise<Float32Array> {
  const { tokenizer, session } = loaded;
  // Truncate the passage, not the question, and keep the final [SEP]
  // (transformers.js's own truncation cuts the tail of the whole pair).
  const maxQuestion = MAX_POSITIONS - pairOverhead(loaded.layout) - maxPassage;
  const rows = batch.map(([q, p]) => ({
    a: tokenizer.encode(q, { add_special_tokens: false }).slice(0, maxQuestion),
    b: tokenizer.encode(p, { add_special_tokens: false }).slice(0, maxPassage),
  }));
  const { logits } = await session(encodeBatch(loaded, rows));
  if (!logits) throw new PipelineError('model-corrupt', `${modelId} has no "logits" output`);
  const data = logits.data as Float32Array;
  const labels = logits.dims[1] ?? 1;
  // ms-marco cross-encoders have one label: the relevance logit.
  return Float32Array.from(batch, (_, i) => data[i * labels]!);
}

function makeScorer(model: ManifestModel, run: Run, limits: Limits): PairScorer {
  return {
    modelId: model.id,
    async score(pairs) {
      const scores = await inLengthOrder(
        pairs,
        ([question, passage]) => question.length + passage.length,
        limits.batching,
        (batch) => run((loaded) => scoreBatch(loaded, model.id, batch, limits.maxPassage)),
      );
      return Float32Array.from(scores);
    },
  };
}

/** Row `r` of the hidden states: the mean over its real tokens (mask 1), L2-normalised. */
function meanPoolRow(data: Float32Array, mask: BigInt64Array, dims: number[], r: number) {
  const [, seq, dim] = dims as [number, number, number];
  const vector = new Float32Array(dim);
  let count = 0;
  for (let t = 0; t < seq; t++) {
    if (mask[r * seq + t] !== 1n) continue;
    count++;
    const offset = (r * seq + t) * dim;
    for (let d = 0; d < dim; d++) vector[d]! += data[offset + d]!;
  }
  let norm = 0;
  for (let d = 0; d < dim; d++) {
    vector[d]! /= Math.max(count, 1);
    norm += vector[d]! * vector[d]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < dim; d++) vector[d]! /= norm;
  return vector;
}

/** Sentence embeddings for texts on one session (each already prefixed, `withPrefix`). */
async function embedBatch(
  loaded: Loaded,
  modelId: string,
  batch: readonly string[],
  maxEmbed: number,
): Promise<Float32Array[]> {
  const { tokenizer, session, layout } = loaded;
  const room = Math.min(maxEmbed, MAX_POSITIONS) - layout.start.length - layout.end.length;
  const rows = batch.map((t) => ({
    a: tokenizer.encode(t, { add_special_tokens: false }).slice(0, room),
  }));
  const inputs = encodeBatch(loaded, rows);
  const { last_hidden_state: hidden } = await session(inputs);
  if (!hidden)
    throw new PipelineError('model-corrupt', `${modelId} has no "last_hidden_state" output`);
  const data = hidden.data as Float32Array;
  const mask = inputs.attention_mask!.data as BigInt64Array;
  return batch.map((_, r) => meanPoolRow(data, mask, hidden.dims, r));
}

/**
 * `kind` picks the prefix a model was trained with (manifest `textPrefixes`; E5: "query: " for a
 * question or either side of a similarity, "passage: " for what is searched). Without prefixes,
 * both kinds give the same vectors.
 */
function makeEmbedder(model: ManifestModel, run: Run, limits: Limits): Embedder {
  // Vectors that earlier versions saved for texts longer than this (cut at 256) stay in the
  // embedding cache under the same key; they differ a little from today's and age out with it.
  const maxTokens = Math.min(limits.maxEmbed, model.maxTokens ?? limits.maxEmbed);
  return {
    modelId: model.id,
    embed(raw, kind: TextKind = 'query') {
      const texts = raw.map((text) => withPrefix(text, kind, model.textPrefixes));
      return inLengthOrder(
        texts,
        (text) => text.length,
        limits.batching,
        (batch) => run((loaded) => embedBatch(loaded, model.id, batch, maxTokens)),
      );
    },
  };
}

/** NLI probabilities for (premise, hypothesis) pairs on one session. */
async function classifyBatch(
  loaded: Loaded,
  modelId: string,
  columns: NliColumns,
  batch: ReadonlyArray<readonly [string, string]>,
  maxHypothesis: number,
): Promise<NliProbabilities[]> {
  // The hypothesis is what is being checked, so it is kept whole (up to its cap) and the premise,
  // the evidence, is cut to what is left of the model's 512 positions.
  const { tokenizer, session } = loaded;
  const rows = batch.map(([premise, hypothesis]) => {
    const b = tokenizer.encode(hypothesis, { add_special_tokens: false }).slice(0, maxHypothesis);
    const a = tokenizer
      .encode(premise, { add_special_tokens: false })
      .slice(0, MAX_POSITIONS - pairOverhead(loaded.layout) - b.length);
    return { a, b };
  });
  const { logits } = await session(encodeBatch(loaded, rows));
  if (!logits) throw new PipelineError('model-corrupt', `${modelId} has no "logits" output`);
  const width = logits.dims[1];
  if (width !== NLI_LABELS.length)
    throw new PipelineError('model-corrupt', `${modelId} gives ${width} logits per pair, not 3`);
  const data = logits.data as Float32Array;
  return batch.map((_, r) => nliProbabilities(data.subarray(r * width, (r + 1) * width), columns));
}

function makeNliScorer(
  model: ManifestModel,
  run: Run,
  limits: Limits,
  columns: NliColumns,
): NliScorer {
  return {
    modelId: model.id,
    async classify(pairs) {
      const out: NliProbabilities[] = [];
      for (let start = 0; start < pairs.length; start += limits.batchSize) {
        const batch = pairs.slice(start, start + limits.batchSize);
        out.push(
          ...(await run((loaded) =>
            classifyBatch(loaded, model.id, columns, batch, limits.maxHypothesis),
          )),
        );
      }
      return out;
    },
  };
}

/** Answer spans for one question in each of the passages, run as one batch on one session. */
async function readBatch(
  loaded: Loaded,
  modelId: string,
  question: string,
  passages: readonly string[],
  span: SpanLimits,
): Promise<Array<ReadSpan | undefined>> {
  const { tokenizer, session, layout } = loaded;
  const q = tokenizer
    .encode(question, { add_special_tokens: false })
    .slice(0, READER_QUESTION_TOKENS);
  const encodeWord = (word: string) => tokenizer.encode(word, { add_special_tokens: false });
  const room = READER_POSITIONS - pairOverhead(layout) - q.length;
  const tokens = passages.map((p) => passageTokens(p, encodeWord, room));
  const outputs = await session(
    encodeBatch(
      loaded,
      tokens.map((t) => ({ a: q, b: t.ids })),
    ),
  );
  const { start_logits: starts, end_logits: ends } = outputs;
  if (!starts || !ends)
    throw new PipelineError('model-corrupt', `${modelId} has no "start_logits"/"end_logits"`);
  const width = starts.dims[1]!;
  const from = layout.start.length + q.length + layout.middle.length; // after [CLS] question [SEP]
  return tokens.map((t, r) => {
    const row = (tensor: Tensor) =>
      (tensor.data as Float32Array).subarray(r * width, (r + 1) * width);
    const best = bestSpan(row(starts), row(ends), { from, to: from + t.ids.length }, span);
    return best ? spanOffsets(t, best, from) : undefined;
  });
}

/**
 * One passage a run: int8 models quantize their activations with one scale per batch, so in a
 * batch a quote's span could change with the other quotes beside it. A handful of short quotes per
 * answer costs little run one by one, and a quote then always gets the same span.
 */
function makeReader(model: ManifestModel, run: Run, limits: Limits): AnswerReader {
  return {
    modelId: model.id,
    async read(question, passages) {
      const out: Array<ReadSpan | undefined> = [];
      for (const passage of passages)
        out.push(
          ...(await run((loaded) => readBatch(loaded, model.id, question, [passage], limits.span))),
        );
      return out;
    },
  };
}

/** Puts the adapter for a loaded model on `ports`; returns a problem when it cannot be used. */
function attach(
  ports: LoadedModelPorts,
  model: ManifestModel,
  loaded: Loaded,
  run: Run,
  limits: Limits,
): ModelProblem | undefined {
  if (model.role === 'bi-encoder') ports.embedder = makeEmbedder(model, run, limits);
  else if (model.role === 'cross-encoder') ports.filter = makeScorer(model, run, limits);
  else if (model.role === 'multilingual-cross-encoder')
    ports.multilingual = { ...ports.multilingual, filter: makeScorer(model, run, limits) };
  else if (model.role === 'multilingual-bi-encoder')
    ports.multilingual = { ...ports.multilingual, embedder: makeEmbedder(model, run, limits) };
  else if (model.role === 'reranker') ports.reranker = makeScorer(model, run, limits);
  else if (model.role === 'extractive-qa') ports.reader = makeReader(model, run, limits);
  else {
    const columns = nliColumns(loaded.session.config);
    if (!columns)
      return problemFor(
        model,
        'model-corrupt',
        `${model.folder}/config.json: id2label must name entailment, contradiction and neutral, one column each`,
      );
    ports.nli = makeNliScorer(model, run, limits, columns);
  }
  return undefined;
}

/**
 * Loads the model for one role and puts its adapter on `ports`, or records why it could not.
 * `ifPresent`: a model that is not installed (no manifest entry, missing files) is left out silently.
 */
async function addRole(
  ports: LoadedModelPorts,
  loader: ModelLoader,
  manifest: ModelManifest,
  role: ModelRole,
  limits: Limits,
  ifPresent = false,
): Promise<void> {
  const model = modelForRole(manifest, role);
  if (!model) {
    if (!ifPresent)
      loader.problems.push({
        role,
        modelId: role,
        code: 'model-missing',
        detail: `no ${role} in the model manifest`,
      });
    return;
  }
  const loaded = await loader.load(model, ifPresent);
  if (!loaded) return;
  const problem = attach(ports, model, loaded, loader.runner(model, loaded), limits);
  if (problem) loader.problems.push(problem);
}

/** The device can change after loading (WebGPU failing mid-run), so these are read live. */
function exposeLoaderState(ports: LoadedModelPorts, loader: ModelLoader): void {
  Object.defineProperty(ports, 'device', { enumerable: true, get: () => loader.device });
  Object.defineProperty(ports, 'deviceNote', { enumerable: true, get: () => loader.note });
  Object.defineProperty(ports, 'unavailableReason', {
    enumerable: true,
    get: () => loader.unavailableReason(),
  });
}

/**
 * Loads the selected models. Never throws for missing or broken models: those are reported in
 * `problems` and `unavailableReason`, and the pipeline falls back to keyword ranking.
 */
export async function loadModelPorts(options: LoadModelPortsOptions): Promise<LoadedModelPorts> {
  if ((options.localModelPath === undefined) === (options.modelBaseUrl === undefined)) {
    throw new PipelineError(
      'internal',
      'loadModelPorts needs exactly one of localModelPath (Node) or modelBaseUrl (browser)',
    );
  }
  const manifest = options.manifest ?? MODEL_MANIFEST;
  const limits: Limits = {
    maxPassage: options.maxPassageTokens ?? 128,
    maxEmbed: options.maxEmbedTokens ?? 256,
    maxHypothesis: options.maxHypothesisTokens ?? 128,
    span: { ...DEFAULT_SPAN_LIMITS, ...options.spanLimits },
    batchSize: options.batchSize ?? LENGTH_BATCHING.batchSize,
    batching: { ...LENGTH_BATCHING, batchSize: options.batchSize ?? LENGTH_BATCHING.batchSize },
  };
  configureEnv(options);
  const picked =
    options.picked ??
    (await pickDevice(
      options.device ?? 'auto',
      options.gpu === undefined ? defaultGpu() : options.gpu,
    ));
  const loader = new ModelLoader(options, picked);
  const ports: LoadedModelPorts = {
    problems: loader.problems,
    dispose: () => loader.dispose(),
  };
  const roles = options.roles ?? DEFAULT_ROLES;
  const optionalRoles = (options.whenPresent ?? DEFAULT_WHEN_PRESENT).filter(
    (role) => !roles.includes(role),
  );
  loader.checkAhead(optionalRoles.flatMap((role) => modelForRole(manifest, role) ?? []));
  // The roles asked for load side by side: one model's files are read while another's session is
  // created (ONNX Runtime creates sessions one at a time on this thread, and initialises itself
  // once for all). Their problems are then put in the roles' order, whichever load finished
  // first. Models used only when installed follow one at a time, so a full install does not hold
  // every model file in memory at once.
  await Promise.all(roles.map((role) => addRole(ports, loader, manifest, role, limits)));
  loader.problems.sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role));
  for (const role of optionalRoles) await addRole(ports, loader, manifest, role, limits, true);
  exposeLoaderState(ports, loader);
  return ports;
}
