// What each choice in the settings form is called on screen.

import type {
  ComposerKinds,
  ConfidenceLevels,
  DevicePreferences,
  ModelSources,
  SearchProviders,
  SourcesModes,
} from '@/lib/settings/schema';

export const COMPOSER_LABELS: Record<(typeof ComposerKinds)[number], string> = {
  extractive: 'Extractive (no language model, works offline)',
  'openai-compatible':
    'OpenAI-compatible endpoint (OpenAI, Ollama /v1, llama.cpp, vLLM, LM Studio)',
  ollama: 'Ollama (native API)',
  'chrome-prompt': "Chrome's built-in model",
};

export const CONFIDENCE_LABELS: Record<(typeof ConfidenceLevels)[number], string> = {
  low: "Low: always show the model's answer",
  medium: 'Medium (default)',
  high: 'High: only answers the model is sure of',
};

export const SEARCH_LABELS: Record<(typeof SearchProviders)[number], string> = {
  none: 'None (this page only)',
  wikipedia: 'Wikipedia (no key needed)',
  searxng: 'SearXNG instance',
  brave: 'Brave Search (API key)',
};

export const SOURCES_LABELS: Record<(typeof SourcesModes)[number], string> = {
  auto: 'This page, and the web when the page falls short',
  page: 'This page only',
  'page+web': 'This page and the web, always',
};

export const DEVICE_LABELS: Record<(typeof DevicePreferences)[number], string> = {
  auto: 'WebGPU when available, else WebAssembly',
  wasm: 'WebAssembly only',
};

export const MODEL_SOURCE_LABELS: Record<(typeof ModelSources)[number], string> = {
  bundled: 'Shipped with the extension',
  download: 'Download on first use (from the model hub)',
};
