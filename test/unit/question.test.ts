import { describe, expect, it } from 'vitest';
import { messageFor, PipelineError, toErrorInfo } from '../../lib/core/errors';
import { MAX_QUESTION_CHARS, validateQuestion } from '../../lib/pipeline/question';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return (error as PipelineError).code;
  }
  return undefined;
}

describe('validateQuestion', () => {
  it.each([
    ['', 'question-empty'],
    ['   \n\t  ', 'question-empty'],
    ['\u200B\uFEFF', 'question-empty'],
    ['a', 'question-too-short'],
    ['?', 'question-too-short'],
    ['x'.repeat(10_000), 'question-too-long'],
    ['why '.repeat(MAX_QUESTION_CHARS), 'question-too-long'],
  ])('%j → %s', (raw, code) => {
    expect(codeOf(() => validateQuestion(raw))).toBe(code);
  });

  it('accepts a question at the length limit and rejects one past it', () => {
    const atLimit = 'tower '.repeat(MAX_QUESTION_CHARS).slice(0, MAX_QUESTION_CHARS - 1) + 'x';
    expect(validateQuestion(atLimit)).toHaveLength(MAX_QUESTION_CHARS);
    expect(codeOf(() => validateQuestion(atLimit + 'y'))).toBe('question-too-long');
  });

  it('normalises whitespace and invisible characters', () => {
    expect(validateQuestion('  When   was\tthe\n\nlight\u200Bhouse \r\n built? ')).toBe(
      'When was the lighthouse built?',
    );
  });

  it('keeps a two-character question, and one of stopwords only (ranking then finds nothing)', () => {
    expect(validateQuestion('AI')).toBe('AI');
    expect(validateQuestion(' what is it? ')).toBe('what is it?');
  });

  it('gives each code a sentence a person understands', () => {
    const error = new PipelineError('question-too-long', '10000 characters');
    expect(error.message).toContain(messageFor('question-too-long'));
    expect(error.message).toContain('10000 characters');
    expect(toErrorInfo(error)).toEqual({ code: 'question-too-long', message: error.message });
    expect(toErrorInfo(new Error('boom')).code).toBe('internal');
    expect(toErrorInfo({ code: 'page-empty', message: 'x' })).toEqual({
      code: 'page-empty',
      message: 'x',
    });
    expect(toErrorInfo({ code: '__proto__', message: 'x' }).code).toBe('internal');
  });
});
