import { describe, expect, it } from 'vitest';
import { sentences } from '../../lib/core/segment';

describe('sentences', () => {
  it('does not end a sentence at an abbreviation, a title or an initial', () => {
    expect(
      sentences(
        'Martin Luther King Jr. was born in 1929. Apple Inc. said so. The U.S. Senate voted. He met Mortimer B. Zuckerman. It ended.',
      ).map((s) => s.trim()),
    ).toEqual([
      'Martin Luther King Jr. was born in 1929.',
      'Apple Inc. said so.',
      'The U.S. Senate voted.',
      'He met Mortimer B. Zuckerman.',
      'It ended.',
    ]);
  });

  it('still ends sentences at ordinary full stops', () => {
    expect(sentences('One day later. The next one.').length).toBe(2);
  });
});
