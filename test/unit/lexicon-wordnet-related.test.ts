import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { wordnetRelated } from '../../lib/pipeline/lexicon-wordnet-related';

describe('lexicon-wordnet-related: the page word may stand for the claim word', () => {
  it.each([
    // The claim's word, the word its page writes in its place (tune pages).
    ['limited', 'capped'], // seattletimes-1: a sense of "cap" is a kind of "limit"
    ['keep', 'store'], // herald-sun-1
    ['producing', 'create'], // citylab-1: a sense they share
    ['powerful', 'strong'], // nytimes-3: alike adjectives
    ['first', 'originally'], // wikipedia
    ['closed', 'enclosed'], // iab-1
    ['changing', 'evolving'], // spiceworks
    ['got_away', 'escaped'], // wapo-1: a phrasal verb, "got away"
    ['trigger', 'set_off'], // nytimes-3: "set off"
  ])('"%s" by "%s"', (claim, page) => {
    expect(wordnetRelated(claim, page)).toBe(true);
  });

  it.each([
    ['increased', 'reduced'],
    ['valuable', 'worthless'],
    ['slowly', 'quickly'],
    ['comfortable', 'uneasy'],
    ['summer', 'winter'], // one kind, neither a kind of the other
    ['city', 'country'],
    ['won', 'lost'],
  ])('not "%s" by "%s"', (claim, page) => {
    expect(wordnetRelated(claim, page)).toBe(false);
  });

  it('goes one way: a narrower page word says the broader claim word, not the reverse', () => {
    expect(wordnetRelated('changing', 'evolving')).toBe(true);
    expect(wordnetRelated('evolving', 'changing')).toBe(false);
    expect(wordnetRelated('limited', 'capped')).toBe(true);
    expect(wordnetRelated('capped', 'limited')).toBe(false);
  });

  it('knows nothing of words WordNet lacks or function words', () => {
    expect(wordnetRelated('xyzzyq', 'keep')).toBe(false);
    expect(wordnetRelated('the', 'a')).toBe(false);
  });
});

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]), { context: [] });

describe('claim matching: a related word in the claim word’s place', () => {
  it('supports a claim whose swapped word WordNet relates to the page’s (seattletimes-1)', () => {
    const page =
      'This year, the halibut fishery in the Northern Pacific and Bering Sea is capped at 29.4 million pounds, with most of that allocated to commercial fishing and smaller amounts reserved for recreational and tribal fishing, as well as by-catch of other commercial fisheries.';
    const claim =
      'This year the halibut catch in the Northern Pacific and Bering Sea is limited to 29.4 million pounds, most of it allocated to commercial fishing.';
    expect(compare(claim, page).outcome).toBe('supported');
  });

  it('supports "producing a light" where the page writes "to create a light" (citylab-1)', () => {
    const page =
      'He designed glass tubes in which neon gas could be trapped, then electrified, to create a light that glowed reliably for more than 1,000 hours.';
    const claim =
      'He designed glass tubes that trapped neon gas and electrified it, producing a light that glowed reliably for over a thousand hours.';
    expect(compare(claim, page).outcome).toBe('supported');
  });

  it('still does not support an unknown opposite in the same place (lazy-image-2)', () => {
    const page = 'Driven by these prophecies, the race advanced quickly and became space faring.';
    const claim = 'Driven by these prophecies, the race advanced slowly and became space faring.';
    expect(compare(claim, page).outcome).not.toBe('supported');
  });

  it('still does not support an unrelated word in the same place (cnet)', () => {
    const page =
      'Helping them understand all the pain that they would have to go through to build it out independently is a valuable tactic.';
    const claim =
      'Helping them understand all the pain that they would have to go through to build it out independently is a worthless tactic.';
    expect(compare(claim, page).outcome).not.toBe('supported');
  });

  it('counts a phrasal verb of the claim that the page says in one word (wapo-1)', () => {
    const page = 'Two gunmen died, and three others may have escaped, officials said.';
    const claim = 'Officials said two of the gunmen died and three more may have got away.';
    expect(compare(claim, page).outcome).toBe('supported');
  });
});
