// Builds the extension for the model bench: `tsx test/bench/build-extension.ts <outDir> <modelsDir>`.
// The same build as the e2e tests' (`ANSWER_PANEL_TEST_MODELS=<dir> wxt build`: wxt.config.ts then
// ships <dir> as the extension's models/), but into <outDir> so the e2e build with tiny models in
// .output/test-models is left alone. The `wxt build` command has no --outDir flag; the JS API's
// inline config overrides the config file's outDir.

import { resolve } from 'node:path';
import { build } from 'wxt';

const [outDir, modelsDir] = process.argv.slice(2);
if (!outDir || !modelsDir) {
  console.error('usage: tsx test/bench/build-extension.ts <outDir> <modelsDir>');
  process.exit(2);
}
process.env.ANSWER_PANEL_TEST_MODELS = resolve(modelsDir);
await build({ outDir: resolve(outDir) });
