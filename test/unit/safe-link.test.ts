// The panel links only to https pages it quoted, and Wikidata lines only over https
// (docs/SECURITY.md, property 4): hostile search results or imported files stay text.
import { describe, expect, it } from 'vitest';
import { safeKgLink, safeLink } from '../../components/safe-link';
import type { Quote } from '../../lib/pipeline/types';

const quoteFrom = (url: string, link?: string) =>
  ({ source: { kind: 'search', url, ...(link !== undefined ? { link } : {}) } }) as Pick<
    Quote,
    'source'
  >;

describe('safeLink', () => {
  it.each([
    ['javascript:alert(document.cookie)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http://example.org/page'],
    ['file:///etc/passwd'],
    ['chrome://settings'],
    ['not a url'],
    [''],
  ])('leaves %j unlinked', (url) => {
    expect(safeLink(quoteFrom(url))).toBeNull();
    expect(safeLink(quoteFrom('https://example.org/', url))).toBeNull();
  });

  it('links an https page, preferring its text-fragment link', () => {
    expect(safeLink(quoteFrom('https://example.org/a'))).toBe('https://example.org/a');
    expect(
      safeLink(quoteFrom('https://example.org/a', 'https://example.org/a#:~:text=harbour')),
    ).toBe('https://example.org/a#:~:text=harbour');
  });
});

describe('safeKgLink', () => {
  it('links only https addresses', () => {
    expect(safeKgLink('https://www.wikidata.org/wiki/Q42')).toBe(
      'https://www.wikidata.org/wiki/Q42',
    );
    for (const url of ['javascript:alert(1)', 'http://www.wikidata.org/wiki/Q42', 'data:,x'])
      expect(safeKgLink(url)).toBeNull();
  });
});
