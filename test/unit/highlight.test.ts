// lib/page/highlight.ts: the highlight colours stay adopted even when the page replaces
// document.adoptedStyleSheets (the page and the content script share that list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStyles } from '../../lib/page/highlight';

class FakeSheet {
  text = '';
  replaceSync(text: string) {
    this.text = text;
  }
}
const saved = (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet;
beforeAll(() => {
  (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet = FakeSheet;
});
afterAll(() => {
  (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet = saved;
});

describe('ensureStyles', () => {
  it('adopts the colours once, and again after the page replaced the list', () => {
    const pageSheet = new FakeSheet();
    const doc = { adoptedStyleSheets: [pageSheet] } as unknown as Document;
    ensureStyles(doc);
    ensureStyles(doc);
    expect(doc.adoptedStyleSheets).toHaveLength(2);
    const ours = doc.adoptedStyleSheets[1] as unknown as FakeSheet;
    expect(ours.text).toMatch(/::highlight\(answer-panel-quote-0\)/);

    doc.adoptedStyleSheets = []; // a hostile or careless page
    ensureStyles(doc);
    expect(doc.adoptedStyleSheets).toEqual([ours]);
  });
});
