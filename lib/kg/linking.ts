// Entity linking for ToG-E (EWEK-QA §3.1.2; DetLLM §3): find the Wikidata items a question talks
// about. Mention candidates come from the question (quoted strings, capitalised spans, n-grams of
// content words, or whole-question n-grams for scripts without capitals/stopwords); each is looked
// up by label search (EntitySearchPort), and the hits are ranked by how well
// `label — description` matches the question (bi-encoder cosine when an Embedder is given, else
// lexical overlap) plus how exactly the label matches the mention. The top entities from distinct
// mentions become the topic entities. Bounded: at most `maxSearches` searches and
// `maxCandidates` scored hits whatever the input.

import * as v from 'valibot';
import type { Embedder } from '../pipeline/ports';
import { cosine } from '../pipeline/retrieve';
import { primaryLanguage } from '../core/language';
import { terms } from '../core/text';
import type { EntitySearchPort, TopicEntity } from './types';
import { errorText } from '../core/errors';
import { parseWith } from '../core/guards';

export interface LinkOptions {
  /** Language of the question (BCP 47 primary tag), passed to the search port. */
  language: string;
  /** Topic entities kept. */
  topK: number;
  /** Label searches at most. */
  maxSearches: number;
  /** Hits asked per search. */
  perSearch: number;
  /** Hits scored at most (over all searches). */
  maxCandidates: number;
}

export const LINK_DEFAULTS: LinkOptions = {
  language: 'en',
  topK: 2,
  maxSearches: 8,
  perSearch: 5,
  maxCandidates: 64,
};

export interface LinkResult {
  entities: TopicEntity[];
  /** Mentions searched, in order. */
  mentions: string[];
  /** Searches made. */
  searches: number;
  /** Searches that failed (their error messages); a failed search counts as no hits. */
  failures: string[];
}

const MAX_QUESTION_CHARS = 1000;
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]$/u;
/** Lower-case words that may sit inside a capitalised name ("Leonardo da Vinci", "Bank of England"). */
const NAME_JOINERS = new Set([
  'of',
  'the',
  'de',
  'da',
  'di',
  'del',
  'della',
  'van',
  'von',
  'der',
  'den',
  'la',
  'le',
  'du',
  'y',
  'and',
  '&',
]);

/** `lang`: the question's primary language, whose stopwords ("quel", "der") are not mentions. */
const isStopword = (word: string, lang?: string): boolean => terms(word, lang).length === 0;

interface Word {
  text: string;
  start: number;
  end: number;
}

function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD))
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

const joinWords = (ws: readonly Word[]): string =>
  ws.reduce(
    (acc, w, i) =>
      i === 0 ? w.text : acc + (CJK.test(w.text) && CJK.test(ws[i - 1]!.text) ? '' : ' ') + w.text,
    '',
  );

/**
 * Mention candidates, most specific first: quoted strings, capitalised spans (the sentence-initial
 * question word dropped), then content-word n-grams (longest first), then — when those found
 * nothing, as in scripts without capitals — n-grams of the whole question. Deduplicated
 * case-insensitively, at most `max`.
 */
