// The pure half of PDF reading (lib/pdf/layout.ts and its parts) on hand-written text runs.
import { describe, expect, it } from 'vitest';
import { layoutPages } from '../../lib/pdf/layout';
import { displayedBox, uprightPage } from '../../lib/pdf/runs';
import { joinLines, vocabulary } from '../../lib/pdf/text';
import { isPageNumber } from '../../lib/pdf/furniture';
import type { PageText, TextRun } from '../../lib/pdf/types';

/** A run of 10-point text, 5 points a character. */
const run = (text: string, x: number, y: number, size = 10): TextRun => ({
  text,
  x,
  y,
  size,
  width: text.length * size * 0.5,
});
const page = (n: number, runs: TextRun[]): PageText => ({ page: n, width: 612, height: 792, runs });
const texts = (pages: PageText[]) => layoutPages(pages).blocks.map((b) => b.text);

/** Lines of a column from `y` down, 12 points apart; two leading spaces indent a line by 12. */
function column(lines: string[], x: number, y: number): TextRun[] {
  return lines.map((line, i) =>
    run(line.trimStart(), line.startsWith('  ') ? x + 12 : x, y + i * 12),
  );
}

const LEFT = [
  '  The harbour of Alexandria had two basins',
  'and a long mole that joined the island to the',
  'city; the lighthouse stood at the eastern end',
  'of the island, where ships coming from the',
];
const RIGHT = [
  'west could see it first, long before the town',
  'itself came into view above the flat coast.',
  '  A second paragraph begins in the right col-',
  'umn and ends here with a full stop at last.',
];

describe('layoutPages: columns', () => {
  it('finds the gutter under a centred caption that crosses it, and reads the caption first', () => {
    const caption = 'Figure 1: The harbour and the island, seen from the sea.';
    const pages = [
      page(1, [
        run(caption, 306 - caption.length * 2.5, 100),
        ...column(LEFT, 54, 120),
        ...column(RIGHT, 320, 120),
      ]),
    ];
    expect(texts(pages)).toEqual([
      caption,
      'The harbour of Alexandria had two basins and a long mole that joined the island to the city; the lighthouse stood at the eastern end of the island, where ships coming from the west could see it first, long before the town itself came into view above the flat coast.',
      'A second paragraph begins in the right column and ends here with a full stop at last.',
    ]);
  });

  it('reads a two-column page column by column, a sentence running across the gutter whole', () => {
    const pages = [
      page(1, [
        run('The Lighthouse of Alexandria', 150, 80, 18),
        ...column(LEFT, 54, 120),
        ...column(RIGHT, 320, 120),
      ]),
    ];
    const { blocks, title } = layoutPages(pages);
    expect(title).toBe('The Lighthouse of Alexandria');
    expect(blocks.map((b) => b.text)).toEqual([
      'The harbour of Alexandria had two basins and a long mole that joined the island to the city; the lighthouse stood at the eastern end of the island, where ships coming from the west could see it first, long before the town itself came into view above the flat coast.',
      'A second paragraph begins in the right column and ends here with a full stop at last.',
    ]);
    expect(blocks[0]).toMatchObject({ section: 'The Lighthouse of Alexandria', page: 1 });
    // The box covers both columns' lines of the first paragraph on its page.
    expect(blocks[0]!.box!.x).toBe(54);
    expect(blocks[0]!.box!.x + blocks[0]!.box!.width).toBeGreaterThan(500);
  });

  it('reads a one-column page top to bottom, paragraphs split at indents and wider gaps', () => {
    const runs = [
      ...column(['  First paragraph, line one goes on', 'and ends here.'], 72, 100),
      ...column(['Second paragraph after a gap, flush left.'], 72, 140),
      ...column(['  Third paragraph is indented.'], 72, 152),
    ];
    expect(texts([page(1, runs)])).toEqual([
      'First paragraph, line one goes on and ends here.',
      'Second paragraph after a gap, flush left.',
      'Third paragraph is indented.',
    ]);
  });
});

