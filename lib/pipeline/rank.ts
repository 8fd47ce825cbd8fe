// Ranking stage: Okapi BM25 over the splitter's passages (the cheap first stage of
// WeKnow-RAG §4.1.3; lib/models puts the MiniLM cross-encoder behind it).
//
// A small module rather than a search library: the corpus is built per question from one page,
// nothing is persisted, and it must share the splitter's tokenizer and stemmer so that the
// evidence `coverage` below means the same thing everywhere.

import { terms } from '../core/text';
import { buildVocabulary, expandQuery, type FollowUpContext, type QueryUnit } from './expand';
import { contentOf } from './intent';
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

export interface RankContext {
  /** The page's primary language (language.ts): how passages and question are cut into terms. */
  lang?: string;
  /** Follow-up context (the previous turns), matched at `weight` below the question's terms. */
  context?: FollowUpContext;
  /**
   * The page's title. A question term that it holds and no passage does names the page's subject
   * ("David" of "David Emery", whom the passages call "Emery"), which every passage is about: it
   * is left out of coverage instead of counting as a word the page never uses.
   */
  title?: string;
}

export function rankPassages(
  question: string,
  passages: readonly Passage[],
  options: Partial<RankOptions> & RankContext = {},
): RankedPassage[] {
  const { k1, b } = { ...RANK_DEFAULTS, ...options };
  if (passages.length === 0) return [];
  const docs = passages.map((p) => termFrequencies(terms(p.text, options.lang)));
  const vocabulary = buildVocabulary(
    passages.map((p) => p.text),
    docs.map((d) => d.words),
    options.lang,
  );
  const units = expandQuery(contentOf(question), vocabulary, options.context);
  const avgLength = docs.reduce((a, d) => a + d.length, 0) / passages.length || 1;
  const matched = units.map((unit) => docs.map((doc) => unitFrequency(unit, doc)));
  const dfs = matched.map((perDoc) => perDoc.filter((m) => m.tf > 0).length);
  const idfOf = (df: number) => Math.log(1 + (passages.length - df + 0.5) / (df + 0.5));
  const idf = dfs.map(idfOf);
  // In coverage a word of the question no passage holds weighs as much as one a single passage
  // holds: the page gives no evidence that it is rarer, and at BM25's idf for df 0 one word the
  // page says otherwise ("disc jockey" for "DJ") outweighed every word it does use. A name the
  // page never mentions ("Australia") keeps that weight: the page is not about it.
  const named = namedTerms(question, options.lang);
  const coverageIdf = dfs.map((df, j) => idfOf(df > 0 || named.has(units[j]!.key) ? df : 1));
  // The question's own terms, and those of the previous question a follow-up leans on (expand.ts).
  const own = (u: QueryUnit) => (u.fromQuestion ? 1 : 0);
  const all = (u: QueryUnit) => u.coverage;
  // The question's focus ("which city") counts only in the passages that hold it (expand.ts).
  const inTitle = titleUnits(units, matched, options.title, options.lang);
  const totalOf = (share: (u: QueryUnit) => number) =>
    units.reduce((sum, u, j) => sum + (u.focus || inTitle[j] ? 0 : share(u) * coverageIdf[j]!), 0);
  const [ownTotal, allTotal] = [totalOf(own), totalOf(all)];

  const ranked = passages.map((passage, i) => {
    const doc = docs[i]!;
    let score = 0;
    const covered = { own: 0, all: 0, ownTotal, allTotal };
    units.forEach((unit, j) => {
      const { tf, best } = matched[j]![i]!;
      if (tf === 0) return;
      const w = idf[j]! * unit.weight;
      score += (w * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength));
      covered.own += own(unit) * idf[j]! * best;
      covered.all += all(unit) * idf[j]! * best;
      if (unit.focus) {
        covered.ownTotal += own(unit) * idf[j]!;
        covered.allTotal += all(unit) * idf[j]!;
      }
    });
    // The previous question's terms only ever help: a follow-up with words of its own that the
    // passage holds is covered as much as those words say.
    const coverage = Math.min(
      1,
      Math.max(
        covered.ownTotal > 0 ? covered.own / covered.ownTotal : 0,
        covered.allTotal > 0 ? covered.all / covered.allTotal : 0,
      ),
    );
    return { passage, score, coverage };
  });
  // Stable order for equal scores: earlier passages first, as a reader would meet them.
  return ranked.sort((x, y) => y.score - x.score);
}

/** The terms of the question's capitalised words after its first: its names ("Australia"). */
function namedTerms(question: string, lang: string | undefined): ReadonlySet<string> {
  const words = Array.from(question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu), (m) => m[0]);
  const names = words.slice(1).filter((word) => /^\p{Lu}/u.test(word));
  return new Set(terms(names.join(' '), lang));
}

/** Per unit: whether the title holds it while no passage does (see `RankContext.title`). */
function titleUnits(
  units: readonly QueryUnit[],
  matched: ReadonlyArray<ReadonlyArray<{ tf: number }>>,
  title: string | undefined,
  lang: string | undefined,
): boolean[] {
  if (!title) return units.map(() => false);
  const doc = termFrequencies(terms(title, lang));
  return units.map(
    (unit, j) => matched[j]!.every((m) => m.tf === 0) && unitFrequency(unit, doc).tf > 0,
  );
}

interface Doc {
  words: string[];
  counts: Map<string, number>;
  length: number;
}

function termFrequencies(words: string[]): Doc {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return { words, counts, length: words.length };
}

/** Weighted occurrences of a unit's alternatives in a document, and the best weight matched. */
function unitFrequency(unit: QueryUnit, doc: Doc): { tf: number; best: number } {
  let tf = 0;
  let best = 0;
  for (const { seq, weight } of unit.alternatives) {
    const n = seq.length === 1 ? (doc.counts.get(seq[0]!) ?? 0) : sequenceCount(seq, doc);
    if (n === 0) continue;
    tf += n * weight;
    best = Math.max(best, weight);
  }
  return { tf, best };
}

function sequenceCount(seq: readonly string[], doc: Doc): number {
  if (!doc.counts.has(seq[0]!)) return 0;
  let n = 0;
  for (let i = 0; i + seq.length <= doc.words.length; i++)
    if (seq.every((term, k) => doc.words[i + k] === term)) n++;
  return n;
}
