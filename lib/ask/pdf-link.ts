// The address of the extension's PDF viewer page (entrypoints/pdf-viewer/) at one quote: the PDF
// in the query (`?file=`), the page and the quoted passage in the fragment, so a second citation
// of the same PDF changes only the fragment and the open viewer moves without reloading.

export interface PdfViewerTarget {
  /** The PDF's own address (http(s) or file). */
  file: string;
  /** 1-based page to show. */
  page: number;
  /** The quoted passage to highlight in the page's text layer. */
  quote?: string;
}

/** `viewerPage` is the page's extension URL (`chrome-extension://<id>/pdf-viewer.html`). */
export function pdfViewerLink(viewerPage: string, target: PdfViewerTarget): string {
  const hash = new URLSearchParams({ page: String(Math.max(1, Math.floor(target.page))) });
  if (target.quote) hash.set('quote', target.quote.slice(0, 4000));
  return `${viewerPage}?${new URLSearchParams({ file: target.file }).toString()}#${hash.toString()}`;
}

/** What a viewer address asks for; null when its `file` is not an http(s) or file address. */
export function parsePdfViewerLink(href: string): PdfViewerTarget | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const file = url.searchParams.get('file');
  if (!file || !/^(https?|file):/i.test(file)) return null;
  const hash = new URLSearchParams(url.hash.slice(1));
  const page = Number(hash.get('page'));
  const quote = hash.get('quote');
  return {
    file,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(quote ? { quote } : {}),
  };
}
