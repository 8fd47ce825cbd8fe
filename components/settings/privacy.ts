// Basic → Privacy: what leaves the browser with the settings as they stand, one line each, in
// words. A pure function of the settings, so the form and its tests read the same sentences.

// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { isLoopbackHostname, type Settings } from '../../lib/settings/schema';
import { answerWith } from './form-state';

export const NOTHING_LEAVES = 'Nothing leaves your browser.';

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
        : `your search service${searxngUrl ? ` (${hostOf(searxngUrl)})` : ''}`;
  if (provider === 'none') return null;
  if (answerWith(settings) === 'page')
    return `Only for a question where you choose the web in the panel: the question goes to ${engine}, and the result pages are opened.`;
  const when =
    settings.retrieval.sources === 'page+web'
      ? 'Every question'
      : 'A question the page cannot answer';
  return `${when} goes to ${engine}, and the result pages are opened.`;
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
  const where = isLoopbackHostname(hostname)
    ? `the language model on this computer (${host})`
    : `the language model at ${host}`;
  return `Your question and the quoted passages go to ${where}.`;
}

/** One sentence per thing that leaves the browser; `NOTHING_LEAVES` alone when nothing does. */
export function privacyLines(settings: Settings): string[] {
  const lines = [
    searchLine(settings),
    settings.knowledgeGraph.enabled ? 'Names found in your question go to Wikidata.' : null,
    composerLine(settings.composer),
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) lines.push(NOTHING_LEAVES);
  if (settings.retrieval.modelSource === 'download')
    lines.push(
      `Model files are downloaded from ${hostOf(settings.retrieval.hubUrl)} when you ask for them; nothing about your pages or questions is sent.`,
    );
  return lines;
}
