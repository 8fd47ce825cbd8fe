import { describe, expect, it } from 'vitest';
import { antonymPairsOf, synsetsOf } from '../../lib/pipeline/lexicon-wordnet-antonyms-build';

// Two adjective synsets in WordNet's data format, linked by a direct antonym pointer (word 1 to
// word 1), and a third one in no word's first two senses.
const DATA = [
  '  1 This software and database is being provided to you',
  '00001 00 a 02 abundant 0 plentiful 0 001 ! 00002 a 0101 | present in great quantity',
  '00002 00 a 01 scarce 0 001 ! 00001 a 0101 | deficient in quantity',
  '00003 00 a 01 rare 0 001 ! 00004 a 0101 | a rare sense',
  '00004 00 s 01 common(a) 0 000 | having no special distinction',
].join('\n');
const INDEX = [
  '  1 This software and database is being provided to you',
  'abundant a 1 1 ! 1 0 00001',
  'plentiful a 1 0 1 0 00001',
  'scarce a 1 1 ! 1 0 00002',
  'rare a 3 1 ! 3 0 00009 00008 00003',
  'common a 1 0 1 0 00004',
].join('\n');

describe('lexicon-wordnet-antonyms-build: antonym pairs from WordNet files', () => {
  it('reads direct antonym links between words', () => {
    expect(synsetsOf(DATA).get('00004')?.words).toEqual(['common']);
    expect(antonymPairsOf(INDEX, DATA)).toEqual(['abundant scarce', 'abundant scarce']);
  });

  it('keeps a link only within the first two senses of both words', () => {
    expect(antonymPairsOf(INDEX, DATA)).not.toContain('common rare');
  });
});
