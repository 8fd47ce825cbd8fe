// Which ranking models rank one run: the English MiniLM pair (trained on English MS MARCO), or,
// for a page or question in another language, the multilingual pair (mMARCO cross-encoder,
// multilingual E5) when it is installed. Without the multilingual pair a page in another
// language is still ranked by the English pair, and the run says, once, that installing the
// multilingual models ranks it better.

import { t } from '../core/i18n';
import type { ModelPorts } from './ports';
import type { RunLanguages } from './language';

/** A run in another language than English: the page's (when known) or the question's. */
export function isNonEnglishRun(languages: RunLanguages): boolean {
  return (languages.page !== undefined && languages.page !== 'en') || languages.question !== 'en';
}

export interface ModelChoice {
  /** The ports to rank with: the multilingual filter and embedder in place of the English ones. */
  models: ModelPorts;
  /** Whether the multilingual models were chosen (so the report names them). */
  multilingual: boolean;
  /** A note for the panel's details, when the page is ranked by the English models only. */
  note?: string;
}

/** The models for a run in these languages (English runs keep the English models, always). */
export function modelsForLanguages(models: ModelPorts, languages: RunLanguages): ModelChoice {
  if (!isNonEnglishRun(languages)) return { models, multilingual: false };
  const { filter, embedder } = models.multilingual ?? {};
  if (!filter && !embedder)
    return models.filter
      ? { models, multilingual: false, note: t('note_multilingual_models_better') }
      : { models, multilingual: false };
  return {
    models: {
      ...models,
      ...(filter ? { filter } : {}),
      ...(embedder ? { embedder } : {}),
    },
    multilingual: true,
  };
}
