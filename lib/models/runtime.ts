// Which ONNX Runtime Web build runs the models in the browser. transformers.js imports the WebGPU
// build (`onnxruntime-web/webgpu`), whose WebAssembly is compiled with asyncify so that WebGPU's
// asynchronous calls can suspend it, which costs WASM too. The plain build (`onnxruntime-web/wasm`)
// has no WebGPU and none of that cost: in the extension, alternating with the asyncify build, it
// loaded the two ranking models in about half the time and ran the first batch three to five
// times faster (README, `--only=models`; later batches: not shown in the browser at the load
// measured, a quarter faster in Node). So the
// device is picked first (lib/models/device.ts) and, for WASM, the plain build is handed to
// transformers.js before transformers.js is loaded: it takes a runtime placed at
// `globalThis[Symbol.for('onnxruntime')]` when its module is evaluated, and only then.

import type { ModelDevice } from '../pipeline/ports';

/**
 * The files each build loads at run time, from the package's `ort/` folder (wxt.config.ts copies
 * them): its WebAssembly and its Emscripten glue. The glue is a file of its own (the builds are
 * imported without it, as `ort.wasm.min.mjs` and `ort.webgpu.min.mjs`: ORT_MODULES) because ONNX
 * Runtime's threads start as module Workers on the glue's own URL, which a bundler would rewrite
 * to the URL of the Worker that bundled it; so each thread loads the 24–53 kB glue, not the
 * pipeline Worker.
 */
export const ORT_FILES = {
  wasm: { wasm: 'ort-wasm-simd-threaded.wasm', mjs: 'ort-wasm-simd-threaded.mjs' },
  webgpu: {
    wasm: 'ort-wasm-simd-threaded.asyncify.wasm',
    mjs: 'ort-wasm-simd-threaded.asyncify.mjs',
  },
} as const;

/** The onnxruntime-web files the bundler puts in place of each import (no glue inside). */
export const ORT_MODULES = {
  'onnxruntime-web/wasm': 'ort.wasm.min.mjs',
  'onnxruntime-web/webgpu': 'ort.webgpu.min.mjs',
} as const;

export type OrtBuild = keyof typeof ORT_FILES;

const ORT_SYMBOL = Symbol.for('onnxruntime');

/** Whether a runtime was handed to transformers.js (then it knows no device names). */
export function ortSupplied(): boolean {
  return ORT_SYMBOL in globalThis;
}

let chosen: Promise<OrtBuild> | undefined;

/**
 * The build for `device`, chosen once per Worker (a module cannot be unloaded): the first call
 * decides, later calls get the same build whatever they ask. Must be awaited before
 * transformers.js is first imported. The WebGPU build is transformers.js's own import, so it is
 * not handed over; it also runs WASM, should WebGPU fail later.
 */
export function chooseOrtBuild(device: ModelDevice): Promise<OrtBuild> {
  chosen ??= (async () => {
    if (device === 'webgpu') return 'webgpu';
    const ort = await import('onnxruntime-web/wasm');
    (globalThis as Record<symbol, unknown>)[ORT_SYMBOL] = ort;
    return 'wasm';
  })();
  return chosen;
}
