import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { defineConfig } from 'wxt';
import { ORT_FILES, ORT_MODULES } from './lib/models/runtime';

// Extension pages may compile WebAssembly (ONNX Runtime) and nothing else: WXT adds
// 'wasm-unsafe-eval' only to dev builds, so the production CSP is written out here (docs/SECURITY.md, property 1).
export const EXTENSION_PAGES_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';";

/**
 * ONNX Runtime's files, shipped in the package (no remote code): for each build
 * (lib/models/runtime.ts chooses), its WebAssembly and its Emscripten glue script, which ONNX
 * Runtime imports from the package at run time and starts its threads on. The plain build runs the
 * models on WASM; the asyncify build is the one onnxruntime-web's WebGPU bundle (transformers.js's
 * own import) needs. Vite does not copy them, so the build hook below does. The builds'
 * JavaScript is bundled into the pipeline Worker's chunks without the glue (`ortWithoutGlue`).
 */
export const ORT_PACKAGED_FILES = Object.values(ORT_FILES).flatMap((build) => [
  build.wasm,
  build.mjs,
]);
const ortDist = dirname(createRequire(import.meta.url).resolve('onnxruntime-web'));

/**
 * onnxruntime-web's entries resolve to bundles with the glue inside; in the Worker (the only code
 * that imports ONNX Runtime) this points them at the same builds without it (the files the
 * package's `onnxruntime-web-use-extern-wasm` condition names), so the glue is loaded from `ort/`
 * and ONNX Runtime's threads start on it alone.
 */
export const ortWithoutGlue = {
  name: 'answer-panel:ort-without-glue',
  enforce: 'pre' as const,
  resolveId(source: string): string | undefined {
    const file = (ORT_MODULES as Record<string, string>)[source];
    return file ? join(ortDist, file) : undefined;
  },
};

/**
 * pdf.js (PDFs: the pipeline Worker parses them, the viewer page shows them) runs its parser in a
 * worker script of its own, and reads the standard fonts' data and the CJK character maps from
 * files: all shipped in the package under `pdfjs/` (no remote code), copied by the hook below.
 */
export const PDFJS_WORKER = 'pdf.worker.min.mjs';
const pdfjsDist = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist')), '..');

function pdfjsAssets(): Array<{ absoluteSrc: string; relativeDest: string }> {
  const files = [
    { absoluteSrc: join(pdfjsDist, 'build', PDFJS_WORKER), relativeDest: `pdfjs/${PDFJS_WORKER}` },
  ];
  for (const folder of ['standard_fonts', 'cmaps'])
    for (const name of readdirSync(join(pdfjsDist, folder)))
      files.push({
        absoluteSrc: join(pdfjsDist, folder, name),
        relativeDest: `pdfjs/${folder}/${name}`,
      });
  return files;
}

/**
 * Test builds only (`ANSWER_PANEL_TEST_MODELS=<dir>`): ship the small generated models from <dir>
 * as if they were the real ones, into a separate output folder so they can never end up in the
 * build a user loads (their random weights would give meaningless scores).
 */
const testModels = process.env.ANSWER_PANEL_TEST_MODELS;

/**
 * The built extension renders with Preact's React compatibility layer instead of React: about
 * 25 kB instead of 194 kB in the side panel's entry chunk, the largest script its first paint
 * waited for (docs/ARCHITECTURE.md, "The side panel's first paint"). The code is still written
 * against React's API and types; zustand's `react` imports go through the same aliases. Dev
 * builds (`wxt`) keep React, whose Fast Refresh runtime the React plugin injects there.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  ...(testModels ? { outDir: '.output/test-models' } : {}),
  vite: ({ command }) => ({
    // The pipeline Worker is an ES module, so what it imports dynamically is a chunk of its own,
    // loaded when imported: ONNX Runtime's plain build and transformers.js load only after the
    // device is picked (lib/models/runtime.ts), and ONNX Runtime's threads load only its chunk.
    worker: { format: 'es' as const, plugins: () => [ortWithoutGlue] },
    ...(command === 'build' ? { resolve: { alias: PREACT_ALIASES } } : {}),
  }),
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      for (const file of ORT_PACKAGED_FILES)
        files.push({ absoluteSrc: join(ortDist, file), relativeDest: `ort/${file}` });
      files.push(...pdfjsAssets());
      if (testModels) {
        for (const file of readdirSync(testModels, { recursive: true, withFileTypes: true })) {
          if (!file.isFile()) continue;
          const absoluteSrc = join(file.parentPath, file.name);
          files.push({
            absoluteSrc,
            relativeDest: join('models', relative(testModels, absoluteSrc)),
          });
        }
      }
    },
  },
  manifest: {
    // Names and titles come from public/_locales/<locale>/messages.json (Chromium picks the
    // browser's UI language, else English).
    default_locale: 'en',
    name: '__MSG_ext_name__',
    description: '__MSG_ext_description__',
    // storage.local.setAccessLevel (Chrome 140) closes the settings, API keys included, to content
    // scripts (docs/SECURITY.md, property 9); on an older browser the call would be missing and a
    // page's content script could read the key. (sidePanel.open() from a menu click needs 116.)
    minimum_chrome_version: '140',
    // declarativeNetRequestWithHostAccess: removes the Origin header from our own requests to the
    // configured Ollama host only (lib/composer/permissions.ts); it acts only where host access
    // was granted, and it shows no install warning.
    // activeTab + scripting: the page reader is injected into a tab only when the user asks about
    // it (the toolbar button, Alt+Shift+A, the context menu), never declared for every page
    // (lib/page/inject.ts, docs/SECURITY.md, property 1).
    permissions: [
      'sidePanel',
      'contextMenus',
      'storage',
      'declarativeNetRequestWithHostAccess',
      'activeTab',
      'scripting',
    ],
    // Asked for when the user turns on a web-search provider, saves a composer endpoint
    // (lib/settings/permissions.ts) or turns on "Read any tab without a click" (every site).
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Local model servers (Ollama, llama.cpp, LM Studio, vLLM) listen on loopback: granted at
    // install so the default composer endpoint works without a prompt and Ollama's Origin rule
    // can act; any other endpoint is asked for when saved. Patterns without a port match all ports.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    action: { default_title: '__MSG_ext_action_title__' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+A' },
        description: '__MSG_ext_command_open__',
      },
    },
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    // Cross-origin isolation for extension pages (and the panel's worker): SharedArrayBuffer, so
    // ONNX Runtime's WebAssembly backend can use several threads. Service workers are never isolated.
    cross_origin_embedder_policy: { value: 'require-corp' },
    cross_origin_opener_policy: { value: 'same-origin' },
  },
});