export function mentionCandidates(
  question: string,
  max = LINK_DEFAULTS.maxSearches,
  lang?: string,
): string[] {
  const text = typeof question === 'string' ? question.slice(0, MAX_QUESTION_CHARS) : '';
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (m: string): void => {
    const s = m.trim().replace(/\s+/g, ' ');
    const key = s.toLowerCase();
    if (s.length < 2 && !CJK.test(s)) return;
    if (!s || seen.has(key) || out.length >= max * 4) return;
    seen.add(key);
    out.push(s);
  };

  // 1. Quoted strings.
  for (const m of text.matchAll(
    /"([^"\n]{2,80})"|“([^”\n]{2,80})”|«([^»\n]{2,80})»|„([^“”\n]{2,80})[“”]|「([^」\n]{1,80})」/gu,
  )) {
    add(m.slice(1).find((g) => g !== undefined) ?? '');
  }

  const ws = words(text);
  // 2. Capitalised spans: runs of capitalised words (or numbers after one), joined by name particles.
  let run: Word[] = [];
  const flush = (): void => {
    while (
      run.length &&
      (NAME_JOINERS.has(run[run.length - 1]!.text.toLowerCase()) ||
        isStopword(run[run.length - 1]!.text, lang))
    )
      run.pop();
    while (run.length && isStopword(run[0]!.text, lang)) run.shift();
    if (run.length) add(joinWords(run));
    run = [];
  };
  // Punctuation between two words ends a span ("Cambridge, England" is two names).
  const broken = (i: number): boolean =>
    i > 0 && /[^\s·・'’-]/u.test(text.slice(ws[i - 1]!.end, ws[i]!.start));
  for (const [i, w] of ws.entries()) {
    if (broken(i)) flush();
    const capital = /^\p{Lu}/u.test(w.text) || (run.length > 0 && /^\p{N}/u.test(w.text));
    const joiner = run.length > 0 && NAME_JOINERS.has(w.text.toLowerCase());
    if (capital || joiner) run.push(w);
    else flush();
  }
  flush();

  // 3. n-grams of content words (3, 2, 1), taken from contiguous runs of non-stopwords.
  const content: Word[][] = [];
  let cur: Word[] = [];
  for (const [i, w] of ws.entries()) {
    if (broken(i) && cur.length) {
      content.push(cur);
      cur = [];
    }
    if (isStopword(w.text, lang)) {
      if (cur.length) content.push(cur);
      cur = [];
    } else cur.push(w);
  }
  if (cur.length) content.push(cur);
  for (let n = 3; n >= 1; n--) {
    for (const seq of content)
      for (let i = 0; i + n <= seq.length; i++) add(joinWords(seq.slice(i, i + n)));
  }

  // 4. Nothing yet (stopword-only text, or a script our stopwords do not cover): whole-question n-grams.
  if (out.length === 0) {
    for (let n = Math.min(4, ws.length); n >= 1; n--) {
      for (let i = 0; i + n <= ws.length && out.length < max * 4; i++)
        add(joinWords(ws.slice(i, i + n)));
    }
  }
  return out.slice(0, max);
}

// ---- similarity -------------------------------------------------------------------------------

/** Cosine of term-count vectors (stemmed content terms): the lexical stand-in for a bi-encoder. */
export function lexicalSimilarity(a: string, b: string): number {
  const ta = termCounts(a);
  const tb = termCounts(b);
  let dot = 0;
  for (const [t, n] of ta) dot += n * (tb.get(t) ?? 0);
  if (dot === 0) return 0;
  return dot / Math.sqrt(norm2(ta) * norm2(tb));
}

function termCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of terms(text.slice(0, 2000))) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

const norm2 = (m: Map<string, number>): number => [...m.values()].reduce((s, n) => s + n * n, 0);

/**
 * Similarity of `query` to each text: bi-encoder cosine when an embedder is given (the query as a
 * query, the texts as passages: E5 models read them with different prefixes), else lexical. Same
 * order as `texts`.
 */
export async function similarities(
  query: string,
  texts: readonly string[],
  embedder?: Embedder,
): Promise<number[]> {
  if (texts.length === 0) return [];
  if (embedder) {
    const [q] = await embedder.embed([query], 'query');
    const vectors = await embedder.embed(texts, 'passage');
    if (q && vectors.length === texts.length) return vectors.map((v) => cosine(q, v));
  }
  return texts.map((t) => lexicalSimilarity(query, t));
}

// ---- linking ----------------------------------------------------------------------------------

const normalise = (s: string): string =>
  s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** How exactly a label matches its mention: 1 same, 0.5 one contains the other, else 0. */
function labelMatch(label: string, mention: string): number {
  const l = normalise(label);
  const m = normalise(mention);
  if (!l || !m) return 0;
  if (l === m) return 1;
  if (l.includes(m) || m.includes(l)) return 0.5;
  return 0;
}

/** A hit as linking reads it from the search port, which may be any implementation. */
const PortHit = v.object({
  id: v.pipe(v.string(), v.regex(/^Q\d+$/)),
  /** An odd or missing label or description counts as none (the id stands in for the label). */
  label: v.fallback(v.optional(v.string()), undefined),
  description: v.fallback(v.optional(v.string()), undefined),
});

interface Hit {
  id: string;
  label: string;
  description?: string;
  mention: string;
  rank: number;
  mentionIndex: number;
}

interface ScoredHit {
  h: Hit;
  score: number;
  /** How exactly the label matches the mention (labelMatch). */
  match: number;
  /** Similarity of `label — description` to the question. */
  sim: number;
}

