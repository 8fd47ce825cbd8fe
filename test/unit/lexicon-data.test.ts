// The word lists are data: these tests keep them consistent (no word in two synonym groups, no
// antonym pair inside one group, no negation cue or quantifier among the function words).
import { describe, expect, it } from 'vitest';
import {
  ANTONYM_PAIRS,
  COUNTRIES,
  FUNCTION_WORDS,
  NEGATION_WORDS,
  QUANTIFIERS,
  SYNONYM_GROUPS,
} from '../../lib/pipeline/lexicon-data';
import { wordKey } from '../../lib/pipeline/lexicon';

describe('lexicon data', () => {
  it('puts no word in two synonym groups', () => {
    const seen = new Map<string, string>();
    for (const group of SYNONYM_GROUPS)
      for (const word of group.split(' ')) {
        expect(seen.get(word), `${word} is in "${seen.get(word)}" and "${group}"`).toBeUndefined();
        seen.set(word, group);
      }
  });

  it('never makes synonyms antonyms', () => {
    for (const [a, b] of ANTONYM_PAIRS) expect(wordKey(a), `${a}/${b}`).not.toBe(wordKey(b));
  });

  it('keeps negation cues and quantifiers out of the function words', () => {
    const functionWords = new Set(FUNCTION_WORDS.split(/\s+/));
    const cues = [
      ...NEGATION_WORDS.split(' '),
      ...Object.values(QUANTIFIERS).flatMap((list) => list.split('|')),
    ].filter((w) => !w.includes(' '));
    expect(cues.filter((w) => functionWords.has(w))).toEqual([]);
  });

  it('lists each country name once', () => {
    const names = COUNTRIES.flatMap((line) => line.split('|'));
    expect(names.length).toBe(new Set(names).size);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(60);
  });
});
