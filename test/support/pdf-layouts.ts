// The generated layouts the reading-order tests and the bench check, each with its expected
// blocks. Built on pdf-gen.ts; the 14-page paper is set from a plain-text copy of a paper in
// ../shared/seeds (the EWEK-QA paper), since Debian ships no 14-page two-column paper.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { flowPdf, wrap, type FlowParagraph, type GeneratedPdf } from './pdf-gen';

const TEXTS = [
  'Lighthouses guided ships into harbours for more than two thousand years, and the oldest of them stood at Alexandria on the island of Pharos.',
  'The tower was built in the third century before our era and rose in three stages: a square base, an octagonal middle and a round top where a fire burned at night.',
  'Travellers wrote that its light could be seen from far out at sea, although the distances they give are hard to believe and differ from one account to the next.',
  'Earthquakes damaged the tower several times in the Middle Ages, and by the fifteenth century its stones had been used to build a fortress on the same site.',
  'Divers found blocks and statues in the harbour in the last century, and some of them are now shown in museums beside drawings of how the tower may have looked.',
  'Modern lighthouses use electric lamps and lenses instead of open fires, and most of them now run without keepers, watched from a distance by harbour authorities.',
];

/** Two columns under a spanning title; the second paragraph runs from the left column into the right. */
export async function twoColumns(): Promise<GeneratedPdf> {
  const long = `${TEXTS[1]} ${TEXTS[2]} ${TEXTS[3]} ${TEXTS[4]} ${TEXTS[5]}`;
  const paragraphs: FlowParagraph[] = [{ text: TEXTS[0]! }];
  for (let i = 0; i < 5; i++) paragraphs.push({ text: `${long} (${i + 1})` });
  const pdf = await flowPdf(paragraphs, { title: 'The Lighthouse of Alexandria', columns: 2 });
  return { ...pdf, name: 'two-columns' };
}

/** Three pages with a running header and page numbers: neither may appear in the blocks. */
export async function headersFooters(): Promise<GeneratedPdf> {
  const paragraphs = Array.from({ length: 40 }, (_, i) => ({
    text: `${TEXTS[i % 6]} ${TEXTS[(i + 1) % 6]} Paragraph ${i + 1} ends here.`,
  }));
  const pdf = await flowPdf(paragraphs, {
    columns: 1,
    justify: false,
    header: 'Journal of Harbour Studies, Vol. 12',
    pageNumbers: true,
  });
  return { ...pdf, name: 'headers-footers' };
}

const LINE = (
  page: import('pdf-lib').PDFPage,
  text: string,
  x: number,
  y: number,
  size = 10,
  font?: import('pdf-lib').PDFFont,
) => page.drawText(text, { x, y, size, ...(font ? { font } : {}) });

/** Lines that end in hyphens: split words are joined, real hyphens kept. */
export async function hyphenation(): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  const lines = [
    '    The keepers recorded every ship that passed and kept the infor-',
    'mation in large books, with the state-of-the-',
    'art lamps of their time and the wind, the weather and the',
    'names of the captains, among them Jean-',
    'Paul Martin, who sailed for thirty years between the two har-',
    'bours and wrote a well-known account of his self-',
    'taught navigation by the stars.',
  ];
  lines.forEach((text, i) =>
    LINE(page, text.trimStart(), text.startsWith(' ') ? 84 : 72, 700 - i * 12, 10, font),
  );
  return {
    name: 'hyphenation',
    bytes: await doc.save(),
    expected: [
      'The keepers recorded every ship that passed and kept the information in large books, with the state-of-the-art lamps of their time and the wind, the weather and the names of the captains, among them Jean-Paul Martin, who sailed for thirty years between the two harbours and wrote a well-known account of his self-taught navigation by the stars.',
    ],
  };
}

