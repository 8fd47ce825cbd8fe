// Reading the tab a question is about: web pages through the page reader, PDFs downloaded and
// parsed (lib/ask/read-tab.ts), and the viewer page's address (lib/ask/pdf-link.ts).
import { describe, expect, it, vi } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import { parsePdfViewerLink, pdfViewerLink } from '../../lib/ask/pdf-link';
import { downloadDetail, pdfAddress, readTab, type ReadTabPorts } from '../../lib/ask/read-tab';
import type { PageSnapshot } from '../../lib/pipeline/types';

const VIEWER = 'chrome-extension://abc/pdf-viewer.html';

const snapshot = (
  url: string,
  extractor: PageSnapshot['extractor'] = 'readability',
): PageSnapshot => ({
  url,
  title: 'T',
  blocks: extractor === 'pdf' ? [{ kind: 'paragraph', text: 'Some text.', page: 1 }] : [],
  textLength: 10,
  extractor,
  truncated: false,
});

function fakePorts(tab: { url: string; title: string } | null, over: Partial<ReadTabPorts> = {}) {
  const calls: string[] = [];
  const ports: ReadTabPorts = {
    tabInfo: async () => tab,
    readWithReader: async () => {
      calls.push('reader');
      return { ...snapshot(tab?.url ?? ''), blocks: [{ kind: 'paragraph', text: 'Web text.' }] };
    },
    contentType: async () => null,
    ensureAccess: async (url, prompt) => void calls.push(`${prompt ? 'access' : 'check'} ${url}`),
    fetchPdf: async (url, { onProgress }) => {
      calls.push(`fetch ${url}`);
      onProgress(512 * 1024, 1024 * 1024);
      return new Uint8Array([37, 80, 68, 70]);
    },
    parsePdf: async (_bytes, meta) => {
      calls.push(`parse ${meta.url} "${meta.title}"`);
      return snapshot(meta.url, 'pdf');
    },
    viewerPage: VIEWER,
    ...over,
  };
  return { ports, calls };
}

describe('pdfAddress', () => {
  it.each([
    ['https://example.org/papers/a.pdf', 'https://example.org/papers/a.pdf'],
    ['https://example.org/papers/A.PDF#page=3', 'https://example.org/papers/A.PDF'],
    ['http://127.0.0.1:8080/x.pdf?download=1', 'http://127.0.0.1:8080/x.pdf?download=1'],
    ['file:///home/me/report.pdf', 'file:///home/me/report.pdf'],
    ['https://example.org/report', null],
    ['https://example.org/pdf/', null],
    ['chrome://settings/a.pdf', null],
    ['not an address', null],
    [`${VIEWER}?file=${encodeURIComponent('https://e.org/a.pdf')}#page=2`, 'https://e.org/a.pdf'],
    [`${VIEWER}?file=${encodeURIComponent('javascript:alert(1)')}`, null],
  ])('%s → %s', (url, expected) => {
    expect(pdfAddress(url, VIEWER)).toBe(expected);
  });
});

describe('the viewer link', () => {
  it('round-trips the PDF, the page and the quote', () => {
    const link = pdfViewerLink(VIEWER, {
      file: 'https://e.org/a b.pdf?x=1&y=2',
      page: 4,
      quote: 'A & B #1',
    });
    expect(link.startsWith(`${VIEWER}?file=`)).toBe(true);
    expect(parsePdfViewerLink(link)).toEqual({
      file: 'https://e.org/a b.pdf?x=1&y=2',
      page: 4,
      quote: 'A & B #1',
    });
  });

  it('falls back to page 1 and refuses addresses that are not http(s) or file', () => {
    expect(parsePdfViewerLink(`${VIEWER}?file=https%3A%2F%2Fe.org%2Fa.pdf#page=-3`)?.page).toBe(1);
    expect(parsePdfViewerLink(`${VIEWER}?file=data%3Atext%2Fhtml%2Cx`)).toBeNull();
    expect(parsePdfViewerLink(VIEWER)).toBeNull();
  });
});

