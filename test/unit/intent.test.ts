import { describe, expect, it } from 'vitest';
import { answerTypeOf, contentOf, intentOf, isOverviewQuestion } from '../../lib/pipeline/intent';

describe('isOverviewQuestion', () => {
  it.each([
    'Summarize this page.',
    'TL;DR?',
    'What is this article about?',
    "What's this page about?",
    'What are the main points?',
    'Give me the key takeaways.',
    'Explain this page.',
    "What's this about?",
    'What does the article say?',
    'Give me the short version.',
    "What is the author's main argument?",
    'What is the topic of this post?',
    'Verdict?',
  ])('%s is an overview', (q) => expect(isOverviewQuestion(q)).toBe(true));

  it.each([
    'Who wrote the summary report?',
    'What is the capital of Australia?',
    'When was it built?',
    'What does the author say about taxes?',
    'What is the verdict in the Smith case?',
  ])('%s is not', (q) => expect(isOverviewQuestion(q)).toBe(false));

  it('lets the caller (the Summarize button) set the intent', () => {
    expect(intentOf('Anything at all', 'summary')).toBe('summary');
    expect(intentOf('TL;DR?')).toBe('summary');
    expect(intentOf('Who built it?')).toBe('answer');
  });
});

describe('answerTypeOf', () => {
  it.each([
    ['Who discovered neon?', 'person'],
    ['When did Lorenz die?', 'date'],
    ['In what year was neon discovered?', 'date'],
    ['How many lists does the payload contain?', 'number'],
    ['How much did Amazon pay for Whole Foods?', 'money'],
    ['How long was the test?', 'duration'],
    ['Where is Apple based?', 'place'],
    ['What does PII stand for?', 'expansion'],
    ['What is the new setting called?', 'other'],
  ])('%s → %s', (q, type) => expect(answerTypeOf(q)).toBe(type));
});

describe('contentOf', () => {
  it('drops the words that only say what kind of answer is wanted', () => {
    expect(contentOf('How long did Obama have left in power?')).toBe(
      'did Obama have left in power?',
    );
    expect(contentOf('What does PII stand for?')).toBe('What does PII ?');
  });
});
