// Maps a quote back to DOM Ranges on the live page by searching the page's visible text (a
// text-quote anchor). Passages are exact slices of normalised visible text (split.ts), so the
// quote is found by normalising the page the same way: whitespace runs collapse to one space and
// invisible characters vanish. Linearized table rows ("label: value") do not exist as one run of
// text, so each line and each "value" part is anchored on its own.

import { INVISIBLE_CHARS } from '../core/text';
import type { IsHidden } from './visibility';
import { NEVER_TEXT } from './visibility';

export interface TextIndex {
  /** Visible text, whitespace collapsed, invisible characters removed. */
  text: string;
  /** For each character of `text`: its text node and offset in that node. */
  nodes: Text[];
  nodeOf: Uint32Array;
  offsetOf: Uint32Array;
  /** `text` case-folded with the same length (see `fold`), made on the first case-blind search. */
  folded?: string;
}

const INVISIBLE = new RegExp(INVISIBLE_CHARS.source, 'u');

export function buildTextIndex(root: Element, isHidden: IsHidden): TextIndex {
  const nodes: Text[] = [];
  const nodeIdx: number[] = [];
  const offsets: number[] = [];
  let text = '';
  let lastWasSpace = true;
  const hiddenCache = new Map<Element, boolean>();
  const visible = (element: Element | null): boolean => {
    // Walk up until an answer is cached; every ancestor must be visible.
    const chain: Element[] = [];
    let verdict = true;
    for (let el = element; el && el !== root.parentElement; el = el.parentElement) {
      const cached = hiddenCache.get(el);
      if (cached !== undefined) {
        verdict = !cached;
        break;
      }
      chain.push(el);
    }
    // Fill the cache top-down: a hidden ancestor hides the whole chain below it.
    let hidden = !verdict;
    for (let i = chain.length - 1; i >= 0; i--) {
      const el = chain[i]!;
      hidden = hidden || NEVER_TEXT.has(el.localName) || isHidden(el);
      hiddenCache.set(el, hidden);
    }
    return !hidden;
  };

  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!visible(node.parentElement)) continue;
    const data = node.data;
    const index = nodes.push(node) - 1;
    // By code point: tag characters and some variation selectors take two UTF-16 units.
    for (let i = 0, width = 1; i < data.length; i += width) {
      const ch = String.fromCodePoint(data.codePointAt(i)!);
      width = ch.length;
      if (INVISIBLE.test(ch)) continue;
      const space = /\s/.test(ch);
      if (space && lastWasSpace) continue;
      text += space ? ' ' : ch;
      for (let unit = 0; unit < (space ? 1 : width); unit++) {
        nodeIdx.push(index);
        offsets.push(i + unit);
      }
      lastWasSpace = space;
    }
  }
  return { text, nodes, nodeOf: Uint32Array.from(nodeIdx), offsetOf: Uint32Array.from(offsets) };
}

function normalise(text: string): string {
  return text.replace(INVISIBLE_CHARS, '').replace(/\s+/g, ' ').trim();
}

function rangeAt(index: TextIndex, start: number, length: number): Range {
  const doc = index.nodes[0]!.ownerDocument;
  const range = doc.createRange();
  const end = start + length - 1;
  range.setStart(index.nodes[index.nodeOf[start]!]!, index.offsetOf[start]!);
  range.setEnd(index.nodes[index.nodeOf[end]!]!, index.offsetOf[end]! + 1);
  return range;
}

/**
 * Lower case that keeps every offset: a character whose lower case has another length ("İ" →
 * "i̇") stays as it is. `toLowerCase()` on the whole text shifts every later offset instead, and
 * the highlight lands on the wrong words.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

/** Where `needle` starts in the index's text (exact first, then case-blind), or -1. */
export function locate(index: TextIndex, needle: string, from = 0, to = index.text.length): number {
  if (needle.length === 0 || to - from < needle.length) return -1;
  const inRange = (at: number) => (at >= 0 && at + needle.length <= to ? at : -1);
  const at = inRange(index.text.indexOf(needle, from));
  if (at >= 0) return at;
  index.folded ??= fold(index.text);
  return inRange(index.folded.indexOf(fold(needle), from));
}

/** A stretch of the index's text: `start` and `end` offsets. */
export interface Span {
  start: number;
  end: number;
}

function findSpan(index: TextIndex, needle: string, within?: Span): Span | null {
  const at = locate(index, needle, within?.start, within?.end);
  return at < 0 ? null : { start: at, end: at + needle.length };
}

/** Spans covering the quote in the index's text; empty when it cannot be found (the page changed). */
export function locateQuote(index: TextIndex, quote: string): Span[] {
  if (index.nodes.length === 0) return [];
  const whole = findSpan(index, normalise(quote));
  if (whole) return [whole];
  const spans: Span[] = [];
  for (const line of quote.split('\n')) {
    const exact = findSpan(index, normalise(line));
    if (exact) spans.push(exact);
    else spans.push(...rowSpans(index, line));
  }
  return spans;
}

export function rangesOf(index: TextIndex, spans: readonly Span[]): Range[] {
  return spans.map((s) => rangeAt(index, s.start, s.end - s.start));
}

/** Ranges covering the quote on the page; empty when it cannot be found (the page changed). */
export function anchorQuote(index: TextIndex, quote: string): Range[] {
  return rangesOf(index, locateQuote(index, quote));
}

/** From the first span's start to the last one's end. */
function regionOf(spans: readonly Span[]): Span | null {
  if (spans.length === 0) return null;
  return {
    start: Math.min(...spans.map((s) => s.start)),
    end: Math.max(...spans.map((s) => s.end)),
  };
}

/**
 * `text` (an answer sentence, an answer phrase) inside the quote's own stretch of the page, never
 * elsewhere: the same words in the lead, or a clause of a neighbouring sentence, are not what the
 * answer cites. An answer sentence that differs from the page in its edges (quotes, an ellipsis,
 * the final stop) is found without them. Null when it is not there.
 */
export function anchorWithin(index: TextIndex, quote: readonly Span[], text: string): Range | null {
  const region = regionOf(quote);
  if (!region) return null;
  const needle = normalise(text);
  const trimmed = needle.replace(/^[\s"'“”‘’«»(…]+|[\s"'“”‘’«»).,;:!?…]+$/gu, '');
  for (const candidate of [needle, trimmed]) {
    if (candidate.length < 2) continue;
    const span = findSpan(index, candidate, region);
    if (span) return rangeAt(index, span.start, span.end - span.start);
  }
  return null;
}

/** How far after one cell of a row its next cell is looked for first. */
const ROW_REACH = 600;

/**
 * A linearized table row ("Name: Kindle, Size: 8.4 MB" or "Red Hat, 8417, 38.0%"): each cell's
 * value is anchored on its own, the next one looked for just after the one before, so a short
 * value ("started") lands in the row rather than wherever the page first uses the word.
 */
function rowSpans(index: TextIndex, line: string): Span[] {
  const spans: Span[] = [];
  let after = -1;
  for (const cell of line.split(/,\s+/)) {
    const part = normalise(cell.replace(/^[^:]{1,80}:\s*/, ''));
    if (part.length < 3 && !/\d/.test(part)) continue;
    let at = after >= 0 ? locate(index, part, after) : -1;
    if (at < 0 || at - after > ROW_REACH) at = locate(index, part);
    if (at < 0) continue;
    spans.push({ start: at, end: at + part.length });
    after = at + part.length;
  }
  return spans;
}
