import { describe, expect, it } from 'vitest';
import { analyse } from '../../lib/pipeline/claim-text';
import {
  americanSpelling,
  areAntonyms,
  sameFamily,
  buildLexicon,
  exclusiveKind,
  lemma,
  oppositeByAffix,
  pageAcronyms,
  wordKey,
} from '../../lib/pipeline/lexicon';

describe('lexicon', () => {
  it('lemmatises with the Porter stemmer after the irregular forms', () => {
    expect(lemma('dropped')).toBe(lemma('drop'));
    expect(lemma('fell')).toBe(lemma('fall'));
    expect(lemma('won')).toBe(lemma('win'));
    expect(lemma('1990')).toBe('1990');
  });

  it('joins synonyms and keeps other words apart', () => {
    expect(wordKey('earnings')).toBe(wordKey('profits'));
    expect(wordKey('declined')).toBe(wordKey('fall'));
    expect(wordKey('purchased')).toBe(wordKey('buy'));
    expect(wordKey('buy')).not.toBe(wordKey('sell'));
  });

  it('knows antonyms through synonym groups, both ways', () => {
    expect(areAntonyms(wordKey('rising'), wordKey('declining'))).toBe(true);
    expect(areAntonyms(wordKey('decreasing'), wordKey('increasing'))).toBe(true);
    expect(areAntonyms(wordKey('won'), wordKey('lost'))).toBe(true);
    expect(areAntonyms(wordKey('loud'), wordKey('quiet'))).toBe(true);
    expect(areAntonyms(wordKey('rise'), wordKey('rise'))).toBe(false);
  });

  it('knows closed sets: months, units, colours', () => {
    expect(exclusiveKind(wordKey('january'), wordKey('november'))).toBe('date');
    expect(exclusiveKind(wordKey('miles'), wordKey('kilometres'))).toBe('unit');
    expect(exclusiveKind(wordKey('red'), wordKey('blue'))).toBe('antonym');
    expect(exclusiveKind(wordKey('red'), wordKey('red'))).toBeNull();
    expect(exclusiveKind(wordKey('miles'), wordKey('hours'))).toBeNull();
  });

  it('finds acronyms a page defines, both ways round, and only when the letters match', () => {
    expect(
      pageAcronyms(
        'The World Health Organization (WHO) met. The IPHC (International Pacific Halibut Commission) too. He spoke on Monday (AP).',
      ),
    ).toEqual(
      new Map([
        ['who', 'world health organization'],
        ['iphc', 'international pacific halibut commission'],
      ]),
    );
  });

  it('builds a lexicon with the page acronyms as phrases and the names it writes', () => {
    const lexicon = buildLexicon([
      'The Office for Budget Responsibility (OBR) said that Osborne lied.',
    ]);
    expect(lexicon.acronyms.get('obr')).toBe('a:obr');
    expect(lexicon.phrases.get('office for budget responsibility')).toBe('a:obr');
    expect(lexicon.names.has(wordKey('osborne'))).toBe(true);
    expect(lexicon.maxPhrase).toBeGreaterThanOrEqual(4);
  });
});

describe('lemma: irregular verbs', () => {
  // wordpress (tune split): "has shrunk" against "has grown" is rise against fall.
  it('joins irregular past forms to their base, so antonym groups catch them', () => {
    expect(wordKey('shrunk')).toBe(wordKey('shrink'));
    expect(wordKey('shrank')).toBe(wordKey('fall'));
    expect(areAntonyms(wordKey('shrunk'), wordKey('grown'))).toBe(true);
    expect(wordKey('understood')).toBe(wordKey('understand'));
  });

  it('leaves forms that are words of their own to the stemmer ("the ground", "a wound")', () => {
    expect(wordKey('ground')).not.toBe(wordKey('grind'));
    expect(wordKey('wound')).not.toBe(wordKey('wind'));
  });
});

describe('oppositeByAffix', () => {
  it.each([
    ['include', 'exclude'],
    ['internal', 'external'],
    ['overpaid', 'underpaid'],
    ['upstream', 'downstream'],
    ['prewar', 'postwar'],
    ['maximum', 'minimum'],
    ['encourage', 'discourage'],
    ['useful', 'useless'],
  ])('reads "%s" and "%s" as opposites', (a, b) => {
    expect(oppositeByAffix(a, b)).toBe(true);
    expect(oppositeByAffix(b, a)).toBe(true);
  });

  it.each([
    ['include', 'includes'],
    ['inform', 'reform'],
    ['useful', 'helpful'],
    ['under', 'over'],
  ])('does not read "%s" and "%s" as opposites', (a, b) => {
    expect(oppositeByAffix(a, b)).toBe(false);
  });
});

describe('lexicon: British and American spellings', () => {
  it('gives both spellings one lemma', () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['behaviours', 'behaviors'],
      ['organisation', 'organization'],
      ['analysed', 'analyzed'],
      ['centre', 'center'],
      ['catalogue', 'catalog'],
    ])
      expect(lemma(british!)).toBe(lemma(american!));
  });

  it('leaves short words alone', () => {
    expect(americanSpelling('hour')).toBe('hour');
    expect(americanSpelling('four')).toBe('four');
    expect(americanSpelling('rise')).toBe('rise');
    expect(americanSpelling('genre')).toBe('genre');
  });
});

describe('lexicon: a phrase in the plural', () => {
  it('reads "operating systems" as the phrase "operating system" (OS)', () => {
    const lexicon = buildLexicon();
    const keys = (text: string) => analyse(text, lexicon).tokens.map((t) => t.key);
    expect(keys('It runs on all major operating systems.')).toEqual(
      keys('It runs on every major OS.'),
    );
  });
});

describe('lexicon: words of one family', () => {
  it('joins a lemma with its derivations', () => {
    expect(sameFamily(wordKey('threatens'), wordKey('threat'))).toBe(true);
    expect(sameFamily(wordKey('signage'), wordKey('signs'))).toBe(true);
  });

  it('keeps apart what only looks related or is an opposite', () => {
    expect(sameFamily(wordKey('signal'), wordKey('sign'))).toBe(false);
    expect(sameFamily(wordKey('shortly'), wordKey('short'))).toBe(false);
    expect(sameFamily(wordKey('useless'), wordKey('use'))).toBe(false);
    expect(sameFamily(wordKey('act'), wordKey('actor'))).toBe(false);
  });
});
