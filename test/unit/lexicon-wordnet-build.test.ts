import { describe, expect, it } from 'vitest';
import {
  firstSenses,
  groupsOf,
  licenceNotice,
  synonymGroups,
  synonymsModule,
} from '../../lib/pipeline/lexicon-wordnet-build';

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
});
