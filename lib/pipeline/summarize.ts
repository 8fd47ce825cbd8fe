// Summaries of the whole page, for overview questions and the Summarize button (intent.ts).
// Ranking by the question's words cannot work here ("summarize this page" shares no word with
// the article), so the passages are chosen to cover the page instead:
//  - lead: the article's opening usually states what it is about;
//  - centrality: a passage whose words the rest of the page keeps using is about the main topic;
//  - diversity: each further pick must add words not already covered, and a section not yet
//    represented is preferred, so the summary spans the page rather than its first topic.
// The extractive composer then takes the most central sentence of each, in reading order.

import { countTokens, terms } from '../core/text';
import { linesOf, sentences as splitSentences } from '../core/segment';
import { inJunkSection, isJunk } from './junk';
import type { Candidate } from './types';

export interface SummaryOptions {
  /** Passages chosen (the extractive composer uses 3–6 of them, one sentence each). */
  maxPassages: number;
  /** Tokens of all chosen passages together: the composer prompt's quote budget. */
  tokenBudget: number;
  /** Shorter passages (captions, bylines, one-line teasers) are not summary material. */
  minTokens: number;
  /** The page's primary language (how its words become terms; see lib/core/text.ts). */
  lang?: string;
}

export const SUMMARY_DEFAULTS: SummaryOptions = { maxPassages: 6, tokenBudget: 900, minTokens: 15 };

export interface SummaryPick {
  candidate: Candidate;
  /** Centrality in [0, 1]: cosine of the passage's term vector with the whole page's. */
  centrality: number;
}

/**
 * Passages that together cover the page, in reading order. Prose paragraphs are chosen first;
 * a page without enough of them (a list, a table of films, short lines) fills the rest with its
 * shorter passages and table rows, so every page still gets a summary of several quotes.
 */
export function selectSummaryPassages(
  candidates: readonly Candidate[],
  options: Partial<SummaryOptions> = {},
): SummaryPick[] {
  const opts = { ...SUMMARY_DEFAULTS, ...options };
  const pool = candidates.filter(
    (c) => c.origin === 'splitter' && !isJunk(c.text) && !inJunkSection(c.section),
  );
  const prose = pool.map(
    (c) => c.kind !== 'table' && c.tokens >= opts.minTokens && !looksLikeCode(c.text),
  );
  if (pool.length === 0) return [];
  const vectors = pool.map((c) => termCounts(terms(c.text, opts.lang)));
  const centrality = centralities(vectors);
  const chosen: Chosen = {
    picked: [],
    covered: new Set(),
    sections: new Set(),
    budget: opts.tokenBudget,
  };
  const take = (i: number) => {
    chosen.picked.push(i);
    chosen.budget -= pool[i]!.tokens;
    for (const t of vectors[i]!.keys()) chosen.covered.add(t);
    chosen.sections.add(pool[i]!.section);
  };
  // Lead first: the first prose passage of the article, unless it is far from the page's topic.
  const top = Math.max(...centrality.filter((_, i) => prose[i]), 0);
  const lead = pool.findIndex((_, i) => prose[i] && centrality[i]! >= 0.5 * top);
  if (lead >= 0) take(lead);
  for (const allowed of [(i: number) => prose[i]!, () => true]) {
    while (chosen.picked.length < opts.maxPassages) {
      const next = bestNext(pool, vectors, centrality, chosen, allowed);
      if (next < 0) break;
      take(next);
    }
  }
  return [...chosen.picked]
    .sort((a, b) => a - b)
    .map((i) => ({ candidate: pool[i]!, centrality: centrality[i]! }));
}

// Characters that prose rarely holds and code, signatures and identifiers hold many of.
const CODE_CHARACTERS = /[=*{}$\\<>|_#;~^]/g;

/**
 * Code, a function signature or a block of identifiers ("int asn1_parser2tree (const char *
 * file, …)"): more than 3 % of its characters are code punctuation. A manual's reference pages
 * are full of them, and a summary quoting them says nothing about what the document is.
 */
export function looksLikeCode(text: string): boolean {
  const symbols = text.match(CODE_CHARACTERS)?.length ?? 0;
  return symbols > 0.03 * text.length;
}

interface Chosen {
  picked: number[];
  covered: Set<string>;
  sections: Set<string | undefined>;
  budget: number;
}

/** Maximal marginal relevance: central, adding new words, from a section not yet used. */
function bestNext(
  pool: readonly Candidate[],
  vectors: ReadonlyArray<Map<string, number>>,
  centrality: readonly number[],
  chosen: Readonly<Chosen>,
  allowed: (i: number) => boolean,
): number {
  let best = -1;
  let bestScore = -Infinity;
  pool.forEach((candidate, i) => {
    if (!allowed(i) || chosen.picked.includes(i) || candidate.tokens > chosen.budget) return;
    const words = [...vectors[i]!.keys()];
    const novelty = words.filter((t) => !chosen.covered.has(t)).length / (words.length || 1);
    const newSection = chosen.sections.has(candidate.section) ? 0 : 0.15;
    const score = 0.6 * centrality[i]! + 0.4 * novelty + newSection;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

function termCounts(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Cosine of each passage's log-tf vector with the page's, both weighted by document frequency. */
function centralities(vectors: ReadonlyArray<Map<string, number>>): number[] {
  const df = new Map<string, number>();
  for (const v of vectors) for (const t of v.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  // Words in a single passage say nothing about the page's topic; words everywhere are weighted
  // by how many passages share them.
  const weight = (t: string) => Math.log(df.get(t)!);
  const page = new Map<string, number>();
  for (const [t, n] of df) if (n > 1) page.set(t, n * weight(t));
  const pageNorm = Math.sqrt([...page.values()].reduce((s, x) => s + x * x, 0)) || 1;
  return vectors.map((v) => {
    let dot = 0;
    let norm = 0;
    for (const [t, n] of v) {
      const x = (1 + Math.log(n)) * weight(t);
      dot += x * (page.get(t) ?? 0);
      norm += x * x;
    }
    return norm > 0 ? dot / (Math.sqrt(norm) * pageNorm) : 0;
  });
}

/**
 * The sentence of a passage that best represents it: the one sharing most words with the rest of
 * the passages chosen (the page's topic), among sentences long enough to say something.
 */
export function centralSentence(text: string, others: readonly string[], lang?: string): string {
  const context = new Set(others.flatMap((o) => terms(o, lang)));
  const candidates = linesOf(text)
    .flatMap((line) => splitSentences(line, lang).map((s) => s.trim()))
    .filter((s) => countTokens(s) >= 6);
  let best = candidates[0] ?? text.trim();
  let bestScore = -1;
  candidates.forEach((sentence, i) => {
    const words = new Set(terms(sentence, lang));
    const shared = [...words].filter((t) => context.has(t)).length;
    // A small preference for earlier sentences: a paragraph's first sentence often states its point.
    const score = shared / Math.sqrt(words.size || 1) - 0.05 * i;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  });
  return best;
}