/** Every mention searched at once; a search that throws counts as no hits and is recorded. */
async function searchMentions(
  mentions: readonly string[],
  search: EntitySearchPort,
  options: { language: string; perSearch: number; signal?: AbortSignal },
  failures: string[],
): Promise<unknown[][]> {
  const perSearch = Math.max(1, Math.min(50, options.perSearch));
  return Promise.all(
    mentions.map(async (mention): Promise<unknown[]> => {
      try {
        const hits: unknown = await search.search(mention, {
          language: options.language || 'en',
          limit: perSearch,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return Array.isArray(hits) ? hits.slice(0, perSearch) : [];
      } catch (error) {
        failures.push(errorText(error));
        return [];
      }
    }),
  );
}

/** The item hits of every search in mention order, at most `maxCandidates`. */
function collectHits(
  results: readonly (readonly unknown[])[],
  mentions: readonly string[],
  maxCandidates: number,
): Hit[] {
  const hits: Hit[] = [];
  results.forEach((list, mentionIndex) =>
    list.forEach((raw, rank) => {
      const h = parseWith(PortHit, raw);
      if (!h || hits.length >= maxCandidates) return;
      hits.push({
        id: h.id,
        label: h.label || h.id,
        description: h.description || undefined,
        mention: mentions[mentionIndex]!,
        rank,
        mentionIndex,
      });
    }),
  );
  return hits;
}

const describeHit = (h: Hit): string => (h.description ? `${h.label} — ${h.description}` : h.label);

/** Hits ranked by similarity to the question, label match and search rank (best first). */
async function scoreHits(text: string, hits: Hit[], embedder?: Embedder): Promise<ScoredHit[]> {
  let sims: number[];
  try {
    sims = await similarities(text, hits.map(describeHit), embedder);
  } catch {
    sims = hits.map((h) => lexicalSimilarity(text, describeHit(h)));
  }
  return hits
    .map((h, i) => {
      const match = labelMatch(h.label, h.mention);
      // Longer mentions are more specific ("Douglas Adams" over "Adams"); search rank is a weak prior.
      const mentionWeight = Math.min(1, terms(h.mention).length / 3);
      const score = (sims[i] ?? 0) + match * (0.5 + 0.5 * mentionWeight) + 0.1 / (h.rank + 1);
      return { h, score, match, sim: sims[i] ?? 0 };
    })
    .sort(
      (a, b) => b.score - a.score || a.h.mentionIndex - b.h.mentionIndex || a.h.rank - b.h.rank,
    );
}

/** The best entity per mention, skipping mentions that overlap an already chosen one. */
function chooseEntities(scored: readonly ScoredHit[], topK: number): TopicEntity[] {
  const entities: TopicEntity[] = [];
  const chosenMentions: string[] = [];
  for (const { h, score, match, sim } of scored) {
    if (entities.length >= topK) break;
    // A hit must either carry the mention as its label or share something with the question.
    if (match === 0 && !(sim > 0)) continue;
    if (entities.some((e) => e.id === h.id)) continue;
    const m = normalise(h.mention);
    if (chosenMentions.some((c) => c.includes(m) || m.includes(c))) continue;
    chosenMentions.push(m);
    entities.push({
      id: h.id,
      label: h.label,
      ...(h.description ? { description: h.description } : {}),
      mention: h.mention,
      score,
    });
  }
  return entities;
}

/**
 * Finds the topic entities of a question. Never throws for odd input; a search that throws
 * counts as no hits (recorded in `failures`). An embedder failure falls back to lexical scores.
 */
export async function linkEntities(
  question: string,
  search: EntitySearchPort,
  options: Partial<LinkOptions> & { embedder?: Embedder; signal?: AbortSignal } = {},
): Promise<LinkResult> {
  const opts = { ...LINK_DEFAULTS, ...options };
  const text = typeof question === 'string' ? question.slice(0, MAX_QUESTION_CHARS) : '';
  const lang = primaryLanguage(opts.language);
  const mentions = mentionCandidates(text, Math.max(0, opts.maxSearches), lang);
  const failures: string[] = [];
  const results = await searchMentions(mentions, search, opts, failures);
  const hits = collectHits(results, mentions, opts.maxCandidates);
  const entities =
    hits.length === 0 ? [] : chooseEntities(await scoreHits(text, hits, opts.embedder), opts.topK);
  return { entities, mentions, searches: mentions.length, failures };
}
