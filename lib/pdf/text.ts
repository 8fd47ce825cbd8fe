// Joining a paragraph's lines: a word split at a line end ("infor-" / "mation") is joined, while a
// real hyphen stays ("state-of-the-" / "art", "Jean-" / "Paul"). The rule, kept simple: the hyphen
// goes when the next part starts with a small letter, the part before it is not already a
// compound, and the document does not write the hyphenated form elsewhere without writing the
// joined form. A soft hyphen (U+00AD) always goes.

const WORD_END = /(\p{L}[\p{L}\p{M}'’-]*)([-\u2010])$/u;
const WORD_START = /^(\p{Ll}[\p{L}\p{M}]*)/u;

/** Lower-case words of the document (hyphenated compounds kept whole), to judge line-end hyphens. */
export function vocabulary(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*/gu) ?? [])
      words.add(word);
  return words;
}

/** `line` appended to `text`, across a line break. */
export function joinLines(text: string, line: string, words: ReadonlySet<string>): string {
  if (!text) return line;
  if (text.endsWith('\u00ad')) return text.slice(0, -1) + line;
  const end = WORD_END.exec(text);
  if (!end) return `${text} ${line}`;
  const start = WORD_START.exec(line);
  // "Jean-" / "Paul", "COVID-" / "19": a real hyphen; no space either.
  if (!start) return text + line;
  const before = end[1]!.toLowerCase();
  const after = start[1]!.toLowerCase();
  const compound = before.includes('-');
  const hyphenated = `${before}-${after}`;
  const joined = before + after;
  const keep = compound || (words.has(hyphenated) && !words.has(joined));
  return keep ? text + line : text.slice(0, -1) + line;
}
