// Reads a PDF's bytes into a PageSnapshot: pdf.js (configured by the caller, lib/pdf/pdfjs.ts)
// parses it and gives each page's text items; lib/pdf/layout.ts rebuilds the reading order.
// Runs in Node (the CLI) and in the extension's pipeline Worker. Limits are checked before any
// parsing that costs: size before pdf.js sees a byte, page count before any page is read.

import { t } from '../core/i18n';
import type { Block, PageSnapshot } from '../pipeline/types';
import { layoutPages } from './layout';
import { documentParams, pdfjsSetup } from './pdfjs';
import { uprightPage, type RawItem } from './runs';
import type { PageText } from './types';

export const MAX_PDF_BYTES = 100 * 1024 * 1024;
export const MAX_PDF_PAGES = 2_000;
/** Text kept from one PDF: the page reader's cap (lib/page/read.ts), for the same stages after. */
export const MAX_PDF_CHARS = 2_000_000;

export interface PdfReadOptions {
  url: string;
  title?: string;
  /** Default 100 MB. */
  maxBytes?: number;
  /** Default 2,000. */
  maxPages?: number;
  /** Characters of text kept, default 2,000,000; past it the snapshot says `truncated`. */
  maxChars?: number;
  signal?: AbortSignal;
}

export type PdfErrorCode =
  'pdf-too-large' | 'pdf-too-many-pages' | 'pdf-encrypted' | 'pdf-corrupt' | 'pdf-no-text';

function messageOf(code: PdfErrorCode, limit: number): string {
  if (code === 'pdf-too-large') return t('pdf_error_too_large', Math.round(limit / 1024 / 1024));
  if (code === 'pdf-too-many-pages') return t('pdf_error_too_many_pages', limit);
  if (code === 'pdf-encrypted') return t('pdf_error_encrypted');
  if (code === 'pdf-no-text') return t('pdf_error_no_text');
  return t('pdf_error_corrupt');
}

/** A PDF that cannot be read; `message` is the sentence for a person, in the bound language. */
export class PdfReadError extends Error {
  constructor(
    readonly code: PdfErrorCode,
    limit = 0,
    readonly detail?: string,
  ) {
    super(messageOf(code, limit));
    this.name = 'PdfReadError';
  }
}

/** The snapshot, and the pages that had no text layer (when some did and some did not). */
export interface PdfSnapshot extends PageSnapshot {
  extractor: 'pdf';
  pageCount: number;
  pagesWithoutText?: number[];
}

/** The sentence that names the pages left out for having no text layer, when there are some. */
export function pagesWithoutTextNote(snapshot: PageSnapshot): string | undefined {
  const pages = (snapshot as Partial<PdfSnapshot>).pagesWithoutText;
  return pages?.length ? t('pdf_error_pages_without_text', pages.join(', ')) : undefined;
}

/**
 * pdf.js reads damaged files leniently and would give a truncated file's surviving pages as if
 * whole: a file must start with "%PDF-" and end with "%%EOF" (within the last 16 KB: some writers
 * append a little after it) to be read.
 */
function checkFraming(data: Uint8Array): void {
  const text = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (!text(0, 1024).includes('%PDF-')) throw new PdfReadError('pdf-corrupt', 0, 'no %PDF- header');
  if (!text(Math.max(0, data.length - 16_384), data.length).includes('%%EOF'))
    throw new PdfReadError('pdf-corrupt', 0, 'no %%EOF: truncated');
}

function classify(error: unknown): Error {
  if (error instanceof PdfReadError) return error;
  const name = (error as { name?: unknown } | undefined)?.name;
  if (name === 'AbortError') return error as Error;
  if (name === 'PasswordException') return new PdfReadError('pdf-encrypted');
  return new PdfReadError('pdf-corrupt', 0, error instanceof Error ? error.message : String(error));
}

type PdfDocument = Awaited<LoadingTask['promise']>;

async function outlineTitles(doc: PdfDocument): Promise<string[]> {
  const titles: string[] = [];
  const stack = [...((await doc.getOutline().catch(() => null)) ?? [])];
  while (stack.length && titles.length < 2_000) {
    const item = stack.shift()!;
    if (item.title) titles.push(item.title);
    stack.push(...(item.items ?? []));
  }
  return titles;
}

