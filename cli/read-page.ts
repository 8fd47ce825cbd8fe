// A loaded page (cli/load-page.ts) as a PageSnapshot: HTML through the page reader, a PDF through
// lib/pdf with pdf.js's Node build. Also what the CLI adds for PDFs to what it prints: each quote's
// page (from its block, when the pipeline left it out) and each passage's page.

import { toErrorInfo } from '../lib/core/errors';
import { readHtml } from '../lib/page/node';
import { configureNodePdfjs } from '../lib/pdf/node';
import { PdfReadError, pagesWithoutTextNote, readPdf } from '../lib/pdf/read';
import type { AskResult, PageSnapshot, Passage } from '../lib/pipeline/types';
import type { LoadedPage } from './load-page';

/** `note` receives a line for the user: a PDF's pages that had no text layer. */
export async function readLoaded(
  loaded: LoadedPage,
  note: (line: string) => void,
): Promise<PageSnapshot> {
  if (!loaded.pdf) return readHtml(loaded.html, { url: loaded.url });
  await configureNodePdfjs();
  const snapshot = await readPdf(loaded.pdf, { url: loaded.url });
  const missing = pagesWithoutTextNote(snapshot);
  if (missing) note(missing);
  return snapshot;
}

/** The result with each page quote's PDF page filled in from the block it was taken from. */
export function withQuotePages(result: AskResult, page: PageSnapshot): AskResult {
  if (page.extractor !== 'pdf') return result;
  const quotes = result.quotes.map((quote) => {
    const block = page.blocks[quote.source.blockIndex];
    if (quote.source.kind !== 'page' || quote.source.page || !block?.page) return quote;
    return { ...quote, source: { ...quote.source, page: block.page } };
  });
  return { ...result, quotes };
}

/** Passages for `--passages`, with their PDF page when the page is a PDF. */
export function passagesWithPages(passages: Passage[], page: PageSnapshot) {
  if (page.extractor !== 'pdf') return passages;
  return passages.map((p) => ({ ...p, page: page.blocks[p.blockIndex]?.page }));
}

/** An error as the CLI reports it: a PDF's own code and sentence, else the pipeline's. */
export function cliErrorInfo(error: unknown): { code: string; message: string } {
  if (error instanceof PdfReadError) return { code: error.code, message: error.message };
  return toErrorInfo(error);
}
