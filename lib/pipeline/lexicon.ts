// Word-level knowledge for claim matching: lemmas (the Porter stemmer of the `stemmer` package
// after a table of irregular forms), synonym groups, antonyms, closed sets (months, units), and
// acronyms, the common ones plus those a page defines itself ("United Nations (UN)"). Pure and
// synchronous: it runs in the panel's Worker, the service worker and Node alike.

import { stemmer } from 'stemmer';
import {
  ACRONYMS,
  ANTONYM_PAIRS,
  COUNTRIES,
  EXCLUSIVE_SETS,
  FUNCTION_WORDS,
  IRREGULAR_FORMS,
  SYNONYM_GROUPS,
  NEGATION_WORDS_OTHER_LANGUAGES,
} from './lexicon-data';
import { unitAbbreviations } from './unit-abbreviations';

/** What a page adds to the built-in lists. Build one per page (or per set of quotes). */
export interface Lexicon {
  /** Phrases of lower-case words, joined by one space, to the key they stand for. */
  phrases: ReadonlyMap<string, string>;
  /** Acronyms as written in capitals, lower-cased, to their key. */
  acronyms: ReadonlyMap<string, string>;
  /** Keys of words written as names somewhere in the page's text: "Obama" at a sentence start too. */
  names: ReadonlySet<string>;
  /**
   * Words the texts write together as one name ("Fernando Caudevilla"), as "keyA keyB" both ways:
   * a first name and a surname of one person are not two people (`partsOfOneName`).
   */
  nameParts?: ReadonlySet<string>;
  /** Longest phrase, in words. */
  maxPhrase: number;
  /**
   * Negation words besides English's, for claims on a page in another language
   * (NEGATION_WORDS_OTHER_LANGUAGES); absent on English pages, so their claims read as before.
   */
  negations?: ReadonlySet<string>;
}

const FUNCTION = new Set(FUNCTION_WORDS.split(/\s+/));

export function isFunctionWord(lower: string): boolean {
  return FUNCTION.has(lower);
}

/**
 * Comparatives, superlatives and adverbs of the antonym words ("cheaper", "easiest", "brightly"):
 * the stemmer leaves them apart from their base, and an antonym pair must catch them.
 */
const DERIVED = new Map<string, string>();
for (const word of new Set(ANTONYM_PAIRS.flat())) {
  if (word.includes(' ')) continue;
  const forms = [`${word}er`, `${word}est`, `${word}ly`];
  if (word.endsWith('e')) forms.push(`${word}r`, `${word}st`);
  if (word.endsWith('y'))
    forms.push(...['ier', 'iest', 'ily'].map((end) => word.slice(0, -1) + end));
  if (/[^aeiou][aeiou][bdgmnpt]$/.test(word))
    forms.push(`${word}${word.at(-1)}er`, `${word}${word.at(-1)}est`);
  for (const form of forms) if (!DERIVED.has(form)) DERIVED.set(form, word);
}

/**
 * British spellings written the American way, by the regular patterns of the two (the same
 * change on both sides, so a word they touch that has no other spelling still meets itself):
 * "colour" "behaviour" (-our), "organise" "organisation" (-ise), "analyse" (-yse), "centre"
 * "fibre" (-tre, -bre), "catalogue" (-ogue). Short words keep theirs: "hour", "four", "rise".
 */
const BRITISH: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<=[a-z]{2}[^aeiou\W]i?)our(?=(?:s|ed|ing|ful|able|ite|ites|er|ers|ism)?$)/, 'or'],
  [/(?<=[a-z]{3})is(?=(?:e|es|ed|ing|ation|ations|er|ers)$)/, 'iz'],
  [/(?<=[a-z]{2})ys(?=(?:e|es|ed|ing)$)/, 'yz'],
  [/(?<=[a-z]{2}[tb])re(?=(?:s|d)?$)/, 'er'],
  [/(?<=[a-z]{3})ogue(?=s?$)/, 'og'],
];

export function americanSpelling(lower: string): string {
  let word = lower;
  for (const [pattern, to] of BRITISH) word = word.replace(pattern, to);
  return word;
}

const EED_INFLECTION = /(?<=[a-z]{2})eed(?:ed|ing|s)$/;

