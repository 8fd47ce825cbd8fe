// A negation on one side only says otherwise (claim-match.ts), unless the other side says the same
// thing with a word that denies by its meaning: "metadata could not be accessed unless a judge
// issued a warrant" and "that would prevent access to the metadata without a judicial warrant"
// say one thing, two denials each ("not" + "unless", "prevent" + "without"). Claim matching sees
// "not" beside "access" on one side only; counted with the verbs and conjunctions that deny
// ("prevent", "avoid", "unless", "except"), both sides deny an even number of times.
//
// So a negation conflict is set aside when such a word is on either side and the number of
// denials has the same parity on both: the rules cannot tell which reading is right, so the
// citation is "not found" (neutral) rather than flagged. Without a word that denies by meaning,
// nothing changes: "Zero is not a value, so gaps do not matter" against "Zero is a value" keeps
// its conflict, however many "not"s it has.

import type { ClaimComparison } from './claim-match';
import type { ClaimConflict } from './types';
import { negationCueCount } from './claim-text';
import { BASE_LEXICON } from './lexicon';

/** Words that deny by their meaning, not by grammar: what they govern does not happen. */
const IMPLICIT = new Set(
  (
    'unless except barring absent prevent prevents prevented preventing avoid avoids avoided ' +
    'avoiding forbid forbids forbade forbidden prohibit prohibits prohibited prohibiting ' +
    'preclude precludes precluded precluding ' +
    // "never forget to monitor it" is "monitor it": to forget or neglect to do is not to do.
    'forget forgets forgot forgotten forgetting neglect neglects neglected neglecting ' +
    'omit omits omitted omitting ' +
    // "It was not until 1769 that Europeans came back": they did not come back before it.
    'until till'
  ).split(' '),
);

const WORD = /[\p{L}'’]+/gu;

/**
 * A verb of stopping before what stops: "stop creating new debt" is "take on no new debt". Only
 * before an "-ing" verb or "to": "the start and stop command" denies nothing.
 */
const STOPPING =
  /\b(?:stop|stops|stopped|stopping|cease|ceases|ceased|ceasing)\s+(?:to\s|\p{L}+ing\b)/gu;

/**
 * Denials in a text: negation cues as claim matching reads them (claim-text.ts's `cueAt`: "n't",
 * "fail to", "no one"; not "not only" or "no more than 39") and IMPLICIT words.
 */
export function denials(text: string): { explicit: number; implicit: number } {
  const words = (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/^['’]+|['’]+$/g, ''));
  const stopping = (text.toLowerCase().match(STOPPING) ?? []).length;
  const implicit = words.filter((word) => IMPLICIT.has(word)).length + stopping;
  return { explicit: negationCueCount(text, BASE_LEXICON), implicit };
}

/**
 * The claim and the sentence deny equally often (mod 2), and one of them does so by a word's
 * meaning: a negation conflict between them is a paraphrase the rules cannot read, not a change.
 */
export function denialsBalance(claim: string, sentence: string): boolean {
  const c = denials(claim);
  const s = denials(sentence);
  if (c.implicit + s.implicit === 0) return false;
  return (c.explicit + c.implicit) % 2 === (s.explicit + s.implicit) % 2;
}

/**
 * A comparison whose conflicts are all negations that balance (`denialsBalance`): a paraphrase
 * the rules cannot read, so not found rather than contradicted. Verify claim and the citation
 * check both read a comparison this way.
 */
export function withoutBalancedDenial(claim: string, compared: ClaimComparison): ClaimComparison {
  if (compared.outcome !== 'contradicted') return compared;
  if (!compared.conflicts.every(deniedOnOneSide)) return compared;
  if (!denialsBalance(claim, compared.sentence.text)) return compared;
  return { ...compared, outcome: 'not-found', conflicts: [] };
}

/**
 * A negation conflict, or one claim matching names a quantifier because a count governs the word
 * ("You only need to water …" / "You won't have to water … unless …"): a denial on one side only.
 */
function deniedOnOneSide(conflict: ClaimConflict): boolean {
  if (conflict.kind === 'negation') return true;
  if (conflict.kind !== 'quantifier') return false;
  const cues = [conflict.claim, conflict.page].map((words) =>
    negationCueCount(words, BASE_LEXICON),
  );
  return cues.filter((n) => n > 0).length === 1;
}
