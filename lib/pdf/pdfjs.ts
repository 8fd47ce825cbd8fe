// pdf.js setup, shared by every caller of readPdf: the CLI and tests configure it with the Node
// build (lib/pdf/node.ts), the extension's pipeline Worker with the browser build and the worker
// script shipped in the package. Nothing here fetches code or data: fonts and CMaps are read only
// from the local URLs the caller gives, and pdf.js never evaluates code from a PDF
// (docs/SECURITY.md, property 2: no remote code).

import type * as PdfjsModule from 'pdfjs-dist';

/** The pdf.js module the caller loaded (`pdfjs-dist` or `pdfjs-dist/legacy/build/pdf.mjs`). */
export type Pdfjs = typeof PdfjsModule;

export interface PdfjsSetup {
  pdfjs: Pdfjs;
  /** Local folder (URL or, in Node, a path) of pdf.js's standard font data, ending in '/'. */
  standardFontDataUrl?: string;
  /** Local folder of pdf.js's packed CMaps (CJK text), ending in '/'. */
  cMapUrl?: string;
  /**
   * Fetch fonts' data and CMaps from pdf.js's worker code. In a Web Worker (the extension's
   * pipeline worker) pdf.js's own fetch helper reads `document.baseURI`, which does not exist
   * there, so every font load failed; its worker code uses plain `fetch`.
   */
  workerFetch?: boolean;
}

let current: PdfjsSetup | undefined;

/** Called once by the context that reads PDFs, before the first readPdf. */
export function configurePdfjs(setup: PdfjsSetup): void {
  current = setup;
}

export function pdfjsSetup(): PdfjsSetup {
  if (!current) throw new Error('pdf.js is not configured: call configurePdfjs first');
  return current;
}

/** getDocument's parameters: no eval, no remote fonts or CMaps, fonts never installed. */
export function documentParams(data: Uint8Array, setup: PdfjsSetup) {
  return {
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    ...(setup.standardFontDataUrl ? { standardFontDataUrl: setup.standardFontDataUrl } : {}),
    ...(setup.cMapUrl ? { cMapUrl: setup.cMapUrl, cMapPacked: true } : {}),
    ...(setup.workerFetch ? { useWorkerFetch: true } : {}),
  };
}
