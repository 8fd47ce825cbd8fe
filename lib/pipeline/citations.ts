// Citation parser: splits a composed answer into sentences and the `[n]` markers each cites.
// Only IDs we issued survive; any other marker (a hallucinated or injected `[99]`) is dropped and
// counted, so the panel can say "1 citation to a source we never gave was removed".

import type { AnswerSentence } from './types';
import { sentences as splitSentences } from '../core/segment';

export interface ParsedCitations {
  sentences: AnswerSentence[];
  /** Distinct issued IDs in order of first use. */
  cited: number[];
  dropped: number;
}

// `[1]`, `[1, 2]`, `[1; 3]`, `[ 2 ]`. Anything else in brackets is left as text.
const MARKER = /\[\s*(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\s*\]/g;

const LEADING_MARKERS = /^(?:\s*\[\s*\d{1,4}(?:\s*[,;]\s*\d{1,4})*\s*\])+/;

// A marker followed by the sentence's final punctuation ends a sentence, whatever comes next: the
// sentence segmenter does not break before a lower-case word ("… functions [1]. int asn1_…"), so
// an extractive answer quoting such a line would show two quotes as one sentence.
const CITED_SENTENCE_END = /(?<=\[\s*\d{1,4}(?:\s*[,;]\s*\d{1,4})*\s*\][.!?…]+["'”’)]*)\s+(?=\S)/u;

export function parseCitations(text: string, issued: ReadonlySet<number>): ParsedCitations {
  const sentences: AnswerSentence[] = [];
  const cited: number[] = [];
  let dropped = 0;

  const collect = (ids: number[]) => (_: string, list: string) => {
    for (const part of list.split(/[,;]/)) {
      const id = Number(part.trim());
      if (issued.has(id)) {
        if (!ids.includes(id)) ids.push(id);
        if (!cited.includes(id)) cited.push(id);
      } else {
        dropped++;
      }
    }
    return '';
  };

  const segments = text.split(CITED_SENTENCE_END).flatMap((part) => splitSentences(part));
  for (const segment of segments) {
    const ids: number[] = [];
    const previous = sentences.at(-1);
    // Markers that open a segment came after the previous sentence's full stop ("Pharos. [1] It
    // was…"): the segmenter puts them in the next sentence, but they cite the one before.
    const lead = previous ? (LEADING_MARKERS.exec(segment)?.[0] ?? '') : '';
    if (lead) lead.replace(MARKER, collect(previous!.citations));
    // Removing a marker can join brackets around it into a new one ("[[0]0]" → "[0]"): repeat
    // until none is left, so no unchecked marker ever reaches the reader.
    let plain = segment.slice(lead.length);
    for (let before = ''; before !== plain;) {
      before = plain;
      plain = plain.replace(MARKER, collect(ids));
    }
    const clean = tidy(plain);
    if (!clean || /^[\s\p{P}]*$/u.test(clean)) {
      // A segment holding only markers ("Cambridge. [1]") belongs to the sentence before it.
      if (previous)
        for (const id of ids) if (!previous.citations.includes(id)) previous.citations.push(id);
      continue;
    }
    sentences.push({ text: clean, citations: ids });
  }
  return { sentences, cited, dropped };
}

/** Remove the gaps markers leave behind: "Cambridge [1]." → "Cambridge.". */
function tidy(text: string): string {
  return text
    .replace(/\s+([.,;:!?…])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
