// Loads a page for the CLI from a file path or an http(s) URL, with a timeout, a size cap and a
// check that it is HTML. The fetch function is injected (tests pass a local server's fetch).

import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PipelineError } from '../lib/core/errors';

export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

export interface LoadedPage {
  html: string;
  url: string;
}

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
  if (bytes.length > maxBytes)
    throw new PipelineError('page-too-large', `${bytes.length} bytes, at most ${maxBytes}`);
  if (!looksLikeHtml(bytes, extname(path))) throw new PipelineError('page-not-html', path);
  return { html: bytes.toString('utf8'), url: pathToFileURL(path).href };
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
    const type = response.headers.get('content-type') ?? '';
    if (type && !/\b(text\/html|application\/xhtml\+xml)\b/i.test(type))
      throw new PipelineError('page-not-html', type);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes)
      throw new PipelineError('page-too-large', `${declared} bytes, at most ${maxBytes}`);
    const bytes = await readCapped(response, maxBytes);
    if (!type && !looksLikeHtml(bytes, '')) throw new PipelineError('page-not-html', url);
    return { html: new TextDecoder().decode(bytes), url: response.url || url };
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    if (controller.signal.aborted) throw new PipelineError('page-timeout', `${timeoutMs} ms`);
    throw new PipelineError('page-fetch-failed', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > maxBytes) throw new PipelineError('page-too-large', `over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** HTML by extension, or by content: no NUL bytes and a tag near the start. */
function looksLikeHtml(bytes: Uint8Array, extension: string): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  if (head.includes('\0') || head.startsWith('%PDF')) return false;
  if (/^\.(x?html?)$/i.test(extension)) return true;
  return /<(!doctype html|html|head|body|p|div|article)[\s>]/i.test(head);
}
