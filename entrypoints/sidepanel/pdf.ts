// The panel's side of PDFs: reading a tab through lib/ask/read-tab.ts with this page's browser
// APIs (the download happens here, where the Ask click's permission prompt can be shown; the
// parsing in the pipeline Worker), and opening the extension's viewer page at a cited quote.

import * as Comlink from 'comlink';
import { pdfViewerLink, type PdfViewerTarget } from '@/lib/ask/pdf-link';
import { pdfAddress, readTab, type ReadTabOptions, type ReadTabPorts } from '@/lib/ask/read-tab';
import { messageLocale } from '@/lib/core/i18n';
import {
  ensurePdfAccess,
  fetchPdfBytes,
  headContentType,
  PDF_VIEWER_PAGE,
} from '@/lib/browser/pdf-tab';
import { pipelineWorker, sendToTab } from './bridge';

// Not in WXT's typed public paths until a build has listed it: made from the extension's origin.
const viewerPage = () => new URL(PDF_VIEWER_PAGE, location.origin).href;

const readTabPorts: ReadTabPorts = {
  async tabInfo(tabId) {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    return tab?.url ? { url: tab.url, title: tab.title ?? '' } : null;
  },
  readWithReader: (tabId) => sendToTab(tabId, 'page/read', {}),
  contentType: headContentType,
  ensureAccess: ensurePdfAccess,
  fetchPdf: fetchPdfBytes,
  async parsePdf(bytes, meta) {
    // The bytes move to the Worker (transferred, not copied).
    const reply = await pipelineWorker().readPdf(
      Comlink.transfer(bytes, [bytes.buffer]),
      meta,
      messageLocale(),
    );
    if (!reply.ok) throw reply.error;
    return reply.page;
  },
  get viewerPage() {
    return viewerPage();
  },
};

/** The tab's page: the page reader's reading, or the PDF it shows, parsed. */
export function readTabPage(tabId: number, options?: ReadTabOptions) {
  return readTab(tabId, readTabPorts, options);
}

/** The address to answer from a saved copy: the PDF a viewer tab shows, or the tab's http(s) one. */
export async function savedCopyAddress(tabId: number): Promise<string | null> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab?.url) return null;
  return pdfAddress(tab.url, viewerPage()) ?? (/^https?:/.test(tab.url) ? tab.url : null);
}

/** Viewer tabs opened from this panel, by PDF: a second citation moves the same tab. */
const viewerTabs = new Map<string, number>();

export async function openPdfViewer(target: PdfViewerTarget): Promise<void> {
  const url = pdfViewerLink(viewerPage(), target);
  const open = viewerTabs.get(target.file);
  if (open !== undefined) {
    const updated = await browser.tabs.update(open, { url, active: true }).catch(() => null);
    if (updated) return;
  }
  const tab = await browser.tabs.create({ url });
  if (tab.id !== undefined) viewerTabs.set(target.file, tab.id);
}
