// Lint for the whole repository. The layer rules below are the architecture of docs/ARCHITECTURE.md
// written as checks: a change that crosses a boundary fails `npm run lint` (and so `npm test`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Folders under lib/ that talk to the outside world (network, models, storage, DOM, browser). */
const ADAPTERS = [
  'models',
  'search',
  'kg',
  'composer',
  'cache',
  'history',
  'page',
  'pdf',
  'browser',
];

/** Import patterns (relative or `@/` alias) that reach one of the given lib/ folders. */
const libFolders = (folders) =>
  folders.flatMap((f) => [`@/lib/${f}`, `@/lib/${f}/**`, `**/${f}/**`]);

/** Code in these places may not use the browser's globals: it must run in Node and in a Worker. */
const BROWSER_GLOBALS = ['chrome', 'browser', 'document', 'window'].map((name) => ({
  name,
  message:
    'Browser globals belong in lib/page, lib/browser or entrypoints/ (docs/ARCHITECTURE.md).',
}));

export default tseslint.config(
  {
    ignores: [
      '.output/',
      '.wxt/',
      'node_modules/',
      'public/',
      'test/tmp/',
      'test/bench/tmp/',
      'test/e2e/artifacts/',
      'test/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Untyped JSON must go through a valibot schema (lib/core/guards.ts), not a cast to any.
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    // Plain-JS files here are Node scripts.
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.tsx', 'components/**/*.ts', 'entrypoints/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Small units: every function in lib/ and components/ fits on a screen.
  {
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, IIFEs: true }],
    },
  },
  // lib/ runs in Node, the panel's Worker and the service worker: no DOM or extension globals,
  // except in the two folders whose job is exactly that.
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/page/**', 'lib/browser/**'],
    rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] },
  },
  // The core is the ground floor: it imports nothing from the rest of lib/.
  {
    files: ['lib/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: libFolders([...ADAPTERS, 'pipeline', 'ask', 'settings', 'messages']),
              message: 'lib/core imports nothing from the rest of lib/ (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  // The pipeline stages are pure: models, network, storage and the DOM come in as ports.
  {
    files: ['lib/pipeline/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: libFolders([...ADAPTERS, 'ask', 'settings', 'messages']),
              message:
                'Pipeline stages take adapters as ports (lib/pipeline/ports.ts); see docs/ARCHITECTURE.md.',
            },
          ],
        },
      ],
    },
  },
  // lib/pdf reads PDFs beside lib/page: it uses lib/core and the pipeline's data types, nothing
  // else, so it runs unchanged in Node (the CLI) and in the panel's Worker.
  {
    files: ['lib/pdf/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: libFolders(
                [...ADAPTERS, 'ask', 'settings', 'messages'].filter((f) => f !== 'pdf'),
              ),
              message:
                'lib/pdf imports only lib/core and lib/pipeline types (docs/ARCHITECTURE.md).',
            },
            {
              group: libFolders(['pipeline']),
              allowTypeImports: true,
              message: "lib/pdf imports only the pipeline's types (docs/ARCHITECTURE.md).",
            },
          ],
        },
      ],
    },
  },
  // Components draw state; the ask flow (lib/ask) and the entrypoints talk to adapters.
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: libFolders(ADAPTERS),
              // Types describe the data a component draws; they carry no code.
              allowTypeImports: true,
              message:
                'Components get data through props or the panel store, never from adapters (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
);
