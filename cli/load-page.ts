// Loads a page for the CLI from a file path or an http(s) URL, with a timeout, a size cap and a
// check that it is HTML or a PDF (read by lib/pdf, with its own, larger cap). The fetch function is
// injected (tests pass a local server's fetch).

import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PipelineError } from '../lib/core/errors';
import { MAX_PDF_BYTES, PdfReadError } from '../lib/pdf/read';

export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

export interface LoadedPage {
  /** The page's HTML; empty for a PDF. */
  html: string;
  url: string;
  /** A PDF's bytes, when the file or the response is a PDF. */
  pdf?: Uint8Array;
}

const isPdf = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-');

export interface LoadOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

export async function loadPage(location: string, options: LoadOptions = {}): Promise<LoadedPage> {
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  if (/^https?:\/\//i.test(location))
    return fetchPage(location, options.fetch ?? fetch, options.timeoutMs ?? 15_000, maxBytes);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location))
    throw new PipelineError('page-fetch-failed', `unsupported address ${location.split(':')[0]}:`);
  const path = resolve(location);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new PipelineError(
      'page-fetch-failed',
      `${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
  const url = pathToFileURL(path).href;
  if (isPdf(bytes)) {
    if (bytes.length > MAX_PDF_BYTES) throw new PdfReadError('pdf-too-large', MAX_PDF_BYTES);
    return { html: '', url, pdf: new Uint8Array(bytes) };
  }
  if (bytes.length > maxBytes)
    throw new PipelineError('page-too-large', `${bytes.length} bytes, at most ${maxBytes}`);
  if (!looksLikeHtml(bytes, extname(path))) throw new PipelineError('page-not-html', path);
  return { html: bytes.toString('utf8'), url };
}

async function fetchPage(
  url: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  maxBytes: number,
): Promise<LoadedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, { signal: controller.signal, redirect: 'follow' });
    if (!response.ok) throw new PipelineError('page-fetch-failed', `HTTP ${response.status}`);
    // A server that says only "bytes" (octet-stream) is judged by what it sends, as with none.
    const said = response.headers.get('content-type') ?? '';
    const type = /^application\/octet-stream\b/i.test(said) ? '' : said;
    const pdf = /\bapplication\/pdf\b/i.test(type);
    if (type && !pdf && !/\b(text\/html|application\/xhtml\+xml)\b/i.test(type))
      throw new PipelineError('page-not-html', type);
    const cap = pdf || !type ? Math.max(maxBytes, MAX_PDF_BYTES) : maxBytes;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > cap) throw tooLarge(pdf, declared, cap);
    const bytes = await readCapped(response, cap, pdf);
    const finalUrl = response.url || url;
    if (pdf || (!type && isPdf(bytes))) return { html: '', url: finalUrl, pdf: bytes };
    if (bytes.length > maxBytes) throw tooLarge(false, bytes.length, maxBytes);
    if (!type && !looksLikeHtml(bytes, '')) throw new PipelineError('page-not-html', url);
    return { html: new TextDecoder().decode(bytes), url: finalUrl };
  } catch (error) {
    if (error instanceof PipelineError || error instanceof PdfReadError) throw error;
    if (controller.signal.aborted) throw new PipelineError('page-timeout', `${timeoutMs} ms`);
    throw new PipelineError('page-fetch-failed', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function tooLarge(pdf: boolean, bytes: number, cap: number): Error {
  return pdf
    ? new PdfReadError('pdf-too-large', cap)
    : new PipelineError('page-too-large', `${bytes} bytes, at most ${cap}`);
}

async function readCapped(response: Response, maxBytes: number, pdf: boolean): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(pdf, total, maxBytes);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** HTML by extension, or by content: no NUL bytes and a tag near the start. */
function looksLikeHtml(bytes: Uint8Array, extension: string): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  if (head.includes('\0') || head.startsWith('%PDF')) return false;
  if (/^\.(x?html?)$/i.test(extension)) return true;
  return /<(!doctype html|html|head|body|p|div|article)[\s>]/i.test(head);
}
