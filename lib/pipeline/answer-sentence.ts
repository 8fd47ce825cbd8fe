// Which sentence of a quote answers the question (the extractive composer's choice): the one
// holding the most of the question's rare words and, for a question that asks for a name, a date
// or a number, a phrase of that kind that is not the question's own.

import { terms } from '../core/text';
import { answerCandidates, type Span } from './answer-span';
import { similarity } from './expand';
import { contentOf, countedWordsOf, eventVerbOf, type AnswerType } from './intent';
import { withoutMarkers } from './junk';
import { DIFFERENCE_COMPARATIVES } from './lexicon-data';

/** What the question asks, as the sentence choice reads it. */
export interface Asked {
  /** Content terms weighted by rarity among the candidate sentences. */
  weights: ReadonlyMap<string, number>;
  type: AnswerType;
  /** Every term of the question: a typed phrase made of these only repeats it. */
  terms: ReadonlySet<string>;
  /** The terms that may name what a "how many/much" question counts ("manhole", "fires"). */
  counted: ReadonlySet<string>;
  /** The forms of the verb a "when did … <verb>?" question dates ("die"), when it ends on one. */
  event?: RegExp;
  /** "How old …?": only a number said as an age answers it (`saysAge`). */
  age?: boolean;
  /** The question asks a difference ("How much more …?"): a compared amount answers it. */
  compares?: boolean;
}

/**
 * The question read against `sentences` (every candidate sentence of the quotes): its terms
 * weighted by rarity, so the sentence holding the distinctive word ("956") beats one that repeats
 * only the common ones ("earthquake").
 */
export function askedOf(
  question: string,
  type: AnswerType,
  sentences: readonly string[],
  lang?: string,
): Asked {
  const sentenceTerms = sentences.map((s) => new Set(terms(s, lang)));
  const weights = new Map<string, number>();
  for (const term of new Set(terms(contentOf(question), lang))) {
    const df = sentenceTerms.filter((set) => set.has(term)).length;
    weights.set(term, Math.log(1 + sentenceTerms.length / (df || 1)));
  }
  return {
    weights,
    type,
    terms: new Set(terms(question, lang)),
    counted: type === 'number' ? countedTerms(question, sentenceTerms, lang) : new Set(),
    ...eventOf(question, type),
    ...(type === 'number' && HOW_OLD.test(question) ? { age: true } : {}),
    ...(COMPARES.test(question) ? { compares: true } : {}),
  };
}

function eventOf(question: string, type: AnswerType): { event?: RegExp } {
  const verb = type === 'date' ? eventVerbOf(question) : undefined;
  if (!verb) return {};
  // Its forms by suffix ("die", "died", "dies"; "release", "released", "releasing"): the
  // stemmer's stop words hold short verbs ("die" is German), so the word is matched as written.
  const stem = verb.toLowerCase().replace(/(?:ed|es|e|s|y|ing)$/, '');
  return { event: new RegExp(`(?<!\\p{L})${stem}(?:e|es|ed|d|s|ing|ied|ies|y)?(?!\\p{L})`, 'iu') };
}

/**
 * The terms of what a "how many/much" question counts, written apart or together ("up time",
 * "uptime"); none when the quotes never name it: the page then counts it in other words ("stores"
 * for "shops"), and no number can be told apart by it.
 */
function countedTerms(
  question: string,
  sentenceTerms: ReadonlyArray<ReadonlySet<string>>,
  lang: string | undefined,
): ReadonlySet<string> {
  const words = countedWordsOf(question);
  const joined = words.slice(1).map((word, i) => `${words[i]}${word}`);
  const counted = new Set(terms([...words, ...joined].join(' '), lang));
  const named = [...counted].some((term) => sentenceTerms.some((set) => set.has(term)));
  return named ? counted : new Set();
}

/**
 * The sentence with the most question-term weight; for a typed question ("when …?") a sentence
 * holding a phrase of that type that is not the question's own ("One" of "Xbox One X") counts as
 * if it held one more question term. The first wins a tie.
 */
export function bestSentence(
  sentences: readonly string[],
  asked: Asked,
  lang?: string,
): { sentence: string; typed: boolean } {
  const bonus = Math.max(0, ...asked.weights.values());
  let best = { sentence: '', typed: false };
  let bestScore = -1;
  for (const raw of sentences) {
    const sentence = withoutMarkers(raw);
    if (!sentence) continue;
    let score = weightIn(sentence, asked, lang);
    const typed = holdsTyped(sentence, score, asked, lang);
    if (typed) score += bonus;
    if (score > bestScore) {
      best = { sentence, typed };
      bestScore = score;
    }
  }
  return best;
}

/**
 * The least share of the question's term weight that the sentence after the chosen one must add
 * (in words the chosen one does not hold) to complete it.
 */
export const MIN_SEQUEL_SHARE = 0.2;

/**
 * Whether `next`, the sentence after the chosen `sentence` in its paragraph, completes it: it
 * holds question words the chosen one does not ("Every year, about 2 million people get sick
 * from a superbug" / "About 23,000 die." for "How many people die from superbugs each year?"),
 * and, for a typed question, a phrase of the asked type.
 */
export function completes(sentence: string, next: string, asked: Asked, lang?: string): boolean {
  const total = [...asked.weights.values()].reduce((a, b) => a + b, 0);
  if (total === 0 || asked.type === 'expansion') return false;
  const held = new Set(terms(sentence, lang));
  let added = 0;
  for (const term of new Set(terms(next, lang)))
    if (!held.has(term)) added += matchOf(term, asked.weights);
  if (added / total < MIN_SEQUEL_SHARE) return false;
  return asked.type === 'other' || holdsTyped(next, added, asked, lang);
}

