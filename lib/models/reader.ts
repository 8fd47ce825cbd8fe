// The extractive-QA model's outputs as the pipeline's AnswerReader gives them: start and end
// logits over the passage's tokens → the best span (start ≤ end, at most `maxTokens` long) →
// character offsets in the passage, or nothing when the model is not confident.
//
// transformers.js's tokenizers give no offset mapping, so the passage is split into words here
// (runs of letters, digits and marks; every other visible character alone, as BERT's
// pre-tokenizer splits punctuation) and each word is encoded on its own: every token then belongs
// to one word, and a span's offsets are its first word's start and its last word's end. The model
// is fed exactly these tokens, so the offsets can never drift from what it read.

import type { ReadSpan } from '../pipeline/ports';

export interface Word {
  start: number;
  end: number;
}

/** The passage's words with their character offsets. */
export function passageWords(text: string): Word[] {
  return Array.from(text.matchAll(/[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The passage's token ids, and for each token the index of the word it came from. */
export interface PassageTokens {
  ids: number[];
  wordOf: number[];
  words: Word[];
}

/** Encodes the passage word by word, up to `maxTokens` tokens (a word that does not fit is left out). */
export function passageTokens(
  text: string,
  encode: (word: string) => number[],
  maxTokens: number,
): PassageTokens {
  const words = passageWords(text);
  const ids: number[] = [];
  const wordOf: number[] = [];
  for (let w = 0; w < words.length; w++) {
    const pieces = encode(text.slice(words[w]!.start, words[w]!.end));
    if (ids.length + pieces.length > maxTokens) break;
    for (const id of pieces) {
      ids.push(id);
      wordOf.push(w);
    }
  }
  return { ids, wordOf, words };
}

export interface SpanLimits {
  /** Longest answer, in tokens (SQuAD answers are short phrases; a long span is not "exact"). */
  maxTokens: number;
  /** Below this p(start)·p(end) the model is spreading its belief: no span. */
  minScore: number;
}

/** Softmax over the given positions of `logits` (the largest subtracted first, so nothing overflows). */
function softmaxAt(logits: ArrayLike<number>, positions: readonly number[]): Map<number, number> {
  const max = Math.max(...positions.map((i) => logits[i]!));
  const exps = positions.map((i) => Math.exp(logits[i]! - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return new Map(positions.map((i, k) => [i, exps[k]! / sum]));
}

/**
 * The best span among the context tokens `[from, to)` of one row: probabilities are taken over
 * the [CLS] token (position 0) and the context, as SQuAD readers are trained (a model that puts
 * its mass on [CLS] says "no answer here", which lowers every span's score), then the pair
 * start ≤ end < start + maxTokens with the highest p(start)·p(end).
 */
export function bestSpan(
  startLogits: ArrayLike<number>,
  endLogits: ArrayLike<number>,
  context: { from: number; to: number },
  limits: SpanLimits,
): { first: number; last: number; score: number } | undefined {
  if (context.to <= context.from) return undefined;
  const positions = [0];
  for (let i = context.from; i < context.to; i++) positions.push(i);
  const ps = softmaxAt(startLogits, positions);
  const pe = softmaxAt(endLogits, positions);
  let best: { first: number; last: number; score: number } | undefined;
  for (let i = context.from; i < context.to; i++) {
    const stop = Math.min(context.to, i + limits.maxTokens);
    for (let j = i; j < stop; j++) {
      const score = ps.get(i)! * pe.get(j)!;
      if (!best || score > best.score) best = { first: i, last: j, score };
    }
  }
  return best && best.score >= limits.minScore ? best : undefined;
}

/** A span of context tokens as character offsets in the passage (whole words). */
export function spanOffsets(
  tokens: PassageTokens,
  span: { first: number; last: number; score: number },
  contextStart: number,
): ReadSpan {
  const first = tokens.words[tokens.wordOf[span.first - contextStart]!]!;
  const last = tokens.words[tokens.wordOf[span.last - contextStart]!]!;
  return { start: first.start, end: last.end, score: span.score };
}
