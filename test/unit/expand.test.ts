import { describe, expect, it } from 'vitest';
import { terms } from '../../lib/core/text';
import { alternativesOf, buildVocabulary, expandQuery } from '../../lib/pipeline/expand';

const vocabularyOf = (...texts: string[]) =>
  buildVocabulary(
    texts,
    texts.map((t) => terms(t)),
  );
const alternatives = (question: string, ...texts: string[]) =>
  expandQuery(question, vocabularyOf(...texts)).flatMap((u) =>
    u.alternatives.map((a) => a.seq.join(' ')),
  );

describe('expandQuery', () => {
  it('matches prefixes and one-edit spelling variants', () => {
    expect(alternatives('discovered', 'The discovery of neon')).toContain('discovery');
    expect(alternatives('colour', 'The color of the sign')).toContain('color');
  });

  it('joins and splits compounds', () => {
    expect(alternatives('e mail address', 'Send an email to us')).toContain('email');
    expect(alternatives('database', 'a data base of names')).toContain('data base');
  });

  it('expands an acronym with a name on the page, and a name with its acronym', () => {
    expect(alternatives('NYC sewers', 'Sewers of New York City are old')).toContain(
      terms('new york city').join(' '),
    );
    expect(alternatives('New York City sewers', 'NYC sewers are old')).toContain('nyc');
    expect(
      alternatives(
        'What is PII?',
        'so-called personally identifiable information (PII) like names',
      ),
    ).toContain(terms('personally identifiable information').join(' '));
  });

  it('adds follow-up context at its lower weight, outside coverage', () => {
    const units = expandQuery('And in 2012?', vocabularyOf('In 2012 it grew.'), {
      text: 'How many users in 2011?',
      weight: 0.4,
    });
    const context = units.filter((u) => !u.fromQuestion);
    expect(context.map((u) => u.key)).toContain('user');
    expect(context.every((u) => u.weight === 0.4)).toBe(true);
    expect(units.find((u) => u.key === '2012')?.fromQuestion).toBe(true);
  });
});

describe('Vocabulary.near', () => {
  it('offers only words of the same first letter and a close length, and none with digits', () => {
    const words = ['discover', 'discovery', 'discoveries', 'disc', 'data', 'dissolve', 'd1scover'];
    const vocabulary = buildVocabulary([words.join(' ')], [words]);
    expect([...vocabulary.near('discovered')].sort()).toEqual(
      ['discover', 'discoveries', 'discovery', 'dissolve'].sort(),
    );
    // Same alternatives as a scan of the whole vocabulary would give.
    expect(alternativesOf('discover', vocabulary).map((a) => a.seq.join(' '))).toEqual([
      'discover',
      'discovery',
      'discoveries',
    ]);
  });
});
