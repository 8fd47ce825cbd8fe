// The composer port the pipeline uses, built from the user's composer settings. Side effects come
// in through `options` (fetch, the Prompt API), so the worker, the CLI and tests build it alike.

import type { FetchLike } from '../core/net';
import type { Settings } from '../settings/schema';
import { chromePromptComposer, type LanguageModelApi } from './chrome-prompt';
import { ollamaComposer, openAiCompatibleComposer } from './endpoints';
import type { ComposerPort } from '../pipeline/ports';

export interface ComposerPortOptions {
  fetch: FetchLike;
  /** The Prompt API of the calling context (`findLanguageModel()`), or null where it is missing. */
  languageModel?: LanguageModelApi | null;
}

/** Null for the extractive composer: the pipeline then composes without a model. */
export function createComposerPort(
  settings: Settings['composer'],
  options: ComposerPortOptions,
): ComposerPort | null {
  const timeouts = {
    firstByteTimeoutMs: settings.timeoutSeconds * 1000,
    idleTimeoutMs: settings.timeoutSeconds * 1000,
  };
  const config = { endpoint: settings.endpoint, model: settings.model };
  switch (settings.kind) {
    case 'extractive':
      return null;
    case 'openai-compatible':
      return openAiCompatibleComposer(
        { ...config, ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) },
        { fetch: options.fetch, ...timeouts },
      );
    case 'ollama':
      return ollamaComposer(config, { fetch: options.fetch, ...timeouts });
    case 'chrome-prompt':
      return chromePromptComposer(options.languageModel ?? null);
  }
}
