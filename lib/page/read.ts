// Page reader: Mozilla Readability on a clone of the document, visible text only.
// The live document is never modified: hidden elements are judged on the live page (where styles
// and layout exist) and removed from the clone, comments are dropped, and zero-width characters
// are stripped when blocks are normalised. Runs in the content script and, with linkedom, in Node.

import { Readability } from '@mozilla/readability';
import { normalizeText, MAX_TITLE_CHARS } from '../core/text';
import type { Block, PageSnapshot } from '../pipeline/types';
import { articleToBlocks } from './blocks';
import { BYLINE_SECTION } from '../pipeline/byline';
import { boundedClone } from './bounded-clone';
import { declaredAuthor } from './byline-meta';
import { pruneHidden, removeComments, stylesheetIsHidden, type IsHidden } from './visibility';

export interface ReadOptions {
  url: string;
  isHidden?: IsHidden;
  /** Text beyond this many characters is left out (and `truncated` set): bounds time and memory. */
  maxChars?: number;
  /** Readability gives up on documents with more elements than this; we fall back to the body. */
  maxElemsToParse?: number;
  /** Elements read at most, from the top of the document; the rest is left out (and said). */
  maxElements?: number;
  /** Milliseconds for copying the page; the rest is left out, and Readability is skipped. */
  timeBudgetMs?: number;
  /** The clock for the time budget (tests pass their own). */
  now?: () => number;
}

export const MAX_PAGE_CHARS = 2_000_000;

/**
 * The reader's element and time budgets (docs/SECURITY.md, property 14): the page's own thread
 * waits while it reads, and judging each element's visibility is most of the cost (about 50 µs an
 * element in Chromium on a busy test machine). Real articles stay under the element budget (the
 * largest of Readability's 130 test pages, a Wikipedia article, has 9,888 elements); a longer
 * page is read from the top.
 */
export const MAX_READ_ELEMENTS = 20_000;
export const READ_TIME_BUDGET_MS = 5_000;

/**
 * Readability's time grows with depth × size (it reads the text of every candidate's subtree and
 * walks ancestors): under linkedom a 1,000-level `<div>` chain takes 12 s, 5,000 levels minutes.
 * Real pages stay far below this (the deepest of Readability's 130 test pages is 38 levels); a
 * deeper document is read from the body, which is linear (docs/SECURITY.md, property 14).
 */
export const MAX_READABILITY_DEPTH = 200;

/** Readability output shorter than this is not trusted as "the article"; the body is read instead. */
const MIN_ARTICLE_CHARS = 200;

export function readPage(document: Document, options: ReadOptions): PageSnapshot {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + (options.timeBudgetMs ?? READ_TIME_BUDGET_MS);
  // The judge is built before cloning: building it may touch the document.
  const isHidden = options.isHidden ?? stylesheetIsHidden(document);
  const maxElements = options.maxElements ?? MAX_READ_ELEMENTS;
  const { clone, cut } = boundedClone(document, { maxElements, deadline, now });
  if (document.documentElement && clone.documentElement)
    pruneHidden(document.documentElement, clone.documentElement, isHidden);
  removeComments(clone);

  // The body read before Readability touches the clone: the fallback when no article is found.
  const bodyBlocks = clone.body ? articleToBlocks(clone.body) : [];
  // Out of time already: Readability would add as much again; the body is read as it is.
  // Read before Readability, which changes the clone; the live document is only read.
  const author = declaredAuthor(document);
  const article = now() > deadline ? null : readArticle(clone, bodyBlocks, options, author);
  const blocks = article?.blocks ?? bodyBlocks;
  const title = normalizeText(article?.title || document.title || '');

  const { kept, truncated } = capText(blocks, options.maxChars ?? MAX_PAGE_CHARS);
  const truncatedBy = cut ?? (truncated ? 'characters' : null);
  const lang = declaredLanguage(document);
  return {
    url: options.url,
    title: (title || options.url).slice(0, MAX_TITLE_CHARS),
    ...(lang ? { lang } : {}),
    blocks: kept,
    textLength: textLength(kept),
    extractor: article ? 'readability' : 'body',
    truncated: truncatedBy !== null,
    ...(truncatedBy ? { truncatedBy } : {}),
  };
}

