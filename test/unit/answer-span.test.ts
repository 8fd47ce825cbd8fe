import { describe, expect, it } from 'vitest';
import { findAnswerSpan, typedSpans } from '../../lib/pipeline/answer-span';

const spanText = (question: string, text: string) => {
  const span = findAnswerSpan(question, text);
  return span ? text.slice(span.start, span.end) : undefined;
};

describe('findAnswerSpan', () => {
  it('finds the phrase of the asked type, not the question’s own words', () => {
    const text =
      'Amazon bought Whole Foods in August 2017 for $13.7 billion, its largest acquisition.';
    expect(spanText('When did Amazon buy Whole Foods?', text)).toBe('August 2017');
    expect(spanText('How much did Amazon pay for Whole Foods?', text)).toBe('$13.7 billion');
    expect(
      spanText(
        'Who was named CEO?',
        'Martino sold his stake and new owner Federico Musto was named CEO.',
      ),
    ).toBe('Federico Musto');
  });

  it('reads an acronym’s expansion and a place', () => {
    expect(
      spanText(
        'What does PII stand for?',
        'so-called "personally identifiable information" (PII) like names',
      ),
    ).toBe('personally identifiable information"');
    expect(
      spanText('Where is the headquarters?', 'The headquarters are in Cupertino, California.'),
    ).toBe('Cupertino, California');
  });

  it('gives nothing for a question of no particular type or a text without such a phrase', () => {
    expect(
      findAnswerSpan('What is the new setting called?', 'It is called terrain type.'),
    ).toBeUndefined();
    expect(
      findAnswerSpan('When was it released?', 'It runs disappointingly short.'),
    ).toBeUndefined();
  });

  it('knows dates before the common era and numbers in words', () => {
    expect(typedSpans('Built: c. 280 BC', 'date').length).toBeGreaterThan(0);
    expect(typedSpans('Five people took part.', 'number').length).toBeGreaterThan(0);
  });
});
