// The panel's download of a PDF (lib/browser/pdf-tab.ts) against a loopback server, and the access
// it asks for with `chrome` stubbed: the 100 MB cap holds whether or not the server says the size,
// and nothing is downloaded without the origin's access or the user's file switch.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensurePdfAccess, fetchPdfBytes, originPattern } from '../../lib/browser/pdf-tab';
import { serveDirectory, type TestServer } from '../support/server';

const KB = 1024;
let server: TestServer;
let requests = 0;

function route(req: IncomingMessage, res: ServerResponse): boolean {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  requests++;
  if (path === '/sized.pdf') {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 64 * KB });
    res.end(Buffer.alloc(64 * KB, 0x25));
    return true;
  }
  if (path === '/endless.pdf') {
    // No Content-Length: chunks until the client stops reading.
    res.writeHead(200, { 'content-type': 'application/pdf' });
    const chunk = Buffer.alloc(16 * KB, 0x25);
    const timer = setInterval(() => res.write(chunk), 1);
    res.on('close', () => clearInterval(timer));
    return true;
  }
  return false;
}

beforeAll(async () => {
  server = await serveDirectory(tmpdir(), [route]);
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchPdfBytes', () => {
  it('downloads the bytes, reporting progress against the size the server gave', async () => {
    const progress: Array<[number, number | null]> = [];
    const bytes = await fetchPdfBytes(`${server.url}/sized.pdf`, {
      maxBytes: 100 * KB,
      onProgress: (received, total) => progress.push([received, total]),
    });
    expect(bytes.byteLength).toBe(64 * KB);
    expect(progress.at(-1)).toEqual([64 * KB, 64 * KB]);
  });

  it('refuses a file whose declared size is over the cap without reading it', async () => {
    const progress = vi.fn();
    await expect(
      fetchPdfBytes(`${server.url}/sized.pdf`, { maxBytes: 32 * KB, onProgress: progress }),
    ).rejects.toMatchObject({ code: 'pdf-too-large' });
    expect(progress).not.toHaveBeenCalled();
  });

  it('stops an endless download as soon as it passes the cap', async () => {
    let last = 0;
    await expect(
      fetchPdfBytes(`${server.url}/endless.pdf`, {
        maxBytes: 256 * KB,
        onProgress: (received) => (last = received),
      }),
    ).rejects.toMatchObject({ code: 'pdf-too-large' });
    expect(last).toBeLessThanOrEqual(256 * KB);
  });

  it('says the download failed for a missing file or a server that is not there', async () => {
    await expect(
      fetchPdfBytes(`${server.url}/missing.pdf`, { maxBytes: KB }),
    ).rejects.toMatchObject({ code: 'pdf-fetch-failed' });
    await expect(fetchPdfBytes('http://127.0.0.1:1/x.pdf', { maxBytes: KB })).rejects.toMatchObject(
      { code: 'pdf-fetch-failed' },
    );
  });
});

describe('ensurePdfAccess', () => {
  function stubChrome(granted: { has: boolean; grant: boolean; files: boolean }) {
    const request = vi.fn(async () => granted.grant);
    vi.stubGlobal('chrome', {
      permissions: { contains: vi.fn(async () => granted.has), request },
      extension: { isAllowedFileSchemeAccess: vi.fn(async () => granted.files) },
    });
    return request;
  }

  it("asks for the PDF's origin only, and downloads nothing when refused", async () => {
    const request = stubChrome({ has: false, grant: false, files: false });
    const before = requests;
    await expect(ensurePdfAccess('https://papers.example/a/b.pdf?x=1')).rejects.toMatchObject({
      code: 'pdf-no-access',
    });
    expect(request).toHaveBeenCalledWith({ origins: ['https://papers.example/*'] });
    expect(requests).toBe(before);
  });

  it('asks nothing when the origin is already allowed, and goes on when the user allows it', async () => {
    const asked = stubChrome({ has: true, grant: false, files: false });
    await ensurePdfAccess('https://papers.example/a.pdf');
    expect(asked).not.toHaveBeenCalled();
    stubChrome({ has: false, grant: true, files: false });
    await expect(ensurePdfAccess('https://papers.example/a.pdf')).resolves.toBeUndefined();
  });

  it('only checks, asking nothing, when it may not prompt', async () => {
    const request = stubChrome({ has: false, grant: true, files: false });
    await expect(ensurePdfAccess('https://papers.example/a.pdf', false)).rejects.toMatchObject({
      code: 'pdf-no-access',
    });
    expect(request).not.toHaveBeenCalled();
  });

  it("reads a file:// PDF only with the user's file access, and says where to turn it on", async () => {
    const request = stubChrome({ has: false, grant: true, files: false });
    const refused = ensurePdfAccess('file:///home/me/report.pdf');
    await expect(refused).rejects.toMatchObject({ code: 'pdf-no-file-access' });
    await expect(refused).rejects.toThrow(/chrome:\/\/extensions.*Allow access to file URLs/);
    expect(request).not.toHaveBeenCalled();
    stubChrome({ has: false, grant: false, files: true });
    await expect(ensurePdfAccess('file:///home/me/report.pdf')).resolves.toBeUndefined();
  });

  it('names the origin pattern with its port', () => {
    expect(originPattern('http://127.0.0.1:8080/x/y.pdf')).toBe('http://127.0.0.1:8080/*');
  });
});