/** The lemma of a lower-case word: its irregular or derived base form, else its Porter stem. */
export function lemma(lower: string): string {
  // Own keys only: "constructor" is an English word, not the table's prototype.
  const irregular = Object.hasOwn(IRREGULAR_FORMS, lower) ? IRREGULAR_FORMS[lower] : undefined;
  // "succeeded", "exceeds", "proceeding": back to "succeed", "exceed", "proceed" first, which the
  // stemmer cuts further ("succe") than it cuts their inflected forms ("succeed").
  const base = irregular ?? DERIVED.get(lower) ?? lower.replace(EED_INFLECTION, 'eed');
  return /\d/.test(base) ? base : stemmer(americanSpelling(base));
}

/** Negating prefixes: "unequal" / "equal", "impossible" / "possible", "dishonest" / "honest". */
const NEGATING_PREFIX = /^(?:non-?(?=[a-z]{4})|(?:un|dis|in|im|il|ir)(?=[a-z]{5}))/;

/** One word is the other with a negating prefix. */
export function negatedByPrefix(a: string, b: string): boolean {
  const strip = (w: string) => w.replace(NEGATING_PREFIX, '');
  return (
    (strip(a) !== a && lemma(strip(a)) === lemma(b)) ||
    (strip(b) !== b && lemma(strip(b)) === lemma(a))
  );
}

/**
 * Prefixes and suffixes whose swap reverses a word, the rest of it unchanged: "include" /
 * "exclude", "overpaid" / "underpaid", "upstream" / "downstream", "useful" / "useless". A rule of
 * English word formation rather than a list of words.
 */
const OPPOSITE_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['in', 'ex'],
  ['im', 'ex'],
  ['over', 'under'],
  ['up', 'down'],
  ['pre', 'post'],
  ['max', 'min'],
  ['en', 'dis'],
];
const OPPOSITE_SUFFIXES: ReadonlyArray<readonly [string, string]> = [['ful', 'less']];

/** One word is the other with an opposite prefix or suffix, on a shared rest of 3 letters or more. */
export function oppositeByAffix(a: string, b: string): boolean {
  const swapped = (x: string, y: string, [p, q]: readonly [string, string], end: boolean) => {
    const rest = end ? x.slice(0, -p.length) : x.slice(p.length);
    const has = end ? x.endsWith(p) : x.startsWith(p);
    return has && rest.length >= 3 && y === (end ? rest + q : q + rest);
  };
  const either = (pair: readonly [string, string], end: boolean) =>
    swapped(a, b, pair, end) || swapped(b, a, pair, end);
  return (
    OPPOSITE_PREFIXES.some((pair) => either(pair, false)) ||
    OPPOSITE_SUFFIXES.some((pair) => either(pair, true))
  );
}

const SYNONYM_OF = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const words = group.split(' ');
  const head = lemma(words[0]!);
  for (const word of words) SYNONYM_OF.set(lemma(word), head);
}
// The stemmer does not always bring an inflected form back to the word's own stem ('rebuffed' is
// 'rebuf', 'rebuff' is 'rebuff'): each group word's regular forms are registered too, where no
// other word holds that stem already. Short words are left out: 'mined' is not 'min'.
for (const group of SYNONYM_GROUPS) {
  const words = group.split(' ');
  const head = lemma(words[0]!);
  for (const word of words.filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)))
    for (const form of regularForms(word)) {
      const stem = lemma(form);
      if (!SYNONYM_OF.has(stem)) SYNONYM_OF.set(stem, head);
    }
}

function regularForms(word: string): string[] {
  const stem = word.endsWith('e') ? word.slice(0, -1) : word;
  return [`${word}s`, `${stem}ed`, `${stem}ing`];
}

/**
 * Endings that make a noun or an adjective of a word, or a verb of a noun, as the Porter stemmer
 * leaves them: "threat" / "threaten", "act" / "action", "sign" / "signage", "allergy" / "allergic".
 * Not "-al" ("sign" / "signal"), "-ly" ("short" / "shortly") or "-ful" / "-less" (opposites).
 */
const DERIVING = new Set(
  'en ion ment ness ance ence ive ur ag ic ist ism th er or ant ent iti'.split(' '),
);

