import { describe, expect, it } from 'vitest';
import { isJunk, withoutMarkers } from '../../lib/pipeline/junk';

describe('isJunk', () => {
  it.each([
    '^ "SeaMonkey trademarks registered!". kairo.at. Retrieved 2 May 2015.',
    '"SeaMonkey trademarks registered!". kairo.at.',
    'Share this article',
    'Jump to navigation',
    'Home · News · Sport · Weather · Culture',
    '$ wasmer run hello.wasm\nhello, world!',
  ])('%s is junk', (text) => expect(isJunk(text)).toBe(true));

  it('keeps prose, and prompt lines for a question about code', () => {
    expect(isJunk('SeaMonkey is an internet suite developed by the community.')).toBe(false);
    expect(isJunk('$ wasmer run hello.wasm', 'Which command runs the module?')).toBe(false);
  });
});

describe('withoutMarkers', () => {
  it('removes footnote markers, edit links and a marker’s stray tail', () => {
    expect(withoutMarkers('3] One day later it was mozilla.org.[1]')).toBe(
      'One day later it was mozilla.org.',
    );
    expect(withoutMarkers('History[edit]')).toBe('History');
    expect(withoutMarkers('It was 1998.[citation needed][12]: 207')).toBe('It was 1998.');
  });
});
