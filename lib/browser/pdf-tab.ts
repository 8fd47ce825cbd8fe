// A PDF shown in a tab, from the extension's side: Chrome's PDF viewer cannot be scripted, so the
// panel recognises the PDF by its address (or its Content-Type), asks for the PDF's origin when it
// lacks it (in the user's click: docs/SECURITY.md, property 1), and downloads the bytes itself,
// under a byte cap, for the pipeline Worker to parse.

import { PipelineError } from '../core/errors';
import { mediaType } from '../core/net';

/** The extension's own viewer page (entrypoints/pdf-viewer/), which cites open. */
export const PDF_VIEWER_PAGE = '/pdf-viewer.html';

/** `file://` PDFs are read only when the user allowed it (chrome://extensions → Details). */
export function fileAccessAllowed(): Promise<boolean> {
  return chrome.extension.isAllowedFileSchemeAccess();
}

/** The origin pattern host access is asked for: `https://example.org/*`. */
export function originPattern(url: string): string {
  return `${new URL(url).origin}/*`;
}

/**
 * Host access to the PDF's origin, asked for when missing and `prompt` is set (the browser shows
 * its prompt: call it while the user's click still counts). A `file://` PDF needs the user's
 * switch instead.
 */
export async function ensurePdfAccess(url: string, prompt = true): Promise<void> {
  const { protocol } = new URL(url);
  if (protocol === 'file:') {
    if (!(await fileAccessAllowed())) throw new PipelineError('pdf-no-file-access');
    return;
  }
  const origins = [originPattern(url)];
  if (await chrome.permissions.contains({ origins })) return;
  const granted = prompt && (await chrome.permissions.request({ origins }).catch(() => false));
  if (!granted) throw new PipelineError('pdf-no-access');
}

/** The address's media type from a HEAD request, or null when it cannot be asked. */
export async function headContentType(url: string): Promise<string | null> {
  if (!/^https?:/.test(url)) return null;
  if (!(await chrome.permissions.contains({ origins: [originPattern(url)] }))) return null;
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
    return response.ok ? mediaType(response.headers.get('content-type')) : null;
  } catch {
    return null;
  }
}

export interface FetchPdfOptions {
  maxBytes: number;
  /** Bytes received so far, and the total when the server said it. */
  onProgress?: (received: number, total: number | null) => void;
  signal?: AbortSignal;
}

/**
 * The PDF's bytes (with the cookies the tab used, so a PDF behind a login reads as it shows), or
 * `pdf-too-large` as soon as it passes the cap, or `pdf-fetch-failed`.
 */
export async function fetchPdfBytes(url: string, options: FetchPdfOptions): Promise<Uint8Array> {
  if (url.startsWith('file:')) return readFileUrl(url, options);
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new PipelineError('pdf-fetch-failed');
  }
  if (!response.ok) throw new PipelineError('pdf-fetch-failed', `HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (total !== null && total > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new PipelineError('pdf-too-large');
  }
  return readBody(response, total, options);
}

async function readBody(
  response: Response,
  total: number | null,
  { maxBytes, onProgress }: FetchPdfOptions,
): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PipelineError('pdf-too-large');
    }
    chunks.push(value);
    onProgress?.(received, total);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `fetch` refuses `file:` addresses; an extension with file access may read them by XHR. */
function readFileUrl(url: string, { maxBytes, onProgress }: FetchPdfOptions): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'arraybuffer';
    request.onprogress = (event) => {
      if (event.loaded > maxBytes) {
        request.abort();
        reject(new PipelineError('pdf-too-large'));
        return;
      }
      onProgress?.(event.loaded, event.lengthComputable ? event.total : null);
    };
    request.onload = () => {
      const buffer = request.response as ArrayBuffer | null;
      if (!buffer || buffer.byteLength === 0) reject(new PipelineError('pdf-fetch-failed'));
      else if (buffer.byteLength > maxBytes) reject(new PipelineError('pdf-too-large'));
      else resolve(new Uint8Array(buffer));
    };
    request.onerror = () => reject(new PipelineError('pdf-fetch-failed'));
    request.send();
  });
}