/**
 * Two word keys of one family by word formation: the shorter lemma (four letters or more) is
 * the longer one before a deriving ending. Nominalisations and verbs made of nouns meet so.
 */
export function sameFamily(a: string, b: string): boolean {
  if (!a.startsWith('w:') || !b.startsWith('w:') || a === b) return false;
  const [short, long] = a.length < b.length ? [a.slice(2), b.slice(2)] : [b.slice(2), a.slice(2)];
  return short.length >= 4 && long.startsWith(short) && DERIVING.has(long.slice(short.length));
}

/** A content word's matching key: its synonym group's head, else its lemma. */
export function wordKey(lower: string): string {
  const l = lemma(lower);
  return `w:${SYNONYM_OF.get(l) ?? l}`;
}

const ANTONYMS = new Set<string>();
for (const [a, b] of ANTONYM_PAIRS) {
  const ka = wordKey(a);
  const kb = wordKey(b);
  ANTONYMS.add(`${ka} ${kb}`).add(`${kb} ${ka}`);
}

export function areAntonyms(a: string, b: string): boolean {
  return ANTONYMS.has(`${a} ${b}`);
}

const SET_OF = new Map<string, { id: number; kind: (typeof EXCLUSIVE_SETS)[number]['kind'] }>();
EXCLUSIVE_SETS.forEach(({ kind, words }, id) => {
  for (const word of words.split(' ')) {
    const key = wordKey(word);
    if (!SET_OF.has(key)) SET_OF.set(key, { id, kind });
  }
});

/**
 * Spans of time in the two closed sets that hold them ("minute hour" among the units, "day …
 * century" among the dates): "hours of work" and "days of work" differ as much as "hours" and
 * "minutes" do. Not "second", which is an ordinal too ("the second day").
 */
const TIME_SPANS = new Set(
  'minute hour day week month year decade century millennium'.split(' ').map(wordKey),
);

/** Months, weekdays and seasons: the first three closed sets of EXCLUSIVE_SETS. */
const CALENDAR_SETS = 3;

/** Calendar words that are as often other words: "may" and "march" verbs, "fall" a verb. */
const NOT_ONLY_CALENDAR = new Set(['may', 'march', 'fall'].map(wordKey));

/** A month, a weekday or a season, and nothing else: a point in the calendar. */
export function isCalendarWord(key: string): boolean {
  const set = SET_OF.get(key);
  return set !== undefined && set.id < CALENDAR_SETS && !NOT_ONLY_CALENDAR.has(key);
}

/** A word of one of the closed sets of units ("GB", "miles", "hours"). */
export function isUnit(key: string): boolean {
  return SET_OF.get(key)?.kind === 'unit';
}

/** When both keys are different members of one closed set (two months, two units): its kind. */
export function exclusiveKind(a: string, b: string): 'date' | 'unit' | 'antonym' | 'number' | null {
  if (a === b) return null;
  const sa = SET_OF.get(a);
  const sb = SET_OF.get(b);
  if (sa && sb && sa.id === sb.id) return sa.kind;
  return TIME_SPANS.has(a) && TIME_SPANS.has(b) ? 'date' : null;
}

const COUNTRY_PHRASES = new Map<string, string>();
for (const line of COUNTRIES) {
  const [canonical, ...names] = line.split('|');
  for (const name of [canonical!, ...names]) COUNTRY_PHRASES.set(name, `c:${canonical}`);
}

/** Two-letter names that are also common words ("us") count only when written in capitals. */
export function countryKey(phrase: string, written: string): string | undefined {
  if (phrase.length <= 3 && written !== written.toUpperCase()) return undefined;
  return COUNTRY_PHRASES.get(phrase);
}

/**
 * Acronyms a page defines: "United Nations (UN)" and "UN (United Nations)". The expansion's
 * capitalised words must start with the acronym's letters, so "said on Monday (AP)" is no definition.
 */
