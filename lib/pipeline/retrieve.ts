// Retrieve and rerank, then deduplicate (EWEK-QA §3.1.1, WeKnow-RAG §4.1.3):
//   1. BM25 first stage over every candidate keeps the top K — this is what keeps the cost of the
//      neural stages independent of page size;
//   2. the MiniLM cross-encoder filter scores the survivors in BM25 order (fused with the
//      bi-encoder's order once the page's passages are embedded, hybrid.ts), in batches, within a
//      pair budget (stopping early once the top is settled), and keeps the best 70;
//   3. an optional larger cross-encoder reorders those 70;
//   4. the MiniLM bi-encoder drops a quote whose cosine similarity to a better-ranked one is > 0.9;
//   5. the top 5 quotes of at most 128 tokens go to the composer.
// Without model weights steps 2–4 fall back to BM25 order and lexical dedup, and the report says
// so: a keyword score is never dressed up as a neural one.

import type { Embedder, ModelPorts, PairScorer } from './ports';
import { rankPassages, type RankContext } from './rank';
import { inJunkSection, isJunk } from './junk';
import { selectSummaryPassages } from './summarize';
import { terms } from '../core/text';
import { cosine } from '../core/vector';
import { withDenseOrder } from './hybrid';

export { cosine };
import type { Candidate } from './types';

export interface RetrieveOptions {
  /** BM25 survivors passed to the cross-encoder. */
  firstStageK: number;
  /** EWEK-QA §3.1.1: the filtration model keeps the best 70 quotes. */
  filterK: number;
  /** Run the optional second reranker (off by default: it is the slow part). */
  rerank: boolean;
  /** EWEK-QA §3.1.1: "any passage with cosine similarity > 0.9 is removed". */
  dedupThreshold: number;
  /** EWEK-QA §A.1: top 5 quotes. */
  topK: number;
  /** EWEK-QA §A.1: quotes of at most 128 tokens. */
  maxQuoteTokens: number;
  /** Pairs per cross-encoder call. */
  batchSize: number;
  /**
   * Most (question, passage) pairs the cross-encoder scores per question, taken in BM25 order.
   * Scoring stops earlier once a batch leaves the top `topK` unchanged. Each pair costs tens of
   * milliseconds on one WASM thread, so an unbounded count made a long page's answer wait for
   * seconds per 100 passages.
   */
  maxPairs: number;
  /** Texts per bi-encoder call while deduplicating; it stops once `topK` distinct quotes are kept. */
  embedBatchSize: number;
  /**
   * Most candidates the bi-encoder embeds while deduplicating. When these hold fewer than `topK`
   * distinct quotes (ranking found many near-copies), the following candidates are checked by
   * their words instead (`dedupLexically`'s test), so one page of near-copies cannot make a
   * question embed every survivor of the filter.
   */
  maxEmbedded: number;
  /** The page's primary language, for the keyword stages (lib/core/text.ts `terms`). */
  lang?: string;
}

export const RETRIEVE_DEFAULTS: RetrieveOptions = {
  firstStageK: 200,
  filterK: 70,
  rerank: false,
  dedupThreshold: 0.9,
  topK: 5,
  maxQuoteTokens: 128,
  batchSize: 16,
  maxPairs: 64,
  embedBatchSize: 8,
  maxEmbedded: 16,
};

export interface Scored {
  candidate: Candidate;
  bm25: number;
  coverage: number;
  /** A fallback (lead or central passage) that shares no word with the question. */
  weak?: boolean;
  filter?: number;
  rerank?: number;
  /**
   * A quote that answers directly (a table row, a byline): where its answer is, in its text.
   * See `withDirectAnswers` in lib/ask/run.ts.
   */
  direct?: { span: { start: number; end: number } };
}

