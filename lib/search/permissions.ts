// Host access each search provider needs, asked for when the user turns the provider on
// (optional host permissions) rather than at install. Result pages can be on any site, so
// providers that return arbitrary URLs need http(s) access to read them.

import type { Settings } from '../settings/schema';

const ANY_SITE = ['https://*/*', 'http://*/*'];

export function originsForSearch(search: Settings['search']): string[] {
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

function originPattern(url: string): string | null {
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${host}/*` : null;
  } catch {
    return null;
  }
}
