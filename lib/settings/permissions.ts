// Host access the settings need, as match patterns for optional host permissions. Asked for when
// the user saves the settings that need it (in that click), never at install, and nothing more:
//
// - a composer endpoint's origin, so the extension can call a server that sends no CORS headers
//   (llama.cpp, a bare vLLM);
// - a search provider's API, and any http(s) site, because result pages can be anywhere.
//
// Pure functions of the settings: the options page asks the browser; these say what to ask for,
// and what a refusal means for the settings and in words.

import type { Settings } from './schema';
import { t } from '../core/i18n';

const ANY_SITE = ['https://*/*', 'http://*/*'];

/** Match pattern for the composer endpoint's origin; none when no endpoint is used. */
export function originsForComposer(composer: Settings['composer']): string[] {
  if (composer.kind !== 'openai-compatible' && composer.kind !== 'ollama') return [];
  const origin = originPattern(composer.endpoint);
  return origin ? [origin] : [];
}

/** The search settings that decide host access. */
type SearchAccess = Pick<Settings['search'], 'provider' | 'searxngUrl' | 'braveApiKey'>;

export function originsForSearch(search: SearchAccess): string[] {
  switch (search.provider) {
    case 'none':
      return [];
    case 'wikipedia':
      // The Action API (with origin=*) and the REST article HTML answer cross-origin requests:
      // the keyless default needs no host access at all.
      return [];
    case 'searxng': {
      const origin = originPattern(search.searxngUrl);
      return origin ? [origin, ...ANY_SITE] : ANY_SITE;
    }
    case 'brave':
      return ['https://api.search.brave.com/*', ...ANY_SITE];
  }
}

/** What saving these settings asks for: each part's origins, and all of them for one prompt. */
export interface AccessRequest {
  composer: string[];
  search: string[];
  /** The union, asked for in one prompt (a second prompt would have lost the user gesture). */
  all: string[];
}

export function accessFor(settings: {
  composer: Settings['composer'];
  search: SearchAccess;
}): AccessRequest {
  const composer = originsForComposer(settings.composer);
  const search = originsForSearch(settings.search);
  return { composer, search, all: [...new Set([...composer, ...search])] };
}

/** What a refused endpoint origin means, in words for the settings page. */
export function composerAccessNote(composer: Settings['composer'], origins: string[]): string {
  return composer.kind === 'ollama'
    ? t('access_composer_refused_ollama', origins.join(', '))
    : t('access_composer_refused', origins.join(', '));
}

/**
 * The settings to save when the host access they need was refused: web search cannot work
 * without it, so it is turned off; a composer endpoint may still answer if it allows CORS.
 */
export function withoutDeniedAccess(
  settings: Settings,
  access: Pick<AccessRequest, 'composer' | 'search'>,
): { settings: Settings; note: string } {
  const notes: string[] = [];
  let candidate = settings;
  if (access.search.length > 0) {
    candidate = { ...settings, search: { ...settings.search, provider: 'none' } };
    notes.push(t('access_search_refused', access.search.join(', ')));
  }
  if (access.composer.length > 0)
    notes.push(composerAccessNote(settings.composer, access.composer));
  return { settings: candidate, note: notes.join(' ') };
}

/** `<scheme>://<host>/*` for an http(s) address, or null for anything else. */
function originPattern(url: string): string | null {
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${host}/*` : null;
  } catch {
    return null;
  }
}
