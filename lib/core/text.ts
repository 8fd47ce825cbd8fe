// Token counting and term extraction shared by the splitter, BM25 and the composer.
//
// EWEK-QA counts passage length in tokens (§A.7.1: < 10 dropped, > 80 split; §A.1: quotes of at
// most 128 tokens). We count a word or a punctuation mark as one token, and each Han/kana/Thai
// character as one token (those scripts do not separate words with spaces). This is close to,
// and slightly below, a WordPiece count for English; a model adapter can inject the real
// tokenizer's count where it matters.

import { analyzerFor } from './analyzers';
import { wordSegments } from './segment';

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;

/**
 * Characters that draw nothing, never part of a passage: soft hyphen, zero-width spaces and
 * joiners, bidirectional controls and isolates (U+202A–202E, U+2066–2069), the combining grapheme
 * joiner (U+034F), variation selectors (U+FE00–FE0F, U+E0100–E01EF) and Unicode tag characters
 * (U+E0000–E007F), which spell out ASCII invisibly ("ASCII smuggling") and which language models
 * read as text.
 */
export const INVISIBLE_CHARS =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

export interface TokenSpan {
  text: string;
  start: number;
  end: number;
}

export function tokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (const match of text.matchAll(TOKEN)) {
    spans.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

export function countTokens(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(TOKEN)) n++;
  return n;
}

// A short English stopword list: these words carry no evidence for BM25 coverage or answering.
const STOPWORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does doing for from had has have ' +
    'having he her hers him his how i if in into is it its itself me my no nor not of on or our ' +
    'ours she so some such than that the their theirs them then there these they this those to ' +
    'too was we were what when where which while who whom whose why will with would you your ' +
    'yours about above after again against all am any because before below between both down ' +
    'during each few further here just more most only other over own same should through under ' +
    'until up very off once out also many much may might must shall tell please according page ' +
    'article'
  ).split(' '),
);

/**
 * Lower-cased, lightly stemmed content terms: the vocabulary of BM25 and of evidence coverage.
 * `lang` is the primary language of the text ("fr", "zh"; see language.ts): English, or none,
 * keeps the tokenizer and light stemmer below; any other language goes through its analyzer
 * (analyzers.ts: word segmentation, its stopwords, its Snowball stemmer).
 */
export function terms(text: string, lang?: string): string[] {
  if (!lang || lang === 'en') return englishTerms(text);
  const analyzer = analyzerFor(lang);
  const out: string[] = [];
  for (const segment of wordSegments(text.toLowerCase(), lang)) {
    if (!segment.isWordLike) continue;
    const key = `${lang}:${segment.segment}`;
    let term = TERM_OF.get(key);
    if (term === undefined) {
      term = analyzer.term(segment.segment);
      remember(key, term);
    }
    if (term) out.push(term);
  }
  return out;
}

function englishTerms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(TOKEN)) {
    let term = TERM_OF.get(match[0]);
    if (term === undefined) {
      term = termOf(match[0]);
      remember(match[0], term);
    }
    if (term) out.push(term);
  }
  return out;
}

function remember(key: string, term: string): void {
  // Bounded: a page has a few thousand distinct words; a cache that outgrows that starts over.
  if (TERM_OF.size >= MAX_CACHED_WORDS) TERM_OF.clear();
  TERM_OF.set(key, term);
}

/**
 * Token → term ('' for a stopword or punctuation), keyed `<lang>:<word>` outside English. Ranking tokenizes every passage and evidence
 * window of the page for each question (tens of thousands on a long page), and the same few
 * thousand words recur: each is stemmed once.
 */
const TERM_OF = new Map<string, string>();
const MAX_CACHED_WORDS = 50_000;

function termOf(token: string): string {
  const word = token.replace(/['’]s$/u, '');
  if (!/[\p{L}\p{N}]/u.test(word) || STOPWORDS.has(word)) return '';
  return stem(word);
}

/**
 * A deliberately light suffix stripper (plural, -ed, -ing, -ly) so "born"/"borns" or
 * "discovered"/"discovery" do not need a full Porter stemmer; numbers and short words are kept.
 */
/**
 * Irregular forms that questions use and facts rarely do ("where was she born?" / "place of
 * birth"): mapped to the noun or base form the light stemmer gives the other side.
 */
const IRREGULAR: Record<string, string> = {
  born: 'birth',
  died: 'death',
  dead: 'death',
  wrote: 'writ',
  written: 'writ',
  built: 'build',
  die: 'death',
  dies: 'death',
  paid: 'pay',
  bought: 'buy',
  sold: 'sell',
  won: 'win',
  began: 'begin',
  begun: 'begin',
  chose: 'choos',
  chosen: 'choos',
  grew: 'grow',
  grown: 'grow',
  knew: 'know',
  known: 'know',
  took: 'take',
  taken: 'take',
  gave: 'give',
  given: 'give',
  spent: 'spend',
  held: 'hold',
  thought: 'think',
};

export function stem(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 4) w = w.slice(0, -2);
  else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  // A final silent "e" goes too, so "damage", "damaged" and "damages" meet at "damag".
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Collapse runs of spaces/tabs, trim each line, drop invisible characters, keep `\n`. */
export function normalizeText(text: string): string {
  return text
    .replace(INVISIBLE_CHARS, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** One line, control characters removed, at most `max` characters (an ellipsis marks a cut). */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `text` as a regular expression that matches it literally ("Mr. Obama", "C++"). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Titles are cut to this many characters when a page is read: saved, exported and imported alike. */
export const MAX_TITLE_CHARS = 2000;
