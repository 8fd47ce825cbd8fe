// Question identity for the answer history: an exact key (the `answers.questionKey` index of
// lib/cache/db.ts) and a lexical similarity for "you asked something like this before" when no
// bi-encoder is loaded (similar.ts).

import { INVISIBLE_CHARS, terms } from '../core/text';

// Sentence-final marks only. Stripping every trailing \p{P} would make "what is c#?" and
// "what is c?" the same key; `#`, `+`, `%` and closing quotes carry meaning and stay.
// NFKC has already folded the full-width forms (？！．) to these.
const TRAILING = /[\s?!.,;:…‽؟。]+$/u;
// Spanish opens questions with ¿ and exclamations with ¡: not part of what was asked.
const LEADING = /^[\s¿¡]+/u;

/**
 * The exact-match key of a question: "Who designed  the Lighthouse?" and "who designed the
 * lighthouse" give the same key. Digits and inner punctuation are kept ("3.14", "c++", "u.s").
 */
export function questionKey(question: string): string {
  return (
    question
      // NFKC: full-width letters and digits, ligatures (ﬁ) and compatibility spaces fold to
      // their plain forms, so a question pasted from a CJK page or a PDF matches the typed one.
      .normalize('NFKC')
      .replace(INVISIBLE_CHARS, '')
      // Typographic apostrophes and quotes from a pasted question vs straight ones typed.
      .replace(/[‘’‛′]/g, "'")
      .replace(/[“”„″]/g, '"')
      // Locale-independent on purpose: the key must not depend on the browser's language.
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(TRAILING, '')
      .replace(LEADING, '')
  );
}

// terms() drops these as stopwords, yet they decide what is asked: "who designed the lighthouse"
// and "when was the lighthouse designed" share every content term. They join the comparison as
// `?who` etc. (no term starts with "?", so they cannot collide with a content word).
const QUESTION_WORDS = new Set([
  'who',
  'whom',
  'whose',
  'what',
  'when',
  'where',
  'which',
  'why',
  'how',
]);

function questionTerms(text: string): Set<string> {
  const set = new Set(terms(text));
  for (const word of text
    .normalize('NFKC')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? []) {
    if (QUESTION_WORDS.has(word)) set.add(`?${word}`);
  }
  return set;
}

/**
 * Jaccard similarity (|A∩B| / |A∪B|) of the two questions' content-term sets plus their question
 * words, in [0, 1]; 1 for questions with the same questionKey.
 *
 * Why Jaccard and not Dice or containment: a false match shows the answer to a different question,
 * a miss only recomputes, so the measure should be strict. Containment (overlap over the smaller
 * set) scores "who designed the lighthouse" 1 against "who designed the lighthouse lamp" (Jaccard
 * 0.75); Dice (2J/(1+J)) scores "when was the eiffel tower built" 0.67 against "how tall is the
 * eiffel tower" even before question words count (Jaccard 0.5). Jaccard falls fastest when a term
 * is swapped: one swapped term of n gives (n-1)/(n+1), one added term n/(n+1); LEXICAL_THRESHOLD
 * in similar.ts is set against those two numbers.
 */
export function lexicalSimilarity(a: string, b: string): number {
  const keyA = questionKey(a);
  if (keyA !== '' && keyA === questionKey(b)) return 1;
  const setA = questionTerms(a);
  const setB = questionTerms(b);
  // Nothing to compare (a question of stopwords and punctuation): never call that a match.
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const term of setA) if (setB.has(term)) shared++;
  return shared / (setA.size + setB.size - shared);
}
