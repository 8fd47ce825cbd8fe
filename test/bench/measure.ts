// One timed pass of the page pipeline's first three stages (read → split → rank) over a document
// that is already parsed. DOM-agnostic on purpose: the same function runs in Node on a linkedom
// document and, bundled by test/bench/run.ts, in Chromium on the live page, so the two runtimes
// execute exactly the same code.

import { readPage } from '../../lib/page/read';
import type { IsHidden } from '../../lib/page/visibility';
import { rankPassages } from '../../lib/pipeline/rank';
import { splitParagraphs } from '../../lib/pipeline/split';
import type { PageSnapshot } from '../../lib/pipeline/types';

export interface PassTimings {
  readMs: number;
  splitMs: number;
  /** 0 when no question was given (the real-pages sweep only reads and splits). */
  rankMs: number;
  totalMs: number;
  blocks: number;
  passages: number;
  /** Characters of text the reader kept (`PageSnapshot.textLength`). */
  chars: number;
  extractor: PageSnapshot['extractor'];
  truncated: boolean;
}

export interface PassOptions {
  url: string;
  isHidden?: IsHidden;
  question?: string;
  /** Defaults to `performance.now` (both Node and Chromium have it). */
  now?: () => number;
}

export function measurePass(document: Document, options: PassOptions): PassTimings {
  const now = options.now ?? (() => performance.now());
  const t0 = now();
  const page = readPage(document, {
    url: options.url,
    ...(options.isHidden ? { isHidden: options.isHidden } : {}),
  });
  const t1 = now();
  const passages = splitParagraphs(page.blocks, page.lang ? { lang: page.lang } : {});
  const t2 = now();
  if (options.question !== undefined) rankPassages(options.question, passages);
  const t3 = now();
  return {
    readMs: t1 - t0,
    splitMs: t2 - t1,
    rankMs: t3 - t2,
    totalMs: t3 - t0,
    blocks: page.blocks.length,
    passages: passages.length,
    chars: page.textLength,
    extractor: page.extractor,
    truncated: page.truncated,
  };
}
