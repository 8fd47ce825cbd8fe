// pdf.js for Node (the CLI, tests, benchmarks): the legacy build, which runs its worker in-process,
// with the font data and CMaps read from the installed package.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { configurePdfjs, type Pdfjs } from './pdfjs';

let ready: Promise<void> | undefined;

export function configureNodePdfjs(): Promise<void> {
  ready ??= (async () => {
    const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as Pdfjs;
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    configurePdfjs({
      pdfjs,
      standardFontDataUrl: join(root, 'standard_fonts') + '/',
      cMapUrl: join(root, 'cmaps') + '/',
    });
  })();
  return ready;
}
