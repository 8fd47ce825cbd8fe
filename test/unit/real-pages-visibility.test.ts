// The Node reader's hidden-text judge on real pages and on small ones: text the page's own style
// sheet shows is read, text it hides is not (docs/SECURITY.md, property 6). yahoo-2 was saved with
// a dialog open: `#atomic #render-target-modal { opacity: 0 }` is undone by
// `#atomic.modal-postopen #render-target-modal { opacity: 1 }`, and reading the first rule alone
// left the page empty. nytimes-5's paragraphs are set in `font-size: 0.9375rem`, once read as 0.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../lib/page/node';
import { sharedData } from '../support/shared-data';

const here = dirname(fileURLToPath(import.meta.url));
const PAGES_DIR = sharedData(resolve(here, '../../..'), 'readability-test-pages');
const exists = existsSync(PAGES_DIR);
const required = Boolean(process.env.CI) || process.env.REQUIRE_SHARED_DATA === '1';

const readPageNamed = (page: string) =>
  readHtml(readFileSync(join(PAGES_DIR, page, 'source.html'), 'utf8'), {
    url: `https://example.test/${page}`,
  });
const textOf = (html: string) =>
  readHtml(html, { url: 'https://example.test/' })
    .blocks.map((b) => b.text)
    .join('\n');

describe.skipIf(!exists && !required)('real pages the style sheet once hid', () => {
  it('reads yahoo-2, whose article sits in a dialog a later rule shows', () => {
    const page = readPageNamed('yahoo-2');
    const text = page.blocks.map((b) => b.text).join('\n');
    expect(page.textLength).toBeGreaterThan(2000);
    expect(text).toContain('An unmanned Russian cargo spaceship heading to the International');
    expect(text).toContain('over the remote Russian Tuva region in Siberia');
  });

  it('reads nytimes-5 paragraphs set in a font size under one rem', () => {
    const text = readPageNamed('nytimes-5')
      .blocks.map((b) => b.text)
      .join('\n');
    expect(text).toContain('Por fuera parecía tener éxito, pero por dentro sentía que me ahogaba.');
  });
});

describe('a style rule shown again by the cascade', () => {
  const body = (css: string) =>
    `<html id="a" class="open"><head><style>${css}</style></head><body>` +
    '<p>The first paragraph is always shown to every reader of the page.</p>' +
    '<div id="box" class="box"><p>BOXTEXT sits inside the box the rules argue about.</p></div>' +
    '</body></html>';

  it('reads an element a more specific rule shows again', () => {
    expect(textOf(body('#a #box { opacity: 0 } #a.open #box { opacity: 1 }'))).toContain('BOXTEXT');
    expect(textOf(body('.box { display: none } #box { display: block }'))).toContain('BOXTEXT');
  });

  it('reads an element a later rule of the same weight shows again', () => {
    expect(textOf(body('.box { visibility: hidden } .box { visibility: visible }'))).toContain(
      'BOXTEXT',
    );
  });

  it('keeps hidden what a weaker, earlier, media-bound or less important rule shows', () => {
    for (const css of [
      '#box { display: none } .box { display: block }',
      '.box { display: block } .box { display: none }',
      '.box { display: none } @media (min-width: 1px) { #box { display: block } }',
      '.box { display: none !important } #box { display: block }',
      '.box { opacity: 0 } #box { opacity: 0.2 }',
      '.box { display: none } #box:hover { display: block }',
    ])
      expect(textOf(body(css)), css).not.toContain('BOXTEXT');
  });

  it('keeps hidden what is hidden in a way no shown display undoes', () => {
    expect(
      textOf(body('.box { font-size: 0; display: none } #box { display: block }')),
    ).not.toContain('BOXTEXT');
  });

  it('reads an inline style that shows again a rule without !important', () => {
    const html = body('.box { display: none }').replace(
      'id="box"',
      'id="box" style="display:block"',
    );
    expect(textOf(html)).toContain('BOXTEXT');
  });

  it('reads text under one rem and hides text under one pixel', () => {
    expect(textOf(body('.box { font-size: 0.9375rem }'))).toContain('BOXTEXT');
    expect(textOf(body('.box { font-size: 0.5px }'))).not.toContain('BOXTEXT');
    expect(textOf(body('.box { font-size: 0 }'))).not.toContain('BOXTEXT');
  });
});
