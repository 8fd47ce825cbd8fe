// The model bench's page script (bundled into <extension>/bench/models-page.js, loaded by
// bench/bench.html): starts the bench Worker when asked and forwards commands to it. The page
// itself loads nothing, so the renderer's memory before `start()` is the baseline without models.

import type { WorkerCommand } from './models-worker';

export interface ModelsBenchPage {
  start(): void;
  call(message: WorkerCommand): Promise<unknown>;
  /** `performance.measureUserAgentSpecificMemory()` (window only; needs cross-origin isolation). */
  measureMemory(): Promise<UaMemory>;
}

export type UaMemory =
  | { available: true; bytes: number; workerBytes: number; windowBytes: number; ms: number }
  | { available: false; reason: string };

interface MemoryBreakdown {
  bytes: number;
  breakdown: Array<{ bytes: number; attribution: Array<{ scope?: string }>; types: string[] }>;
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();

const bench: ModelsBenchPage = {
  start() {
    worker ??= new Worker(new URL('./models-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (
      event: MessageEvent<{ id: number; ok: boolean; result?: unknown; error?: string }>,
    ) => {
      const pending = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (event.data.ok) pending?.ok(event.data.result);
      else pending?.fail(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      for (const p of waiting.values()) p.fail(new Error(`worker error: ${event.message}`));
      waiting.clear();
    };
  },
  async measureMemory() {
    const measure = (
      performance as { measureUserAgentSpecificMemory?: () => Promise<MemoryBreakdown> }
    ).measureUserAgentSpecificMemory;
    if (!crossOriginIsolated || typeof measure !== 'function') {
      return {
        available: false,
        reason: `crossOriginIsolated=${crossOriginIsolated}, API ${typeof measure === 'function' ? 'present' : 'absent'}`,
      };
    }
    try {
      const t0 = performance.now();
      const result = await measure.call(performance);
      const scoped = (scope: string) =>
        result.breakdown
          .filter((b) => b.attribution.some((a) => a.scope === scope))
          .reduce((n, b) => n + b.bytes, 0);
      return {
        available: true,
        bytes: result.bytes,
        workerBytes: scoped('DedicatedWorkerGlobalScope'),
        windowBytes: scoped('Window'),
        ms: performance.now() - t0,
      };
    } catch (error) {
      return { available: false, reason: String(error) };
    }
  },
  call(message) {
    if (!worker) return Promise.reject(new Error('start() first'));
    const id = nextId++;
    return new Promise((ok, fail) => {
      waiting.set(id, { ok, fail });
      worker!.postMessage({ id, message });
    });
  },
};

(globalThis as unknown as { __modelsBench: ModelsBenchPage }).__modelsBench = bench;
