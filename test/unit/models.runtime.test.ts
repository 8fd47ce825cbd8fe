// Which ONNX Runtime Web build runs the models (lib/models/runtime.ts, browser-load.ts): the
// plain WebAssembly build for WASM, handed to transformers.js before it loads; the asyncify build
// (transformers.js's own) for WebGPU; one choice per Worker.

import { describe, expect, it } from 'vitest';
import { deviceForBuild } from '../../lib/models/browser-load';
import { chooseOrtBuild, ORT_FILES, ORT_MODULES, ortSupplied } from '../../lib/models/runtime';

describe('chooseOrtBuild', () => {
  it('hands the plain WebAssembly build to transformers.js for WASM, and keeps that choice', async () => {
    expect(ortSupplied()).toBe(false);
    expect(await chooseOrtBuild('wasm')).toBe('wasm');
    expect(ortSupplied()).toBe(true);
    const supplied = (globalThis as Record<symbol, unknown>)[Symbol.for('onnxruntime')] as {
      InferenceSession?: unknown;
      env?: { versions?: { web?: string } };
    };
    expect(typeof supplied.InferenceSession).toBe('function');
    expect(supplied.env?.versions?.web).toMatch(/^1\./);
    // A module cannot be unloaded: a later WebGPU request gets the build already chosen.
    expect(await chooseOrtBuild('webgpu')).toBe('wasm');
  });
});

describe('deviceForBuild', () => {
  it('keeps the device the build can run', () => {
    expect(deviceForBuild({ device: 'wasm' }, 'wasm')).toEqual({ device: 'wasm' });
    expect(deviceForBuild({ device: 'webgpu' }, 'webgpu')).toEqual({ device: 'webgpu' });
    expect(deviceForBuild({ device: 'wasm', note: 'n' }, 'webgpu')).toEqual({
      device: 'wasm',
      note: 'n',
    });
  });

  it('runs WASM, and says why, when WebGPU is asked of a Worker started on the plain build', () => {
    const { device, note } = deviceForBuild({ device: 'webgpu' }, 'wasm');
    expect(device).toBe('wasm');
    expect(note).toMatch(/open the panel again/);
  });
});

describe('the files of each build', () => {
  it('names files that onnxruntime-web ships', async () => {
    const { existsSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    const { dirname, join } = await import('node:path');
    const dist = dirname(createRequire(import.meta.url).resolve('onnxruntime-web'));
    const names = [
      ...Object.values(ORT_FILES).flatMap((f) => [f.wasm, f.mjs]),
      ...Object.values(ORT_MODULES),
    ];
    for (const name of names) expect(existsSync(join(dist, name)), name).toBe(true);
  });
});
