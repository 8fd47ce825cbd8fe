import { describe, expect, it } from 'vitest';
import { messageFor, PipelineError, toErrorInfo } from '../../lib/core/errors';
import { validateClaim } from '../../lib/pipeline/claim-input';
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

describe('validateClaim', () => {
  const codeOf = (claim: string) => {
    try {
      validateClaim(claim);
      return 'ok';
    } catch (error) {
      return error instanceof PipelineError ? error.code : 'other';
    }
  };

  it('accepts a statement, trimmed and on one line', () => {
    expect(validateClaim('  Mr Obama said race relations\nhad improved.  ')).toBe(
      'Mr Obama said race relations had improved.',
    );
    expect(codeOf('Revenue for 2011 was $163 million.')).toBe('ok');
  });

  it.each([
    ['', 'question-empty'],
    ['Obama', 'claim-too-short'],
    ['x'.repeat(MAX_QUESTION_CHARS + 1), 'claim-too-long'],
    ['Did race relations improve during his presidency?', 'claim-is-question'],
    ['Race relations improved?', 'claim-is-question'],
    ["Qui est le sujet principal de l'article", 'claim-other-language'],
    ['Der Präsident unterzeichnete gestern das Gesetz', 'claim-other-language'],
  ])('refuses %j with %s', (claim, code) => {
    expect(codeOf(claim)).toBe(code);
  });

  it('does not take a short English statement without function words for another language', () => {
    expect(codeOf('Kenya welcomes Obama')).toBe('ok');
    expect(codeOf('How the lighthouse fell is told below.')).toBe('ok');
  });

  it('has a plain message for every refusal', () => {
    for (const code of [
      'claim-too-short',
      'claim-too-long',
      'claim-is-question',
      'claim-other-language',
    ] as const)
      expect(messageFor(code)).toMatch(/^[A-Z].+\.$/);
  });
});
