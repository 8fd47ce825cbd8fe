// The models in a browser Worker: picks the device, loads the matching ONNX Runtime build
// (lib/models/runtime.ts) and only then transformers.js with the adapter, by dynamic import.

import type { ModelDevice } from '../pipeline/ports';
import { defaultGpu, pickDevice } from './device';
import { chooseOrtBuild, ORT_FILES, type OrtBuild } from './runtime';
import type { LoadedModelPorts, LoadModelPortsOptions } from './transformers';

export interface BrowserModelOptions extends Omit<
  LoadModelPortsOptions,
  'ortFiles' | 'localModelPath' | 'picked'
> {
  modelBaseUrl: string;
  /** URL of the package's folder holding ONNX Runtime's files for both builds (`ort/`). */
  ortFolderUrl: string;
}

/**
 * The device to use once the build is fixed: a Worker that started on the WASM-only build cannot
 * run WebGPU until it is started again (a settings change while the panel is open).
 */
export function deviceForBuild(
  picked: { device: ModelDevice; note?: string },
  build: OrtBuild,
): { device: ModelDevice; note?: string } {
  if (picked.device !== 'webgpu' || build === 'webgpu') return picked;
  return {
    device: 'wasm',
    note: 'WebGPU failed (this panel started ONNX Runtime without WebGPU; open the panel again); using WASM',
  };
}

export async function loadBrowserModelPorts(
  options: BrowserModelOptions,
): Promise<LoadedModelPorts> {
  const { ortFolderUrl, ...rest } = options;
  const gpu = options.gpu === undefined ? defaultGpu() : options.gpu;
  const picked = await pickDevice(options.device ?? 'auto', gpu);
  const build = await chooseOrtBuild(picked.device);
  const { loadModelPorts } = await import('./transformers');
  return loadModelPorts({
    ...rest,
    ortFiles: {
      wasm: new URL(ORT_FILES[build].wasm, ortFolderUrl).href,
      mjs: new URL(ORT_FILES[build].mjs, ortFolderUrl).href,
    },
    picked: deviceForBuild(picked, build),
  });
}