/** Pages asked of pdf.js's worker at once: their round trips overlap, memory stays bounded. */
const PAGES_IN_FLIGHT = 8;

async function pageText(doc: PdfDocument, n: number): Promise<PageText> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.flatMap((item): RawItem[] =>
    'str' in item
      ? [{ ...item, mono: content.styles[item.fontName]?.fontFamily === 'monospace' }]
      : [],
  );
  page.cleanup();
  return uprightPage(n, items, viewport.transform, viewport.width, viewport.height);
}

async function pageTexts(doc: PdfDocument, signal?: AbortSignal): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (let first = 1; first <= doc.numPages; first += PAGES_IN_FLIGHT) {
    signal?.throwIfAborted();
    const last = Math.min(doc.numPages, first + PAGES_IN_FLIGHT - 1);
    const numbers = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    pages.push(...(await Promise.all(numbers.map((n) => pageText(doc, n)))));
  }
  return pages;
}

/** The document's /Title and its catalog's /Lang (a language tag), when they are set. */
async function documentInfo(doc: PdfDocument): Promise<{ title?: string; lang?: string }> {
  const meta = await doc.getMetadata().catch(() => undefined);
  const info = (meta?.info ?? {}) as { Title?: unknown; Language?: unknown };
  const title = typeof info.Title === 'string' ? info.Title.trim() : '';
  const lang = typeof info.Language === 'string' ? info.Language.trim() : '';
  return {
    ...(title ? { title } : {}),
    ...(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(lang) ? { lang } : {}),
  };
}

/** Blocks up to `maxChars` characters of text; the block that crosses the cap is cut. */
function capChars(blocks: Block[], maxChars: number): { kept: Block[]; truncated: boolean } {
  let total = 0;
  for (const [i, block] of blocks.entries()) {
    if (total + block.text.length > maxChars) {
      const room = maxChars - total;
      const kept = blocks.slice(0, i);
      if (room > 0) kept.push({ ...block, text: block.text.slice(0, room) });
      return { kept, truncated: true };
    }
    total += block.text.length;
  }
  return { kept: blocks, truncated: false };
}

function fileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

type LoadingTask = ReturnType<ReturnType<typeof pdfjsSetup>['pdfjs']['getDocument']>;

async function parse(task: LoadingTask, maxPages: number, signal?: AbortSignal) {
  const doc = await task.promise;
  if (doc.numPages > maxPages) throw new PdfReadError('pdf-too-many-pages', maxPages);
  const pages = await pageTexts(doc, signal);
  return { doc, pages, outline: await outlineTitles(doc), info: await documentInfo(doc) };
}

export async function readPdf(data: Uint8Array, options: PdfReadOptions): Promise<PdfSnapshot> {
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES;
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  if (data.byteLength > maxBytes) throw new PdfReadError('pdf-too-large', maxBytes);
  options.signal?.throwIfAborted();
  checkFraming(data);
  const setup = pdfjsSetup();
  // A copy: pdf.js hands its buffer to its worker, which would empty the caller's array.
  const task = setup.pdfjs.getDocument(documentParams(data.slice(), setup));
  const stop = () => void task.destroy();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    // Only pdf.js's failures say the file is bad; a failure of the layout is a bug, said as such.
    const { doc, pages, outline, info } = await parse(task, maxPages, options.signal).catch(
      (error: unknown) => {
        options.signal?.throwIfAborted();
        throw classify(error);
      },
    );
    const layout = layoutPages(pages, {
      outline,
      footnotesLabel: t('pdf_section_footnotes'),
    });
    const { pagesWithoutText } = layout;
    if (layout.blocks.length === 0) throw new PdfReadError('pdf-no-text');
    const { kept: blocks, truncated } = capChars(layout.blocks, options.maxChars ?? MAX_PDF_CHARS);
    return {
      url: options.url,
      title: options.title || info.title || layout.title || fileName(options.url),
      ...(info.lang ? { lang: info.lang } : {}),
      blocks,
      textLength: blocks.reduce((n, b) => n + b.text.length, 0),
      extractor: 'pdf',
      pageCount: doc.numPages,
      truncated,
      ...(truncated ? { truncatedBy: 'characters' as const } : {}),
      ...(pagesWithoutText.length ? { pagesWithoutText } : {}),
    };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await task.destroy();
  }
}