/** Readability's article, when it finds one worth more than the body; null otherwise. */
function readArticle(
  clone: Document,
  bodyBlocks: Block[],
  options: ReadOptions,
  author: string | undefined,
): { blocks: Block[]; title: string } | null {
  try {
    if (deeperThan(clone.documentElement, MAX_READABILITY_DEPTH)) return null;
    const article = new Readability(clone, {
      serializer: (el: Node) => el,
      maxElemsToParse: options.maxElemsToParse ?? 0,
    }).parse() as { title?: string | null; content?: unknown; byline?: string | null } | null;
    if (!article?.content || typeof article.content !== 'object') return null;
    const byline = chooseByline(author, article.byline);
    const blocks = withByline(articleToBlocks(article.content as Element), byline);
    if (textLength(blocks) < Math.min(MIN_ARTICLE_CHARS, textLength(bodyBlocks))) return null;
    return { blocks, title: article.title ?? '' };
  } catch {
    // Readability throws on some malformed documents and over maxElemsToParse: keep the body text.
    return null;
  }
}

/**
 * The page's declared author first: Readability's byline is a guess from the page's elements (on
 * some pages a sidebar columnist's name, or the date line). Where that guess names the declared
 * author, it is kept: it is the text the page shows ("By Brenda Goodman, MA WebMD Health News"),
 * so a reader who selects it to verify finds it on the page.
 */
function chooseByline(
  declared: string | undefined,
  guessed: string | null | undefined,
): string | null | undefined {
  if (!declared) return guessed;
  const fold = (text: string) => normalizeText(text).replace(/\s+/g, ' ').toLowerCase();
  return guessed && fold(guessed).includes(fold(declared)) ? guessed : declared;
}

/**
 * The language the page declares: `<html lang>`, else a `Content-Language` meta tag (older sites
 * declare it only there). Undetermined when neither says; the pipeline then detects it from the
 * text (lib/pipeline/language.ts).
 */
function declaredLanguage(document: Document): string | undefined {
  const tag = document.documentElement?.getAttribute('lang')?.trim();
  if (tag) return tag;
  for (const meta of Array.from(document.querySelectorAll('meta[http-equiv]'))) {
    if (meta.getAttribute('http-equiv')?.toLowerCase() !== 'content-language') continue;
    // "de, en" lists the audiences' languages: the first is the page's main one.
    const first = meta.getAttribute('content')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return undefined;
}

/**
 * Readability finds the byline outside the article's text (a header, a meta tag); "who wrote
 * this?" needs it, so it goes first as a block of its own unless the article already says it.
 */
function withByline(blocks: Block[], byline: string | null | undefined): Block[] {
  const name = normalizeText(byline ?? '').replace(/\n/g, ' ');
  if (!name || name.length > MAX_BYLINE_CHARS || !/\p{L}/u.test(name)) return blocks;
  const head = blocks
    .slice(0, 8)
    .map((b) => b.text.toLowerCase())
    .join('\n');
  if (head.includes(name.toLowerCase())) return blocks;
  return [{ kind: 'lines', text: name, section: BYLINE_SECTION }, ...blocks];
}

const MAX_BYLINE_CHARS = 120;

/** Iterative, and stops at the first element past `limit`. */
function deeperThan(root: Element | null, limit: number): boolean {
  if (!root) return false;
  const stack: Array<[Element, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    if (depth > limit) return true;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling)
      stack.push([child, depth + 1]);
  }
  return false;
}

function textLength(blocks: readonly Block[]): number {
  return blocks.reduce((n, b) => n + b.text.length, 0);
}

function capText(blocks: Block[], maxChars: number): { kept: Block[]; truncated: boolean } {
  let total = 0;
  const kept: Block[] = [];
  for (const block of blocks) {
    if (total + block.text.length > maxChars) {
      const room = maxChars - total;
      if (room > 0) kept.push({ ...block, text: block.text.slice(0, room) });
      return { kept, truncated: true };
    }
    kept.push(block);
    total += block.text.length;
  }
  return { kept, truncated: false };
}