export function pageAcronyms(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const WORD = "[\\p{Lu}][\\p{L}'’-]*";
  const LINK = '(?:of|and|the|for|de|du|on|in|&)';
  const longFirst = new RegExp(
    `((?:${WORD}\\s+(?:${LINK}\\s+)*){1,7}${WORD})\\s*\\(\\s*(\\p{Lu}[\\p{Lu}&]{1,8})s?\\s*\\)`,
    'gu',
  );
  const shortFirst = new RegExp(
    `\\b(\\p{Lu}[\\p{Lu}&]{1,8})\\s*\\(\\s*((?:${WORD}\\s+(?:${LINK}\\s+)*){1,7}${WORD})\\s*\\)`,
    'gu',
  );
  for (const m of text.matchAll(longFirst)) addAcronym(found, m[2]!, m[1]!);
  for (const m of text.matchAll(shortFirst)) addAcronym(found, m[1]!, m[2]!);
  return found;
}

function addAcronym(found: Map<string, string>, acronym: string, expansion: string): void {
  const letters = acronym.replace(/[^\p{Lu}]/gu, '');
  const words = expansion.split(/\s+/);
  const capitals = words.filter((w) => /^\p{Lu}/u.test(w));
  // The last capitalised words spell the acronym: "the World Health Organization (WHO)".
  const tail = capitals.slice(-letters.length);
  if (tail.length !== letters.length) return;
  if (!tail.every((w, i) => w[0] === letters[i])) return;
  const from = words.indexOf(tail[0]!);
  found.set(acronym.toLowerCase(), words.slice(from).join(' ').toLowerCase());
}

/**
 * Acronyms one text uses and another spells out without defining them: "ACLU" in the quote,
 * "the American Civil Liberties Union" in the claim, "PSVR" and "PlayStation VR". The capitalised
 * words must spell it exactly (`initialsOf`): any run of them within a longer name ("SF" in "the
 * San Francisco Bay Area"), from a capital.
 */