/** Step 1: BM25 over all candidates, best `k` kept (ties keep reading order). */
export function firstStage(
  question: string,
  candidates: readonly Candidate[],
  k: number,
  context?: RankContext['context'],
  lang?: string,
  title?: string,
): Scored[] {
  const byPassage = new Map<string, Candidate>();
  const asPassages = candidates.map((c) => {
    byPassage.set(c.id, c);
    return {
      id: c.id,
      text: c.text,
      tokens: c.tokens,
      blockIndex: c.blockIndex,
      kind: c.kind,
      start: 0,
      end: c.text.length,
    };
  });
  return rankPassages(question, asPassages, {
    ...(context ? { context } : {}),
    ...(lang ? { lang } : {}),
    ...(title ? { title } : {}),
  })
    .slice(0, k)
    .map(({ passage, score, coverage }) => ({
      candidate: byPassage.get(passage.id)!,
      bm25: score,
      coverage,
    }));
}

/** Step 2 (and 3): cross-encoder scores for every item, in batches; returns items sorted by it. */
export async function scoreWith(
  scorer: PairScorer,
  question: string,
  items: readonly Scored[],
  field: 'filter' | 'rerank',
  batchSize: number,
): Promise<Scored[]> {
  const scores = new ScoreMemo(scorer, question);
  for (let i = 0; i < items.length; i += batchSize)
    await scores.add(items.slice(i, i + batchSize).map((item) => item.candidate.text));
  return items
    .map((item) => ({ ...item, [field]: scores.of(item.candidate.text) }))
    .sort((a, b) => b[field]! - a[field]!);
}

/**
 * Cross-encoder scores by text: a passage and an evidence window cut to the same sentences, or a
 * line repeated on the page, are one pair to score, not several.
 */
class ScoreMemo {
  private readonly scores = new Map<string, number>();
  constructor(
    private readonly scorer: PairScorer,
    private readonly question: string,
  ) {}

  /** Scores the texts not scored yet; returns how many pairs that took. */
  async add(texts: readonly string[]): Promise<number> {
    const fresh = [...new Set(texts)].filter((t) => !this.scores.has(t));
    if (fresh.length === 0) return 0;
    const logits = await this.scorer.score(fresh.map((t) => [this.question, t] as const));
    if (logits.length !== fresh.length)
      throw new Error(
        `${this.scorer.modelId} returned ${logits.length} scores for ${fresh.length} pairs`,
      );
    fresh.forEach((t, j) => this.scores.set(t, logits[j]!));
    return fresh.length;
  }

  has(text: string): boolean {
    return this.scores.has(text);
  }

  of(text: string): number {
    return this.scores.get(text)!;
  }
}

/**
 * Step 2 within a budget: pairs in the order of `items` (BM25's, or BM25's fused with the
 * bi-encoder's), a batch at a time, until `maxPairs` are spent or a batch leaves the best `topK` as
 * they were (lower ranks of that order rarely overturn a settled top). Items never scored are
 * dropped: the first stage put them below every scored one.
 */
export async function filterWithinBudget(
  scorer: PairScorer,
  question: string,
  items: readonly Scored[],
  opts: Pick<RetrieveOptions, 'batchSize' | 'maxPairs' | 'topK'>,
): Promise<Scored[]> {
  const scores = new ScoreMemo(scorer, question);
  const topOf = () =>
    [...new Set(items.map((item) => item.candidate.text).filter((t) => scores.has(t)))]
      .sort((a, b) => scores.of(b) - scores.of(a))
      .slice(0, opts.topK)
      .join('\u0000');
  let spent = 0;
  let next = 0;
  let top = '';
  while (next < items.length && spent < opts.maxPairs) {
    const room = Math.min(opts.batchSize, opts.maxPairs - spent);
    const batch: string[] = [];
    for (; next < items.length && batch.length < room; next++) {
      const text = items[next]!.candidate.text;
      if (!scores.has(text) && !batch.includes(text)) batch.push(text);
    }
    spent += await scores.add(batch);
    const settled = topOf();
    if (settled === top) break;
    top = settled;
  }
  return items
    .filter((item) => scores.has(item.candidate.text))
    .map((item) => ({ ...item, filter: scores.of(item.candidate.text) }))
    .sort((a, b) => b.filter - a.filter);
}

