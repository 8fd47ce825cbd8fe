import { describe, expect, it } from 'vitest';
import { rankPassages } from '../../lib/pipeline/rank';
import type { Passage } from '../../lib/pipeline/types';

function passages(...texts: string[]): Passage[] {
  return texts.map((text, i) => ({
    id: `b${i}.0`,
    text,
    tokens: 0,
    blockIndex: i,
    kind: 'paragraph' as const,
    start: 0,
    end: text.length,
  }));
}

const ids = (ranked: ReturnType<typeof rankPassages>) => ranked.map((r) => r.passage.id);

describe('rankPassages (BM25)', () => {
  it('puts the passage that holds the question terms first', () => {
    const ranked = rankPassages(
      'When was the lighthouse finished?',
      passages(
        'Ships entered the harbour at night guided by the fire.',
        'The lighthouse was finished around 280 BC under Ptolemy II.',
        'Pliny recorded the cost of the tower in talents of silver.',
      ),
    );
    expect(ids(ranked)[0]).toBe('b1.0');
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('weighs a rare term above a common one (idf)', () => {
    // "tower" is in every passage, "Qaitbay" in one: the Qaitbay passage must win even though the
    // other one says "tower" three times.
    const ranked = rankPassages(
      'tower Qaitbay',
      passages(
        'The tower, the tower, the tower rose over the harbour.',
        'Qaitbay built a fortress where the tower had stood.',
        'The tower had three stages.',
      ),
    );
    expect(ids(ranked)[0]).toBe('b1.0');
    const rare = ranked.find((r) => r.passage.id === 'b1.0')!;
    const common = ranked.find((r) => r.passage.id === 'b0.0')!;
    expect(rare.coverage).toBe(1);
    expect(common.coverage).toBeGreaterThan(0);
    expect(common.coverage).toBeLessThan(0.5);
  });

  it('prefers a shorter passage for the same term count (length normalisation)', () => {
    const ranked = rankPassages(
      'Pharos',
      passages(
        'Pharos ' + 'filler words about something entirely different '.repeat(10),
        'Pharos island.',
      ),
    );
    expect(ids(ranked)).toEqual(['b1.0', 'b0.0']);
  });

  it('keeps coverage in [0, 1] and scores non-negative', () => {
    const ranked = rankPassages(
      'lighthouse earthquake 1303 Crete statue',
      passages(
        'earthquake 1303',
        'Crete earthquake statue lighthouse 1303',
        'nothing relevant here',
        '',
      ),
    );
    for (const r of ranked) {
      expect(r.coverage).toBeGreaterThanOrEqual(0);
      expect(r.coverage).toBeLessThanOrEqual(1);
      expect(r.score).toBeGreaterThanOrEqual(0);
    }
    expect(ranked[0]!.coverage).toBe(1);
    expect(ranked.find((r) => r.passage.id === 'b2.0')!.coverage).toBe(0);
  });

  it('returns nothing for no passages', () => {
    expect(rankPassages('lighthouse', [])).toEqual([]);
  });

  it('gives zero scores and coverage when the question has no content terms', () => {
    const ranked = rankPassages('what is it?', passages('The tower stood.', 'It was tall.'));
    expect(ranked).toHaveLength(2);
    for (const r of ranked) expect([r.score, r.coverage]).toEqual([0, 0]);
  });

  it('keeps page order for equal scores (stable ties)', () => {
    const ranked = rankPassages(
      'granite',
      passages('granite blocks', 'granite blocks', 'limestone', 'granite blocks'),
    );
    expect(ids(ranked)).toEqual(['b0.0', 'b1.0', 'b3.0', 'b2.0']);
  });

  it('returns every passage exactly once', () => {
    const input = passages('a tower', 'the harbour', 'a fire', 'tower fire harbour');
    const ranked = rankPassages('tower fire', input);
    expect(new Set(ids(ranked))).toEqual(new Set(input.map((p) => p.id)));
    expect(ranked).toHaveLength(input.length);
  });
});

describe('rankPassages: a follow-up that leans on the previous question', () => {
  // links-in-tables (../shared/data/readability-test-pages, tune half).
  const page = passages(
    'Earlier this year, we announced that we started using the bsdiff algorithm (by Colin Percival). Using bsdiff, we were able to reduce the size of app updates on average by 47% compared with the full APK size.',
    'In order to get the new version of the app, Google Play sends your device a patch that describes the differences between the old and new versions of the app.',
  );
  const previous = 'What algorithm did Google Play start using earlier this year?';
  const context = { text: previous, weight: 0.4, question: previous };

  it('counts the previous question’s words in coverage for "Who created it?"', () => {
    const alone = rankPassages('Who created it?', page);
    const followUp = rankPassages('Who created it?', page, { context });
    expect(alone[0]!.coverage).toBe(0);
    expect(followUp[0]!.passage.id).toBe('b0.0');
    expect(followUp[0]!.coverage).toBeGreaterThanOrEqual(0.4);
  });

  it('never lowers the coverage of a follow-up’s own words', () => {
    const question = 'How much did bsdiff reduce the size of app updates?';
    const alone = rankPassages(question, page);
    const followUp = rankPassages(question, page, { context });
    const of = (r: typeof alone) => r.find((x) => x.passage.id === 'b0.0')!.coverage;
    expect(of(followUp)).toBe(of(alone));
  });
});

describe('rankPassages: the question’s focus', () => {
  it('does not miss "city" in a passage that names the city without the word', () => {
    // telegraph (tune half of test/fixtures/answers).
    const page = passages(
      'Zimbabwe President Robert Mugabe and his wife Grace are under house arrest at Mugabe\'s "Blue House" compound in Harare.',
      'The city of Harare has a compound where the city council meets.',
      'Mr Mugabe is resisting mediation by a Catholic priest.',
    );
    const ranked0 = rankPassages("In which city is Mugabe's compound?", page);
    expect(ranked0.find((r) => r.passage.id === 'b0.0')!.coverage).toBeCloseTo(1);
    expect(ranked0.find((r) => r.passage.id === 'b2.0')!.coverage).toBeLessThan(1);
    // Where the passage holds the focus, it counts like any word of the question.
    const ranked = rankPassages("In which city is the council's compound?", page);
    expect(ranked.find((r) => r.passage.id === 'b1.0')!.coverage).toBeCloseTo(1);
  });
});

describe('rankPassages: the page’s title', () => {
  // breitbart (tune half of test/fixtures/answers): the title names "David Emery", the passages
  // call him "Emery".
  const page = passages(
    'Emery, a writer for partisan “fact-checking” website Snopes.com, retweeted an article by Vulture magazine.',
    'Emery retweeted the story, saying, “Are there un-angry Trump supporters?”',
    'Lucas Nolan is a reporter for Breitbart Tech covering issues of free speech.',
  );
  const question = 'Which website does David Emery write for?';
  const title =
    "'Neutral' Snopes Fact-Checker David Emery: 'Are There Any Un-Angry Trump Supporters?'";
  const coverageOf = (ranked: ReturnType<typeof rankPassages>) =>
    ranked.find((r) => r.passage.id === 'b0.0')!.coverage;

  it('a question word only the title holds is not missed in every passage', () => {
    const without = coverageOf(rankPassages(question, page));
    const withTitle = coverageOf(rankPassages(question, page, { title }));
    expect(withTitle).toBeGreaterThan(without + 0.2);
    // As if the question had not named him in full: "David" is not missing from the passage.
    const short = coverageOf(rankPassages('Which website does Emery write for?', page));
    expect(withTitle).toBeCloseTo(short);
  });

  it('a word neither the title nor any passage holds is still missed', () => {
    const jane = 'Which website does Jane Emery write for?';
    expect(coverageOf(rankPassages(jane, page, { title }))).toBeCloseTo(
      coverageOf(rankPassages(jane, page)),
    );
    expect(coverageOf(rankPassages(jane, page, { title }))).toBeLessThan(0.6);
  });

  it('the order of the passages is BM25’s either way', () => {
    expect(ids(rankPassages(question, page, { title }))).toEqual(ids(rankPassages(question, page)));
  });
});

describe('rankPassages: a question word the page never uses', () => {
  // ehow-2 (tune half of test/fixtures/answers): the page says "DJ", the question "disc jockey".
  const page = passages(
    'Instead of hiring a DJ, use your iPod or Smartphone to spin the tunes.',
    'Avoid canned drinks, which guests often open, but don’t finish.',
    'Instead of an evening dinner party, host a grad lunch or all appetizers party.',
    'Decorate your party in the graduate’s current school colors.',
    'Skip carving stations of prime rib and jumbo shrimp as appetizers.',
  );
  const coverage = (question: string) =>
    rankPassages(question, page).find((r) => r.passage.id === 'b0.0')!.coverage;

  it('weighs in coverage as much as a word one passage holds, not more', () => {
    // "jockey" is on no passage; "shrimp" is on one, not the one that answers.
    const absent = coverage('Instead of hiring a jockey, what can you use?');
    const elsewhere = coverage('Instead of hiring a shrimp, what can you use?');
    expect(absent).toBeLessThan(1);
    expect(absent).toBeCloseTo(elsewhere);
  });

  it('except a name the page never mentions, which keeps the full weight', () => {
    // As "What is the capital of Australia?" on a page that never names Australia.
    const named = coverage('Instead of hiring Jockey, what can you use?');
    expect(named).toBeLessThan(coverage('Instead of hiring a jockey, what can you use?'));
  });

  it('still leaves the passage short of full coverage', () => {
    expect(coverage('Instead of hiring a disc jockey, what can you use?')).toBeLessThan(1);
    expect(coverage('Instead of hiring a disc jockey, what can you use?')).toBeGreaterThanOrEqual(
      0.4,
    );
  });
});

describe('rankPassages: the previous question’s words under a leaning follow-up', () => {
  // yahoo-3 (tune half): "What was he wearing?" after "Who is holding the baby in the photo?";
  // the page says "in his military uniform", never "wearing".
  const page = passages(
    'The photo, from a military family’s newborn photo shoot, showed a newborn infant wrapped in an American flag held by his father, who was in his military uniform.',
    '“This is what he was fighting for, his son wrapped in an American flag,” Hicks told ABC News.',
    'Hicks, a Navy veteran herself, said her intention was to honor the flag as well as her clients.',
  );
  const previous = 'Who is holding the baby in the photo?';
  const context = { text: previous, weight: 0.4, question: previous };
  const coverageOf = (ranked: ReturnType<typeof rankPassages>) =>
    ranked.find((r) => r.passage.id === 'b0.0')!.coverage;

  it('count in coverage as the follow-up’s own words do', () => {
    const followUp = coverageOf(rankPassages('What was he wearing?', page, { context }));
    // As if the one question had asked both: nothing of the previous question is discounted.
    const both = coverageOf(
      rankPassages('What was he wearing, holding the baby in the photo?', page),
    );
    expect(followUp).toBeCloseTo(both);
    expect(followUp).toBeGreaterThan(0.4);
  });
});
