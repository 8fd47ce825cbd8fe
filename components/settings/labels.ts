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
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t } from '../../lib/core/i18n';

export function composerLabels(): Record<(typeof ComposerKinds)[number], string> {
  return {
    extractive: t('settings_composer_extractive'),
    'openai-compatible': t('settings_composer_openai_compatible'),
    ollama: t('settings_composer_ollama'),
    'chrome-prompt': t('settings_composer_chrome_prompt'),
  };
}

export function confidenceLabels(): Record<(typeof ConfidenceLevels)[number], string> {
  return {
    low: t('settings_confidence_low'),
    medium: t('settings_confidence_medium'),
    high: t('settings_confidence_high'),
  };
}

/** "None" is not offered: "This page only" is how web search is turned off. */
export function searchLabels(): Record<(typeof SearchProviders)[number], string> {
  return {
    none: t('settings_search_none'),
    wikipedia: t('settings_search_wikipedia'),
    searxng: t('settings_search_searxng'),
    brave: t('settings_search_brave'),
  };
}

export function sourcesLabels(): Record<(typeof SourcesModes)[number], string> {
  return {
    auto: t('settings_sources_auto'),
    page: t('settings_sources_page'),
    'page+web': t('settings_sources_page_web'),
  };
}

export function deviceLabels(): Record<(typeof DevicePreferences)[number], string> {
  return {
    auto: t('settings_device_auto'),
    wasm: t('settings_device_wasm'),
  };
}

export function modelSourceLabels(): Record<(typeof ModelSources)[number], string> {
  return {
    bundled: t('settings_model_source_bundled'),
    download: t('settings_model_source_download'),
  };
}

/** Names for the notice that lists stored settings which were reset. */
function fieldNames(): Partial<Record<Path, string>> {
  return {
    'composer.kind': t('settings_field_composer_kind'),
    'composer.endpoint': t('settings_field_composer_endpoint'),
    'composer.model': t('settings_field_composer_model'),
    'composer.apiKey': t('settings_field_composer_apikey'),
    'composer.minConfidence': t('settings_field_composer_minconfidence'),
    'composer.timeoutSeconds': t('settings_field_composer_timeoutseconds'),
    'search.provider': t('settings_field_search_provider'),
    'search.searxngUrl': t('settings_field_search_searxngurl'),
    'search.braveApiKey': t('settings_field_search_braveapikey'),
    'search.allowLocalResults': t('settings_field_search_allowlocalresults'),
    'knowledgeGraph.enabled': t('settings_field_knowledgegraph_enabled'),
    'knowledgeGraph.width': t('settings_field_knowledgegraph_width'),
    'knowledgeGraph.depth': t('settings_field_knowledgegraph_depth'),
    'knowledgeGraph.sparqlEndpoint': t('settings_field_knowledgegraph_sparqlendpoint'),
    'knowledgeGraph.entitySearchEndpoint': t('settings_field_knowledgegraph_entitysearchendpoint'),
    'retrieval.sources': t('settings_field_retrieval_sources'),
    'retrieval.useModels': t('settings_field_retrieval_usemodels'),
    'retrieval.rerank': t('settings_field_retrieval_rerank'),
    'retrieval.nli': t('settings_field_retrieval_nli'),
    'retrieval.exactAnswer': t('settings_field_retrieval_exactanswer'),
    'retrieval.multilingual': t('settings_field_retrieval_multilingual'),
    'retrieval.device': t('settings_field_retrieval_device'),
    'retrieval.modelSource': t('settings_field_retrieval_modelsource'),
    'retrieval.hubUrl': t('settings_field_retrieval_huburl'),
    'storage.budgetMB': t('settings_field_storage_budgetmb'),
    'storage.persist': t('settings_field_storage_persist'),
  };
}

export function fieldName(path: string): string {
  return fieldNames()[path as Path] ?? path;
}