/**
 * Step 4 with the bi-encoder: drop an item whose cosine to a better-ranked kept one exceeds the
 * threshold. Items are embedded a batch at a time in rank order (a batch no larger than the
 * places left), and embedding stops once `limit` are kept: whether an item is kept depends only on those ranked above it, so the kept items are
 * the same as when all are embedded, for a fraction of the work. At most `maxEmbedded` items are
 * embedded; past them, the rest are checked by their words (`fillLexically`).
 */
export async function dedupByEmbedding(
  embedder: Embedder,
  items: readonly Scored[],
  threshold: number,
  {
    limit = Infinity,
    batchSize = items.length || 1,
    maxEmbedded = Infinity,
    lang,
  }: { limit?: number; batchSize?: number; maxEmbedded?: number; lang?: string } = {},
): Promise<Scored[]> {
  const kept: Array<{ item: Scored; vector: Float32Array }> = [];
  let embedded = 0;
  while (embedded < Math.min(items.length, maxEmbedded) && kept.length < limit) {
    // No more than could still be kept: when every one is distinct, none was embedded in vain.
    const size = Math.min(batchSize, limit - kept.length);
    const batch = items.slice(embedded, Math.min(embedded + size, maxEmbedded));
    embedded += batch.length;
    const vectors = await embedder.embed(batch.map((item) => item.candidate.text));
    batch.forEach((item, j) => {
      const vector = vectors[j]!;
      if (kept.length >= limit) return;
      if (!kept.some((k) => cosine(vector, k.vector) > threshold)) kept.push({ item, vector });
    });
  }
  const chosen = kept.map((k) => k.item);
  return kept.length < limit && embedded < items.length
    ? fillLexically(chosen, items.slice(embedded), limit, threshold, lang)
    : chosen;
}

/** Past the embedding budget: later items join while they share few enough words with the kept. */
function fillLexically(
  kept: Scored[],
  rest: readonly Scored[],
  limit: number,
  threshold: number,
  lang?: string,
): Scored[] {
  const sets = kept.map((item) => new Set(terms(item.candidate.text, lang)));
  for (const item of rest) {
    if (kept.length >= limit) break;
    const own = new Set(terms(item.candidate.text, lang));
    if (sets.some((set) => overlap(own, set) > threshold)) continue;
    kept.push(item);
    sets.push(own);
  }
  return kept;
}

/**
 * Step 4 without weights: the share of the shorter text's terms that the other contains (overlap
 * coefficient). Overlapping evidence windows and the passage they were cut from count as
 * duplicates when nearly all of one is inside the other.
 */
