// A unit an answer abbreviates where its page spells it out: "6 PB of user data" against "6
// petabytes of user data", "a 4 TB drive" against "4 terabytes". The hand list of units
// (lexicon-data.ts) cannot hold every unit; the texts themselves show the pair when the same
// number stands before an abbreviation in capitals in one and before a word in another whose
// letters it takes in order from the first ("PB": P-eta-B-ytes). The same number on both sides
// keeps this from pairing unrelated words ("6 PB" and "7 pebbles" are not paired).

const ABBREVIATED = /(\d+(?:[.,]\d+)*)\s?(\p{Lu}{2,4})\b/gu;
const SPELLED = /(\d+(?:[.,]\d+)*)\s(\p{Ll}{4,})\b/gu;

/** `short`'s letters, in order, in `word`, from its first letter. */
export function abbreviates(short: string, word: string): boolean {
  const letters = short.toLowerCase();
  if (letters[0] !== word[0] || letters.length >= word.length) return false;
  let at = 0;
  for (const letter of letters) {
    at = word.indexOf(letter, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Abbreviations (lower case) to the word they stand for, where the texts write both after one number. */
export function unitAbbreviations(texts: readonly string[]): Map<string, string> {
  const joined = texts.join('\n');
  const spelled = [...joined.matchAll(SPELLED)].map((m) => ({ number: m[1]!, word: m[2]! }));
  const found = new Map<string, string>();
  for (const m of joined.matchAll(ABBREVIATED)) {
    const [, number, short] = m;
    const match = spelled.find((s) => s.number === number && abbreviates(short!, s.word));
    if (match && !found.has(short!.toLowerCase())) found.set(short!.toLowerCase(), match.word);
  }
  return found;
}
