import { describe, expect, it } from 'vitest';
import { terms } from '../../lib/core/text';
import {
  alternativesOf,
  buildVocabulary,
  expandQuery,
  similarity,
  STEM_WEIGHT,
} from '../../lib/pipeline/expand';

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

  it('matches a derived word the stemmer leaves apart, at a lower weight', () => {
    // wikia (tune half of test/fixtures/answers): "acquire" / "acquisition".
    const units = expandQuery(
      'When did Disney acquire Lucasfilm?',
      vocabularyOf(
        'The Phantom Menace saw a 3D re-release in 2012, but Disney’s 2012 acquisition of Lucasfilm postponed further releases.',
      ),
    );
    const acquire = units.find((u) => u.key === terms('acquire')[0]);
    const derived = acquire?.alternatives.find((a) => a.seq[0] === terms('acquisition')[0]);
    expect(derived?.weight).toBe(STEM_WEIGHT);
    expect(STEM_WEIGHT).toBeLessThan(1);
    // Five shared letters and little else are not one stem: "compound" / "computer".
    expect(similarity('compound', 'computer')).toBe(0);
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

  it('finds an acronym spelled out in lower case, only for one written in capitals', () => {
    // wapo-1 and nytimes-3 (tune half of test/fixtures/answers).
    const wapo =
      'Tourism is critical to Tunisia’s economy, accounting for 15 percent of its gross domestic product in 2013.';
    expect(alternatives('How much of GDP came from tourism?', wapo)).toContain(
      terms('gross domestic product').join(' '),
    );
    const conEd = 'said Patrick McHugh, vice president of electrical engineering and planning';
    expect(alternatives("Who is Con Ed's VP of engineering?", conEd)).toContain(
      terms('vice president').join(' '),
    );
    // "gdp" in lower case is a word to match, not an acronym to spell out.
    expect(alternatives('gdp growth', wapo)).not.toContain(
      terms('gross domestic product').join(' '),
    );
  });

  it('completes a clipped word that is not on the page ("dev" → "development")', () => {
    // gitlab-blog (tune half).
    const text =
      'Over half (55%) of respondents said introducing AI into the software development lifecycle is risky.';
    expect(alternatives('Is AI in the software dev lifecycle risky?', text)).toContain(
      terms('development')[0],
    );
    // A word the page has is not clipped: "risk" stays "risk".
    expect(alternatives('risk', 'a risk and a risky bet')).not.toContain('risky');
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