/** A normal page, then a page turned by /Rotate 90 whose text is drawn so it reads upright. */
export async function rotatedPage(): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const first = doc.addPage([612, 792]);
  const expected = [TEXTS[0]!, TEXTS[1]!];
  wrap(expected[0]!, font, 10, 468).forEach((line, i) =>
    LINE(first, line, 72, 700 - i * 12, 10, font),
  );
  const turned = doc.addPage([612, 792]);
  turned.setRotation(degrees(90));
  // Shown turned a quarter clockwise: user-space x runs down the displayed page, y across it.
  wrap(expected[1]!, font, 10, 640).forEach((line, i) =>
    turned.drawText(line, { x: 90 + i * 12, y: 72, size: 10, font, rotate: degrees(90) }),
  );
  return { name: 'rotated', bytes: await doc.save(), expected };
}

/** A paragraph, a captioned table with a header row and numbers, and a paragraph after it. */
export async function table(): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  let y = 700;
  const before =
    'We compare three retrievers on the same questions; the table below gives their accuracy.';
  const after = 'The cross-encoder is slower than keyword search but finds the answer more often.';
  LINE(page, before, 72, y, 10, font);
  y -= 24;
  LINE(page, 'Table 1: Accuracy by retriever.', 72, y, 10, font);
  y -= 18;
  const rows = [
    ['Retriever', 'Parameters', 'Accuracy'],
    ['BM25', '0', '61.2'],
    ['MiniLM', '22M', '70.4'],
    ['T5 reranker', '220M', '74.9'],
  ];
  for (const row of rows) {
    row.forEach((cell, i) => LINE(page, cell, 72 + i * 120, y, 10, font));
    y -= 14;
  }
  y -= 10;
  LINE(page, after, 72, y, 10, font);
  return {
    name: 'table',
    bytes: await doc.save(),
    expected: [
      before,
      'Retriever: BM25, Parameters: 0, Accuracy: 61.2\nRetriever: MiniLM, Parameters: 22M, Accuracy: 70.4\nRetriever: T5 reranker, Parameters: 220M, Accuracy: 74.9',
      after,
    ],
  };
}

/**
 * A footnote at the foot of page 1 while a paragraph runs on to page 2: the footnote comes after
 * that paragraph, as a block of its own.
 */
export async function footnotes(): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const first = doc.addPage([612, 792]);
  const second = doc.addPage([612, 792]);
  const intro = `${TEXTS[0]} ${TEXTS[1]}`;
  const running = Array.from({ length: 6 }, (_, i) => TEXTS[i]).join(' ');
  const lines = wrap(intro, font, 10, 468, 12);
  let y = 700;
  lines.forEach((line, i) => LINE(first, line, i === 0 ? 84 : 72, (y -= 12), 10, font));
  // The mark: a small raised "1" after the paragraph's last word.
  const lastWidth = font.widthOfTextAtSize(lines.at(-1)!, 10);
  LINE(first, '1', 72 + lastWidth, y + 4, 6, font);
  const body = wrap(running, font, 10, 468, 12);
  y -= 12;
  const onFirst = Math.floor((y - 130) / 12);
  body
    .slice(0, onFirst)
    .forEach((line, i) => LINE(first, line, i === 0 ? 84 : 72, (y -= 12), 10, font));
  LINE(
    first,
    '1 Pharos was the name of the island, and it became the word for lighthouse.',
    72,
    100,
    8,
    font,
  );
  body.slice(onFirst).forEach((line, i) => LINE(second, line, 72, 700 - i * 12, 10, font));
  const closing = 'The next chapter turns to the lighthouses of the Roman empire.';
  LINE(second, closing, 84, 700 - body.slice(onFirst).length * 12 - 12, 10, font);
  return {
    name: 'footnotes',
    bytes: await doc.save(),
    expected: [
      `${intro}1`,
      running,
      '1 Pharos was the name of the island, and it became the word for lighthouse.',
      closing,
    ],
  };
}

/**
 * Two columns with a footnote at the foot of the left one: the paragraph that runs from the left
 * column into the right reads whole, and the footnote comes after the page's body.
 */