function spelledOut(texts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const capitals = new Set(texts.flatMap((t) => t.match(/\b\p{Lu}{2,6}\b/gu) ?? []));
  if (capitals.size === 0) return found;
  const NAME = /\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:of|and|the|for|on)\s+)*\p{Lu}[\p{L}'’-]*){1,6}/gu;
  for (const text of texts)
    for (const m of text.matchAll(NAME)) {
      const words = m[0].replace(/['’]s\b/gu, '').split(/\s+/);
      for (let i = 0; i < words.length - 1; i++)
        for (let end = words.length; end > i + 1; end--) {
          const run = words.slice(i, end);
          if (!/^\p{Lu}/u.test(run[0]!) || !/^\p{Lu}/u.test(run.at(-1)!)) continue;
          const initials = run
            .filter((w) => /^\p{Lu}/u.test(w))
            .map(initialsOf)
            .join('');
          if (capitals.has(initials) && !found.has(initials.toLowerCase()))
            found.set(initials.toLowerCase(), run.join(' ').toLowerCase());
        }
    }
  for (const [acronym, expansion] of spelledOutInLowerCase(texts))
    if (!found.has(acronym)) found.set(acronym, expansion);
  return found;
}

const LOWER_RUN = /\p{Ll}+(?:-\p{Ll}+)*(?:[ ]\p{Ll}+(?:-\p{Ll}+)*)+/gu;

/**
 * Acronyms of three letters or more that one text writes and another spells out in lower case:
 * "NGO" and "non-government organization", each part of a hyphenated word giving a letter. Content
 * words of three letters or more only, and the acronym in another text, so that "a task for" never
 * spells "ATF".
 */
function spelledOutInLowerCase(texts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const capitalsOf = texts.map((t) => new Set(t.match(/\b\p{Lu}{3,6}\b/gu) ?? []));
  texts.forEach((text, at) => {
    const elsewhere = new Set(capitalsOf.flatMap((set, i) => (i === at ? [] : [...set])));
    if (elsewhere.size === 0) return;
    for (const m of text.matchAll(LOWER_RUN)) {
      const words = m[0].split(' ');
      for (let i = 0; i < words.length - 1; i++) {
        let initials = '';
        for (let end = i + 1; end <= Math.min(words.length, i + 6); end++) {
          const parts = words[end - 1]!.split('-');
          if (parts.some((p) => p.length < 3 || isFunctionWord(p))) break;
          initials += parts.map((p) => p[0]!.toUpperCase()).join('');
          if (initials.length >= 3 && elsewhere.has(initials))
            found.set(initials.toLowerCase(), words.slice(i, end).join(' '));
        }
      }
    }
  });
  return found;
}

/**
 * What a word gives an acronym: its first letter, every capital inside it ("PlayStation VR" is
 * "PSVR", "YouTube" "YT") and an acronym whole ("VR").
 */
function initialsOf(word: string): string {
  return word[0]! + word.slice(1).replace(/[^\p{Lu}]/gu, '');
}

/** Sentence starts and other places where a capital says nothing about a name. */
const MID_SENTENCE_NAME = /(?<=[\p{L}\p{N},;)]\s+)\p{Lu}[\p{L}'’-]*/gu;

/**
 * The lexicon for one page: the built-in lists plus the acronyms the texts define and the words
 * they write as names mid-sentence (so "Obama" opening a sentence of the claim is known as a name).
 */
const OTHER_NEGATIONS: ReadonlySet<string> = new Set(NEGATION_WORDS_OTHER_LANGUAGES.split(' '));

/** `lang` is the page's primary language: other than English, its negation words count too. */
export function buildLexicon(texts: readonly string[] = [], lang?: string): Lexicon {
  const acronyms = new Map<string, string>();
  const phrases = new Map<string, string>(COUNTRY_PHRASES);
  const add = (acronym: string, expansion: string) => {
    // Countries have their own names ("UK", "United Kingdom"); an earlier definition stands.
    if (COUNTRY_PHRASES.has(acronym)) return;
    // A country's initials the list lacks ("NZ" beside "New Zealand") are that country.
    const country = COUNTRY_PHRASES.get(expansion);
    if (country !== undefined && !acronyms.has(acronym)) acronyms.set(acronym, country);
    if (phrases.has(expansion)) return;
    const key = `a:${acronym}`;
    acronyms.set(acronym, key);
    if (expansion.includes(' ')) phrases.set(expansion, key);
  };
  for (const [acronym, expansion] of Object.entries(ACRONYMS)) add(acronym, expansion);
  const names = new Set<string>();
  for (const [acronym, expansion] of spelledOut(texts)) add(acronym, expansion);
  // "6 PB" where another text says "6 petabytes": the unit's own key.
  for (const [short, word] of unitAbbreviations(texts))
    if (!acronyms.has(short) && !COUNTRY_PHRASES.has(short)) acronyms.set(short, wordKey(word));
  for (const text of texts) {
    for (const [acronym, expansion] of pageAcronyms(text)) add(acronym, expansion);
    for (const m of text.matchAll(MID_SENTENCE_NAME)) {
      const lower = m[0].toLowerCase().replace(/['’]s$/u, '');
      if (!isFunctionWord(lower)) names.add(wordKey(lower));
    }
  }
  const nameParts = namePartsOf(texts);
  let maxPhrase = 1;
  for (const phrase of phrases.keys()) maxPhrase = Math.max(maxPhrase, phrase.split(' ').length);
  const otherLanguage = lang !== undefined && lang !== 'en';
  return {
    phrases,
    acronyms,
    names,
    nameParts,
    maxPhrase,
    ...(otherLanguage ? { negations: OTHER_NEGATIONS } : {}),
  };
}

/** Two or more capitalised words in a row, one space apart: "Fernando Caudevilla", "Lord Rayleigh". */
const NAME_RUN = /\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+)+/gu;

function namePartsOf(texts: readonly string[]): Set<string> {
  const parts = new Set<string>();
  for (const text of texts)
    for (const run of text.matchAll(NAME_RUN)) {
      const keys = run[0]
        .split(' ')
        .map((word) => word.toLowerCase().replace(/['’]s$/u, ''))
        .filter((lower) => !isFunctionWord(lower))
        .map(wordKey);
      for (const a of keys) for (const b of keys) if (a !== b) parts.add(`${a} ${b}`);
    }
  return parts;
}

/** Two words (as written) that the texts write together as one name. */
export function partsOfOneName(lexicon: Lexicon, a: string, b: string): boolean {
  const key = (text: string) => wordKey(text.toLowerCase().replace(/['’]s$/u, ''));
  return lexicon.nameParts?.has(`${key(a)} ${key(b)}`) === true;
}

/** The lexicon with the built-in lists only. */
export const BASE_LEXICON: Lexicon = buildLexicon();
