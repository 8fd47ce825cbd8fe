// Ranking stage: Okapi BM25 over the splitter's passages (the cheap first stage of
// WeKnow-RAG §4.1.3; lib/models puts the MiniLM cross-encoder behind it).
//
// A small module rather than a search library: the corpus is built per question from one page,
// nothing is persisted, and it must share the splitter's tokenizer and stemmer so that the
// evidence `coverage` below means the same thing everywhere.

import { terms } from '../core/text';
import type { Passage } from './types';

export interface RankOptions {
  /** Term-frequency saturation; 1.2 is the usual Okapi value. */
  k1: number;
  /** Length normalisation; 0.75 is the usual Okapi value. */
  b: number;
}

export const RANK_DEFAULTS: RankOptions = { k1: 1.2, b: 0.75 };

export interface RankedPassage {
  passage: Passage;
  /** BM25 score: only comparable between passages of one ranking. */
  score: number;
  /**
   * IDF-weighted share of the question's distinct content terms present in the passage, in [0, 1].
   * Unlike BM25 it is comparable across pages, so the "does the page answer this?" and verdict
   * thresholds are set on it.
   */
  coverage: number;
}

export function rankPassages(
  question: string,
  passages: readonly Passage[],
  options: Partial<RankOptions> = {},
): RankedPassage[] {
  const { k1, b } = { ...RANK_DEFAULTS, ...options };
  const queryTerms = [...new Set(terms(question))];
  if (passages.length === 0) return [];

  const docs = passages.map((p) => termFrequencies(terms(p.text)));
  const lengths = docs.map((d) => d.length);
  const avgLength = lengths.reduce((a, n) => a + n, 0) / passages.length || 1;
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    let df = 0;
    for (const doc of docs) if (doc.counts.has(term)) df++;
    idf.set(term, Math.log(1 + (passages.length - df + 0.5) / (df + 0.5)));
  }
  const idfTotal = queryTerms.reduce((sum, t) => sum + idf.get(t)!, 0);

  const ranked = passages.map((passage, i) => {
    const doc = docs[i]!;
    let score = 0;
    let covered = 0;
    for (const term of queryTerms) {
      const tf = doc.counts.get(term) ?? 0;
      if (tf === 0) continue;
      const w = idf.get(term)!;
      score += (w * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength));
      covered += w;
    }
    return { passage, score, coverage: idfTotal > 0 ? covered / idfTotal : 0 };
  });
  // Stable order for equal scores: earlier passages first, as a reader would meet them.
  return ranked.sort((x, y) => y.score - x.score);
}

function termFrequencies(words: string[]): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return { counts, length: words.length };
}
