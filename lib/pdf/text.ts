// Joining a paragraph's lines: a word split at a line end ("infor-" / "mation") is joined, while a
// real hyphen stays ("state-of-the-" / "art", "Jean-" / "Paul", "self-" / "taught"). The rule,
// kept simple: the hyphen stays when the next part does not start with a small letter, when the
// part before it is already a compound, when the document writes the joined word nowhere but the
// hyphenated one elsewhere, or when the first part is a prefix English hyphenates ("self-",
// "non-"); otherwise it goes. A soft hyphen (U+00AD) always goes.

const WORD_END = /(\p{L}[\p{L}\p{M}'’-]*)([-\u2010])$/u;
/** Prefixes written with a hyphen ("self-taught", "well-known", "non-trivial"). */
const HYPHENATED_PREFIXES = new Set(['self', 'ex', 'all', 'well', 'non', 'half', 'cross', 'quasi']);
const WORD_START = /^(\p{Ll}[\p{L}\p{M}]*)/u;

/** Lower-case words of the document (hyphenated compounds kept whole), to judge line-end hyphens. */
export function vocabulary(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*/gu) ?? [])
      words.add(word);
  return words;
}

/** A web address cut after a separator ("https:", "https://www.", ".../10.1145/1188913."). */
const URL_CUT = /(?:^|\s)(?=https?:|www\.)\S*[:/.\-_?=&#]$/;
/** What goes on a cut address: no capital, so a new sentence after an address keeps its space. */
const URL_REST = /^[\p{Ll}\d/]\S*/u;

/** `line` appended to `text`, across a line break. */
export function joinLines(text: string, line: string, words: ReadonlySet<string>): string {
  if (!text) return line;
  if (text.endsWith('\u00ad')) return text.slice(0, -1) + line;
  // LaTeX breaks a long address at any separator, with no hyphen: the parts join without a space.
  if (URL_CUT.test(text) && URL_REST.test(line)) return text + line;
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
  if (words.has(joined)) return text.slice(0, -1) + line;
  const keep = compound || words.has(hyphenated) || HYPHENATED_PREFIXES.has(before);
  return keep ? text + line : text.slice(0, -1) + line;
}
