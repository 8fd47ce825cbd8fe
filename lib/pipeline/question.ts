// Checks a question or claim before any work starts, so the user gets a clear message at once
// and keeps what they typed.

import { PipelineError } from '../core/errors';
import { normalizeText } from '../core/text';

/** Longer than any real question; long enough for a selected claim of a few sentences. */
export const MAX_QUESTION_CHARS = 2000;

export function validateQuestion(raw: string): string {
  const question = normalizeText(raw).replace(/\n/g, ' ');
  if (question.length === 0) throw new PipelineError('question-empty');
  if (question.length > MAX_QUESTION_CHARS)
    throw new PipelineError(
      'question-too-long',
      `${question.length} characters, at most ${MAX_QUESTION_CHARS}`,
    );
  // One visible character is not a question. A question of stopwords only ("what is this about?")
  // is allowed: ranking finds nothing to match and the composer says so plainly.
  if (question.length < 2) throw new PipelineError('question-too-short');
  return question;
}

/**
 * Words nearly every English sentence of a few words contains. A claim of five or more words with
 * none of them is taken to be in another language: the verdict rules (stems, negation words,
 * antonyms) are English-only, so such a claim gets a clear message instead of a wrong verdict.
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  'the a an of in on at to for by with from and or but not no is are was were be been has have had do does did it its this that these those he she they we you i his her their our as than'.split(
    ' ',
  ),
);
const QUESTION_START =
  /^(who|whom|whose|what|which|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had)\b/i;

/**
 * A selection to verify: at least a few words making a statement, not a question, in English, and
 * within the length cap. Each failure is a coded error the panel shows beside the kept selection.
 */
export function validateClaim(raw: string): string {
  const claim = normalizeText(raw).replace(/\n/g, ' ');
  if (claim.length === 0) throw new PipelineError('question-empty');
  if (claim.length > MAX_QUESTION_CHARS)
    throw new PipelineError(
      'claim-too-long',
      `${claim.length} characters, at most ${MAX_QUESTION_CHARS}`,
    );
  const words = claim.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length < 3) throw new PipelineError('claim-too-short');
  if (/\?\s*$/.test(claim) || (QUESTION_START.test(claim) && /\?/.test(claim)))
    throw new PipelineError('claim-is-question');
  if (words.length >= 5 && !words.some((w) => ENGLISH_FUNCTION_WORDS.has(w)))
    throw new PipelineError('claim-other-language');
  return claim;
}
