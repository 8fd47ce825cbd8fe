import { describe, expect, it } from 'vitest';
import {
  antonymPairsOf,
  oppositeClustersOf,
  synsetsOf,
} from '../../lib/pipeline/lexicon-wordnet-antonyms-build';

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

// Two opposed head adjectives, each with a satellite similar to it (`&`), and a satellite whose
// first sense is elsewhere.
const CLUSTER_DATA = [
  '  1 This software and database is being provided to you',
  '00010 00 a 01 complex 0 002 ! 00020 a 0101 & 00011 a 0000 | complicated in structure',
  '00011 00 s 02 complicated 0 intricate 0 001 & 00010 a 0000 | hard to work out',
  '00020 00 a 01 simple 0 002 ! 00010 a 0101 & 00021 a 0000 | having few parts',
  '00021 00 s 02 plain 0 elementary 0 001 & 00020 a 0000 | not elaborate',
  '00030 00 a 01 lonely 0 000 | without an opposite',
].join('\n');
const CLUSTER_INDEX = [
  '  1 This software and database is being provided to you',
  'complex a 1 2 ! & 1 0 00010',
  'complicated a 1 1 & 1 0 00011',
  'intricate a 1 1 & 1 0 00011',
  'simple a 1 2 ! & 1 0 00020',
  'plain a 2 1 & 2 0 00099 00021',
  'elementary a 1 1 & 1 0 00021',
  'lonely a 1 0 1 0 00030',
].join('\n');

describe('lexicon-wordnet-antonyms-build: opposed adjective clusters', () => {
  it('groups a head with its satellites and names the cluster opposed to it', () => {
    expect(oppositeClustersOf(CLUSTER_INDEX, CLUSTER_DATA)).toEqual([
      'complex complicated intricate|1',
      'simple elementary|0',
    ]);
  });

  it('leaves out a word whose first sense is elsewhere, and a head with no opposite', () => {
    const clusters = oppositeClustersOf(CLUSTER_INDEX, CLUSTER_DATA).join(' ');
    expect(clusters).not.toContain('plain');
    expect(clusters).not.toContain('lonely');
  });
});
