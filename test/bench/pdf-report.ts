// RESULTS.md section for the PDF bench (test/bench/pdf.ts); results.ts lists it among its sections.

import { fmt, type Get } from './markdown';

export function renderPdfSection(get: Get): string {
  return [
    '## PDFs: reading order and time (lib/pdf)',
    '',
    `The paper: ${fmt(get('pdf.paper.pages'))} pages in two columns (\`paper14()\` in test/support/pdf-layouts.ts: a real`,
    "paper's text set by pdf-lib, with a title, running header and page numbers), " +
      `${fmt(get('pdf.paper.bytes'))} bytes.`,
    '',
    '| Figure | Value | Goal |',
    '| --- | ---: | ---: |',
    `| \`pdf.msPerPage\`: readPdf per page in Chromium (pdf.js parse in its Web Worker + layout), median of ${fmt(get('pdf.chromium.reps'))} runs after warm-up | **${fmt(get('pdf.msPerPage'), 2)} ms** | ≤ 30 ms |`,
    `| \`pdf.readingOrderAccuracy\`: layouts read in exactly their expected block order, of ${fmt(get('pdf.readingOrderLayouts'))} (pdf-lib's layouts, the paper, and a two-column page printed to PDF by Chromium) | **${fmt(get('pdf.readingOrderAccuracy'), 2)}** | 1.0 |`,
    `| \`pdf.answerMs\`: \`npm run ask\` on the paper (Node, reading the PDF included; keywords, extractive composer), median of 3 after one warm-up | **${fmt(get('pdf.answerMs'), 0)} ms** | — |`,
    '',
    `Layouts not read exactly: ${fmt(get('pdf.readingOrderMisses'))}. The answer quotes "22M parameters" from p. 3: ${fmt(get('pdf.answerCitesPage'))}. ` +
      `Whole read in Chromium: ${fmt(get('pdf.chromium.readMs'))} ms, ${fmt(get('pdf.chromium.blocks'))} blocks.`,
  ].join('\n');
}
