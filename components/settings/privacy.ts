// Basic → Privacy: what leaves the browser with the settings as they stand, one line each, in
// words. A pure function of the settings, so the form and its tests read the same sentences.

// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t } from '../../lib/core/i18n';
import { isLoopbackHostname, type Settings } from '../../lib/settings/schema';
import { answerWith } from './form-state';

/** The line when nothing leaves the browser. */
export const nothingLeaves = () => t('privacy_nothing_leaves');

/** `host` of an address, or the address itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function searchLine(settings: Settings): string | null {
  const { provider, searxngUrl } = settings.search;
  const engine =
    provider === 'wikipedia'
      ? 'Wikipedia'
      : provider === 'brave'
        ? 'Brave Search'
        : searxngUrl
          ? t('privacy_your_search_service_at', hostOf(searxngUrl))
          : t('privacy_your_search_service');
  if (provider === 'none') return null;
  if (answerWith(settings) === 'page') return t('privacy_search_on_demand', engine);
  return settings.retrieval.sources === 'page+web'
    ? t('privacy_search_every', engine)
    : t('privacy_search_unanswered', engine);
}

function composerLine(composer: Settings['composer']): string | null {
  if (composer.kind !== 'openai-compatible' && composer.kind !== 'ollama') return null;
  const host = hostOf(composer.endpoint);
  let hostname = host;
  try {
    hostname = new URL(composer.endpoint).hostname;
  } catch {
    // shown as typed
  }
  return isLoopbackHostname(hostname)
    ? t('privacy_composer_local', host)
    : t('privacy_composer_remote', host);
}

/** One sentence per thing that leaves the browser; `nothingLeaves()` alone when nothing does. */
export function privacyLines(settings: Settings): string[] {
  const lines = [
    searchLine(settings),
    settings.knowledgeGraph.enabled ? t('privacy_wikidata') : null,
    composerLine(settings.composer),
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) lines.push(nothingLeaves());
  if (settings.retrieval.modelSource === 'download')
    lines.push(t('privacy_model_download', hostOf(settings.retrieval.hubUrl)));
  return lines;
}
