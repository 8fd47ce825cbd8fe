import { describe, expect, it } from 'vitest';
import { linesOf, sentences, wrappedLines } from '../../lib/core/segment';

describe('sentences', () => {
  it('does not end a sentence at an abbreviation, a title or an initial', () => {
    expect(
      sentences(
        'Martin Luther King Jr. was born in 1929. Apple Inc. said so. The U.S. Senate voted. He met Mortimer B. Zuckerman. It ended.',
      ).map((s) => s.trim()),
    ).toEqual([
      'Martin Luther King Jr. was born in 1929.',
      'Apple Inc. said so.',
      'The U.S. Senate voted.',
      'He met Mortimer B. Zuckerman.',
      'It ended.',
    ]);
  });

  it('still ends sentences at ordinary full stops', () => {
    expect(sentences('One day later. The next one.').length).toBe(2);
  });

  it('keeps a quoted question with the lower-case words that say who asked it (royal-road)', () => {
    expect(
      sentences('“Are you drunk?” said Haoyu as Alden stared down. “I’m trying!” Haoyu said.'),
    ).toEqual([
      '“Are you drunk?” said Haoyu as Alden stared down. ',
      '“I’m trying!” ',
      'Haoyu said.',
    ]);
  });

  it('keeps a footnote marker after a full stop with its sentence (Wikipedia pages)', () => {
    // wikipedia-2: Intl.Segmenter alone gives "… to Britain.[" and "235] The railways …".
    expect(
      sentences(
        'Telecom was sold to Britain.[235] The railways were privatised in 1993.[12][13] Then more.',
      ).map((s) => s.trim()),
    ).toEqual([
      'Telecom was sold to Britain.[235]',
      'The railways were privatised in 1993.[12][13]',
      'Then more.',
    ]);
    expect(sentences('End of text.[4]')).toEqual(['End of text.[4]']);
    // Brackets that open no marker are left alone.
    expect(sentences('Arrays [1, 2] are fine. Next [x] too.').map((s) => s.trim())).toEqual([
      'Arrays [1, 2] are fine.',
      'Next [x] too.',
    ]);
  });

  it('keeps a bracket that closes after a footnote marker with its sentence', () => {
    // wikipedia-2: an answer quoted ") Following concerns that the South Island …".
    expect(
      sentences(
        '(Control over native policy was granted in the mid-1860s.[48] ) Following concerns, the capital moved.',
      ).map((s) => s.trim()),
    ).toEqual([
      '(Control over native policy was granted in the mid-1860s.[48] )',
      'Following concerns, the capital moved.',
    ]);
  });
});

describe('wrappedLines: a sentence that pre-formatted text wraps over lines is one line', () => {
  // ietf-1 (an Internet-Draft at 72 columns).
  const RFC =
    'The token SHOULD be hard to\nguess and SHOULD NOT be reused from one client to another.\nIt can however be reused.';

  it('joins a line with no stop to a next line in lower case, and keeps the break inside', () => {
    const lines = wrappedLines(RFC).map(({ start, end }) => RFC.slice(start, end));
    expect(lines).toEqual([
      'The token SHOULD be hard to\nguess and SHOULD NOT be reused from one client to another.',
      'It can however be reused.',
    ]);
    expect(linesOf(RFC)[0]).toBe(
      'The token SHOULD be hard to guess and SHOULD NOT be reused from one client to another.',
    );
  });

  it('keeps list items, rows and lines after a stop apart', () => {
    expect(linesOf('+ Added Granite\n+ Added Andesite')).toEqual([
      '+ Added Granite',
      '+ Added Andesite',
    ]);
    expect(linesOf('Ports open on the router\nUDP 53 for DNS')).toHaveLength(2);
    expect(linesOf('It consists of:\nthe href, the type')).toHaveLength(2);
    expect(linesOf('One line.\nanother line')).toHaveLength(2);
  });
});
