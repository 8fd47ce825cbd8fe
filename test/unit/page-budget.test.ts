// Reading and highlighting on a very long page stay bounded (docs/SECURITY.md, property 14): the
// reader copies at most an element budget of the page, within a time budget, and says when it
// cut; the highlight index is built once per page version.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { buildTextIndex } from '../../lib/page/anchor';
import { boundedClone } from '../../lib/page/bounded-clone';
import { createIndexCache } from '../../lib/page/index-cache';
import { readPage } from '../../lib/page/read';

const page = (paragraphs: number) =>
  parseHTML(
    `<!doctype html><html lang="en"><head><title>Long report</title></head><body><article>${Array.from(
      { length: paragraphs },
      (_, i) =>
        `<p>Paragraph ${i} of the long report says that crane ${i} lifted cargo for the merchants of the port.</p>`,
    ).join('')}</article></body></html>`,
  );

const allText = (blocks: ReadonlyArray<{ text: string }>) => blocks.map((b) => b.text).join('\n');

describe('boundedClone', () => {
  it('copies the whole document when it fits, comments left out', () => {
    const { document } = parseHTML('<html><body><p>a<!-- c --><b>b</b></p><p>c</p></body></html>');
    const { clone, cut } = boundedClone(document, { maxElements: 100, deadline: 1, now: () => 0 });
    expect(cut).toBeNull();
    expect(clone.body.innerHTML).toBe('<p>a<b>b</b></p><p>c</p>');
    // The live document is untouched.
    expect(document.body.innerHTML).toContain('<!-- c -->');
  });

  it('keeps the first elements in document order when the element budget runs out', () => {
    const { document } = page(100);
    const { clone, cut } = boundedClone(document, { maxElements: 50, deadline: 1, now: () => 0 });
    expect(cut).toBe('elements');
    expect(clone.querySelectorAll('*').length).toBe(50);
    // html, head, title, body, article: then 45 paragraphs, the first ones.
    const kept = [...clone.querySelectorAll('p')].map((p) => p.textContent);
    expect(kept).toHaveLength(45);
    expect(kept[0]).toContain('Paragraph 0 ');
    expect(kept[44]).toContain('Paragraph 44 ');
  });

  it('stops when the clock passes the deadline', () => {
    const { document } = page(3000);
    let t = 0;
    const { clone, cut } = boundedClone(document, {
      maxElements: 1e9,
      deadline: 2,
      now: () => t++,
    });
    expect(cut).toBe('time');
    // The clock is read every 512 elements (0, 1, 2, 3): the fourth reading is past the deadline.
    expect(clone.querySelectorAll('*').length).toBe(1536);
  });
});

describe('readPage budgets', () => {
  it('reads the first part of a page over the element budget, and says it was cut', () => {
    const { document } = page(2000);
    const read = readPage(document, { url: 'http://127.0.0.1/long', maxElements: 500 });
    expect(read).toMatchObject({ truncated: true, truncatedBy: 'elements' });
    expect(allText(read.blocks)).toContain('Paragraph 0 ');
    expect(allText(read.blocks)).toContain('Paragraph 400 ');
    expect(allText(read.blocks)).not.toContain('Paragraph 1999 ');
  });

  it('skips Readability and says so when copying took the whole time budget', () => {
    const { document } = page(3000);
    let t = 0;
    const read = readPage(document, {
      url: 'http://127.0.0.1/long',
      timeBudgetMs: 2,
      now: () => t++,
    });
    expect(read).toMatchObject({ truncated: true, truncatedBy: 'time', extractor: 'body' });
    expect(allText(read.blocks)).toContain('Paragraph 0 ');
    expect(allText(read.blocks)).not.toContain('Paragraph 2999 ');
  });

  it('reads a page within both budgets whole, with Readability', () => {
    const { document } = page(50);
    const read = readPage(document, { url: 'http://127.0.0.1/short' });
    expect(read).toMatchObject({ truncated: false, extractor: 'readability' });
    expect(read.truncatedBy).toBeUndefined();
    expect(allText(read.blocks)).toContain('Paragraph 49 ');
  });
});

describe('createIndexCache', () => {
  const setup = () => {
    const { document, MutationObserver } = parseHTML(
      '<html><body><p>The harbour was rebuilt after the storm.</p></body></html>',
    );
    const cache = createIndexCache(
      document,
      () => buildTextIndex(document.body, () => false),
      (onChange) => new MutationObserver(onChange),
    );
    return { document, cache };
  };

  it('builds the index once for repeated use of the same page version', () => {
    const { cache } = setup();
    const first = cache.get();
    expect(cache.get()).toBe(first);
    expect(cache.get()).toBe(first);
    expect(cache.builds).toBe(1);
  });

  it('builds it again after the page changed, even within the same task', () => {
    const { document, cache } = setup();
    cache.get();
    document.body.insertAdjacentHTML('beforeend', '<p>A new paragraph.</p>');
    expect(cache.get().text).toContain('A new paragraph.');
    expect(cache.builds).toBe(2);
    // An attribute can hide text (a class, a style): that is a new version too.
    document.body.firstElementChild!.setAttribute('class', 'hidden');
    cache.get();
    expect(cache.builds).toBe(3);
  });
});
