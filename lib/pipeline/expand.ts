// Other words for the same thing, on the keyword path. A question term matches, besides itself:
//  - the page's words it is a prefix of, or that are a prefix of it ("discover" / "discovery"),
//    and words one edit away ("color" / "colour", "organize" / "organise"), at a lower weight;
//  - compounds written apart or together ("e mail" / "email", "database" / "data base");
//  - acronyms and their expansions found on the page: "NYC" matches "New York City" where the
//    page has that name, "PII" matches "personally identifiable information (PII)".
// Each question term becomes a unit with weighted alternatives (sequences of terms); rank.ts
// scores a unit by its best alternative, so an exact match always counts most.

import { terms } from '../core/text';
import { focusOf, isElliptical } from './intent';

export interface Alternative {
  /** Consecutive terms that must appear in this order. */
  seq: readonly string[];
  /** 1 for the question's own term, less for a variant. */
  weight: number;
}

export interface QueryUnit {
  key: string;
  alternatives: Alternative[];
  /** 1 for the question's terms, less for follow-up context (see `expandQuery`). */
  weight: number;
  /** Counted in coverage: the question's own terms are, follow-up context is not. */
  fromQuestion: boolean;
  /**
   * The share of the unit's IDF counted in coverage: 1 for the question's terms, 0 for follow-up
   * context, `FOLLOW_UP_COVERAGE` for the previous question's terms under an elliptical follow-up.
   */
  coverage: number;
  /**
   * The question's focus ("city" of "In which city …?", intent.ts `focusOf`): it counts in
   * coverage where a passage holds it and is not missed where it does not.
   */
  focus?: boolean;
}

/** Follow-up context for ranking: the earlier turns' words and the previous question. */
export interface FollowUpContext {
  /** The earlier turns' questions and answers, matched at `weight`. */
  text: string;
  weight: number;
  /**
   * The previous question: under a follow-up that leans on it ("Who created it?", intent.ts
   * `isElliptical`) its terms count in coverage too, at `FOLLOW_UP_COVERAGE`: the follow-up's
   * subject is that question's.
   */
  question?: string;
}

/** What the page offers to expand against: its terms, and its acronyms on demand. */
export interface Vocabulary {
  terms: ReadonlySet<string>;
  /** The page's primary language: the question is cut into terms the way the page was. */
  lang?: string;
  /** Initials (lower case) → the term sequences of names on the page with those initials. */
  acronyms: () => ReadonlyMap<string, string[][]>;
  /**
   * The page's terms that could be a spelling variant or a derived form of `term`: same first
   * letter, from MAX_PREFIX_EXTRA letters shorter to MAX_SUFFIX_EXTRA longer. Indexed once per vocabulary, so expanding a question costs the size of a
   * few buckets, not a scan of the page's whole vocabulary per question term.
   */
  near: (term: string) => readonly string[];
  /**
   * Runs of consecutive page terms whose initials spell `initials` ("gross domestic product" for
   * "gdp", "vice president" for "vp"): an acronym the page spells out in lower case. On demand:
   * one pass over the page's terms per acronym asked.
   */
  spelledOut: (initials: string) => readonly string[][];
  /** The page's terms that start with `clip` and go on ("development" for "dev"), at most a few. */
  clippedFrom: (clip: string) => readonly string[];
}

export const PREFIX_WEIGHT = 0.8;
export const EDIT_WEIGHT = 0.6;
export const STEM_WEIGHT = 0.5;
export const COMPOUND_WEIGHT = 0.9;
export const ACRONYM_WEIGHT = 0.9;
// A follow-up that leans on the previous question ("What was he wearing?") has that question's
// subject as its own: its words count in coverage as the follow-up's do. At half their weight the
// follow-up's one word the page puts otherwise ("wearing" for "in his military uniform") left
// the passage that answers both under the bar (tune half: follow-ups 78.1% -> 81.3%, nothing else
// changed).
export const FOLLOW_UP_COVERAGE = 1;
/** A lower-case run spelling an acronym out is likelier a coincidence than a capitalised name. */
export const SPELLED_OUT_WEIGHT = 0.7;
/** "dev" for "development", "uni" for "university": a short clip has many completions. */
export const CLIP_WEIGHT = 0.5;
const MAX_CLIP_LENGTH = 4;
const MAX_COMPLETIONS = 4;
const MIN_FUZZY_LENGTH = 5;
const MAX_PREFIX_EXTRA = 3;
// A derived word can be longer than a variant: "acquisition" for "acquire" (STEM_WEIGHT).
const MAX_SUFFIX_EXTRA = 6;

