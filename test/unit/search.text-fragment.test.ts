// Text-fragment links (https://wicg.github.io/scroll-to-text-fragment/) for quotes from other pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXACT_MAX_WORDS,
  RANGE_WORDS,
  textDirective,
  textFragmentLink,
} from '../../lib/search/text-fragment';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('textFragmentLink', () => {
  it.each([
    [
      'a short quote goes in whole',
      'https://example.com/a',
      'The lighthouse was tall',
      'https://example.com/a#:~:text=The%20lighthouse%20was%20tall',
    ],
    [
      '- & , and % are percent-encoded',
      'https://example.com/a',
      'Salt-and-pepper, 50% & more',
      'https://example.com/a#:~:text=Salt%2Dand%2Dpepper%2C%2050%25%20%26%20more',
    ],
    [
      '# and other reserved characters too',
      'https://example.com/a',
      'C# is not F#: see (notes)',
      'https://example.com/a#:~:text=C%23%20is%20not%20F%23%3A%20see%20(notes',
    ],
    [
      'leading and trailing punctuation is left out',
      'https://example.com/a',
      '“Hello, world!”',
      'https://example.com/a#:~:text=Hello%2C%20world',
    ],
    [
      'whitespace collapsed, zero-width characters dropped',
      'https://example.com/a',
      '  The \t light\u200Bhouse   was ',
      'https://example.com/a#:~:text=The%20lighthouse%20was',
    ],
    [
      `${EXACT_MAX_WORDS} words: exact`,
      'https://example.com/',
      words(EXACT_MAX_WORDS),
      `https://example.com/#:~:text=${encodeURIComponent(words(EXACT_MAX_WORDS))}`,
    ],
    [
      `${EXACT_MAX_WORDS + 1} words: start,end of ${RANGE_WORDS} words each`,
      'https://example.com/',
      words(EXACT_MAX_WORDS + 1),
      'https://example.com/#:~:text=w1%20w2%20w3%20w4%20w5,w9%20w10%20w11%20w12%20w13',
    ],
    [
      'a long sentence uses start,end',
      'https://example.com/p',
      'It was designed by the architect Sostratus of Cnidus, whose dedication was carved into the stone of the tower.',
      'https://example.com/p#:~:text=It%20was%20designed%20by%20the,the%20stone%20of%20the%20tower',
    ],
    [
      'a multi-line quote uses start,end (no match crosses blocks)',
      'https://example.com/p',
      'First line here\nSecond line there',
      'https://example.com/p#:~:text=First%20line%20here,Second%20line%20there',
    ],
    [
      'an existing fragment is kept before :~:',
      'https://example.com/a#History',
      'The lighthouse',
      'https://example.com/a#History:~:text=The%20lighthouse',
    ],
    [
      'an existing directive is replaced',
      'https://example.com/a#sec:~:text=old&text=older',
      'New text',
      'https://example.com/a#sec:~:text=New%20text',
    ],
    [
      'a directive-only fragment is replaced',
      'https://example.com/a#:~:text=old',
      'New text',
      'https://example.com/a#:~:text=New%20text',
    ],
    [
      'the query is kept as is',
      'https://example.com/s?q=a%20b&x=1',
      'Pharos',
      'https://example.com/s?q=a%20b&x=1#:~:text=Pharos',
    ],
    ['numbers are words', 'https://example.com/a', '956', 'https://example.com/a#:~:text=956'],
    ['no words: unchanged', 'https://example.com/a#x', ' — … ', 'https://example.com/a#x'],
    ['empty quote: unchanged', 'https://example.com/a', '', 'https://example.com/a'],
    ['non-http URLs: unchanged', 'chrome://settings/', 'Search engine', 'chrome://settings/'],
    ['file URLs: unchanged', 'file:///tmp/a.html', 'Pharos', 'file:///tmp/a.html'],
  ])('%s', (_name, url, quote, expected) => {
    expect(textFragmentLink(url, quote)).toBe(expected);
  });

  it('cuts text without spaces at word boundaries (Intl.Segmenter)', () => {
    const quote =
      '灯塔位于亚历山大港的法罗斯岛上，是古代世界七大奇迹之一，高度超过一百米，曾经是世界上最高的建筑之一。';
    const link = textFragmentLink('https://zh.wikipedia.org/wiki/x', quote);
    const [start, end] = link.split(':~:text=')[1]!.split(',').map(decodeURIComponent);
    expect(start).toBeTruthy();
    expect(end).toBeTruthy();
    expect(quote.startsWith(start!)).toBe(true);
    expect(quote.slice(0, -1).endsWith(end!)).toBe(true);
    expect(start!.length + end!.length).toBeLessThan(quote.length);
  });

  it('always yields a well-formed directive whose parts are in the quote (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (quote) => {
        const directive = textDirective(quote);
        if (directive === '') return;
        expect(directive).not.toMatch(/[-&#\s]/);
        const parts = directive.split(',');
        expect(parts.length).toBeLessThanOrEqual(2);
        const normalized = quote
          .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
          .replace(/\s+/g, ' ');
        for (const part of parts) expect(normalized).toContain(decodeURIComponent(part));
      }),
    );
  });
});
