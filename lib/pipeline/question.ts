// Checks a question or claim before any work starts, so the user gets a clear message at once
// and keeps what they typed.

import { PipelineError } from '../core/errors';
import { MAX_QUESTION_CHARS } from '../core/limits';
import { normalizeText } from '../core/text';

export { MAX_QUESTION_CHARS };

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