export function buildVocabulary(
  texts: readonly string[],
  docs: readonly string[][],
  lang?: string,
): Vocabulary {
  const vocabulary = new Set<string>();
  for (const doc of docs) for (const term of doc) vocabulary.add(term);
  let acronyms: Map<string, string[][]> | undefined;
  let buckets: Map<string, string[]> | undefined;
  let sorted: string[] | undefined;
  return {
    terms: vocabulary,
    ...(lang ? { lang } : {}),
    acronyms: () => (acronyms ??= acronymsOf(texts, lang)),
    spelledOut: (initials) => spelledOut(initials, docs),
    clippedFrom: (clip) => completions(clip, (sorted ??= [...vocabulary].sort())),
    near: (term) => {
      buckets ??= bucketsOf(vocabulary);
      const found: string[] = [];
      for (let n = term.length - MAX_PREFIX_EXTRA; n <= term.length + MAX_SUFFIX_EXTRA; n++)
        found.push(...(buckets.get(`${term[0]}${n}`) ?? []));
      return found;
    },
  };
}

/** Distinct runs of `initials.length` consecutive terms of `docs` with those initials. */
function spelledOut(initials: string, docs: readonly string[][]): string[][] {
  const found = new Map<string, string[]>();
  const n = initials.length;
  for (const doc of docs)
    for (let i = 0; i + n <= doc.length && found.size < MAX_COMPLETIONS; i++) {
      let k = 0;
      while (k < n && doc[i + k]![0] === initials[k] && doc[i + k]!.length > 1) k++;
      if (k === n) found.set(doc.slice(i, i + n).join(' '), doc.slice(i, i + n));
    }
  return [...found.values()];
}

/** Terms of `sorted` that start with `clip` and are at least two letters longer. */
function completions(clip: string, sorted: readonly string[]): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < clip) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(clip); i++)
    if (sorted[i]!.length >= clip.length + 2 && found.length < MAX_COMPLETIONS)
      found.push(sorted[i]!);
  return found;
}

