// A PDF written by another producer than pdf-lib: Chromium's "Save as PDF" (Skia) prints an HTML
// page set in two CSS columns, justified, with a running header and page numbers. Used by the PDF
// bench (its reading-order set) where Chromium runs anyway.

import type { BrowserContext } from 'playwright-core';
import type { GeneratedPdf } from './pdf-gen';

const PARAGRAPHS = [
  'Lighthouses guided ships into harbours for more than two thousand years, and the oldest of them stood at Alexandria on the island of Pharos.',
  'The tower was built in the third century before our era and rose in three stages: a square base, an octagonal middle and a round top where a fire burned at night.',
  'Travellers wrote that its light could be seen from far out at sea, although the distances they give are hard to believe and differ from one account to the next.',
  'Earthquakes damaged the tower several times in the Middle Ages, and by the fifteenth century its stones had been used to build a fortress on the same site.',
];

export async function printedTwoColumns(context: BrowserContext): Promise<GeneratedPdf> {
  const expected = Array.from({ length: 24 }, (_, i) => `${PARAGRAPHS[i % 4]} (${i + 1})`);
  const style =
    'body{font:11pt/1.3 serif;margin:0} main{columns:2;column-gap:24pt} ' +
    'p{margin:0 0 6pt;text-align:justify} h1{font-size:20pt}';
  const html =
    `<!doctype html><html lang="en"><head><title>The Lighthouse of Alexandria</title>` +
    `<style>${style}</style></head><body><h1>The Lighthouse of Alexandria</h1>` +
    `<main>${expected.map((p) => `<p>${p}</p>`).join('')}</main></body></html>`;
  const page = await context.newPage();
  try {
    await page.setContent(html);
    const bytes = await page.pdf({
      format: 'A4',
      margin: { top: '2cm', bottom: '2cm', left: '2cm', right: '2cm' },
      displayHeaderFooter: true,
      headerTemplate: '<div style="font-size:8pt;width:100%;text-align:center">Harbour notes</div>',
      footerTemplate:
        '<div style="font-size:8pt;width:100%;text-align:center"><span class="pageNumber"></span></div>',
    });
    return { name: 'chromium-print', bytes: new Uint8Array(bytes), expected };
  } finally {
    await page.close();
  }
}
