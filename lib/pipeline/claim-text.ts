// A sentence as claim matching sees it (claim-match.ts): its content words reduced to matching
// keys (lexicon.ts), numbers read to values ("1.5 million", "a thousand", "$163m", "3%"), names
// marked, and each content word flagged when a negation or a quantifier governs it. Offsets are
// kept, so a conflict can be highlighted in the claim and on the page.

import {
  COMMON_ACRONYMS,
  CURRENCY,
  DIFFERENCE_COMPARATIVES,
  EARNING_OBJECTS,
  EARNING_VERBS,
  NAME_TITLES,
  NEGATION_PHRASES,
  NEGATION_WORDS,
  NUMBER_SCALES,
  NUMBER_WORDS,
  PERCENT_WORDS,
  PHRASAL_PARTICLES,
  QUANTIFIERS,
  type QuantifierClass,
} from './lexicon-data';
import { clockTimeAt } from './clock-time';
import { type TimeAmount, timeAmountOf, timeUnitOf } from './time-amount';
import { countryKey, isCalendarWord, isFunctionWord, type Lexicon, wordKey } from './lexicon';

export type NumberClass =
  | 'year'
  | 'decade'
  | 'ordinal'
  | 'percent'
  | 'money'
  | 'count'
  | 'time'
  /** Part of a name: the "7" of "Forza Motorsport 7", the "42" of "Chrome 42". */
  | 'label';

export interface Token {
  /** Matching key: `w:` word, `c:` country, `a:` acronym, `n:` number. */
  key: string;
  kind: 'word' | 'number';
  text: string;
  start: number;
  end: number;
  /** Position in the sentence's stream of words, function words included: for slots. */
  pos: number;
  /** The word as written, lower-cased (content words only). */
  word?: string;
  /** Written with a capital (or in capitals): a name, unless it only opens the sentence. */
  capital: boolean;
  /** Capitalised mid-sentence, in capitals, or known from the page as a name. */
  name: boolean;
  negated: boolean;
  /** The negation cue that governs it, as written. */
  cue?: { text: string; start: number; end: number };
  quantifier?: QuantifierClass;
  /** The quantifier as written. */
  quantifierCue?: { text: string; start: number; end: number };
  value?: number;
  numberClass?: NumberClass;
  /** Follows a number directly ("40 feet"). */
  afterNumber?: boolean;
  /** "about", "over", "nearly" before the number: compared with a tolerance. */
  approximate?: boolean;
  /** Right after "by": a passive's agent, maybe ("will be passed by Congress"). */
  afterBy?: boolean;
  /** A ratio's first number ("4 out of 5": 4), which a count of the page may state. */
  part?: number;
  /** "more than 80%", "over 80%": above; "less than", "under", "up to": below. */
  bound?: Bound;
  /** The words of the bound ("less than"), so a conflict between bounds names them. */
  boundCue?: { text: string; start: number; end: number };
  /** "two pounds lighter", "5 more seats": the amount by which two others differ. */
  difference?: boolean;
  /** The particle written right after the word ("turned down", "set off"): maybe a phrasal verb. */
  particle?: string;
  /** "second" as the rank, not the unit: after a determiner, before a word ("her second film"). */
  rank?: boolean;
  /** Graded down: "less" or "least" right before it ("the least expensive" is "the cheapest"). */
  lessened?: boolean;
  /** A code's letters before its digits, as a key: "GreenPak4" is a GreenPak. */
  family?: string;
  /** A count right before a unit of time, and that unit: the span in minutes or months. */
  timeAmount?: TimeAmount;
}

export type Bound = 'above' | 'below';

export interface Analysis {
  tokens: Token[];
  /** Number of stream positions (content and function words). */
  length: number;
  /** Positions of personal pronouns ("he", "its"): a name of the claim may stand there. */
  pronouns: number[];
}

interface Raw {
  text: string;
  lower: string;
  start: number;
  end: number;
  punct: boolean;
  /** Follows a sentence end, an opening quotation mark or a colon (or starts the text). */
  opening: boolean;
}