describe('readTab', () => {
  it('reads a web page with the page reader, fetching nothing', async () => {
    const { ports, calls } = fakePorts({ url: 'https://e.org/article', title: 'A' });
    const page = await readTab(1, ports, { prompt: true });
    expect(page.blocks[0]!.text).toBe('Web text.');
    expect(calls).toEqual(['reader']);
  });

  it('downloads a .pdf after asking for access, and parses it in the Worker, saying how far it is', async () => {
    const { ports, calls } = fakePorts({
      url: 'https://e.org/a.pdf',
      title: 'https://e.org/a.pdf',
    });
    const progress = vi.fn();
    const page = await readTab(1, ports, { onProgress: progress, prompt: true });
    expect(page.extractor).toBe('pdf');
    // Chrome titles a PDF without a title by its address: the file name is used instead.
    expect(calls).toEqual([
      'access https://e.org/a.pdf',
      'fetch https://e.org/a.pdf',
      'parse https://e.org/a.pdf "a.pdf"',
    ]);
    expect(progress.mock.calls).toEqual([
      ['0.5 of 1.0 MB downloaded'],
      ['reading the PDF (0.0 MB)'],
    ]);
  });

  it('only checks access, never asking, when no question was just asked (the greeting)', async () => {
    const { ports, calls } = fakePorts({ url: 'https://e.org/a.pdf', title: 'A' });
    await readTab(1, ports);
    expect(calls[0]).toBe('check https://e.org/a.pdf');
  });

  it('reads the PDF a viewer tab shows', async () => {
    const file = 'https://e.org/paper.pdf';
    const { ports, calls } = fakePorts({
      url: pdfViewerLink(VIEWER, { file, page: 2 }),
      title: 'Paper',
    });
    await readTab(1, ports, { prompt: true });
    expect(calls).toEqual([`access ${file}`, `fetch ${file}`, `parse ${file} "Paper"`]);
  });

  it('asks the server for the Content-Type when the reader finds nothing, and reads a PDF then', async () => {
    const empty = { ...snapshot('https://e.org/download?id=4') };
    const { ports, calls } = fakePorts(
      { url: 'https://e.org/download?id=4', title: 'Report' },
      { readWithReader: async () => empty, contentType: async () => 'application/pdf' },
    );
    expect((await readTab(1, ports, { prompt: true })).extractor).toBe('pdf');
    expect(calls).toContain('fetch https://e.org/download?id=4');
  });

  it("keeps the reader's error for a page that is not a PDF", async () => {
    const { ports, calls } = fakePorts(
      { url: 'https://e.org/x', title: 'X' },
      {
        readWithReader: async () => {
          throw new PipelineError('page-no-access');
        },
        contentType: async () => 'text/html',
      },
    );
    await expect(readTab(1, ports, { prompt: true })).rejects.toMatchObject({
      code: 'page-no-access',
    });
    expect(calls).toEqual([]);
  });

  it('downloads nothing when access is refused', async () => {
    const { ports, calls } = fakePorts(
      { url: 'https://e.org/a.pdf', title: 'A' },
      {
        ensureAccess: async () => {
          throw new PipelineError('pdf-no-access');
        },
      },
    );
    await expect(readTab(1, ports, { prompt: true })).rejects.toMatchObject({
      code: 'pdf-no-access',
    });
    expect(calls).toEqual([]);
  });

  it('passes the 100 MB cap to the download', async () => {
    const fetchPdf = vi.fn(async () => new Uint8Array([1]));
    const { ports } = fakePorts({ url: 'https://e.org/a.pdf', title: 'A' }, { fetchPdf });
    await readTab(1, ports, { prompt: true });
    expect(fetchPdf).toHaveBeenCalledWith(
      'https://e.org/a.pdf',
      expect.objectContaining({ maxBytes: 100 * 1024 * 1024 }),
    );
  });
});

describe('downloadDetail', () => {
  it('says the size when the server gave it', () => {
    expect(downloadDetail(3 * 1024 * 1024, 12 * 1024 * 1024)).toBe('3.0 of 12.0 MB downloaded');
    expect(downloadDetail(1024 * 1024, null)).toBe('1.0 MB downloaded');
  });
});
