// Paragraph Splitter, EWEK-QA §3.1.1 and §A.7.1.
//
// Candidate passages come from `<p>` elements (one block each) and line breaks inside blocks,
// but for a sentence that pre-formatted text wraps over lines (`wrappedLines`), kept whole.
// A candidate under 10 tokens is dropped; one over 80 tokens is broken into pieces of at most
// 80 tokens at sentence boundaries (Intl.Segmenter). A single sentence longer than 80 tokens is
// kept whole up to 128 tokens (the quote cap of §A.1) and cut at word boundaries beyond that.
// Table blocks (rows linearized "column: value", SPAGHETTI §3.3) pack whole rows into passages
// of at most 80 tokens, since one row alone is usually under the 10-token floor.
//
// Every passage is an exact slice of its block's text (`start`/`end`), so it maps back to the page.

import { countTokens, tokenSpans } from '../core/text';
import { sentenceRanges, unwrapped, wrappedLines } from '../core/segment';
import type { Block, Passage } from './types';

export interface SplitOptions {
  /** EWEK-QA §A.7.1: "any passage with less than 10 tokens is discarded". */
  minTokens: number;
  /** EWEK-QA §A.7.1: passages over 80 tokens are broken at sentence boundaries. */
  maxTokens: number;
  /** EWEK-QA §A.1: quotes of at most 128 tokens. */
  hardMaxTokens: number;
  /** BCP 47 language for sentence segmentation. */
  lang?: string;
}

export const SPLIT_DEFAULTS: SplitOptions = { minTokens: 10, maxTokens: 80, hardMaxTokens: 128 };

interface Span {
  start: number;
  end: number;
  tokens: number;
}

export function splitParagraphs(
  blocks: readonly Block[],
  options: Partial<SplitOptions> = {},
): Passage[] {
  const opts = { ...SPLIT_DEFAULTS, ...options };
  const passages: Passage[] = [];
  blocks.forEach((block, blockIndex) => {
    const lines = lineSpans(block.text);
    const candidates = block.kind === 'table' ? packRows(lines, opts.maxTokens) : lines;
    let n = 0;
    for (const candidate of candidates) {
      const pieces =
        candidate.tokens > opts.maxTokens
          ? breakLongSpan(block.text, candidate, opts, opts.lang)
          : [candidate];
      for (const piece of pieces) {
        const text = block.text.slice(piece.start, piece.end);
        const tokens = countTokens(text);
        if (tokens < opts.minTokens) continue;
        passages.push({
          id: `b${blockIndex}.${n++}`,
          text,
          tokens,
          blockIndex,
          kind: block.kind,
          start: piece.start,
          end: piece.end,
          ...(block.section ? { section: block.section } : {}),
        });
      }
    }
  });
  return passages;
}

/**
 * Lines of `text` (`wrappedLines`: a sentence wrapped over lines is one), trimmed, with their
 * offsets. Empty lines are skipped.
 */
function lineSpans(text: string): Span[] {
  return wrappedLines(text).flatMap(({ start, end }) => trimSpan(text, start, end) ?? []);
}

function trimSpan(text: string, start: number, end: number): Span | null {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (start === end) return null;
  return { start, end, tokens: countTokens(text.slice(start, end)) };
}

/** Table rows are packed greedily into spans of at most `maxTokens` (rows stay whole). */
function packRows(rows: Span[], maxTokens: number): Span[] {
  const packed: Span[] = [];
  let current: Span | null = null;
  for (const row of rows) {
    if (current && current.tokens + row.tokens <= maxTokens) {
      current = { start: current.start, end: row.end, tokens: current.tokens + row.tokens };
    } else {
      if (current) packed.push(current);
      current = row;
    }
  }
  if (current) packed.push(current);
  return packed;
}

function breakLongSpan(
  text: string,
  span: Span,
  opts: SplitOptions,
  lang: string | undefined,
): Span[] {
  const sentences: Span[] = [];
  // A wrapped line's breaks read as spaces (offsets kept): they end no sentence.
  for (const segment of sentenceRanges(unwrapped(text.slice(span.start, span.end)), lang)) {
    const s = trimSpan(text, span.start + segment.start, span.start + segment.end);
    if (!s) continue;
    if (s.tokens > opts.hardMaxTokens) sentences.push(...cutAtWords(text, s, opts.maxTokens));
    else sentences.push(s);
  }
  const chunks: Span[] = [];
  let current: Span | null = null;
  for (const sentence of sentences) {
    if (current && current.tokens + sentence.tokens <= opts.maxTokens) {
      current = {
        start: current.start,
        end: sentence.end,
        tokens: current.tokens + sentence.tokens,
      };
    } else {
      if (current) chunks.push(current);
      current = sentence;
    }
  }
  if (current) chunks.push(current);
  // A short tail (one brief closing sentence) joins the previous piece rather than being dropped
  // by the 10-token floor, as long as the joined piece stays within the 128-token quote cap.
  const last = chunks.at(-1);
  const prev = chunks.at(-2);
  if (
    last &&
    prev &&
    last.tokens < opts.minTokens &&
    prev.tokens + last.tokens <= opts.hardMaxTokens
  ) {
    chunks.splice(-2, 2, { start: prev.start, end: last.end, tokens: prev.tokens + last.tokens });
  }
  return chunks;
}

/** Last resort for a "sentence" over the quote cap: cut at token boundaries into ≤ max tokens. */
function cutAtWords(text: string, span: Span, max: number): Span[] {
  const tokens = tokenSpans(text.slice(span.start, span.end));
  const pieces: Span[] = [];
  for (let i = 0; i < tokens.length; i += max) {
    const group = tokens.slice(i, i + max);
    pieces.push({
      start: span.start + group[0]!.start,
      end: span.start + group.at(-1)!.end,
      tokens: group.length,
    });
  }
  return pieces;
}