// "°C" and "°F" are one word each, the units "Celsius" and "Fahrenheit" (lexicon-data.ts).
// A word whose letters run into digits is a code, one word: "SLG46620V", "MP3", "H264" (digits
// first are a number and its unit: "12GB", read apart in rawTokens). Words joined by underscores
// are an identifier, one word ("percentile_disc"), but for a handle's ("@s_bielefeld": a name).
const RAW =
  /°[CF]\b|(?:\p{Lu}\.){2,}|(?<!@)\p{L}[\p{L}\p{N}]*(?:_[\p{L}\p{N}]+)+|\p{L}+\d[\p{L}\p{N}]*|[$€£¥%]|\d+(?:[.,]\d+)*(?:\p{L}+)?|(?:[Nn]on-|[Uu]n-)?[\p{L}\p{M}]+(?:['’][\p{L}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;
/** Punctuation that ends a negation's or a quantifier's reach. */
const CLAUSE_END = /^[,;:()[\]—–!?."“”]$/u;
const CLAUSE_WORDS = new Set(
  'but while whereas although though because since which who whom whose when where unless'.split(
    ' ',
  ),
);
const NEGATIONS = new Set(NEGATION_WORDS.split(' '));
const CURRENCIES = new Set(CURRENCY.split(' '));
const PERCENTS = new Set(PERCENT_WORDS.split(' '));
const PARTICLES = new Set(PHRASAL_PARTICLES.split(' '));
const TITLES = new Set(NAME_TITLES.split(' '));
const APPROXIMATORS = new Set(
  'about around approximately roughly nearly almost some over under more less than'.split(' '),
);
/** Words before a number that bound it, two words first ("more than", "at least") then one. */
const BOUNDS = new Map<string, Bound>([
  ['more than', 'above'],
  ['greater than', 'above'],
  ['at least', 'above'],
  ['over', 'above'],
  ['above', 'above'],
  ['exceeding', 'above'],
  ['less than', 'below'],
  ['fewer than', 'below'],
  ['at most', 'below'],
  ['up to', 'below'],
  ['under', 'below'],
  ['below', 'below'],
]);
/** "more than 80%": the comparative belongs to the number, not to the sentence's words. */
const NUMBER_COMPARATIVES = new Set(['more', 'less', 'fewer', 'greater']);
const DIFFERENCE = new Set(DIFFERENCE_COMPARATIVES.split(' '));
/** "not only X but also Y" affirms X; "how far from it a value may be" asks a distance. */
const NOT_NEGATION = [
  'not only',
  'not just',
  'not least',
  'not long',
  'no doubt',
  'no wonder',
  'how far from',
  // "whether or not this threshold is responsible", "whether it works or not": a question, no denial.
  'or not',
  // "none other than Yoon" is Yoon.
  'none other than',
  // "fans who don't mind paying more" are willing to pay: the denial is of the objection.
  'never mind',
  ...['do', 'does', 'did', 'would', 'wo'].flatMap((verb) =>
    ["n't", 'n’t', ' not'].map((not) => `${verb}${not} mind`),
  ),
];
/** "no more than 39" bounds the number (at most 39): no denial of what follows (`boundBefore`). */
const DENIED_BOUNDS = ['more than', 'less than', 'fewer than', 'greater than'].flatMap((b) => [
  `no ${b}`,
  `not ${b}`,
]);
/**
 * Set phrases that say nothing of how many: "all over the world", "after all", a wish's "if only
 * my hands were free"; "at least" bounds a number (`BOUNDS`) and is not "least" ("the least
 * important", against "the most important").
 */
const NOT_QUANTIFIER = ['all over', 'after all', 'at all', 'at least', 'if only'];
const NOT_CUES = new Map(
  [...NOT_NEGATION, ...NOT_QUANTIFIER, ...DENIED_BOUNDS].map((p) => [p, true]),
);

const QUANTIFIER_PHRASES = new Map<string, QuantifierClass>();
for (const [cls, list] of Object.entries(QUANTIFIERS) as Array<[QuantifierClass, string]>)
  for (const phrase of list.split('|')) QUANTIFIER_PHRASES.set(phrase, cls);

function rawTokens(text: string): Raw[] {
  const out: Raw[] = [];
  let opening = true;
  for (const m of text.matchAll(RAW)) {
    const piece = m[0];
    const start = m.index;
    // "12GB", "2.3GHz", "5bn": the number and its unit or scale are two words; "21st" and
    // "1990s" stay whole.
    const split = /^(\d+(?:[.,]\d+)*)(\p{L}+)$/u.exec(piece);
    // A word after the digits is a name ("1010data", "37signals"), not a unit.
    if (split && !/^(?:st|nd|rd|th|s)$/i.test(split[2]!) && split[2]!.length < 4) {
      const [, digits, letters] = split;
      out.push(raw(digits!, start, false, opening));
      out.push(raw(letters!, start + digits!.length, false, false));
      opening = false;
      continue;
    }
    const punct = !/[\p{L}\p{N}$€£¥%]/u.test(piece);
    out.push(raw(piece, start, punct, opening));
    opening = punct ? /^[.!?:"“‘(]$/u.test(piece) || (opening && !/^[,;]$/.test(piece)) : false;
  }
  return out;
}

function raw(text: string, start: number, punct: boolean, opening: boolean): Raw {
  return { text, lower: text.toLowerCase(), start, end: start + text.length, punct, opening };
}

/**
 * The longest phrase of `table` starting at `i` (words only, hyphens between them allowed). A
 * phrase of two words or more may end in a plural: "operating systems" is "operating system".
 */
function phraseAt<T>(
  raws: readonly Raw[],
  i: number,
  table: ReadonlyMap<string, T>,
  maxWords: number,
): { value: T; next: number } | null {
  const words: string[] = [];
  const ends: number[] = [];
  for (let j = i; j < raws.length && words.length < maxWords; j++) {
    const r = raws[j]!;
    if (r.punct) {
      if (r.text === '-' && words.length > 0) continue;
      break;
    }
    words.push(r.lower.replace(/['’]s$/u, ''));
    ends.push(j + 1);
  }
  for (let n = words.length; n >= 1; n--) {
    const phrase = words.slice(0, n).join(' ');
    const singular = n >= 2 && /[^s]s$/.test(phrase) ? table.get(phrase.slice(0, -1)) : undefined;
    const value = table.get(phrase) ?? singular;
    if (value !== undefined) return { value, next: ends[n - 1]! };
  }
  return null;
}

interface NumberRead {
  value: number;
  numberClass: NumberClass;
  next: number;
  /** A ratio read as a share ("4 in 10"): rounded, as such ratios are. */
  approximate?: boolean;
  part?: number;
}

/** Denominators a ratio of people or things is given over: "one in five", "9 out of 10". */
const RATIO_DENOMINATORS = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 20, 100, 1000]);

/**
 * "4 in 10 adults", "one out of five": a share, read as the percentage it is ("40 percent"),
 * when `value` was read before raws[j]. Not "3 in 10 minutes" (a unit after it) or "2 in 2019".
 */
function ratioAt(raws: readonly Raw[], j: number, value: number): NumberRead | null {
  // "in" or "out of", then the denominator.
  const at =
    raws[j]?.lower === 'in'
      ? j + 1
      : raws[j]?.lower === 'out' && raws[j + 1]?.lower === 'of'
        ? j + 2
        : -1;
  const below = raws[at];
  if (!below) return null;
  const over = NUMERIC.test(below.text) ? Number(below.text) : NUMBER_WORDS[below.lower];
  if (over === undefined || !RATIO_DENOMINATORS.has(over) || value <= 0 || value >= over)
    return null;
  const after = raws[at + 1]?.lower ?? '';
  const unit = TIME_UNITS.has(after) || TIME_UNITS.has(after.replace(/s$/, ''));
  if (unit || PERCENTS.has(after) || CURRENCIES.has(after)) return null;
  return {
    value: Math.round((10000 * value) / over) / 100,
    numberClass: 'percent',
    next: at + 1,
    approximate: true,
    part: value,
  };
}

/**
 * "the 19th century" (or "19th-century") is "the 1800s": read as the hundred years it names, a
 * decade-like span starting at 1800, so that the two ways of writing it match and "the 1900s"
 * against "the 19th century" is a different date. From the 2nd to the 21st century only (the
 * 1st is not written "the 0s").
 */
function centuryAt(raws: readonly Raw[], j: number): NumberRead | null {
  const n = parseInt(raws[j]!.lower, 10);
  if (n < 2 || n > 21) return null;
  const k = raws[j + 1]?.text === '-' ? j + 2 : j + 1;
  const unit = raws[k]?.lower;
  if (unit !== 'century') return null;
  return { value: (n - 1) * 100, numberClass: 'decade', next: k + 1 };
}

const NUMERIC = /^\d+(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/;

/**
 * "3/4 inch", "1/3 of the votes": a proper fraction written with a slash, read as its value, so
 * it meets "three-quarters" or "a third" and is not two numbers. Written solid ("3 / 4" is a
 * ratio or a division) and not a date ("3/4/2021"); the denominator small, as a share is.
 */
function fractionAt(raws: readonly Raw[], j: number): { value: number; last: number } | undefined {
  const [top, slash, bottom, after] = [raws[j], raws[j + 1], raws[j + 2], raws[j + 3]];
  if (!top || slash?.text !== '/' || !bottom || slash.start !== top.end) return undefined;
  if (bottom.start !== slash.end || !/^\d+$/.test(top.text) || !/^\d+$/.test(bottom.text))
    return undefined;
  if (after?.text === '/' && after.start === bottom.end) return undefined;
  const [numerator, denominator] = [Number(top.text), Number(bottom.text)];
  if (!DENOMINATORS.has(denominator) || numerator === 0 || numerator >= denominator)
    return undefined;
  return { value: numerator / denominator, last: j + 2 };
}

/** Denominators of the shares people write: halves to sixteenths of an inch, not "24/7" or "9/11". */
const DENOMINATORS = new Set([2, 3, 4, 5, 6, 8, 10, 12, 16]);

/** "double as a piece of art": the verb, serving as something, not the figure 2 ("double as much" is). */
function servesAs(raws: readonly Raw[], j: number): boolean {
  if (!/^(?:double|triple)$/.test(raws[j]!.lower) || raws[j + 1]?.lower !== 'as') return false;
  return !/^(?:much|many)$/.test(raws[j + 2]?.lower ?? '');
}

const ROMAN_VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10 };

/** "XIV" as 14; undefined for anything but a well-formed numeral from 2 to 39. */
function romanValue(text: string): number | undefined {
  if (!/^X{0,3}(?:IX|IV|V?I{0,3})$/.test(text) || text.length < 2) return undefined;
  const digits = [...text.toLowerCase()].map((c) => ROMAN_VALUES[c]!);
  return digits.reduce((sum, d, k) => sum + (d < (digits[k + 1] ?? 0) ? -d : d), 0);
}

/**
 * "World War II", "Elizabeth II": a Roman numeral after a capitalised word is an ordinal, so it
 * meets "the Second World War". Two letters or more: a lone "V" or "X" is as often a name ("the
 * Xbox One X").
 */
function regnalNumberAt(raws: readonly Raw[], j: number): NumberRead | null {
  const value = romanValue(raws[j]!.text);
  const before = raws[j - 1];
  if (value === undefined || !before || before.punct || !/^\p{Lu}/u.test(before.text)) return null;
  return { value, numberClass: 'ordinal', next: j + 1 };
}

/** "half a(n)" or "half-" before a unit of time or a scale: the unit is counted by one half. */
function halfOfA(raws: readonly Raw[], j: number): boolean {
  const [half, between, unit] = [raws[j]!, raws[j + 1], raws[j + 2]];
  const hyphen = between?.text === '-' && between.start === half.end && unit?.start === between.end;
  if (between?.lower !== 'a' && between?.lower !== 'an' && !hyphen) return false;
  const word = unit?.lower ?? '';
  return Object.hasOwn(MULTIPLES, word) || TIME_UNITS.has(word) || isScale(word);
}

/** "1990s", "21st" (or "the 21st century"), "World War II": a decade or a rank, read whole. */
function decadeOrOrdinalAt(raws: readonly Raw[], j: number): NumberRead | null {
  const lower = raws[j]!.lower;
  if (/^\d{3}0s$/.test(lower))
    return { value: Number(lower.slice(0, 4)), numberClass: 'decade', next: j + 1 };
  // "the 80s" (or "'80s") is the 1980s; "the 00s" and "the 10s", this century's.
  if (
    /^\d0s$/.test(lower) &&
    (raws[j - 1]?.lower === 'the' || /^['’]$/.test(raws[j - 1]?.text ?? ''))
  ) {
    const tens = Number(lower.slice(0, 2));
    return { value: (tens < 20 ? 2000 : 1900) + tens, numberClass: 'decade', next: j + 1 };
  }
  if (/^\d+(?:st|nd|rd|th)$/.test(lower))
    return (
      centuryAt(raws, j) ?? { value: parseInt(lower, 10), numberClass: 'ordinal', next: j + 1 }
    );
  return regnalNumberAt(raws, j);
}

/** "over the past decade", "in the previous year": one of the unit, as "a decade" is. */
function pastUnitAt(raws: readonly Raw[], j: number): boolean {
  return (
    (raws[j]!.lower === 'past' || raws[j]!.lower === 'previous') &&
    raws[j - 1]?.lower === 'the' &&
    TIME_UNITS.has(raws[j + 1]?.lower ?? '')
  );
}

/** Reads a number starting at raws[i]: digits or words, scales, percent and currency. */
function numberAt(raws: readonly Raw[], i: number): NumberRead | null {
  let j = i;
  let money = false;
  if (/^[$€£¥]$/.test(raws[j]?.text ?? '')) {
    money = true;
    j++;
  }
  const first = raws[j];
  if (!first) return null;
  let value: number | undefined;
  let numberClass: NumberClass = 'count';
  const dateOrRank = decadeOrOrdinalAt(raws, j);
  if (dateOrRank) return dateOrRank;
  const time = money ? null : clockTimeAt(raws, j);
  if (time) return { value: time.minutes, numberClass: 'time', next: time.next };
  if (isPronoun(raws, j) || servesAs(raws, j)) return null;
  if (NUMERIC.test(first.text)) value = Number(first.text.replace(/,/g, ''));
  else if (isNumberWord(first.lower)) value = NUMBER_WORDS[first.lower];
  else if ((first.lower === 'a' || first.lower === 'an') && isScale(raws[j + 1]?.lower)) value = 1;
  // "a week" is one week: the page's "a year" against a claim's "two years" is a different number.
  // ("100 miles a year" is a rate: only after a function word, or first, is "a" a number.)
  else if (
    (first.lower === 'a' || first.lower === 'an') &&
    TIME_UNITS.has(raws[j + 1]?.lower ?? '') &&
    (j === 0 || isFunctionWord(raws[j - 1]!.lower) || andFractionAt(raws, j + 2) !== null) &&
    !ordinalSecond(raws, j + 1)
  )
    return { value: 1, numberClass: 'count', next: j + 1 };
  else if (pastUnitAt(raws, j)) return { value: 1, numberClass: 'count', next: j + 1 };
  if (value === undefined) return null;
  // "half a century" (or "half-century") is 50 years, "half a million" 500,000.
  if (first.lower === 'half' && halfOfA(raws, j)) j++;
  const plain = NUMERIC.test(first.text) && !first.text.includes(',');
  const fraction = fractionAt(raws, j);
  if (fraction) ({ value, last: j } = fraction);
  j++;
  ({ value, next: j } = compoundAt(raws, j, value));
  const ratio = money ? null : ratioAt(raws, j, value);
  if (ratio) return ratio;
  // "a 19-billion-dollar deal": the currency joined by a hyphen.
  if (raws[j]?.text === '-' && CURRENCIES.has(raws[j + 1]?.lower ?? '')) {
    money = true;
    j += 2;
  }
  const after = raws[j]?.lower ?? '';
  if (PERCENTS.has(after) || (after === 'per' && raws[j + 1]?.lower === 'cent')) {
    numberClass = 'percent';
    j += after === 'per' ? 2 : 1;
  } else if (CURRENCIES.has(after) && !/^[$€£¥]$/.test(after)) {
    money = true;
    j++;
  }
  // "fifty cents" is $0.50: a hundredth of the currency, compared by value with the page's "$0.50".
  else if (!money && (after === 'cents' || after === 'cent')) {
    money = true;
    value /= 100;
    j++;
  }
  // "280 BC" is a year, before "280 AD": negative, so the two never match.
  const era = raws[j]?.lower;
  if (
    !money &&
    numberClass === 'count' &&
    plain &&
    (era === 'bc' || era === 'bce' || era === 'ad' || era === 'ce')
  )
    return { value: era.startsWith('b') ? -value : value, numberClass: 'year', next: j + 1 };
  if (money) numberClass = 'money';
  else if (
    numberClass === 'count' &&
    plain &&
    j === i + 1 &&
    isYear(value, raws[i - 1]?.lower, raws[j])
  )
    numberClass = 'year';
  return { value, numberClass, next: j };
}

/** The rest of a compound number: "twenty-five", "one hundred thousand", "1.5 million", "one-billion". */
function compoundAt(
  raws: readonly Raw[],
  start: number,
  first: number,
): { value: number; next: number } {
  let value = first;
  let j = start;
  while (j < raws.length) {
    const r = raws[j]!;
    const hyphen = r.text === '-';
    if (hyphen && isNumberWord(raws[j + 1]?.lower) && value >= 20 && value < 100) {
      value += NUMBER_WORDS[raws[j + 1]!.lower]!;
      j += 2;
    } else if (isScale(r.lower)) {
      value *= NUMBER_SCALES[r.lower]!;
      j++;
    } else if (hyphen && isScale(raws[j + 1]?.lower)) {
      value *= NUMBER_SCALES[raws[j + 1]!.lower]!;
      j += 2;
    } else break;
  }
  return { value, next: j };
}

/**
 * "a second bright room", "a second time": "second" before a content word is the ordinal, not one
 * second of time ("in a second", "for a second or two").
 */
function ordinalSecond(raws: readonly Raw[], i: number): boolean {
  const next = raws[i + 1];
  return (
    raws[i]?.lower === 'second' && next !== undefined && !next.punct && !isFunctionWord(next.lower)
  );
}

const TIME_UNITS = new Set(
  'second minute hour day week fortnight month year decade century millennium'.split(' '),
);

/** Words before a number that make "956" a year: "in 956", "since 1303". */
const YEAR_BEFORE = new Set(
  'in since until till by from before after during of circa c'.split(' '),
);

/** Words before a count of things: "these 1000 documents", "with 1500 employees". */
const COUNT_BEFORE = new Set(
  'these those of over nearly almost than about around some all any with only just'.split(' '),
);

function isYear(value: number, before: string | undefined, after?: Raw): boolean {
  if (!Number.isInteger(value)) return false;
  // A count of things, not a year: "any of these 1000 documents" (but "the 2016 elections").
  const things = after !== undefined && /^\p{Ll}{3,}s$/u.test(after.text);
  if (things && before !== undefined && COUNT_BEFORE.has(before)) return false;
  if (value >= 1000 && value <= 2100) return true;
  return value >= 100 && value < 1000 && before !== undefined && YEAR_BEFORE.has(before);
}

const GROUP_PRONOUNS = new Set(['them', 'us', 'you', 'these', 'those']);

/** Determiners before a rank: "her second collaboration", "the second half" ("a second" is as often the unit). */
const RANK_BEFORE = new Set('the her his its their my our your'.split(' '));

/**
 * A number word that stands for people or things, not a count the page must state: "one" but
 * before a noun ("the only one" / "one terabyte"), and a number between "the" and "of them" (or
 * us, you, these, those: "the two of them", "the three of us").
 */
function isPronoun(raws: readonly Raw[], j: number): boolean {
  const word = raws[j]!.lower;
  const following = raws[j + 1];
  if (word === 'one')
    return (
      (!following ||
        (following.punct && following.text !== '-') ||
        isFunctionWord(following.lower)) &&
      !ratioAt(raws, j + 1, 1)
    );
  return (
    isNumberWord(word) &&
    raws[j - 1]?.lower === 'the' &&
    following?.lower === 'of' &&
    GROUP_PRONOUNS.has(raws[j + 2]?.lower ?? '')
  );
}

/** Own keys only: "constructor" and "valueOf" are words, not numbers. */
function isNumberWord(lower: string | undefined): lower is string {
  return lower !== undefined && Object.hasOwn(NUMBER_WORDS, lower);
}

function isScale(lower: string | undefined): boolean {
  return lower !== undefined && Object.hasOwn(NUMBER_SCALES, lower);
}

interface Item {
  token?: Token;
  /** A negation cue or quantifier that governs the next content words. */
  cue?: {
    negation: boolean;
    quantifier?: QuantifierClass;
    raw: Raw;
    last: Raw;
    grades?: boolean;
    /** Denies its whole clause: "rather than wasting time writing a synthesizer, …". */
    clause?: boolean;
  };
  /** Ends a cue's reach. */
  boundary?: boolean;
  /** The boundary is "because": a denial that reaches nothing before it denies the reason. */
  reason?: boolean;
  /** A personal pronoun ("he", "its"), no content word of its own. */
  pronoun?: boolean;
  /** A preposition that opens a phrase of its own: it ends a determiner's noun phrase. */
  preposition?: boolean;
}

/**
 * Prepositions after which a determiner's noun phrase has ended: "no additional functionality in
 * 2.0" denies the functionality, not 2.0. Not "of", which a partitive goes on through ("none of
 * the changes").
 */
const PHRASE_PREPOSITIONS = new Set('in on at for with from by into during within'.split(' '));

/**
 * Negating phrases; "rather than" and "instead of" put an alternative aside, and deny all of it
 * up to the clause's end ("rather than wasting time writing a synthesizer, I wrote …"), where a
 * "not" reaches a few words.
 */
const NEGATION_PHRASE_TABLE = new Map<string, 'denial' | 'alternative'>(
  NEGATION_PHRASES.map((p) => [
    p,
    p === 'rather than' || p === 'instead of' ? 'alternative' : 'denial',
  ]),
);

/** Words that grade the next one down, turning it toward its opposite: "less costly", "least expensive". */
const LESSENING = new Set(['less', 'least']);

/** Pronouns that stand for one named person or body; "their" is seldom one name's. */
const PRONOUNS = new Set('he him his she her it its they'.split(' '));

/** Analyses a sentence (or a short text). `offset` is added to every start and end. */
export function analyse(text: string, lexicon: Lexicon, offset = 0): Analysis {
  const raws = rawTokens(text);
  const items = itemsOf(raws, lexicon);
  applyScopes(items);
  const tokens: Token[] = [];
  items.forEach((item, pos) => {
    if (!item.token) return;
    const { token } = item;
    // "40 feet": a unit word only means a unit right after a number ("280 degrees Celsius" too).
    const before = items[pos - 1]?.token;
    const number =
      before?.afterNumber && /^degrees?$/.test(before.word ?? '') ? items[pos - 2]?.token : before;
    if (number?.kind === 'number') {
      token.afterNumber = true;
      if (number.timeAmount && timeUnitOf(token.word)) token.timeAmount = number.timeAmount;
    }
    const place = (span: { start: number; end: number } | undefined) =>
      span && {
        text: text.slice(span.start, span.end),
        start: span.start + offset,
        end: span.end + offset,
      };
    const cue = place(token.cue);
    const quantifierCue = place(token.quantifierCue);
    const boundCue = place(token.boundCue);
    tokens.push({
      ...token,
      text: text.slice(token.start, token.end),
      pos,
      start: token.start + offset,
      end: token.end + offset,
      ...(cue ? { cue } : {}),
      ...(quantifierCue ? { quantifierCue } : {}),
      ...(boundCue ? { boundCue } : {}),
    });
  });
  const pronouns = items.flatMap((item, pos) => (item.pronoun ? [pos] : []));
  return { tokens, length: items.length, pronouns };
}

function itemsOf(raws: readonly Raw[], lexicon: Lexicon): Item[] {
  const items: Item[] = [];
  // Words already read with a number before them ("and a half" after "an hour").
  const read = new Set<number>();
  let i = 0;
  while (i < raws.length) {
    const r = raws[i]!;
    if (read.has(i)) {
      i++;
      continue;
    }
    if (r.punct) {
      if (CLAUSE_END.test(r.text)) items.push({ boundary: true });
      i++;
      continue;
    }
    const step =
      cueAt(raws, i, lexicon) ??
      numberComparative(raws, i) ??
      numberItem(raws, i) ??
      earningVerb(raws, i) ??
      phraseItem(raws, i, lexicon);
    if (step) {
      items.push(step.item);
      i = step.next;
      const counted = step.item.token;
      if (counted?.kind === 'number' && counted.numberClass === 'count')
        i = readTimeAmount(counted, raws, i, read);
      // "four century-old schooners" are not 400 years old; "a century-old house" is 100.
      const article = /^an?$/.test(raws[i - 1]?.lower ?? '');
      const unit =
        ageCompoundAt(raws, i) && !article ? undefined : inSmallerUnit(step.item.token, raws[i]);
      if (unit) {
        items.push(unit);
        i++;
      }
      continue;
    }
    if (ageCompoundAt(raws, i)) {
      items.push(...ageCompoundItems(raws, i, items.at(-1)?.token));
      i++;
      continue;
    }
    items.push(wordItem(r, raws[i - 1], raws[i + 1], lexicon));
    i++;
  }
  return items;
}

/** Words that name a share of a whole: "half of all cases", "a third of all voters". */
const SHARE_WORDS = new Set(
  'half quarter quarters third thirds fifth fifths tenth tenths fraction share portion part percentage'.split(
    ' ',
  ),
);

/**
 * "all" after a number, a percentage or a share and "of": "15 percent of all profits", "half of
 * all cases" speak of a part of the whole, as "some" does, not of all of it.
 */
function shareOfAll(raws: readonly Raw[], i: number): boolean {
  const share = raws[i - 2];
  if (raws[i - 1]?.lower !== 'of' || !share) return false;
  return (
    /^\d/.test(share.lower) ||
    PERCENTS.has(share.lower) ||
    SHARE_WORDS.has(share.lower) ||
    Object.hasOwn(NUMBER_WORDS, share.lower)
  );
}

/**
 * What an "all" at `i` says: "all of" after a share is some ("30% of all"), and "all you do is
 * tap", "all it takes is one click", "all we need is", "all we're looking at here is" say only
 * that one thing is done, needed or looked at.
 */
function allClass(raws: readonly Raw[], i: number): QuantifierClass {
  if (shareOfAll(raws, i)) return 'some';
  // "all we're looking at is": the subject may come with its verb.
  const subject = (raws[i + 1]?.lower ?? '').replace(/['’](?:re|m|ve)$/, '');
  if (!ALL_IT_TAKES_SUBJECTS.has(subject)) return 'all';
  for (let k = i + 2; k < Math.min(raws.length, i + 6); k++) {
    const word = raws[k]!.lower;
    if (word === 'is' || word === 'was') return k > i + 2 ? 'only' : 'all';
    if (!ALL_IT_TAKES_VERBS.has(word)) return 'all';
  }
  return 'all';
}

/**
 * "just" after a modal ("publishers could just refuse to serve them") or a subject pronoun is
 * "simply": it says how easily something is done, not that nothing else is.
 */
function simplyAt(raws: readonly Raw[], i: number): boolean {
  const before = raws[i - 1]?.lower ?? '';
  return raws[i]!.lower === 'just' && (MODALS.has(before) || SUBJECTS.has(before));
}

/** "she just deletes all mention of it": after its subject, "just" is "simply" too. */
const SUBJECTS = new Set('i you he she it we they'.split(' '));

const MODALS = new Set('can could will would shall should may might must'.split(' '));

const ALL_IT_TAKES_SUBJECTS = new Set(['you', 'we', 'they', 'i', 'he', 'she', 'it', 'one', 'that']);
const ALL_IT_TAKES_VERBS = new Set(
  'do does did need needs needed take takes took want wants wanted have has had to matters mattered remains remained know knew looking look looked at here ask asks asked'.split(
    ' ',
  ),
);

/**
 * "the most deadly terrorist attack", "the least important": a superlative grades the one word
 * after it, and says nothing of how many attacks there were.
 */
const SUPERLATIVES = new Set(['most', 'least']);

function cueAt(
  raws: readonly Raw[],
  i: number,
  lexicon: Lexicon,
): { item: Item; next: number } | null {
  const r = raws[i]!;
  const notNegation = phraseAt(raws, i, NOT_CUES, 3);
  if (notNegation) return { item: {}, next: notNegation.next };
  // "a no-vote termination fee", "a no-fly zone": joined by a hyphen, "no" is part of a word.
  const hyphen = raws[i + 1];
  if (r.lower === 'no' && hyphen?.text === '-' && hyphen.start === r.end)
    return { item: {}, next: i + 1 };
  const negPhrase = phraseAt(raws, i, NEGATION_PHRASE_TABLE, 4);
  if (negPhrase)
    return {
      item: {
        cue: {
          negation: true,
          raw: r,
          last: raws[negPhrase.next - 1]!,
          ...(negPhrase.value === 'alternative' ? { clause: true } : {}),
        },
      },
      next: negPhrase.next,
    };
  // "Whole Foods", "All Saints": a capital mid-sentence makes the word part of a name; so does
  // a capital function word after it, at the sentence's start too ("All For One was a cryptid",
  // "All Might said"): a sentence never writes "for" or "might" with a capital otherwise.
  const next = raws[i + 1];
  // So is one the texts write as a name mid-sentence, before another capital: "Whole Foods said"
  // where the page writes "at Whole Foods" ("All Americans" stays a count).
  const capitalNext = !!next && /^\p{Lu}/u.test(next.text);
  const named =
    /^\p{Lu}/u.test(r.text) &&
    (!r.opening ||
      (capitalNext && (isFunctionWord(next.lower) || lexicon.names.has(wordKey(r.lower)))));
  const quantifier = named || simplyAt(raws, i) ? null : phraseAt(raws, i, QUANTIFIER_PHRASES, 4);
  if (quantifier)
    return {
      item: {
        cue: {
          negation: quantifier.value === 'none',
          quantifier: quantifier.value === 'all' ? allClass(raws, i) : quantifier.value,
          raw: r,
          last: raws[quantifier.next - 1]!,
          grades: SUPERLATIVES.has(r.lower) && raws[i - 1]?.lower === 'the',
        },
      },
      next: quantifier.next,
    };
  if (
    NEGATIONS.has(r.lower) ||
    lexicon.negations?.has(r.lower) ||
    /n['’]t$/.test(r.lower) ||
    barredFrom(raws, i)
  )
    return { item: { cue: { negation: true, raw: r, last: r } }, next: i + 1 };
  if (CLAUSE_WORDS.has(r.lower))
    return {
      item: { boundary: true, ...(r.lower === 'because' && { reason: true }) },
      next: i + 1,
    };
  return null;
}

const BARRING = new Set(
  (
    'keep keeps kept keeping prevent prevents prevented preventing stop stops stopped stopping ' +
    'bar bars barred barring ban bans banned banning block blocks blocked blocking prohibit ' +
    'prohibits prohibited prohibiting deter deters deterred deterring'
  ).split(' '),
);

/**
 * The "from" of "keeps it from paying", "banned companies from selling data": what follows is
 * not done, as after "not" ("so we don't have to pay", "may not sell data"). Only before a word
 * in -ing, with the barring verb at most four words before it and not itself denied.
 */
function barredFrom(raws: readonly Raw[], i: number): boolean {
  if (raws[i]!.lower !== 'from' || !/^\p{L}{2,}ing$/u.test(raws[i + 1]?.lower ?? '')) return false;
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    if (raws[j]!.punct) return false;
    if (BARRING.has(raws[j]!.lower)) return !deniedJustBefore(raws, j);
  }
  return false;
}

/** A denial just before raws[j] ("failing to stop them from killing"): two denials undo each other. */
function deniedJustBefore(raws: readonly Raw[], j: number): boolean {
  return raws
    .slice(Math.max(0, j - 3), j)
    .some((r) => NEGATIONS.has(r.lower) || /n['’]t$/.test(r.lower) || /^fail/.test(r.lower));
}

/**
 * How many negation cues a text has, read as claim matching reads them (`cueAt`): "not", "n't",
 * "never", "fail to", "no one"; not "not only", "no doubt" or "no more than 39". For
 * negation-parity.ts, which counts denials on both sides of a conflict.
 */
export function negationCueCount(text: string, lexicon: Lexicon): number {
  const raws = rawTokens(text);
  let count = 0;
  for (let i = 0; i < raws.length;) {
    const step = raws[i]!.punct ? null : cueAt(raws, i, lexicon);
    if (step?.item.cue?.negation) count++;
    i = step ? step.next : i + 1;
  }
  return count;
}

/** How many negation cues govern some of the tokens (a cue with no word in its reach is not counted). */
export function denialsOver(tokens: readonly Token[]): number {
  return new Set(tokens.flatMap((t) => (t.negated && t.cue ? [t.cue.start] : []))).size;
}

/** Fractions written after a count with "and": "and a half", "and a quarter", "and three quarters". */
const AND_FRACTIONS: ReadonlyArray<readonly [string, number]> = [
  ['a half', 0.5],
  ['an half', 0.5],
  ['a quarter', 0.25],
  ['one quarter', 0.25],
  ['three quarters', 0.75],
];

/** The fraction "and a half" (or a quarter, three quarters) at raws[k] adds, and its last word. */
function andFractionAt(raws: readonly Raw[], k: number): { add: number; last: number } | null {
  if (raws[k]?.lower !== 'and') return null;
  const words = `${raws[k + 1]?.lower} ${raws[k + 2]?.lower}`;
  const found = AND_FRACTIONS.find(([text]) => text === words);
  return found ? { add: found[1], last: k + 2 } : null;
}

function addFraction(
  number: Token,
  fraction: { add: number; last: number },
  raws: readonly Raw[],
): void {
  number.value = number.value! + fraction.add;
  number.key = `n:${number.value}`;
  number.end = raws[fraction.last]!.end;
}

/**
 * "two and a half years", "an hour and a half", "a year and three quarters": the fraction is the
 * count's. A count right before a unit of time (or joined to it, "a 30-minute demo") keeps its
 * span (time-amount.ts), so "18 months" meets "a year and a half". Returns where reading goes on;
 * a fraction written after the unit goes into `read`, to be passed over.
 */
function readTimeAmount(number: Token, raws: readonly Raw[], i: number, read: Set<number>): number {
  let next = i;
  const before = andFractionAt(raws, next);
  if (before) {
    addFraction(number, before, raws);
    next = before.last + 1;
  }
  // "a 30-minute demo": the hyphen joins the count to its unit.
  const [hyphen, unitAfter] = [raws[next], raws[next + 1]];
  // ("a 100-year-old schooner" is an age, read as "century-old" is: ageCompoundItems.)
  const joined =
    hyphen?.text === '-' &&
    hyphen.start === number.end &&
    unitAfter?.start === hyphen.end &&
    raws[next + 2]?.text !== '-';
  const unit = timeUnitOf(raws[joined ? next + 1 : next]?.lower);
  if (!unit) return next;
  if (joined) next++;
  const after = andFractionAt(raws, next + 1);
  if (after) {
    addFraction(number, after, raws);
    for (let k = next + 1; k <= after.last; k++) read.add(k);
  }
  number.timeAmount = timeAmountOf(number.value!, unit);
  return next;
}

/** Units of time read as a multiple of a smaller one: how many, and of what. */
const MULTIPLES: Readonly<Record<string, readonly [number, string]>> = {
  fortnight: [2, 'weeks'],
  fortnights: [2, 'weeks'],
  decade: [10, 'years'],
  decades: [10, 'years'],
  century: [100, 'years'],
  centuries: [100, 'years'],
  millennium: [1000, 'years'],
  millennia: [1000, 'years'],
  millenniums: [1000, 'years'],
};

/**
 * "two decades" is "20 years", "a century" "100 years", "a millennium" "1000 years", "a fortnight"
 * "two weeks": a count of such units is turned into the smaller one (the number token changed in
 * place), and the unit word reads as that unit.
 */
function inSmallerUnit(number: Token | undefined, unit: Raw | undefined): Item | undefined {
  const multiple = unit && Object.hasOwn(MULTIPLES, unit.lower) ? MULTIPLES[unit.lower] : undefined;
  if (!number || number.kind !== 'number' || number.numberClass !== 'count' || !multiple)
    return undefined;
  const [factor, smaller] = multiple;
  number.value = number.value! * factor;
  number.key = `n:${number.value}`;
  // Named with its unit where a conflict quotes it: "a fortnight", not "a".
  number.end = unit!.end;
  return { token: contentToken(wordKey(smaller), unit!, unit!, false, false) };
}

/** "century-old", "decade-long": a unit of MULTIPLES joined by hyphens to "old" or "long". */
function ageCompoundAt(raws: readonly Raw[], i: number): boolean {
  const [unit, hyphen, age] = [raws[i], raws[i + 1], raws[i + 2]];
  if (!unit || !Object.hasOwn(MULTIPLES, unit.lower) || hyphen?.text !== '-') return false;
  return hyphen.start === unit.end && age?.start === hyphen.end && /^(?:old|long)$/.test(age.lower);
}

/**
 * "four century-old schooners" are four schooners of 100 years each, not 400: a unit in an age
 * compound is one unit, read as its count of the smaller one ("100-year-old"). Joined to the
 * number before it by a hyphen, it is that many ("a two-century-old network": 200 years).
 */
function ageCompoundItems(raws: readonly Raw[], i: number, previous: Token | undefined): Item[] {
  const unit = raws[i]!;
  const joined = raws[i - 1]?.text === '-' && raws[i - 1]!.end === unit.start;
  if (joined && previous?.kind === 'number' && previous.end === raws[i - 1]!.start) {
    const item = inSmallerUnit(previous, unit);
    if (item) return [item];
  }
  const [factor, smaller] = MULTIPLES[unit.lower]!;
  const count: Token = {
    ...contentToken(`n:${factor}`, unit, unit, false, false),
    kind: 'number',
    value: factor,
    numberClass: 'count',
  };
  return [{ token: count }, { token: contentToken(wordKey(smaller), unit, unit, false, false) }];
}

/** Written right after a name word, as the "7" of "Forza Motorsport 7" or the "4" of "PlayStation 4". */
function nameBefore(raws: readonly Raw[], i: number): boolean {
  const name = raws[i - 1];
  if (!name || name.opening || name.end + 1 !== raws[i]!.start) return false;
  return /^\p{Lu}[\p{L}\d]*$/u.test(name.text) && !isCalendarWord(wordKey(name.lower));
}

/**
 * A number that names rather than counts: written right after a name word and before no word it
 * counts ("Forza Motorsport 7 and", "PlayStation 4 Pro"), or a resolution ("runs in 4K at 30 FPS";
 * "8K followers" and "$4K" count).
 */
function isLabel(raws: readonly Raw[], i: number, next: number): boolean {
  const text = raws[i]!.text;
  // Not one that counts the word after it: "the U.N. General Assembly 18 months ago".
  const counted = raws[i + 1];
  if (next === i + 1)
    return (
      /^\d{1,3}$/.test(text) &&
      nameBefore(raws, i) &&
      (!counted || counted.punct || /^\p{Lu}/u.test(counted.text) || isFunctionWord(counted.lower))
    );
  // "4K" is read apart, as "4" and the scale "K".
  const [scale, after] = [raws[i + 1]!, raws[next]];
  return (
    next === i + 2 &&
    /^\d{1,2}$/.test(text) &&
    scale.text === 'K' &&
    scale.start === raws[i]!.end &&
    !/^[$€£¥]$/.test(raws[i - 1]?.text ?? '') &&
    (!after || after.punct || isFunctionWord(after.lower))
  );
}

function numberItem(raws: readonly Raw[], i: number): { item: Item; next: number } | null {
  const read = numberAt(raws, i);
  if (!read) return null;
  const first = raws[i]!;
  // "the One X", "Xbox One", "Formula One": a number word with a capital mid-sentence is a name's.
  if (read.next === i + 1 && !first.opening && /^\p{Lu}\p{Ll}+$/u.test(first.text)) return null;
  const last = raws[read.next - 1]!;
  const before = raws[i - 1]?.lower;
  // The "7" of "Forza Motorsport 7" labels a thing; it is no count or date ("November 7").
  const numberClass =
    read.numberClass === 'count' && isLabel(raws, i, read.next) ? 'label' : read.numberClass;
  const token: Token = {
    // A time apart from counts: "8 a.m." (480 minutes) is not "480 people"; a label apart too.
    key:
      numberClass === 'time'
        ? `n:t${read.value}`
        : numberClass === 'label'
          ? `n:l${read.value}`
          : `n:${read.value}`,
    kind: 'number',
    text: '',
    start: first.start,
    end: last.end,
    pos: 0,
    capital: false,
    name: false,
    negated: false,
    value: read.value,
    numberClass,
    ...((before !== undefined && APPROXIMATORS.has(before)) || read.approximate
      ? { approximate: true }
      : {}),
    ...(read.part !== undefined ? { part: read.part } : {}),
  };
  const bounded = boundBefore(raws, i);
  if (bounded) {
    token.bound = bounded.bound;
    token.boundCue = { text: '', start: raws[bounded.from]!.start, end: raws[i - 1]!.end };
  }
  // Right after it, or after its unit ("two pounds lighter").
  const after = [raws[read.next], raws[read.next + 1]].map((r) => r?.lower ?? '');
  if (after.some((word) => DIFFERENCE.has(word))) token.difference = true;
  return { item: { token }, next: read.next };
}

/** The bound before raws[i], and the index of its first word. */
function boundBefore(raws: readonly Raw[], i: number): { bound: Bound; from: number } | undefined {
  const one = raws[i - 1]?.lower;
  const two = raws[i - 2] && one !== undefined ? `${raws[i - 2]!.lower} ${one}` : undefined;
  const byTwo = two !== undefined ? BOUNDS.get(two) : undefined;
  const bound = byTwo ?? (one ? BOUNDS.get(one) : undefined);
  if (!bound) return undefined;
  // "no more than 39" is at most 39, "not less than 5" at least 5.
  const denied = two !== undefined && /^(?:no|not)$/.test(raws[i - 3]?.lower ?? '');
  if (!denied) return { bound, from: byTwo ? i - 2 : i - 1 };
  return { bound: bound === 'above' ? 'below' : 'above', from: i - 3 };
}

/** "more than" before a number: no content word, so it is never an antonym of "less likely". */
function numberComparative(raws: readonly Raw[], i: number): { item: Item; next: number } | null {
  if (!NUMBER_COMPARATIVES.has(raws[i]!.lower) || raws[i + 1]?.lower !== 'than') return null;
  return numberAt(raws, i + 2) ? { item: {}, next: i + 2 } : null;
}

const EARNING_VERB = new Set(EARNING_VERBS.split(' '));
const EARNING_OBJECT = new Set(EARNING_OBJECTS.split(' '));

/** 'made money', 'makes a profit': the verb is 'earn' (so 'lost money' says otherwise). */
function earningVerb(raws: readonly Raw[], i: number): { item: Item; next: number } | null {
  const r = raws[i]!;
  if (!EARNING_VERB.has(r.lower)) return null;
  const after = raws[i + 1];
  const object = after && (after.lower === 'a' || after.lower === 'an') ? raws[i + 2] : after;
  if (!object || !EARNING_OBJECT.has(object.lower)) return null;
  const token = contentToken(wordKey('earn'), r, r, /^\p{Lu}/u.test(r.text), false);
  return { item: { token }, next: i + 1 };
}

function phraseItem(
  raws: readonly Raw[],
  i: number,
  lexicon: Lexicon,
): { item: Item; next: number } | null {
  const r = raws[i]!;
  const found = phraseAt(raws, i, lexicon.phrases, lexicon.maxPhrase);
  if (!found || found.next === i + 1) return null;
  // Country names are proper nouns: "united states" in lower case is not one.
  if (found.value.startsWith('c:') && !/^\p{Lu}/u.test(r.text)) return null;
  const last = raws[found.next - 1]!;
  return {
    item: { token: contentToken(found.value, r, last, true, !COMMON_ACRONYMS.has(found.value)) },
    next: found.next,
  };
}

/** What follows a "well" of manner: a participle, or the hyphen of a compound ("well-known"). */
const MANNER_NEXT = /^(?:-|\p{L}+(?:ed|en|wn)|known|built|kept|made|paid|read|spent|thought)$/u;

/**
 * Possessives that open a sentence as common words do ("Today's", "Everyone's"). Any other word
 * opening a sentence in the possessive with no article before it is a name: "Google’s business
 * model", "Amazon's".
 */
const COMMON_POSSESSIVES = new Set(
  (
    'today yesterday tomorrow tonight everyone everybody someone somebody anyone anybody nobody ' +
    'one other another people children women men mother father world life nature'
  ).split(' '),
);

function wordItem(
  r: Raw,
  previous: Raw | undefined,
  next: Raw | undefined,
  lexicon: Lexicon,
): Item {
  // "I'm", "we've", "they'd": a function word and a verb, no name ("I've" mid-sentence had been one).
  const word = r.lower.replace(/['’](?:s|m|ve|d|ll|re)$/u, '');
  const written = r.text.replace(/['’](?:s|m|ve|d|ll|re)$/u, '');
  // "percentile_disc", "getElementById", "remoteStorage", "1010data": an identifier or a
  // product's name, a name wherever it stands.
  const identifier = /_|\p{Ll}\p{Lu}|^\d+\p{L}{4}/u.test(written);
  const capital = /^\p{Lu}/u.test(r.text) || identifier;
  if (!/[\p{L}\p{N}]/u.test(word)) return {};
  // "May" and "March" are months; "may" is a modal verb.
  const month = capital && !r.opening && (word === 'may' || word === 'march');
  // "US" in capitals is the country, "us" the pronoun.
  const countryCode = written.length >= 2 && written === written.toUpperCase();
  // "is going to happen": the future, as "will" says it; no word of the claim.
  if (word === 'going' && next?.lower === 'to') return {};
  // "US$200", "A$50", "NZ$10": the letters name the dollar, which the page may write "$".
  if (/^\p{Lu}{1,2}$/u.test(written) && next?.text === '$' && next.start === r.end) return {};
  // "well" before a participle says how ("well received", "well-paid"): a word of the claim,
  // which "poorly received" contradicts. Elsewhere ("as well as", "well, …") it is none.
  const manner = word === 'well' && next !== undefined && MANNER_NEXT.test(next.lower);
  // "client A", "vitamin A", "Plan A": a capital letter after a word in lower case is a label.
  const label =
    written === 'A' && !r.opening && previous !== undefined && /^\p{Ll}{2,}$/u.test(previous.text);
  if (
    isFunctionWord(word) &&
    !month &&
    !manner &&
    !label &&
    !(countryCode && countryKey(word, written))
  )
    return PRONOUNS.has(word)
      ? { pronoun: true }
      : PHRASE_PREPOSITIONS.has(word)
        ? { preposition: true }
        : {};
  // "President Obama" is "Obama"; "the president" is a word of the claim.
  if (TITLES.has(word) && next !== undefined && /^\p{Lu}/u.test(next.text)) return {};
  // "U.S." is "US"; "non-emergencies" is written "nonemergencies" too, "un-angry" "unangry".
  const dotted = /^(?:\p{Lu}\.){2,}$/u.test(r.text)
    ? word.replace(/\./g, '')
    : word.replace(/^(non|un)-/, '$1');
  const inCapitals =
    written.length >= 2 && written === written.toUpperCase() && /\p{Lu}/u.test(written);
  const country = capital ? countryKey(dotted, written.replace(/\./g, '')) : undefined;
  const acronym = inCapitals ? lexicon.acronyms.get(dotted) : undefined;
  const key =
    country ??
    acronym ??
    (lexicon.phrases.get(dotted) && capital ? lexicon.phrases.get(dotted)! : wordKey(dotted));
  const afterTitle = previous !== undefined && TITLES.has(previous.lower);
  const possessive = r.opening && word !== r.lower && !COMMON_POSSESSIVES.has(word);
  const name =
    identifier ||
    (capital &&
      !COMMON_ACRONYMS.has(key) &&
      (!r.opening ||
        inCapitals ||
        afterTitle ||
        possessive ||
        lexicon.names.has(key) ||
        key.startsWith('c:')));
  // "…, Year: 1999, Description: Huey, Dewey …": a table row's field label (blocks.ts writes rows
  // so), not a name, though it is capitalised mid-sentence.
  const fieldLabel = previous?.text === ',' && next?.text === ':' && !identifier;
  const token = contentToken(key, r, r, capital, name && !fieldLabel);
  if (previous?.lower === 'by') token.afterBy = true;
  if (!capital && next && PARTICLES.has(next.lower)) token.particle = next.lower;
  if (!capital && previous && LESSENING.has(previous.lower)) token.lessened = true;
  if (word === 'second' && previous && RANK_BEFORE.has(previous.lower) && next && !next.punct)
    token.rank = !isFunctionWord(next.lower);
  const family = /^(\p{L}{2,})\d/u.exec(dotted)?.[1];
  if (family) token.family = wordKey(family);
  return { token };
}

function contentToken(key: string, first: Raw, last: Raw, capital: boolean, name: boolean): Token {
  return {
    key,
    kind: 'word',
    word: first === last ? first.lower : undefined,
    text: '',
    start: first.start,
    end: last.end,
    pos: 0,
    capital,
    name,
    negated: false,
  };
}

/** How many content words a negation or quantifier reaches: "did not expect a wider campaign". */
const SCOPE = 3;

/** "nothing", "nobody", "none", "no one": a whole noun phrase, not a determiner of the next words. */
const NONE_PRONOUNS = new Set(['nothing', 'nobody', 'none', 'no']);

/** Denials that govern the noun phrase after them, as a determiner does. */
const NOUN_DENIALS = new Set(['no', 'lack', 'lacks', 'lacked', 'lacking', 'except']);

function applyScopes(items: Item[]): void {
  items.forEach((item, i) => {
    const cue = item.cue;
    if (!cue) return;
    // Right after a content word it is that word's object and denies it ("costs nothing and is
    // available for every system": "available" is not denied).
    const object = NONE_PRONOUNS.has(cue.raw.lower) && cue.quantifier === 'none';
    // "no official Mozilla Suite releases": a determiner denies or counts its whole noun phrase.
    // So do "lack" ("Lack of diverse skills within the newsroom" does not deny the newsroom) and
    // "except" ("taller than any building except the great pyramids" takes the pyramids out).
    const determiner = !!cue.quantifier || NOUN_DENIALS.has(cue.raw.lower);
    const before = items[i - 1]?.token;
    const reached =
      object && before
        ? [before]
        : cue.grades
          ? reachOf(items, i, false, false).slice(0, 1)
          : cue.clause
            ? reachOf(items, i, false, false, Infinity)
            : reachOf(items, i, cue.negation && !determiner, determiner);
    // Only function words before the clause ends ("the receptionist will never tell you when…":
    // "tell" carries no fact of its own): the cue governs the content word just before it. A cue
    // that ends its clause ("unless three calls fail.") governs nothing.
    const next = items[i + 1];
    if (reached.length === 0 && next && !next.boundary && !next.cue) {
      const before = previousToken(items, i);
      if (before) reached.push(before);
    }
    for (const token of reached) {
      if (cue.negation) {
        token.negated = !token.negated;
        token.cue = { text: '', start: cue.raw.start, end: cue.last.end };
      }
      if (cue.quantifier && !token.quantifier) {
        token.quantifier = cue.quantifier;
        token.quantifierCue = { text: '', start: cue.raw.start, end: cue.last.end };
      }
    }
  });
}

/**
 * The content words after the cue at `i`, up to SCOPE of them, within its clause. A negation
 * denies what is said of a name, not the name: "didn't work on Snapchat CEO Evan Spiegel" stops
 * before "Snapchat" ("not iPhone exclusive", the name first, still negates both). A determiner
 * ("no", a quantifier) reaches names too, and past SCOPE while its noun phrase goes on: the
 * content words right after it, with no function word between ("no official Mozilla Suite
 * releases", where a reach of three ended on "Suite" and left "releases" affirmed).
 */
function reachOf(
  items: readonly Item[],
  i: number,
  negation: boolean,
  determiner: boolean,
  scope = SCOPE,
): Token[] {
  const reached: Token[] = [];
  // A determiner's noun phrase: content words one after another from the cue on.
  let inPhrase = determiner;
  for (let j = i + 1; j < items.length; j++) {
    const next = items[j]!;
    inPhrase &&= next.token !== undefined;
    if (reached.length >= scope && !inPhrase) break;
    if (determiner && next.preposition && reached.length > 0) break;
    // "it's not going to be because we offer a lot of money" denies the reason: the offering.
    if (next.boundary && !(next.reason && negation && reached.length === 0)) break;
    if (negation && next.token?.name && reached.length > 0) break;
    // A cue inside another's reach: both apply ("does not deny" affirms).
    if (next.token) reached.push(next.token);
  }
  return reached;
}

/** The last content word before `i` in the same clause, if it is no more than SCOPE words back. */
function previousToken(items: readonly Item[], i: number): Token | undefined {
  for (let j = i - 1; j >= 0 && j >= i - 1 - SCOPE; j--) {
    const item = items[j]!;
    if (item.boundary || item.cue) return undefined;
    if (item.token) return item.token;
  }
  return undefined;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** A claim this short is not looked for word for word: "It was not" is inside many sentences. */
export const MIN_VERBATIM_WORDS = 4;

// Footnote markers the page interleaves with its sentences ("grew 5%[3] in 2010", "[citation
// needed]", superscript digits): no word of the sentence, so a claim copied without them (or with
// them) still stands word for word.
const FOOTNOTE =
  /\[(?:\d{1,3}(?:\s*[,–-]\s*\d{1,3})*|[a-z]|citation needed|clarification needed|note \d+|nb \d+)\]|[\u00B9\u00B2\u00B3\u2070-\u2079]+/giu;

/** The words of `text` outside footnote markers, with their offsets. */
function wordsOutsideFootnotes(text: string): RegExpExecArray[] {
  const markers = [...text.matchAll(FOOTNOTE)].map((m) => [m.index, m.index + m[0].length]);
  const words = [...text.matchAll(WORD)] as RegExpExecArray[];
  if (markers.length === 0) return words;
  return words.filter((w) => !markers.some(([s, e]) => w.index >= s! && w.index < e!));
}

/** Words that deny what follows them: "Not all of the things … were done". */
const DENYING = new Set(['not', 'never', 'no', 'cannot', 'nor', 't']);

/** The page word right before a match denies it: nothing but spaces between ("don't" is "don", "t"). */
function deniedBefore(text: string, words: readonly RegExpExecArray[], i: number): boolean {
  const before = words[i - 1];
  if (!before || !DENYING.has(before[0].toLowerCase())) return false;
  return /^\s+$/u.test(text.slice(before.index + before[0].length, words[i]!.index));
}

/**
 * Where the claim stands word for word in `text`: the same letters and digits in the same order,
 * case, quotation marks, dashes, spacing, footnote markers and the final full stop aside. A claim
 * the page states itself is supported, whatever another sentence says; but not the words after a
 * "not" that denies them ("All of the things … were done" inside "Not all of the things …").
 */
export function verbatimSpan(claim: string, text: string): { start: number; end: number } | null {
  const want = wordsOutsideFootnotes(claim).map((m) => m[0].toLowerCase());
  if (want.length < MIN_VERBATIM_WORDS) return null;
  const words = wordsOutsideFootnotes(text);
  const lower = words.map((m) => m[0].toLowerCase());
  for (let i = 0; i + want.length <= words.length; i++) {
    if (lower[i] !== want[0] || deniedBefore(text, words, i)) continue;
    if (want.every((w, k) => lower[i + k] === w)) {
      const last = words[i + want.length - 1]!;
      return { start: words[i]!.index, end: last.index + last[0].length };
    }
  }
  return null;
}

/**
 * A word with no other capitalised word right before or after it: not a word of a longer name
 * ("Hewitt" of "Joe Hewitt", "Tech" of "Breitbart Tech").
 */
export function standsAlone(tokens: readonly Token[], t: Token): boolean {
  return !tokens.some((o) => o !== t && o.capital && Math.abs(o.pos - t.pos) === 1);
}
