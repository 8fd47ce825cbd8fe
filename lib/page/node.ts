// Node-side page loading for the CLI, tests and benchmarks: linkedom gives Readability a DOM.

import { parseHTML } from 'linkedom';
import type { PageSnapshot } from '../pipeline/types';
import { readPage, type ReadOptions } from './read';

export function readHtml(html: string, options: ReadOptions): PageSnapshot {
  const { document } = parseHTML(html);
  return readPage(document as unknown as Document, options);
}