describe('layoutPages: page furniture', () => {
  it('drops running headers, footers and page numbers, and keeps text that repeats elsewhere', () => {
    const pages = [1, 2, 3].map((n) =>
      page(n, [
        run('Journal of Harbour Studies 12', 72, 40, 8),
        run(`Page ${n} of 3`, 280, 760, 8),
        ...column([`Body text of page ${n} is a sentence long enough to read.`], 72, 100),
        run('Lighthouses', 72, 300),
      ]),
    );
    const got = texts(pages);
    expect(got.join('\n')).not.toMatch(/Journal of Harbour Studies|Page \d of 3/);
    expect(got.filter((t) => t.includes('Lighthouses'))).toHaveLength(3);
  });

  it.each([
    ['4', true],
    ['- 4 -', true],
    ['iv', true],
    ['Page 4 of 14', true],
    ['4 / 14', true],
    ['Table 4', false],
    ['2023', true],
    ['In 2023 the', false],
  ])('isPageNumber(%s) is %s', (text, expected) => {
    expect(isPageNumber(text)).toBe(expected);
  });
});

describe('joinLines: hyphens and web addresses at line ends', () => {
  const words = vocabulary(['a well-known self-report', 'the database']);
  it.each([
    ['keeps the infor-', 'mation safe', 'keeps the information safe'],
    ['the state-of-the-', 'art lamp', 'the state-of-the-art lamp'],
    ['among them Jean-', 'Paul Martin', 'among them Jean-Paul Martin'],
    ['a well-', 'known fact', 'a well-known fact'],
    ['it was self-', 'taught', 'it was self-taught'],
    ['the data-', 'base', 'the database'],
    ['COVID-', '19 cases', 'COVID-19 cases'],
    ['soft\u00ad', 'ware', 'software'],
    ['no hyphen', 'here', 'no hyphen here'],
    ['please see https:', '//www.acm.org/taps/', 'please see https://www.acm.org/taps/'],
    ['at https://www.', 'acm.org/publications', 'at https://www.acm.org/publications'],
    ['https://doi.org/10.1145/1188913.', '1188915', 'https://doi.org/10.1145/1188913.1188915'],
    ['see https://www.acm.org/.', 'The end', 'see https://www.acm.org/. The end'],
  ])('%s + %s → %s', (text, line, expected) => {
    expect(joinLines(text, line, words)).toBe(expected);
  });
});

describe('layoutPages: tables and footnotes', () => {
  it('reads aligned short cells as a table, a row per line, named by the caption above', () => {
    const rows = [
      ['Retriever', 'Parameters', 'Accuracy'],
      ['BM25', '0', '61.2'],
      ['MiniLM', '22M', '70.4'],
    ];
    const runs = [
      run('Table 1: Accuracy by retriever.', 72, 100),
      ...rows.flatMap((cells, r) => cells.map((cell, c) => run(cell, 72 + c * 120, 120 + r * 14))),
      run('A paragraph after the table closes the page.', 72, 180),
    ];
    const { blocks } = layoutPages([page(1, runs)]);
    expect(blocks.map((b) => [b.kind, b.text, b.section])).toEqual([
      [
        'table',
        'Retriever: BM25, Parameters: 0, Accuracy: 61.2\nRetriever: MiniLM, Parameters: 22M, Accuracy: 70.4',
        'Table 1: Accuracy by retriever.',
      ],
      ['paragraph', 'A paragraph after the table closes the page.', undefined],
    ]);
  });

  it('does not take justified prose with wide, even word gaps for a table', () => {
    // Each line's words spread to fill 72…540 with equal gaps, as justification leaves them.
    const words = (y: number, list: string[]) => {
      const width = list.reduce((n, w) => n + w.length * 5, 0);
      const gap = (468 - width) / (list.length - 1);
      let x = 72;
      return list.map((w) => {
        const r = run(w, x, y);
        x += r.width + gap;
        return r;
      });
    };
    const runs = [
      ...words(100, ['Uncharacteristically', 'overwhelming', 'considerations']),
      ...words(112, ['notwithstanding', 'extraordinary', 'circumstances.']),
      ...words(124, ['Nevertheless', 'unquestionably', 'ended.']),
    ];
    const { blocks } = layoutPages([page(1, runs)]);
    expect(blocks.map((b) => b.kind)).not.toContain('table');
  });

  it('sets small notes at the foot of the page apart, after the paragraph open at the page end', () => {
    const body = (n: number, lines: string[]) => column(lines, 72, 100).map((r) => ({ ...r }));
    const pages = [
      page(1, [
        ...body(1, [
          '  The island gave the tower its name, and the',
          'name went on to mean any lighthouse at all in',
        ]),
        run('1', 72 + 46 * 5, 97, 6),
        run('1 Pharos was the island; the word became the name of lighthouses.', 72, 740, 8),
      ]),
      page(2, [...column(['several languages of the Mediterranean.'], 72, 100)]),
    ];
    const { blocks } = layoutPages(pages, { footnotesLabel: 'Footnotes' });
    expect(blocks.map((b) => [b.kind, b.section, b.page])).toEqual([
      ['paragraph', undefined, 1],
      ['lines', 'Footnotes', 1],
    ]);
    expect(blocks[0]!.text).toMatch(/in several languages of the Mediterranean\.$/);
    expect(blocks[1]!.text).toBe(
      '1 Pharos was the island; the word became the name of lighthouses.',
    );
  });
});

