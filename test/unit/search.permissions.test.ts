import { describe, expect, it } from 'vitest';
import { originsForSearch } from '../../lib/settings/permissions';

describe('originsForSearch', () => {
  it.each([
    [{ provider: 'none', searxngUrl: '', braveApiKey: '' }, []],
    [{ provider: 'wikipedia', searxngUrl: '', braveApiKey: '' }, []],
    [
      { provider: 'searxng', searxngUrl: 'http://127.0.0.1:8888/searx', braveApiKey: '' },
      ['http://127.0.0.1:8888/*', 'https://*/*', 'http://*/*'],
    ],
    [
      { provider: 'searxng', searxngUrl: 'not a url', braveApiKey: '' },
      ['https://*/*', 'http://*/*'],
    ],
    [
      { provider: 'brave', searxngUrl: '', braveApiKey: 'k' },
      ['https://api.search.brave.com/*', 'https://*/*', 'http://*/*'],
    ],
  ] as const)('%j needs %j', (search, origins) => {
    expect(originsForSearch({ ...search })).toEqual(origins);
  });
});
