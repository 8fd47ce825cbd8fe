// Which ONNX file the model bench loads: the int8 one the product ships (`model_quantized.onnx`)
// or the fp32 `model.onnx` that models/generate.ts writes beside it. The adapter picks the file
// from the manifest (lib/models/transformers.ts `onnxFileFor`: fp32 when no int8 file is listed),
// so the fp32 run lists only `model.onnx` and loads through exactly the same code.

import type { ModelManifest } from '../../lib/models/manifest';

export type BenchDtype = 'int8' | 'fp32';

export function manifestFor(manifest: ModelManifest, dtype: BenchDtype): ModelManifest {
  if (dtype === 'int8') return manifest;
  return {
    ...manifest,
    models: manifest.models.map((model) => ({
      ...model,
      files: [
        ...model.files.filter((f) => !f.path.startsWith('onnx/')),
        { path: 'onnx/model.onnx', size: null, sha256: null },
      ],
    })),
  };
}
