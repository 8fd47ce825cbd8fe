// A cited quote is one statement, however many sentences it has. Claim matching
// (claim-match.ts) looks for a negation in the sentence that aligns best with the claim, and the
// sentence that holds most of an answer's words is often not the one that holds its verb: "The
// 1990 short film 12:01 PM was never nominated for an Academy Award" takes its title and year
// from the quote's first sentence ("Film: 12:01 PM, Year: 1990 … short film …") and its verb
// from the last ("It was nominated for an Academy Award"). Aligned with the first sentence alone,
// the answer looks supported.
//
// So, beside the sentence-by-sentence comparison, the quote as a whole is read with the same
// analysis (claim-text.ts: negation cues and their scopes): a word the answer affirms and the
// quote only denies, or the other way round, says otherwise, provided the quote holds most of the
// answer's words (the same share as "supported" needs), so a quote about something else never
// contradicts it. Names are left out: a negation denies what is said of a name, not the name.

import { analyse, denialsOver, type Token } from './claim-text';
import { areAntonyms, type Lexicon } from './lexicon';
import { RELATION_WORDS } from './lexicon-data';
import type { ClaimConflict } from './types';

/**
 * The first word of `claim` whose polarity differs from every mention of it in `quote`, as a
 * negation conflict (both cues named); null when the quote states it with the claim's polarity
 * somewhere, or does not hold `share` of the claim's content words.
 */
export function polarityAcrossQuote(
  claim: string,
  quote: string,
  lexicon: Lexicon,
  share: number,
): ClaimConflict | null {
  const read = readTogether(claim, quote, lexicon, share);
  if (!read) return null;
  const { words, said } = read;
  // One denial each, meeting on a word both deny: a word denied on one side only is where the
  // two wordings' reach differs (claim-match.ts, `sameDenial`).
  const sameDenial =
    denialsOver(words) === 1 &&
    denialsOver(said) === 1 &&
    words.some((w) => {
      const mentions = said.filter((t) => t.key === w.key);
      return w.negated && mentions.length > 0 && mentions.every((t) => t.negated);
    });
  if (sameDenial) return null;
  for (const word of words) {
    if (word.name || word.quantifier) continue;
    const mentions = said.filter((t) => t.key === word.key && !t.quantifier);
    if (mentions.length === 0 || mentions.some((t) => t.negated === word.negated)) continue;
    return conflictOf(word, mentions[0]!, claim, quote);
  }
  return null;
}

/**
 * The first word of `claim` that `quote` never writes while it states the word's opposite (the
 * antonym list, `areAntonyms`) with the claim word's polarity: "… and it succeeded" against a
 * quote whose last sentence is "It failed.", though the sentence holding most of the answer's
 * words says nothing of how it went. As an antonym conflict; null when the quote does not hold
 * `share` of the claim's content words.
 */
export function antonymAcrossQuote(
  claim: string,
  quote: string,
  lexicon: Lexicon,
  share: number,
): ClaimConflict | null {
  const read = readTogether(claim, quote, lexicon, share);
  if (!read) return null;
  const { words, said, keys } = read;
  for (const word of words) {
    // A relation word is opposite only of one that relates the same words (claim-match.ts).
    if (word.name || keys.has(word.key) || RELATION_WORDS.has(word.word ?? '')) continue;
    const opposite = said.find(
      (t) => !t.name && t.negated === word.negated && areAntonyms(word.key, t.key),
    );
    if (opposite) return { ...conflictOf(word, opposite, claim, quote), kind: 'antonym' };
  }
  return null;
}

/**
 * The claim's content words and the quote's tokens, when the quote holds `share` of those words
 * (so a quote about something else never contradicts the claim); null otherwise.
 */
function readTogether(
  claim: string,
  quote: string,
  lexicon: Lexicon,
  share: number,
): { words: Token[]; said: Token[]; keys: Set<string> } | null {
  const words = analyse(claim, lexicon).tokens.filter((t) => t.kind === 'word');
  const said = analyse(quote, lexicon).tokens;
  const keys = new Set(said.map((t) => t.key));
  const held = words.filter((t) => keys.has(t.key)).length;
  return words.length === 0 || held < share * words.length ? null : { words, said, keys };
}

/** Named by the negation cue where there is one ("never"), else by the word ("nominated"). */
function conflictOf(claim: Token, page: Token, claimText: string, quote: string): ClaimConflict {
  const cue = (t: Token) => t.cue ?? { start: t.start, end: t.end };
  const c = cue(claim);
  const p = cue(page);
  return {
    kind: 'negation',
    claim: claimText.slice(c.start, c.end),
    page: quote.slice(p.start, p.end),
    claimStart: c.start,
    claimEnd: c.end,
    pageStart: p.start,
    pageEnd: p.end,
  };
}
