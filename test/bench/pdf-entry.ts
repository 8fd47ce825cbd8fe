// Entry of the bundle test/bench/pdf.ts loads into a Chromium page (esbuild, ES module): pdf.js's
// browser build with its worker script served beside it, lib/pdf's readPdf, and one global the
// bench drives through page.evaluate.

import * as pdfjs from 'pdfjs-dist';
import { configurePdfjs, type Pdfjs } from '../../lib/pdf/pdfjs';
import { readPdf } from '../../lib/pdf/read';

export interface PdfBench {
  /** Reads the PDF at `url` `warmup + reps` times; the timed runs' milliseconds and block count. */
  run(options: { url: string; reps: number; warmup: number }): Promise<{
    ms: number[];
    pages: number;
    blocks: number;
  }>;
}

pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
configurePdfjs({ pdfjs: pdfjs as unknown as Pdfjs, standardFontDataUrl: '/standard_fonts/' });

const bench: PdfBench = {
  async run({ url, reps, warmup }) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const ms: number[] = [];
    let pages = 0;
    let blocks = 0;
    for (let i = 0; i < warmup + reps; i++) {
      const t0 = performance.now();
      const snapshot = await readPdf(bytes, { url });
      const elapsed = performance.now() - t0;
      pages = snapshot.pageCount;
      blocks = snapshot.blocks.length;
      if (i >= warmup) ms.push(elapsed);
    }
    return { ms, pages, blocks };
  },
};

(globalThis as unknown as { __pdfBench: PdfBench }).__pdfBench = bench;
