// lib/page/anchor.ts: a quote is located in the page's visible text at the right offsets, also
// when only a case-blind search finds it and the page has characters whose lower case is longer.
// (linkedom has no Range.setStart, so ranges themselves are checked in the browser tests.)
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, fold, locate } from '../../lib/page/anchor';

function located(html: string, quote: string): string | null {
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  const index = buildTextIndex(document.body, () => false);
  const at = locate(index, quote);
  return at < 0 ? null : index.text.slice(at, at + quote.length);
}

describe('fold', () => {
  it('lowers case without changing the length', () => {
    expect(fold('İSTANBUL Harbour')).toBe('İstanbul harbour');
    expect('İ'.toLowerCase()).toHaveLength(2); // why fold exists
  });
});

describe('locate', () => {
  it('finds the exact text', () => {
    expect(located('<p>The harbour was rebuilt after the storm.</p>', 'harbour was rebuilt')).toBe(
      'harbour was rebuilt',
    );
  });

  it('lands on the quoted words when a case-blind search follows characters like İ', () => {
    const html = '<p>İİİİ İZMİR NOTES. The Harbour Was Rebuilt after the storm.</p>';
    expect(located(html, 'the harbour was rebuilt')).toBe('The Harbour Was Rebuilt');
  });

  it('finds nothing when the page does not have the quote', () => {
    expect(located('<p>Nothing here.</p>', 'the harbour')).toBeNull();
  });
});
