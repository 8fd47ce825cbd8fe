// The extension's PDF viewer page (unlisted: opened only by a citation of a PDF answer). Chrome's
// own viewer cannot be scripted, so a quote cannot be highlighted there: this page shows the same
// PDF with pdf.js's viewer components, at the quote's page, with the quote marked in the text
// layer. Selecting text here and choosing *Verify claim* checks it against this PDF (the panel
// recognises this page's `?file=`, lib/ask/read-tab.ts).
//
// The bytes are fetched again from the PDF's address rather than handed over by the panel: the
// panel already holds host access to that origin (it asked before reading), the browser's cache
// usually answers, and extension storage would need a quota for files up to 100 MB. Everything
// pdf.js runs is packaged (its worker script included), with eval off (docs/SECURITY.md, property 2).

import * as pdfjs from 'pdfjs-dist';
import 'pdfjs-dist/web/pdf_viewer.css';
import './viewer.css';
import { parsePdfViewerLink, type PdfViewerTarget } from '@/lib/ask/pdf-link';
import { bindBrowserMessages } from '@/lib/browser/i18n';
import { fetchPdfBytes } from '@/lib/browser/pdf-tab';
import { errorText, PipelineError, toErrorInfo } from '@/lib/core/errors';
import { t } from '@/lib/core/i18n';
import { PDF_MAX_MB } from '@/lib/core/limits';
import { quoteSpans } from '@/lib/page/text-layer-match';

/** pdf.js's worker script, copied into the package by wxt.config.ts. */
const PDFJS_WORKER = '/pdfjs/pdf.worker.min.mjs';
const QUOTE_CLASS = 'pdf-quote';

interface PageView {
  id: number;
  textLayer?: { div: HTMLElement } | null;
}

const status = document.getElementById('viewer-status')!;

function say(text: string): void {
  status.textContent = text;
}

async function main(): Promise<void> {
  bindBrowserMessages();
  const target = parsePdfViewerLink(location.href);
  if (!target) return say(t('pdf_viewer_no_file'));
  document.title = fileName(target.file);
  pdfjs.GlobalWorkerOptions.workerSrc = new URL(PDFJS_WORKER, location.origin).href;
  // pdf_viewer.mjs reads the pdf.js library from `globalThis.pdfjsLib`, which importing
  // pdfjs-dist sets: load the components only after it.
  const { EventBus, PDFLinkService, PDFViewer } = await import('pdfjs-dist/web/pdf_viewer.mjs');
  say(t('pdf_viewer_loading'));
  let data: Uint8Array;
  try {
    data = await fetchPdfBytes(target.file, { maxBytes: PDF_MAX_MB * 1024 * 1024 });
  } catch (error) {
    return say(toErrorInfo(error).message);
  }
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const container = document.getElementById('viewerContainer') as HTMLDivElement;
  const viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
  const document_ = await pdfjs
    .getDocument({
      data,
      isEvalSupported: false,
      useSystemFonts: false,
      standardFontDataUrl: new URL('/pdfjs/standard_fonts/', location.origin).href,
      cMapUrl: new URL('/pdfjs/cmaps/', location.origin).href,
      cMapPacked: true,
    })
    .promise.catch((error: unknown) => {
      say(toErrorInfo(new PipelineError('pdf-corrupt', errorText(error, 120))).message);
      return null;
    });
  if (!document_) return;
  viewer.setDocument(document_);
  linkService.setDocument(document_);
  let current: PdfViewerTarget = target;
  // 'auto' (pdf.js's own default): the page's width up to a readable size, not a page a metre
  // wide on a large screen; kept as the window is resized, as pdf.js's own viewer does.
  eventBus.on('pagesinit', () => {
    viewer.currentScaleValue = 'auto';
    viewer.currentPageNumber = Math.min(current.page, document_.numPages);
    say('');
  });
  addEventListener('resize', () => {
    if (viewer.pagesCount > 0) viewer.currentScaleValue = 'auto';
  });
  eventBus.on('textlayerrendered', ({ source }: { source: PageView }) => {
    if (source.id === current.page) markQuote(source, current.quote);
  });
  // A second citation of the same PDF changes only the fragment: move there, mark again.
  addEventListener('hashchange', () => {
    const next = parsePdfViewerLink(location.href);
    if (!next || next.file !== current.file) return location.reload();
    current = next;
    for (const mark of document.querySelectorAll(`.${QUOTE_CLASS}`))
      mark.classList.remove(QUOTE_CLASS);
    viewer.currentPageNumber = Math.min(current.page, document_.numPages);
    const view = viewer.getPageView(current.page - 1) as PageView | undefined;
    if (view?.textLayer?.div.childElementCount) markQuote(view, current.quote);
  });
}

/** Marks the text-layer spans that show the quote and scrolls the first into view. */
function markQuote(view: PageView, quote: string | undefined): void {
  const layer = view.textLayer?.div;
  if (!layer || !quote) return;
  const spans = [...layer.querySelectorAll('span')].filter((s) => s.childElementCount === 0);
  const marked = quoteSpans(
    spans.map((s) => s.textContent ?? ''),
    quote,
  );
  for (const index of marked) spans[index]!.classList.add(QUOTE_CLASS);
  layer.dataset.quoteMarked = String(marked.length);
  if (marked.length === 0) say(t('pdf_viewer_quote_not_found', view.id));
  else spans[marked[0]!]!.scrollIntoView({ block: 'center' });
}

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || url;
  } catch {
    return url;
  }
}

void main().catch((error: unknown) => say(toErrorInfo(error).message));
