// The model bench's Web Worker inside the built extension (bundled by test/bench/models.ts into
// <extension>/bench/models-worker.js): the panel runs its models in a dedicated Worker
// (entrypoints/sidepanel/pipeline.worker.ts), so the bench does too, through the same adapter and
// the same choice of ONNX Runtime build (lib/models/browser-load.ts), loading the models and ONNX
// Runtime's files from the extension's own URLs.

import { loadBrowserModelPorts } from '../../lib/models/browser-load';
import { isOrtThread } from '../../lib/models/device';
import { MODEL_MANIFEST } from '../../lib/models/manifest';
import type { LoadedModelPorts } from '../../lib/models/transformers';
import { type BenchDtype, manifestFor } from './models-dtype';
import { measureEmbed, measureThroughput, type Pair } from './models-throughput';

export type WorkerCommand =
  | {
      cmd: 'load';
      modelBaseUrl: string;
      /** The extension's `ort/` folder: the adapter picks the build's files there, as the panel does. */
      ortFolderUrl: string;
      /** ONNX Runtime's threads; default the panel's (`wasmThreads`). */
      threads?: number;
      batchSize: number;
      /** Default int8, the file the product ships. */
      dtype?: BenchDtype;
    }
  | { cmd: 'throughput'; pairs: Pair[]; batch: number; minPairs: number }
  | { cmd: 'embed'; texts: string[] }
  | { cmd: 'dispose' };

export interface LoadReply {
  loadMs: number;
  device: string | undefined;
  problems: string[];
  crossOriginIsolated: boolean;
  hardwareConcurrency: number;
  /** ONNX Runtime's thread setting after the first session (1 when not cross-origin isolated). */
  numThreads: unknown;
  simd: unknown;
}

let ports: LoadedModelPorts | null = null;

async function handle(message: WorkerCommand): Promise<unknown> {
  switch (message.cmd) {
    case 'load': {
      const t0 = performance.now();
      ports = await loadBrowserModelPorts({
        modelBaseUrl: message.modelBaseUrl,
        ortFolderUrl: message.ortFolderUrl,
        device: 'wasm',
        batchSize: message.batchSize,
        manifest: manifestFor(MODEL_MANIFEST, message.dtype ?? 'int8'),
        ...(message.threads ? { threads: message.threads } : {}),
      });
      const loadMs = performance.now() - t0;
      // Imported after loading: transformers.js must first meet the runtime the adapter chose.
      const { env } = await import('@huggingface/transformers');
      const wasm = env.backends.onnx.wasm as { numThreads?: unknown; simd?: unknown } | undefined;
      const reply: LoadReply = {
        loadMs,
        device: ports.device,
        problems: ports.problems.map((p) => `${p.modelId}: ${p.code} ${p.detail}`),
        crossOriginIsolated: self.crossOriginIsolated,
        hardwareConcurrency: navigator.hardwareConcurrency,
        numThreads: wasm?.numThreads,
        simd: wasm?.simd,
      };
      return reply;
    }
    case 'throughput':
      if (!ports?.filter) throw new Error('cross-encoder not loaded');
      return measureThroughput(ports.filter, message.pairs, message.batch, message.minPairs);
    case 'embed':
      if (!ports?.embedder) throw new Error('bi-encoder not loaded');
      return measureEmbed(ports.embedder, message.texts);
    case 'dispose':
      await ports?.dispose();
      ports = null;
      return null;
  }
}

if (!isOrtThread(self)) self.addEventListener('message', (event) => void onBenchMessage(event));

async function onBenchMessage(event: MessageEvent<{ id: number; message: WorkerCommand }>) {
  const { id, message } = event.data;
  try {
    self.postMessage({ id, ok: true, result: await handle(message) });
  } catch (error) {
    self.postMessage({
      id,
      ok: false,
      error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
    });
  }
}
