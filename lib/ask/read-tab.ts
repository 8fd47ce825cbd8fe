// Reading the tab a question is about: a web page through the page reader in the tab, a PDF by
// downloading its bytes in the extension and parsing them in the pipeline Worker (Chrome's PDF
// viewer cannot be scripted). A PDF is known by its address (a path ending in `.pdf`, or the
// extension's own viewer page showing one) or, when the reader cannot read the tab, by the
// Content-Type its server sends.

import { PipelineError } from '../core/errors';
import { t } from '../core/i18n';
import { PDF_MAX_MB } from '../core/limits';
import type { PageSnapshot } from '../pipeline/types';
import { parsePdfViewerLink } from './pdf-link';

/** What reading a tab needs from the browser and the Worker (the panel binds them). */
export interface ReadTabPorts {
  /** The tab's address (any scheme) and title, or null when the extension may not see it. */
  tabInfo(tabId: number): Promise<{ url: string; title: string } | null>;
  /** The page reader's snapshot of the tab; rejects when the tab cannot be read. */
  readWithReader(tabId: number): Promise<PageSnapshot>;
  /** The address's media type (a HEAD request), or null when unknown or not allowed. */
  contentType(url: string): Promise<string | null>;
  /**
   * Host access (or file access) for the PDF; asked for when missing if `prompt` (a question the
   * user just asked), else only checked. Rejects with a code.
   */
  ensureAccess(url: string, prompt: boolean): Promise<void>;
  fetchPdf(
    url: string,
    options: { maxBytes: number; onProgress: (received: number, total: number | null) => void },
  ): Promise<Uint8Array>;
  /** Parses the bytes in the Worker (lib/pdf's readPdf); rejects with a `pdf-*` code. */
  parsePdf(
    bytes: Uint8Array,
    meta: { url: string; title: string },
    onProgress: (detail: string) => void,
  ): Promise<PageSnapshot>;
  /** The extension's viewer page address (`chrome-extension://…/pdf-viewer.html`). */
  viewerPage: string;
}

/** Reading progress, in words, for the progress list's read line. */
export type ReadProgress = (detail: string) => void;

export interface ReadTabOptions {
  onProgress?: ReadProgress;
  /**
   * May ask the user for the PDF's origin: only for a question just asked (the prompt needs the
   * click). The greeting and saved answers read without asking.
   */
  prompt?: boolean;
}

/**
 * The PDF a tab shows, from its address alone: an http(s) or file address whose path ends in
 * `.pdf`, or the viewer page's `file` parameter. Null for anything else.
 */
export function pdfAddress(tabUrl: string, viewerPage: string): string | null {
  let url: URL;
  try {
    url = new URL(tabUrl);
  } catch {
    return null;
  }
  if (tabUrl.startsWith(viewerPage)) return parsePdfViewerLink(tabUrl)?.file ?? null;
  if (!/^(https?|file):$/.test(url.protocol)) return null;
  return /\.pdf$/i.test(url.pathname) ? url.href.replace(/#.*$/, '') : null;
}

/** The tab's page: read by the page reader, or, for a PDF, downloaded and parsed. */
export async function readTab(
  tabId: number,
  ports: ReadTabPorts,
  options: ReadTabOptions = {},
): Promise<PageSnapshot> {
  const tab = await ports.tabInfo(tabId);
  const pdf = tab ? pdfAddress(tab.url, ports.viewerPage) : null;
  if (tab && pdf) return readPdfTab(pdf, tab.title, ports, options);
  // Chrome's PDF viewer at an address without `.pdf` reads as an empty page (or not at all):
  // then the server's Content-Type tells.
  const isPdf = async () =>
    tab !== null && (await ports.contentType(tab.url)) === 'application/pdf';
  let page: PageSnapshot;
  try {
    page = await ports.readWithReader(tabId);
  } catch (error) {
    if (await isPdf()) return readPdfTab(tab!.url, tab!.title, ports, options);
    throw error;
  }
  if (page.blocks.length === 0 && (await isPdf()))
    return readPdfTab(tab!.url, tab!.title, ports, options);
  return page;
}

async function readPdfTab(
  url: string,
  title: string,
  ports: ReadTabPorts,
  { onProgress = () => undefined, prompt = false }: ReadTabOptions,
): Promise<PageSnapshot> {
  await ports.ensureAccess(url, prompt);
  const bytes = await ports.fetchPdf(url, {
    maxBytes: PDF_MAX_MB * 1024 * 1024,
    onProgress: (received, total) => onProgress(downloadDetail(received, total)),
  });
  if (bytes.byteLength === 0) throw new PipelineError('pdf-fetch-failed');
  onProgress(parsingDetail(bytes.byteLength));
  return ports.parsePdf(bytes, { url, title: titleOf(title, url) }, onProgress);
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** "3.2 of 12.0 MB downloaded" (without the total when the server did not say the size). */
export function downloadDetail(received: number, total: number | null): string {
  return total
    ? t('pdf_read_downloaded', megabytes(received), megabytes(total))
    : t('pdf_read_downloaded_unknown', megabytes(received));
}

/** "reading the PDF (12.0 MB)": said while the Worker parses it. */
export function parsingDetail(bytes: number): string {
  return t('pdf_read_parsing', megabytes(bytes));
}

/** Chrome titles a PDF tab with its file name when the PDF has no title of its own. */
function titleOf(title: string, url: string): string {
  if (title && title !== url) return title;
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return name || url;
}
