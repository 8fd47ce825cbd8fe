// The page reader (lib/page) in Node, on the project's fixture pages: what becomes a block and
// what never does (docs/SECURITY.md, property 6: hidden text never becomes a passage).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleToBlocks } from '../../lib/page/blocks';
import { readHtml } from '../../lib/page/node';
import { MAX_PAGE_CHARS } from '../../lib/page/read';
import { splitParagraphs } from '../../lib/pipeline/split';
import type { PageSnapshot } from '../../lib/pipeline/types';
import { PAGES_DIR, readFixture } from '../fixtures/regen';

const allText = (page: PageSnapshot) =>
  [page.title, ...page.blocks.flatMap((b) => [b.section ?? '', b.text])].join('\n');

describe('readHtml on the hostile page', () => {
  const html = readFileSync(join(PAGES_DIR, 'hostile', 'source.html'), 'utf8');
  const page = readFixture('hostile');
  const text = allText(page);
  const markers = [...new Set(html.match(/HIDDENMARKER\d+/g))];

  it('has hidden pieces to test, each with its own marker', () => {
    expect(markers.length).toBeGreaterThanOrEqual(10);
  });

  it.each(markers)(
    'never reads %s (hidden by style rule, inline style, attribute, class, comment, script or off-screen)',
    (marker) => {
      expect(text).not.toContain(marker);
    },
  );

  it('reads the visible paragraphs', () => {
    expect(page.blocks.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('performs a waggle dance on the vertical comb');
    expect(text).toContain('Karl von Frisch first described the meaning of the dance');
  });

  it('strips zero-width characters without splitting the words they sat in', () => {
    expect(text).not.toMatch(/\u200B|\u200D|\uFEFF/);
    expect(text).toContain('the word pollen, the word hive and the word dancing');
    expect(html).toMatch(/pol\u200Blen/); // the source really has them
  });

  it('keeps script-looking text as literal text', () => {
    expect(text).toContain(
      'the literal string <script>alert(1)</script> and the literal tag <img src=x onerror=alert(2)>',
    );
    expect(text).not.toContain('&lt;');
  });

  it('never turns hidden text into a passage', () => {
    const passages = splitParagraphs(page.blocks);
    expect(passages.length).toBeGreaterThanOrEqual(4);
    for (const p of passages) expect(p.text).not.toMatch(/HIDDENMARKER|ignore all previous/i);
  });
});

describe('readHtml on other fixture pages', () => {
  it('gives no blocks for a page with nothing visible, and keeps its title', () => {
    const page = readFixture('empty');
    expect(page.blocks).toEqual([]);
    expect(page.textLength).toBe(0);
    expect(page.title).toBe('Nothing to see here');
  });

  it('reads text held only in <div>s and <br>s, one line per passage', () => {
    const page = readFixture('no-paragraphs');
    const passages = splitParagraphs(page.blocks);
    expect(passages.map((p) => p.text)).toContain(
      'Boats should only enter the harbour within two hours either side of high water.',
    );
    for (const p of passages) expect(p.text).not.toContain('\n');
    // Under 10 tokens: each of these short lines is dropped (EWEK-QA §A.7.1).
    expect(passages.map((p) => p.text).join('\n')).not.toContain('Office open daily');
  });

  it('makes `lines` blocks, split on <br>, when the body is read without Readability', () => {
    const html = readFileSync(join(PAGES_DIR, 'no-paragraphs', 'source.html'), 'utf8');
    const { document } = parseHTML(html);
    const blocks = articleToBlocks(document.body as unknown as Element);
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(b.kind).toBe('lines');
    expect(blocks[0]!.text.split('\n')).toHaveLength(3);
  });

  it('linearizes an infobox as "label: value" and a data table as "column: value" rows', () => {
    const page = readFixture('tables');
    const tables = page.blocks.filter((b) => b.kind === 'table');
    expect(tables).toHaveLength(2);
    const [infobox, data] = tables as [(typeof tables)[0], (typeof tables)[0]];
    expect(infobox.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Opened: 1887',
        'Closed to freight: 1951',
        'Track gauge: 610 mm',
        'Owner: Brackenford Valley Railway Trust',
      ]),
    );
    expect(data.section).toBe('Steam locomotives in service');
    expect(data.text.split('\n')).toEqual([
      'Name: Lady Ellerby, Builder: Hunslet, Year built: 1893, Wheel arrangement: 0-4-0ST',
      'Name: Stanmoor, Builder: Bagnall, Year built: 1902, Wheel arrangement: 0-6-0T',
      'Name: Kestrel, Builder: Kerr Stuart, Year built: 1915, Wheel arrangement: 0-4-2T',
      'Name: Bracken, Builder: Hunslet, Year built: 1924, Wheel arrangement: 0-4-0ST',
    ]);
  });

  it('names the columns from a bold or numbers-over-names first row, cells holding paragraphs', () => {
    const cell = (text: string) => `<td><p>${text}</p></td>`;
    const { document } = parseHTML(`<html><body><table>
      <tr>${cell('<b>Application</b>')}${cell('<b>Original Size</b>')}${cell('<b>Patch</b> <b>Size</b>')}</tr>
      <tr>${cell('Kindle')}${cell('52.4 MB')}${cell('8.4 MB')}</tr>
      <tr>${cell('Netflix')}${cell('16.2 MB')}${cell('1.2 MB')}</tr>
    </table><table>
      <tr><td>Release</td><td>Downloads</td></tr>
      <tr><td>Bookworm</td><td>4,000</td></tr>
      <tr><td>Trixie</td><td>2,500</td></tr>
    </table><table><tr><td><p>${'A whole article laid out in a table. '.repeat(20)}</p></td><td>Side</td></tr></table></body></html>`);
    const blocks = articleToBlocks(document.body as unknown as Element);
    const tables = blocks.filter((b) => b.kind === 'table').map((b) => b.text.split('\n'));
    expect(tables).toEqual([
      [
        'Application: Kindle, Original Size: 52.4 MB, Patch Size: 8.4 MB',
        'Application: Netflix, Original Size: 16.2 MB, Patch Size: 1.2 MB',
      ],
      ['Release: Bookworm, Downloads: 4,000', 'Release: Trixie, Downloads: 2,500'],
    ]);
    expect(blocks.some((b) => b.kind === 'paragraph' && b.text.startsWith('A whole article'))).toBe(
      true,
    );
  });

  it("adds Readability's byline as a block when the article text does not say it", () => {
    const body =
      '<p>The harbour was rebuilt after the storm, and the ships came back in spring.</p>'.repeat(
        8,
      );
    const html = (byline: string) =>
      `<html><head><title>Harbour</title></head><body><article><h1>Harbour</h1>${byline}${body}</article></body></html>`;
    // Readability takes a line of class "byline" out of the article as its byline.
    const page = readHtml(html('<p class="byline">Ada Byron</p>'), {
      url: 'https://fixtures.test/harbour',
    });
    expect(page.blocks[0]).toEqual({ kind: 'lines', text: 'Ada Byron', section: 'Byline' });
    const said = readHtml(html('<p>By Ada Byron</p>'), { url: 'https://fixtures.test/harbour' });
    expect(said.blocks.filter((b) => b.text.includes('Ada Byron'))).toHaveLength(1);
  });

  it('reads the demo article without its navigation and footer', () => {
    const page = readFixture('demo');
    const text = allText(page);
    expect(page.extractor).toBe('readability');
    expect(page.lang).toBe('en');
    expect(text).toContain('The tower was finished around 280 BC');
    expect(text).toContain('Architect: Sostratus of Cnidus');
    expect(text).not.toContain('Random article');
    expect(text).not.toContain('Privacy policy');
    expect(page.blocks.find((b) => b.text.includes('Year: 956, Event: Earthquake'))?.section).toBe(
      'Recorded damage to the lighthouse',
    );
  });
});