/** Fuzzy-eligible terms by first letter and length ("d8" → "discover", "database", …). */
function bucketsOf(vocabulary: ReadonlySet<string>): Map<string, string[]> {
  const buckets = new Map<string, string[]>();
  for (const word of vocabulary) {
    if (word.length < MIN_FUZZY_LENGTH || /\d/.test(word)) continue;
    const key = `${word[0]}${word.length}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(word);
    else buckets.set(key, [word]);
  }
  return buckets;
}

// A name of 2–6 capitalised words, small joining words allowed inside ("Bank of America").
const CAPITALISED_RUN =
  /\b[A-Z][\p{L}'’-]*(?:\s+(?:(?:of|and|for|the|de|du|la|&)\s+)?[A-Z][\p{L}'’-]*){1,5}/gu;
// "… words (ABC)": an explicit definition.
const DEFINED = /\(([A-Z][A-Za-z]{1,7})\)/g;

function acronymsOf(texts: readonly string[], lang: string | undefined): Map<string, string[][]> {
  const found = new Map<string, string[][]>();
  const add = (initials: string, seq: string[]) => {
    if (initials.length < 2 || seq.length < 2) return;
    const list = found.get(initials) ?? [];
    const key = seq.join(' ');
    if (list.length < 4 && !list.some((s) => s.join(' ') === key)) list.push(seq);
    found.set(initials, list);
  };
  for (const text of new Set(texts)) {
    for (const m of text.matchAll(CAPITALISED_RUN)) {
      // Every part of a run: "Sewers of New York City" holds "New York City".
      const words = m[0].split(/\s+/);
      for (let i = 0; i < words.length; i++) {
        if (!/^[A-Z]/.test(words[i]!)) continue;
        for (let j = i + 1; j < words.length; j++) {
          if (!/^[A-Z]/.test(words[j]!)) continue;
          const part = words.slice(i, j + 1);
          const initials = part.filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]!.toLowerCase());
          add(initials.join(''), terms(part.join(' '), lang));
        }
      }
    }
    for (const m of text.matchAll(DEFINED)) {
      const acronym = m[1]!;
      const letters = acronym.replace(/[a-z]/g, '').length;
      const before = text.slice(Math.max(0, m.index - 120), m.index);
      const words = before.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
      add(acronym.toLowerCase(), terms(words.slice(-letters).join(' '), lang));
    }
  }
  return found;
}

/**
 * The question (and, weighted lower, follow-up context) as units with alternatives found in the
 * page's vocabulary.
 */
export function expandQuery(
  question: string,
  vocabulary: Vocabulary,
  context?: FollowUpContext,
): QueryUnit[] {
  const units = new Map<string, QueryUnit>();
  const add = (unit: QueryUnit) => {
    if (!units.has(unit.key)) units.set(unit.key, unit);
  };
  const own = unitsOf(question, vocabulary, 1, 1);
  const focus = new Set(focusOf(question).flatMap((word) => terms(word, vocabulary.lang)));
  for (const unit of own) add(focus.has(unit.key) ? { ...unit, focus: true } : unit);
  if (!context || context.weight <= 0) return [...units.values()];
  if (context.question && isElliptical(question, own.length))
    for (const unit of unitsOf(context.question, vocabulary, context.weight, FOLLOW_UP_COVERAGE))
      // Counted in coverage, but not as the follow-up's own words (rank.ts takes the better share).
      add({ ...unit, fromQuestion: false });
  for (const unit of unitsOf(context.text, vocabulary, context.weight, 0)) add(unit);
  return [...units.values()];
}

function unitsOf(
  text: string,
  vocabulary: Vocabulary,
  weight: number,
  coverage: number,
): QueryUnit[] {
  const fromQuestion = coverage === 1;
  const units: QueryUnit[] = [...namesAsAcronyms(text, vocabulary, weight, coverage)];
  const covered = new Set(units.flatMap((u) => u.alternatives[0]!.seq));
  const words = terms(text, vocabulary.lang).filter((t) => !covered.has(t));
  // Written in capitals in the question ("NYC", "PII"): look up its expansions on the page.
  const capitals = new Set(Array.from(text.matchAll(/\b[A-Z]{2,6}\b/g), (m) => m[0].toLowerCase()));
  for (let i = 0; i < words.length; i++) {
    const term = words[i]!;
    const next = words[i + 1];
    // Two question words the page writes as one ("e mail" → "email").
    if (next && vocabulary.terms.has(term + next) && !vocabulary.terms.has(term)) {
      units.push({
        key: term + next,
        alternatives: [
          { seq: [term + next], weight: 1 },
          { seq: [term, next], weight: 1 },
        ],
        weight,
        fromQuestion,
        coverage,
      });
      i++;
      continue;
    }
    units.push({
      key: term,
      alternatives: alternativesOf(term, vocabulary, capitals.has(term)),
      weight,
      fromQuestion,
      coverage,
    });
  }
  return units;
}

/** A name in the question ("New York City") also matches its initials on the page ("NYC"). */
function namesAsAcronyms(
  text: string,
  vocabulary: Vocabulary,
  weight: number,
  coverage: number,
): QueryUnit[] {
  const units: QueryUnit[] = [];
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    const words = m[0].split(/\s+/).filter((w) => /^[A-Z]/.test(w));
    const initials = words.map((w) => w[0]!.toLowerCase()).join('');
    const seq = terms(m[0], vocabulary.lang);
    if (words.length < 2 || seq.length < 2 || !vocabulary.terms.has(initials)) continue;
    units.push({
      key: seq.join(' '),
      alternatives: [
        { seq, weight: 1 },
        { seq: [initials], weight: ACRONYM_WEIGHT },
      ],
      weight,
      fromQuestion: coverage === 1,
      coverage,
    });
  }
  return units;
}

/** The term itself, then its spelling variants, compound splits and acronym expansions. */
export function alternativesOf(
  term: string,
  vocabulary: Vocabulary,
  acronym = false,
): Alternative[] {
  const alternatives: Alternative[] = [{ seq: [term], weight: 1 }];
  if (term.length >= MIN_FUZZY_LENGTH && !/\d/.test(term)) {
    for (const word of vocabulary.near(term)) {
      if (word === term) continue;
      const weight = similarity(term, word);
      if (weight > 0) alternatives.push({ seq: [word], weight });
    }
    // "database" on a page that writes "data base".
    for (let cut = 2; cut <= term.length - 2; cut++) {
      const [a, b] = [term.slice(0, cut), term.slice(cut)];
      // The stemmer drops a final "e" from long words only: "databas" is "data" + "base".
      const second = vocabulary.terms.has(b) ? b : vocabulary.terms.has(`${b}e`) ? `${b}e` : '';
      if (vocabulary.terms.has(a) && second && a.length > 1 && b.length > 2)
        alternatives.push({ seq: [a, second], weight: COMPOUND_WEIGHT });
    }
  }
  // The page's names are scanned only for a likely acronym: one in capitals, or not on the page.
  const absent = !vocabulary.terms.has(term);
  if (term.length >= 2 && term.length <= 6 && (acronym || absent) && /^[a-z]+$/.test(term)) {
    const named = vocabulary.acronyms().get(term) ?? [];
    for (const seq of named) alternatives.push({ seq, weight: ACRONYM_WEIGHT });
    // Written in capitals in the question, spelled out in lower case on the page ("GDP").
    if (named.length === 0 && acronym && term.length >= 2)
      for (const seq of vocabulary.spelledOut(term))
        alternatives.push({ seq, weight: SPELLED_OUT_WEIGHT });
  }
  // A clipped word not on the page ("dev", "uni", "info"): the page's words it begins.
  if (
    absent &&
    !acronym &&
    term.length >= 3 &&
    term.length <= MAX_CLIP_LENGTH &&
    /^[a-z]+$/.test(term)
  )
    for (const word of vocabulary.clippedFrom(term))
      alternatives.push({ seq: [word], weight: CLIP_WEIGHT });
  return alternatives;
}

/**
 * PREFIX_WEIGHT for a prefix relation, EDIT_WEIGHT for one edit, STEM_WEIGHT for words of one
 * stem the stemmer leaves apart ("acquir" / "acquisit", "decid" / "decis"), else 0.
 */
export function similarity(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < MIN_FUZZY_LENGTH) return 0;
  if (long.length - short.length <= MAX_PREFIX_EXTRA && long.startsWith(short))
    return PREFIX_WEIGHT;
  if (long.length - short.length <= 1 && oneEdit(short, long)) return EDIT_WEIGHT;
  return sharedStem(short, long) ? STEM_WEIGHT : 0;
}

/** The two share a beginning of five letters or more, all of `short` but its last two at most. */
function sharedStem(short: string, long: string): boolean {
  let shared = 0;
  while (shared < short.length && short[shared] === long[shared]) shared++;
  return shared >= MIN_FUZZY_LENGTH && short.length - shared <= 2;
}

/** True when `long` is `short` with one character changed, inserted or removed. */
function oneEdit(short: string, long: string): boolean {
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) return short.slice(i + 1) === long.slice(i + 1);
  return short.slice(i) === long.slice(i + 1);
}