describe('layoutPages: a reference list in small type', () => {
  it('reads entries at the page foot as entries, not footnotes, whatever they start with', () => {
    const entries = Array.from({ length: 36 }, (_, i) =>
      i % 2 === 0
        ? `[${i / 2 + 1}] A. Author. 2007. A title of the paper number ${i / 2 + 1}.`
        : `${i + 40} pages. Journal of Examples.`,
    );
    const runs = [
      ...column(['  A paragraph of body text before the list of references ends.'], 72, 100),
      ...entries.map((text, i) => run(text, i % 2 === 0 ? 72 : 84, 300 + i * 12, 8)),
    ];
    const { blocks } = layoutPages([page(1, runs)]);
    expect(blocks.filter((b) => b.kind === 'lines')).toEqual([]);
    expect(blocks.at(-1)!.text).toBe(
      '[18] A. Author. 2007. A title of the paper number 18. 75 pages. Journal of Examples.',
    );
  });
});

describe('uprightPage: rotation', () => {
  it('turns a /Rotate 90 page whose text reads across the displayed page into upright runs', () => {
    // /Rotate 90 as pdf.js's viewport gives it: displayed x = user y, displayed y = user x.
    const viewport = [0, 1, 1, 0, 0, 0];
    const items = [
      { str: 'First line', width: 50, transform: [0, 10, -10, 0, 80, 72] },
      { str: 'Second line', width: 55, transform: [0, 10, -10, 0, 92, 72] },
    ];
    const upright = uprightPage(2, items, viewport, 792, 612);
    expect(upright.rotation ?? 0).toBe(0);
    expect(upright.runs.map((r) => [r.text, r.x, r.y])).toEqual([
      ['First line', 72, 80],
      ['Second line', 72, 92],
    ]);
  });

  it('turns text drawn top to bottom upright and maps boxes back onto the displayed page', () => {
    // Text that runs down the displayed page (a landscape table printed sideways).
    const items = [{ str: 'Sideways', width: 40, transform: [0, -10, 10, 0, 100, 700] }];
    const upright = uprightPage(1, items, [1, 0, 0, -1, 0, 792], 612, 792);
    expect(upright.rotation).toBe(90);
    expect([upright.width, upright.height]).toEqual([792, 612]);
    const [r] = upright.runs;
    expect(r).toMatchObject({ text: 'Sideways', x: 92, y: 512 });
    const box = { x: r!.x, y: r!.y - 10, width: 40, height: 10 };
    // Back on the displayed page the box stands upright at x ≈ 100 (the baseline), from y = 92 down.
    expect(displayedBox(box, 90, upright.width, upright.height)).toEqual({
      x: 100,
      y: 92,
      width: 10,
      height: 40,
    });
  });
});