export async function columnFootnote(): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  const width = 240;
  const first = `${TEXTS[0]} ${TEXTS[1]}`;
  const second = Array.from({ length: 16 }, (_, i) => TEXTS[(i + 2) % 6]).join(' ');
  const note = '1 The island was joined to the city by a mole of seven stadia.';
  const lines = [
    ...wrap(first, font, 10, width, 12).map((text, i) => ({ text, indent: i === 0 })),
    ...wrap(second, font, 10, width, 12).map((text, i) => ({ text, indent: i === 0 })),
  ];
  const perColumn = Math.floor((700 - 130) / 12);
  lines.forEach((line, i) => {
    const column = i < perColumn ? 0 : 1;
    const row = column ? i - perColumn : i;
    const x = 54 + column * (width + 24) + (line.indent ? 12 : 0);
    LINE(page, line.text, x, 700 - row * 12, 10, font);
  });
  LINE(page, note, 54, 100, 8, font);
  return { name: 'column-footnote', bytes: await doc.save(), expected: [first, second, note] };
}

/** A one-pixel-grey PNG, scaled up: a page that is only an image, like a scan. */
function greyPng(): Uint8Array {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc(8 * 9, 0x80);
  for (let row = 0; row < 8; row++) raw[row * 9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pages that are images only; with `textFirst`, a first page with text before them. */
export async function scanned(textFirst = false): Promise<GeneratedPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const image = await doc.embedPng(greyPng());
  const text = 'The first page has a text layer; the pages after it are scanned images.';
  if (textFirst) LINE(doc.addPage([612, 792]), text, 72, 700, 10, font);
  for (let i = 0; i < 2; i++)
    doc.addPage([612, 792]).drawImage(image, { x: 50, y: 50, width: 512, height: 692 });
  return {
    name: textFirst ? 'partly-scanned' : 'scanned',
    bytes: await doc.save(),
    expected: textFirst ? [text] : [],
  };
}

/** A file cut short, as a broken download leaves it. */
export async function truncated(): Promise<GeneratedPdf> {
  const whole = (await twoColumns()).bytes;
  return { name: 'truncated', bytes: whole.slice(0, Math.floor(whole.length * 0.6)), expected: [] };
}

/**
 * A minimal PDF encrypted with the standard security handler and a user password (pdf-lib cannot
 * encrypt): its /U entry matches no empty password, so a reader must ask for one.
 */
export function encrypted(): GeneratedPdf {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) =>
      ((seed * (i + 7) * 131) & 0xff).toString(16).padStart(2, '0'),
    ).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 3)}> /U <${hex(32, 5)}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = `<${hex(16, 9)}>`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [${id} ${id}] >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name: 'encrypted', bytes: new TextEncoder().encode(body), expected: [] };
}

/** Paragraphs and headings of a plain-text paper in ../shared/seeds. */
export function seedParagraphs(file: string): FlowParagraph[] {
  const text = readFileSync(file, 'utf8');
  return text
    .split('\n')
    .map((line) =>
      line
        .normalize('NFKC')
        .replace(/[*_#`]/g, '')
        // Links are wider than a column; a reader cannot tell where a broken one rejoins.
        .replace(/<?https?:\/\/\S+/g, '(link)')
        .trim(),
    )
    .filter((line) => line.length > 0 && !line.includes('|'))
    .map((line) =>
      /^\d+(\.\d+)* [A-Z]/.test(line) && line.length < 70
        ? { text: line, heading: true }
        : { text: line },
    );
}

/** The 14-page two-column paper of the bench: the EWEK-QA paper's text, set in two columns. */
export async function paper14(seeds: string): Promise<GeneratedPdf & { pages: number }> {
  const paragraphs = seedParagraphs(resolve(seeds, '000_f7bba71fa5217530.txt'));
  const [title, ...rest] = paragraphs;
  const pdf = await flowPdf(rest.concat(rest), {
    title: title!.text,
    columns: 2,
    header: 'EWEK-QA: Enhanced Web and Efficient Knowledge Graph Retrieval',
    pageNumbers: true,
    maxPages: 14,
  });
  return { ...pdf, name: 'paper-14' };
}

/** Every layout with an exact expected reading order (the bench's accuracy set). */
export async function orderedLayouts(): Promise<GeneratedPdf[]> {
  return [
    await twoColumns(),
    await headersFooters(),
    await hyphenation(),
    await rotatedPage(),
    await table(),
    await footnotes(),
    await columnFootnote(),
    await scanned(true),
  ];
}
