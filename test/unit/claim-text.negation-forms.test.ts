import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse, negationCueCount } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const negated = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.negated)
    .map((t) => t.text);

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

describe('analyse: negation cues in every form, "fail" only before "to"', () => {
  it.each([
    ['it lacks killer apps', ['killer', 'apps']],
    ['it is lacking killer apps', ['killer', 'apps']],
    ['the minister is refusing comment', ['comment']],
    ['the motion failed to pass', ['pass']],
    ['the company declined to comment on the sale', ['comment', 'sale']],
  ])('"%s" negates %j', (text, words) => {
    expect(negated(text)).toEqual(words);
  });

  it('reads "how far from" as a distance, not a denial (toc-missing)', () => {
    expect(negated('then decide how far from it a value has to be')).toEqual([]);
    expect(negated('the result is far from perfect')).toEqual(['perfect']);
  });

  it('does not negate what follows "failed" without "to"', () => {
    expect(negated('the plan has failed after members of his party left parliament')).toEqual([]);
  });

  it('supports a paraphrase of a plan that failed (schema-org-context-object)', () => {
    const page =
      'A plan to impeach South Korean President Yoon Suk Yeol over his short-lived declaration of martial law has failed after members of his governing party left parliament on Saturday ahead of the planned vote.';
    const r = compare(
      'The attempt to impeach President Yoon failed after members of his party walked out of parliament on Saturday.',
      page,
    );
    expect(r.conflicts).toEqual([]);
  });

  it('still refutes a denial of what was done', () => {
    const r = compare(
      'The lawmakers failed to vote on the motion.',
      'The lawmakers voted on the motion on Saturday.',
    );
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'negation' });
  });
});

describe('analyse: "just about every" is every', () => {
  it('gives the page quantifier of "almost every" (yahoo-1)', () => {
    const page =
      'I’ve played just about every launch game, and while some are worth your time, others you might want to skip.';
    const r = compare('The reviewer played almost every launch game.', page);
    expect(r.conflicts).toEqual([]);
    const game = analyse(page, buildLexicon([page])).tokens.find((t) => t.text === 'launch');
    expect(game?.quantifier).toBe('all');
  });
});

describe('analyse: "unwilling" denies as "unable" does', () => {
  it('denies the verb after it', () => {
    const lexicon = buildLexicon(['They were unwilling to scan him.']);
    const scan = analyse('They were unwilling to scan him.', lexicon).tokens.find(
      (t) => t.text === 'scan',
    );
    expect(scan?.negated).toBe(true);
  });
});

describe('analyse: "keeps it from paying" denies the paying', () => {
  const denied = (text: string, word: string) =>
    analyse(text, buildLexicon([text])).tokens.find((t) => t.text === word)?.negated;

  it('denies the word in -ing after a barring verb and "from"', () => {
    expect(denied('Moving quickly keeps Facebook from paying a lot more.', 'paying')).toBe(true);
    expect(denied('The law bans companies from selling data.', 'selling')).toBe(true);
  });

  it('adds no denial where the barring is denied, or no -ing word follows', () => {
    const cues = (text: string) => negationCueCount(text, buildLexicon([text]));
    // The Sudan sanctions (nytimes-1): "failing to stop" and "from" would undo each other.
    expect(cues('The measures failed to stop the government from killing people.')).toBe(1);
    expect(cues('The rain kept fans from the stadium.')).toBe(0);
  });

  it('says otherwise against "may sell", and agrees with "may not sell"', () => {
    const claim = 'The law bans companies from selling data.';
    expect(compare(claim, 'Under the law, companies may sell data.').outcome).toBe('contradicted');
    expect(compare(claim, 'Under the law, companies may not sell data.').outcome).not.toBe(
      'contradicted',
    );
  });
});

describe('analyse: "not … because" denies the reason', () => {
  // cnet (Zuckerberg's testimony on Facebook's acquisitions).
  const QUOTE =
    'If this [deal] is going to happen, it’s not going to be because we offer a lot of money, although we’re going to have to offer a fair price for the company.';

  it('denies the offering, not the happening before it', () => {
    const tokens = analyse(QUOTE, buildLexicon([QUOTE])).tokens;
    expect(tokens.find((t) => t.text === 'happen')?.negated).toBe(false);
    expect(tokens.find((t) => t.text === 'offer')?.negated).toBe(true);
  });

  it('leaves a denial that reaches a word before "because" as it was', () => {
    const text = 'He did not come because he was sick.';
    const tokens = analyse(text, buildLexicon([text])).tokens;
    expect(tokens.find((t) => t.text === 'come')?.negated).toBe(true);
    expect(tokens.find((t) => t.text === 'sick')?.negated).toBe(false);
  });

  it('says otherwise against "deals happen because Facebook offers a lot of money"', () => {
    const claim = 'What makes this deal happen is that Facebook will offer a lot of money.';
    const r = compare(claim, QUOTE);
    expect(r.outcome).toBe('contradicted');
  });
});

describe('analyse: "has yet to" denies', () => {
  it('agrees with "has not", and says otherwise against "has"', () => {
    const claim = 'The company has yet to turn a profit.';
    expect(compare(claim, 'The company has not turned a profit.').outcome).toBe('supported');
    expect(compare(claim, 'The company has turned a profit.').outcome).toBe('contradicted');
  });
});