export function dedupLexically(
  items: readonly Scored[],
  threshold: number,
  lang?: string,
): Scored[] {
  const sets = items.map((item) => new Set(terms(item.candidate.text, lang)));
  const kept: number[] = [];
  items.forEach((_, i) => {
    if (!kept.some((j) => overlap(sets[i]!, sets[j]!) > threshold)) kept.push(i);
  });
  return kept.map((i) => items[i]!);
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return large.size === 0 ? 1 : 0;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

export interface RetrievalOutcome {
  ranked: Scored[];
  path: 'neural' | 'keyword';
  counts: { firstStage: number; filtered: number; deduplicated: number };
}

/** Steps 2–5 over first-stage survivors (possibly from several sources). */
export async function rerankAndDedup(
  question: string,
  survivors: readonly Scored[],
  models: ModelPorts,
  options: Partial<RetrieveOptions> = {},
): Promise<RetrievalOutcome> {
  const opts = { ...RETRIEVE_DEFAULTS, ...options };
  const neural = Boolean(models.filter);
  // A quote over the length limit is never shown, so it is not worth a model's time either.
  const eligible = survivors.filter((item) => item.candidate.tokens <= opts.maxQuoteTokens);
  const byBm25 = [...eligible].sort((a, b) => b.bm25 - a.bm25);
  let ranked: Scored[] = models.filter
    ? (
        await filterWithinBudget(
          models.filter,
          question,
          await withDenseOrder(question, byBm25, models.embedder),
          opts,
        )
      ).slice(0, opts.filterK)
    : // Keyword path: a candidate sharing no word with the question is no evidence at all.
      byBm25.filter((item) => item.bm25 > 0).slice(0, opts.filterK);
  const filtered = ranked.length;
  if (opts.rerank && models.reranker)
    ranked = await scoreWith(models.reranker, question, ranked, 'rerank', opts.batchSize);
  ranked = junkLast(question, ranked);
  ranked = models.embedder
    ? await dedupByEmbedding(models.embedder, ranked, opts.dedupThreshold, {
        limit: opts.topK,
        batchSize: opts.embedBatchSize,
        maxEmbedded: opts.maxEmbedded,
        lang: opts.lang,
      })
    : dedupLexically(ranked, opts.dedupThreshold, opts.lang);
  if (!neural && ranked.length < opts.topK)
    ranked = ranked.concat(
      fallbacks(survivors, ranked, opts.topK - ranked.length, opts.dedupThreshold, opts.lang),
    );
  return {
    ranked: ranked.slice(0, opts.topK),
    path: neural ? 'neural' : 'keyword',
    counts: { firstStage: survivors.length, filtered, deduplicated: ranked.length },
  };
}

/**
 * Reference lists, navboxes, share lines and prompts after every other passage (junk.ts): they
 * match many questions by accident and answer none.
 */
function junkLast(question: string, items: readonly Scored[]): Scored[] {
  const junk = items.map(
    (item) => isJunk(item.candidate.text, question) || inJunkSection(item.candidate.section),
  );
  return [...items.filter((_, i) => !junk[i]), ...items.filter((_, i) => junk[i])];
}

/**
 * Keyword path, fewer matches than quotes shown: the page's lead and its most central passages
 * (summarize.ts) fill the rest, marked weak so no composer takes them for an answer. None that
 * repeats a kept quote (the lexical dedup's overlap): a paragraph is no filler beside the
 * evidence window cut from it.
 */
function fallbacks(
  pool: readonly Scored[],
  kept: readonly Scored[],
  n: number,
  threshold: number,
  lang: string | undefined,
): Scored[] {
  const keptTerms = kept.map((item) => new Set(terms(item.candidate.text, lang)));
  const repeats = (text: string) => {
    const own = new Set(terms(text, lang));
    return keptTerms.some((other) => overlap(own, other) > threshold);
  };
  const used = new Set(
    pool.filter((item) => repeats(item.candidate.text)).map((item) => item.candidate.text),
  );
  const byId = new Map(pool.map((item) => [item.candidate.id, item]));
  const picks = selectSummaryPassages(
    pool.map((item) => item.candidate).filter((c) => !used.has(c.text)),
    { maxPassages: n, tokenBudget: Infinity, minTokens: 10, ...(lang ? { lang } : {}) },
  );
  const chosen = picks.map(({ candidate }) => candidate.id);
  // A page of tables and short lines: any other passage, in reading order.
  const inReadingOrder = [...pool].sort((a, b) => a.candidate.blockIndex - b.candidate.blockIndex);
  for (const item of inReadingOrder) {
    if (chosen.length >= n) break;
    const c = item.candidate;
    if (c.origin === 'splitter' && !used.has(c.text) && !chosen.includes(c.id)) chosen.push(c.id);
  }
  return chosen.map((id) => ({ ...byId.get(id)!, weak: true }));
}

/** Logistic of a cross-encoder logit: MS MARCO cross-encoders are trained with a sigmoid head. */
export function relevance(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}
