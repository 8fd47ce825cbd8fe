// What each choice in the settings form is called on screen, in words a first-time user knows.

import type {
  ComposerKinds,
  ConfidenceLevels,
  DevicePreferences,
  ModelSources,
  SearchProviders,
  SourcesModes,
} from '@/lib/settings/schema';
import type { Path } from './form-state';

export const COMPOSER_LABELS: Record<(typeof ComposerKinds)[number], string> = {
  extractive: 'Quote the page (no language model, works offline)',
  'openai-compatible': 'A language model server (OpenAI, LM Studio, llama.cpp…)',
  ollama: 'Ollama on its own API',
  'chrome-prompt': "Chrome's built-in model (runs on this computer)",
};

export const CONFIDENCE_LABELS: Record<(typeof ConfidenceLevels)[number], string> = {
  low: "Low: always show the model's answer",
  medium: 'Medium (default)',
  high: 'High: only answers the model is sure of',
};

/** "None" is not offered: "This page only" is how web search is turned off. */
export const SEARCH_LABELS: Record<(typeof SearchProviders)[number], string> = {
  none: 'No web search',
  wikipedia: 'Wikipedia (no account needed)',
  searxng: 'A SearXNG search service',
  brave: 'Brave Search (needs an API key)',
};

export const SOURCES_LABELS: Record<(typeof SourcesModes)[number], string> = {
  auto: 'Only when the page does not answer',
  page: 'Never',
  'page+web': 'For every question',
};

export const DEVICE_LABELS: Record<(typeof DevicePreferences)[number], string> = {
  auto: 'The graphics card when possible (WebGPU), else the processor',
  wasm: 'The processor only (WebAssembly)',
};

export const MODEL_SOURCE_LABELS: Record<(typeof ModelSources)[number], string> = {
  bundled: 'Built into the extension',
  download: 'Download on first use',
};

/** Names for the notice that lists stored settings which were reset. */
const FIELD_NAMES: Partial<Record<Path, string>> = {
  'composer.kind': 'how answers are written',
  'composer.endpoint': 'the language model address',
  'composer.model': 'the model name',
  'composer.apiKey': 'the API key',
  'composer.minConfidence': 'the confidence bar',
  'composer.timeoutSeconds': 'the time limit',
  'search.provider': 'the search service',
  'search.searxngUrl': 'the SearXNG address',
  'search.braveApiKey': 'the Brave Search key',
  'knowledgeGraph.enabled': 'Wikidata facts',
  'knowledgeGraph.width': 'facts per step',
  'knowledgeGraph.depth': 'steps',
  'knowledgeGraph.sparqlEndpoint': 'the Wikidata query address',
  'knowledgeGraph.entitySearchEndpoint': 'the Wikidata search address',
  'retrieval.sources': 'when to search the web',
  'retrieval.useModels': 'ranking by meaning',
  'retrieval.rerank': 'the second sort',
  'retrieval.nli': 'the fact-checking model',
  'retrieval.exactAnswer': 'the exact-answer model',
  'retrieval.device': 'where models run',
  'retrieval.modelSource': 'where model files come from',
  'retrieval.hubUrl': 'the model hub',
  'storage.budgetMB': 'the cache size',
  'storage.persist': 'keeping the cache',
};

export function fieldName(path: string): string {
  return FIELD_NAMES[path as Path] ?? path;
}