describe('readHtml limits', () => {
  it('reads a 5 MB page, keeping at most MAX_PAGE_CHARS and saying it was truncated', () => {
    const para = (i: number) =>
      `<p>Paragraph ${i} tells how the keepers carried fuel up the spiral ramp every evening, and how sailors watched for the fire.</p>\n`;
    const parts: string[] = ['<html><head><title>Big</title></head><body><article>'];
    let size = 0;
    for (let i = 0; size < 5_000_000; i++)
      size += (parts[parts.push(para(i)) - 1] as string).length;
    parts.push('</article></body></html>');
    const page = readHtml(parts.join(''), { url: 'https://fixtures.test/big/' });
    expect(page.truncated).toBe(true);
    expect(page.textLength).toBe(MAX_PAGE_CHARS);
    expect(page.blocks[0]!.text).toMatch(/^Paragraph 0 /);
    expect(splitParagraphs(page.blocks).length).toBeGreaterThan(1000);
  }, 60_000);

  it('honours a smaller maxChars and cuts the last block to fit', () => {
    const html = '<html><body><p>' + 'Alpha beta gamma delta. '.repeat(100) + '</p></body></html>';
    const page = readHtml(html, { url: 'https://fixtures.test/cap/', maxChars: 100 });
    expect(page.truncated).toBe(true);
    expect(page.textLength).toBe(100);
    expect(page.blocks).toHaveLength(1);
  });

  it('is not truncated when the page fits', () => {
    expect(readFixture('demo').truncated).toBe(false);
  });
});