/**
 * Whether `sentence` (holding `weight` of the question's terms) holds a phrase of the asked type
 * that answers: not the question's own words, counting the asked thing, beside the asked event.
 */
function holdsTyped(
  sentence: string,
  weight: number,
  asked: Asked,
  lang: string | undefined,
): boolean {
  // An acronym's expansion shares no word with "What does SEO stand for?": it is the answer; so is
  // a date for "In which year?", a follow-up with no word of its own beyond the form it asks for.
  return (
    (weight > 0 || asked.type === 'expansion' || asked.weights.size === 0) &&
    asked.type !== 'other' &&
    namesEvent(sentence, asked.event) &&
    answerCandidates(sentence, asked.type, asked.terms, lang).some(
      (span) =>
        countsAsked(sentence, span, asked.counted, lang) &&
        (!asked.age || saysAge(sentence, span)) &&
        (asked.compares || !AMOUNT_TYPES.has(asked.type) || !saysDifference(sentence, span)),
    )
  );
}

/**
 * A number answers "how many fires" when the thing counted is named beside it ("255,904
 * potholes" counts no fires; "killing two people", "12GB of GDDR5 RAM" count what was asked): the
 * a word of the counted phrase in the number's phrase, within four words after it or two before it.
 */
function countsAsked(
  sentence: string,
  span: Span,
  counted: ReadonlySet<string>,
  lang: string | undefined,
): boolean {
  if (counted.size === 0) return true;
  const before = sentence.slice(0, span.start).split(/\s+/).slice(-3).join(' ');
  const after = sentence.slice(span.end).split(/\s+/).slice(0, 5).join(' ');
  const said = sentence.slice(span.start, span.end);
  return terms(`${before} ${said} ${after}`, lang).some(
    (term) => counted.has(term) || [...counted].some((word) => similarity(term, word) > 0),
  );
}

// A question that asks a difference, a comparison or a change ("How much more …", "… than the
// PS4?", "How much did sales rise?"): there an amount compared to another is the answer.
const COMPARES =
  /\b(?:more|less|fewer|than|difference|differ|rise|rose|risen|grow|grew|grown|increased?|decreased?|drop(?:ped)?|fall|fell|fallen|gain(?:ed)?|lose|lost|change[ds]?)\b/i;
const AMOUNT_TYPES: ReadonlySet<AnswerType> = new Set(['number', 'money', 'duration']);
const COMPARED_AFTER = new RegExp(
  `^\\s*(?:${DIFFERENCE_COMPARATIVES.split(' ').join('|')})\\b`,
  'i',
);

/**
 * Whether the amount at `span` is a difference from another ("The One S, in comparison, weighs
 * two pounds less"): it says how two amounts compare, not the amount "How much does the Xbox
 * One X weigh?" asks for.
 */
export function saysDifference(sentence: string, span: Span): boolean {
  return COMPARED_AFTER.test(sentence.slice(span.end));
}

const HOW_OLD = /\bhow\s+old\b/i;
const AGE_AFTER = /^[\s-]*(?:years?[\s-]+old|year-old|years?\s+of\s+age)\b/i;
const AGE_BEFORE = /\b(?:aged?|age\s+of|ages\s+of)\s*$/i;

/**
 * A number answers "How old is Robert Mugabe?" when it is said as an age: "93 year-old", "52
 * years old", "aged 17", "at the age of 40", or set off by commas after a name ("Grace, 52, a
 * former typist"); "died 16 years later" dates a death, it does not say an age.
 */
export function saysAge(sentence: string, span: Span): boolean {
  const said = sentence.slice(span.start, span.end);
  const number = /^\D*\d+/.exec(said)?.[0] ?? said;
  const after = sentence.slice(span.start + number.length);
  const before = sentence.slice(0, span.start);
  if (AGE_AFTER.test(after) || AGE_BEFORE.test(before)) return true;
  return /^\d{1,3}$/.test(said) && /,\s*$/.test(before) && /^\s*,/.test(after);
}

/**
 * A date answers "When did Georges Claude die?" only in a sentence that names the event ("died");
 * "premiered his neon lights … in December 1910" dates something else.
 */
function namesEvent(sentence: string, event: RegExp | undefined): boolean {
  return !event || event.test(sentence);
}

/** The question-term weight `sentence` holds (its variants' shares included, `matchOf`). */
export function weightOf(sentence: string, asked: Asked, lang?: string): number {
  return weightIn(sentence, asked, lang);
}

/** The question-term weight a sentence holds. */
function weightIn(sentence: string, asked: Asked, lang: string | undefined): number {
  let score = 0;
  for (const term of new Set(terms(sentence, lang))) score += matchOf(term, asked.weights);
  return score;
}

/**
 * A sentence term's weight: the question term's own, or a share of it for a variant the ranking
 * also matched ("discovery" for "discovered", expand.ts), so the sentence chosen within a quote is
 * the one the quote was ranked for.
 */
function matchOf(term: string, weights: ReadonlyMap<string, number>): number {
  const own = weights.get(term);
  if (own !== undefined) return own;
  let best = 0;
  for (const [asked, weight] of weights)
    if (asked[0] === term[0]) best = Math.max(best, weight * similarity(asked, term));
  return best;
}
