// Evidence Extractor candidates (EWEK-QA §3.1.1, §A.7.2).
//
// The paper fine-tunes a DeBERTa reading-comprehension model to extract self-contained evidence
// spans that are not bound to paragraph boundaries (§A.7, Fig. 6). A 900M-parameter extractor does
// not fit in a browser, so this module proposes the spans and the MiniLM cross-encoder (the
// filter stage, retrieve.ts) scores them: every window of 2 or 3 consecutive sentences within a
// section, across paragraph boundaries, of 10–128 tokens. Windows and splitter passages then
// compete in the same ranking; a window wins where an answer straddles two paragraphs or sits in
// a focused part of a long one. Without model weights the windows are ranked by BM25 like any
// passage.

import { countTokens } from '../core/text';
import { linesOf, sentences } from '../core/segment';
import type { Block, Candidate } from './types';

export interface EvidenceOptions {
  /** Window sizes in sentences. */
  sizes: readonly number[];
  minTokens: number;
  /** EWEK-QA §A.1: quotes of at most 128 tokens. */
  maxTokens: number;
  lang?: string;
  /** Which page the blocks come from: 0 is the current page, 1… are search results. */
  sourceIndex: number;
}

export const EVIDENCE_DEFAULTS: EvidenceOptions = {
  sizes: [2, 3],
  minTokens: 10,
  maxTokens: 128,
  sourceIndex: 0,
};

interface Sentence {
  text: string;
  tokens: number;
  blockIndex: number;
  /** The sentence opens a line of its block (after a `<br>`, a list item's own line). */
  opensLine: boolean;
}

export function extractEvidenceWindows(
  blocks: readonly Block[],
  options: Partial<EvidenceOptions> = {},
): Candidate[] {
  const opts = { ...EVIDENCE_DEFAULTS, ...options };
  const windows: Candidate[] = [];
  // Sentences of prose blocks, grouped by section: a window never mixes two sections, and
  // tables (already one fact per row) take no part.
  let run: Sentence[] = [];
  let runSection: string | undefined;
  const flush = () => {
    addWindows(run, runSection, opts, windows);
    run = [];
  };
  blocks.forEach((block, blockIndex) => {
    if (block.kind === 'table' || block.section !== runSection) flush();
    runSection = block.section;
    if (block.kind === 'table') return;
    for (const line of linesOf(block.text)) {
      let opensLine = true;
      for (const segment of sentences(line, opts.lang)) {
        const text = segment.trim();
        if (!text) continue;
        run.push({ text, tokens: countTokens(text), blockIndex, opensLine });
        opensLine = false;
      }
    }
  });
  flush();
  return windows;
}

function addWindows(
  sentences: Sentence[],
  section: string | undefined,
  opts: EvidenceOptions,
  out: Candidate[],
): void {
  for (const size of opts.sizes) {
    for (let i = 0; i + size <= sentences.length; i++) {
      const group = sentences.slice(i, i + size);
      const tokens = group.reduce((n, s) => n + s.tokens, 0);
      if (tokens < opts.minTokens || tokens > opts.maxTokens) continue;
      // Sentences from different blocks, or on different lines of one ("+ Added Slime Block" /
      // "+ Added Iron Trapdoor"), are joined by a line break: the quote still anchors on the page
      // line by line (lib/page/anchor.ts) whatever separates them in the DOM, and the lines stay
      // apart as sentences of their own.
      let text = group[0]!.text;
      for (let k = 1; k < group.length; k++) {
        const apart = group[k]!.opensLine || group[k]!.blockIndex !== group[k - 1]!.blockIndex;
        text += (apart ? '\n' : ' ') + group[k]!.text;
      }
      const first = group[0]!;
      const last = group.at(-1)!;
      out.push({
        id: `s${opts.sourceIndex}.e${first.blockIndex}.${i}.${size}`,
        text,
        tokens,
        blockIndex: first.blockIndex,
        endBlockIndex: last.blockIndex,
        kind: 'paragraph',
        origin: 'evidence',
        sourceIndex: opts.sourceIndex,
        ...(section ? { section } : {}),
      });
    }
  }
}
