// Where the models run, decided before transformers.js or ONNX Runtime is loaded: the browser
// loads the ONNX Runtime build for the device picked here (lib/models/runtime.ts), so nothing in
// this module may import either of them.

import { errorText } from '../core/errors';
import type { ModelDevice } from '../pipeline/ports';

export type DevicePreference = 'auto' | ModelDevice;

/** The bits of `navigator.gpu` we use (injectable for tests). */
export interface GpuLike {
  requestAdapter(): Promise<unknown | null>;
}

/** WebGPU when asked for (or 'auto') and an adapter exists; else WASM in browsers, CPU in Node. */
export async function pickDevice(
  preference: DevicePreference = 'auto',
  gpu: GpuLike | null | undefined = defaultGpu(),
): Promise<{ device: ModelDevice; note?: string }> {
  const fallback: ModelDevice = isNode() ? 'cpu' : 'wasm';
  if (preference === 'cpu' || preference === 'wasm')
    return { device: isNode() ? 'cpu' : preference === 'cpu' ? 'wasm' : preference };
  if (!gpu)
    return {
      device: fallback,
      ...(preference === 'webgpu'
        ? { note: 'WebGPU is not available in this browser; using WASM' }
        : {}),
    };
  try {
    const adapter = await gpu.requestAdapter();
    if (adapter) return { device: 'webgpu' };
    return {
      device: fallback,
      ...(preference === 'webgpu'
        ? { note: 'no WebGPU adapter (GPU blocked or absent); using WASM' }
        : {}),
    };
  } catch (error) {
    return {
      device: fallback,
      note: `WebGPU adapter request failed (${errorText(error)}); using WASM`,
    };
  }
}

export function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

export function defaultGpu(): GpuLike | null {
  const nav = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator;
  return nav?.gpu ?? null;
}

/**
 * Threads for ONNX Runtime's WebAssembly backend. Its own default is half the cores, which is one
 * thread on a two-core laptop; scoring is the long part of an answer and the panel is idle while
 * it runs, so every core (up to 4, where more stops paying) is used. Threads need
 * SharedArrayBuffer, which exists only when the page is cross-origin isolated (the manifest sets
 * COOP/COEP for extension pages); elsewhere one thread.
 */
export function wasmThreads(scope: {
  crossOriginIsolated?: boolean;
  navigator?: { hardwareConcurrency?: number };
}): number {
  if (!scope.crossOriginIsolated) return 1;
  return Math.max(1, Math.min(4, scope.navigator?.hardwareConcurrency ?? 1));
}

/**
 * ONNX Runtime's extra WebAssembly threads are module Workers named 'em-pthread', started on the
 * script that holds its Emscripten glue: in the extension the packaged glue alone
 * (lib/models/runtime.ts), but a build with the glue bundled in starts them on the whole Worker
 * script. Such a copy runs ONNX Runtime's own message handler: the script must not install its
 * own there (replacing `onmessage` hung the first session; answering calls is not its job).
 */
export function isOrtThread(scope: { name?: string }): boolean {
  return scope.name === 'em-pthread';
}
