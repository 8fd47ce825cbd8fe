import { describe, expect, it } from 'vitest';
import {
  MIN_TAGGED_USES,
  relatedModule,
  relatedSenses,
  synsetsOf,
  taggedUses,
} from '../../lib/pipeline/lexicon-wordnet-related-build';

// A tiny dictionary in WordNet's format. "store" is a kind of "keep" (hypernym `@`); "strong" and
// "powerful" are alike adjectives (`&`, the satellite's pointer names pos `s`); "bank" has a third
// sense, kept here (every sense counts); "Turkey" is a name; "obscure" is used too rarely in the
// tagged corpus; "the" is a function word.
const VERB_INDEX = `  1 Licence line one.  
keep v 1 1 @ 1 1 00000100  
store v 1 1 @ 1 1 00000200  
escape v 1 1 @ 1 1 00000500  
get_away v 1 1 @ 1 1 00000500  
get_to_grips v 1 1 @ 1 1 00000500  
`;
const VERB_DATA = `  1 Licence line one.  
00000100 31 v 01 keep 0 000 | retain possession of  
00000200 40 v 01 store 0 001 @ 00000100 v 0000 | keep for future use  
00000500 38 v 03 escape 0 get_away 0 get_to_grips 0 000 | run away from confinement  
`;
const ADJ_INDEX = `strong a 1 1 & 1 1 00000300  
powerful a 1 1 & 1 1 00000400  
`;
const ADJ_DATA = `00000300 00 a 01 strong 0 001 & 00000400 s 0000 | having strength  
00000400 00 s 01 powerful 0 001 & 00000300 a 0000 | having great power  
`;
const NOUN_INDEX = `bank n 3 1 @ 3 1 00000100 00000200 00000300  
tilt n 1 1 @ 1 0 00000300  
turkey n 1 1 @ 1 0 00000400  
obscure n 1 1 @ 1 0 00000300  
the n 1 1 @ 1 0 00000300  
`;
const NOUN_DATA = `00000100 00 n 01 bank 0 000 | sloping land  
00000200 00 n 01 bank 1 000 | a financial institution  
00000300 00 n 04 bank 2 tilt 0 obscure 0 the 0 000 | the tilt of an aircraft  
00000400 00 n 01 Turkey 0 000 | a country  
`;
const SENSES = `bank%1:17:01:: 00000100 1 20
bank%1:14:00:: 00000200 2 10
tilt%1:11:00:: 00000300 1 5
turkey%1:15:00:: 00000400 1 8
obscure%1:11:00:: 00000300 1 1
escape%2:38:00:: 00000500 1 9
get_away%2:38:00:: 00000500 1 4
get_to_grips%2:38:00:: 00000500 1 4
the%1:11:00:: 00000300 1 9
keep%2:40:00:: 00000100 1 50
store%2:40:00:: 00000200 1 12
strong%3:00:00:: 00000300 1 30
powerful%3:00:00:: 00000400 1 25
`;

const FILES = [
  { letter: 'n', index: NOUN_INDEX, data: NOUN_DATA },
  { letter: 'v', index: VERB_INDEX, data: VERB_DATA },
  { letter: 'a', index: ADJ_INDEX, data: ADJ_DATA },
];

describe('lexicon-wordnet-related-build: related senses from WordNet files', () => {
  it('counts each word’s uses in the sense-tagged corpus', () => {
    const uses = taggedUses(SENSES);
    expect(uses.get('bank')).toBe(30);
    expect(uses.get('obscure')).toBe(1);
    expect(MIN_TAGGED_USES).toBeGreaterThan(1);
  });

  it('reads words and links, a satellite’s pointer kept in the adjective file', () => {
    const verbs = synsetsOf(VERB_DATA, 'v');
    expect(verbs.get('v:00000200')).toEqual({
      written: ['store'],
      broader: ['v:00000100'],
      alike: [],
    });
    expect(synsetsOf(ADJ_DATA, 'a').get('a:00000300')?.alike).toEqual(['a:00000400']);
  });

  it('keeps every sense, phrasal verbs, the links between kept synsets, and no names, rare or function words', () => {
    expect(relatedSenses(FILES, taggedUses(SENSES))).toEqual([
      // a:00000300 strong, a:00000400 powerful, n:00000300 bank tilt, v:00000100 keep, v:00000200 store
      'strong||1',
      'powerful||0',
      'bank tilt',
      'keep',
      'store|3',
      'escape get_away', // a phrasal verb kept, a longer collocation not
    ]);
  });

  it('writes a module that keeps the licence notice and the lines', () => {
    const text = relatedModule(['keep', 'store|1'], 'Licence line one.');
    expect(text).toContain('// Licence line one.');
    expect(text).toContain('"keep\\nstore|1"');
  });
});
