// "You asked something like this before": finds the stored answer whose question is closest to a
// new one, so the panel can offer it before (or instead of) running the pipeline again. Exact
// repeats are found by the `questionKey` index; this catches rewordings.
//
// Similarity is the bi-encoder cosine when the question embedder is loaded (EWEK-QA §3.1.1 uses
// the same MiniLM bi-encoder for deduplication), else the lexical Jaccard of question.ts. A wrong
// match shows the answer to a different question, a miss only costs a recomputation, so both
// thresholds lean strict.

import type { AnswerRecord } from '../cache/db';
import type { Embedder } from '../pipeline/ports';
import { cosine } from '../pipeline/retrieve';
import type { Mode } from '../pipeline/types';
import { lexicalSimilarity } from './question';

/**
 * Cosine at or above which two questions count as the same for all-MiniLM-L6-v2 (the bundled
 * bi-encoder). The model was trained contrastively on paraphrase and duplicate-question pairs
 * (Quora, Stack Exchange titles among them): rewordings of one question typically land near
 * 0.85–0.95, while different questions about the same subject ("who designed the lighthouse" /
 * "when was the lighthouse built") usually stay around 0.6–0.8, because the shared entity pulls them
 * together. 0.85 sits between the two, on the strict side. These ranges are the model card's and
 * our expectation, not a measurement: to be checked by `npm run eval` on paraphrase and
 * near-miss question pairs, and retuned for any other embedder.
 */
export const EMBEDDING_THRESHOLD = 0.85;

/**
 * Jaccard (question.ts) at or above which two questions count as the same without an embedder.
 * 0.8 accepts one added qualifier to a question of 4+ terms ("who designed the eiffel tower" +
 * "in paris": 4/5) and rewordings that keep every content word ("who designed this lighthouse"),
 * and rejects a swapped content word up to 8 terms ("who painted…" vs "who designed the eiffel
 * tower": 3/5) and any added term to a 3-term question (3/4). Paraphrases with other words are
 * missed: that is the embedder's job. To be checked by `npm run eval` like the embedding one.
 */
export const LEXICAL_THRESHOLD = 0.8;

export interface SimilarityThresholds {
  embedding: number;
  lexical: number;
}

export const DEFAULT_THRESHOLDS: SimilarityThresholds = {
  embedding: EMBEDDING_THRESHOLD,
  lexical: LEXICAL_THRESHOLD,
};

export interface SimilarOptions {
  /** The question bi-encoder; without it (models not loaded) every comparison is lexical. */
  embedder?: Embedder;
  /** The page the question is asked on: answers from it are preferred. */
  pageUrl: string;
  /** Only answers of the same mode match: a claim check is no answer to a question. */
  mode: Mode;
  threshold?: Partial<SimilarityThresholds>;
}

export interface SimilarMatch {
  record: AnswerRecord;
  /** Cosine (`embedding`) or Jaccard (`lexical`): each compared with its own threshold. */
  similarity: number;
  method: 'embedding' | 'lexical';
  /** False when no answer from this page was close enough and this one is from another page. */
  samePage: boolean;
}

/**
 * The closest earlier answer to `question`, or null when none reaches its threshold. The best
 * same-page match wins over a closer one from another page: an answer about the page the user is
 * reading is what they expect, and its quotes can be highlighted there.
 *
 * A candidate is scored by cosine when it has a `questionVector` from the embedder's model (same
 * `modelId`, same dimension), else lexically against its question. Never throws on an embedder
 * failure: it falls back to lexical comparison, since a lookup that fails outright would cost the
 * user the earlier answer that words alone can still find.
 */
export async function findSimilar(
  question: string,
  candidates: readonly AnswerRecord[],
  options: SimilarOptions,
): Promise<SimilarMatch | null> {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.threshold };
  const pool = candidates.filter((c) => c.mode === options.mode);
  if (pool.length === 0) return null;

  const embedder = options.embedder;
  // Embed only when some candidate can use it: no vector of this model, no model call.
  let queryVector: Float32Array | undefined;
  if (embedder && pool.some((c) => c.questionVector?.modelId === embedder.modelId)) {
    try {
      const [vector] = await embedder.embed([question]);
      if (vector && vector.length > 0) queryVector = vector;
    } catch {
      queryVector = undefined;
    }
  }

  const page = pageIdentity(options.pageUrl);
  let bestSame: SimilarMatch | null = null;
  let bestOther: SimilarMatch | null = null;
  for (const record of pool) {
    const stored = record.questionVector;
    const useEmbedding =
      queryVector !== undefined &&
      stored?.modelId === embedder?.modelId &&
      stored?.vector.length === queryVector.length;
    const method = useEmbedding ? 'embedding' : 'lexical';
    const similarity = useEmbedding
      ? cosine(queryVector!, stored!.vector)
      : lexicalSimilarity(question, record.question);
    // NaN (a corrupt stored vector) fails this comparison too: never a match.
    if (!(similarity >= thresholds[method])) continue;
    const samePage = pageIdentity(record.pageUrl) === page;
    const match: SimilarMatch = { record, similarity, method, samePage };
    if (samePage) bestSame = better(match, bestSame);
    else bestOther = better(match, bestOther);
  }
  return bestSame ?? bestOther;
}

/**
 * Higher similarity wins; on a tie the newer answer (the page or the sources may have changed
 * since the older one). Cosines and Jaccards are compared as numbers: both passed their own
 * threshold, and a mixed pool only occurs while old answers still lack a vector of this model.
 */
function better(a: SimilarMatch, b: SimilarMatch | null): SimilarMatch {
  if (!b) return a;
  if (a.similarity !== b.similarity) return a.similarity > b.similarity ? a : b;
  return a.record.createdAt > b.record.createdAt ? a : b;
}

/** A page without its `#fragment`: jumping to a section of the page is still the same page. */
function pageIdentity(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
