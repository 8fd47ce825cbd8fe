// Runs one question through the pipeline:
//   split (Paragraph Splitter + Evidence Extractor windows) → rank (BM25 first stage → MiniLM
//   filter → optional reranker → dedup) → [search the web when the page falls short] → compose
//   (one endpoint call, or extractive) → citations parsed (→ verdict) → each citation checked.
// The same function runs in the side panel's Web Worker, the CLI, vitest and the benchmark; the
// page reading that precedes it needs a DOM and happens in the content script or lib/page (Node).

import { checkCitations, textNearQuote } from '../composer/check';
import { composeAnswer } from '../composer/compose';
import type { Confidence } from '../pipeline/types';
import { PipelineError, toErrorInfo } from '../core/errors';
import { extractEvidenceWindows } from '../pipeline/evidence';
import type { ComposerPort, ModelPorts, PairScorer, SearchPort } from '../pipeline/ports';
import { validateClaim } from '../pipeline/claim-input';
import { locateClaim, nearestSentence } from '../pipeline/claim-locate';
import { validateQuestion } from '../pipeline/question';
import { answerSpans, type AnswerSpanFinder, type Span } from '../pipeline/answer-span';
import { intentOf, isOverviewQuestion, leansOnPrevious, type Intent } from '../pipeline/intent';
import { languagesOf, pageLanguage, type RunLanguages } from '../pipeline/language';
import { modelsForLanguages } from '../pipeline/model-choice';
import { withoutMarkers } from '../pipeline/junk';
import { selectSummaryPassages } from '../pipeline/summarize';
import { answerFromTables } from '../pipeline/table-answer';
import { answerFromByline, pageFactOf } from '../pipeline/byline';
import { directAnswerId } from '../pipeline/compose-extractive';
import { answerFromDescription } from '../pipeline/describe-answer';
import { countTokens } from '../core/text';
import { t, tn } from '../core/i18n';
import {
  firstStage,
  relevance,
  rerankAndDedup,
  RETRIEVE_DEFAULTS,
  type RetrievalOutcome,
  type RetrieveOptions,
  type Scored,
} from '../pipeline/retrieve';
import { textFragmentLink } from '../search/text-fragment';
import { splitParagraphs } from '../pipeline/split';
import { nliChecks, nliPort } from '../pipeline/nli';
import { verdictWithNli } from '../pipeline/verdict';
import { rankPassages, type RankContext } from '../pipeline/rank';
import type { KgQuote } from '../kg/linearize';
import { retrieveKg, type KgOutcome, type KgPorts } from '../kg/retrieve';
import type {
  AskRequest,
  AskResult,
  Candidate,
  PageSnapshot,
  Passage,
  Quote,
  RetrievalReport,
  StageName,
  StageProgress,
} from '../pipeline/types';

export interface PipelinePorts {
  /** Reports each stage starting and finishing, for the panel's progress list. */
  onProgress?: (progress: StageProgress) => void;
  /** Milliseconds clock; injected so tests and benchmarks control time. */
  now?: () => number;
  /** Ranking models; absent models mean the keyword path (said in the report). */
  models?: ModelPorts;
  /** Web search; null or absent when the user turned it off. */
  search?: SearchPort | null;
  retrieve?: Partial<RetrieveOptions>;
  /** How many search results to read (EWEK-QA reads the top results of one search). */
  maxSearchResults?: number;
  /** Wikidata (or a local store) for ToG-E triples; null or absent when turned off. */
  kg?: KgPorts | null;
  /** The language-model composer; null or absent means the extractive composer. */
  composer?: ComposerPort | null;
  /** Answers the model rates below this are withheld ("I don't know"). */
  minConfidence?: Confidence;
  /** Streamed answer text, as it arrives. */
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
  /**
   * Finds the answer phrase inside each quote (`Quote.answerSpan`). Default: the extractive-QA
   * model (`models.reader`) where installed and confident, else patterns by question type.
   */
  answerSpan?: AnswerSpanFinder;
}

/** Follow-ups use at most this many earlier turns, and at most this many characters of them. */
export const MAX_HISTORY_TURNS = 3;
export const MAX_HISTORY_CHARS = 1200;
/** An earlier turn's words count this much against the new question's 1 in ranking. */
export const HISTORY_WEIGHT = 0.4;

/** EWEK-QA §A.1: the top 5 quotes go to the composer. */
export const DEFAULT_TOP_K = RETRIEVE_DEFAULTS.topK;

/**
 * Adaptive retrieval: the page alone answers when its best quote clears this bar — a cross-encoder
 * relevance (sigmoid of the logit) of 0.5, or on the keyword path the composer's coverage bar.
 */
export const PAGE_SUFFICIENT_RELEVANCE = 0.5;
export const PAGE_SUFFICIENT_COVERAGE = 0.5;

/** What the worker knows of its ranking models when a question arrives. */
export type RankingModelsState = 'unknown' | 'loading' | 'loaded' | 'absent';

/**
 * Whether to show a first answer while the ranking models work: only for questions (a verdict is
 * given once, not revised in front of the user) and only when models will rank, or may (they are
 * still loading, or have not been tried yet). When they turn out absent, the final answer is the
 * same keyword answer and replaces it without a change.
 */
export function firstAnswerWanted(
  mode: AskRequest['mode'],
  useModels: boolean,
  models: RankingModelsState,
): boolean {
  return mode === 'answer' && useModels && models !== 'absent';
}

/**
 * The answer to show at once while the ranking models load and rank: the keyword path over the
 * page alone (no web search, no Wikidata, the extractive composer), a fraction of a second.
 */
export async function firstAnswer(
  request: AskRequest,
  ports: Pick<PipelinePorts, 'retrieve' | 'signal' | 'answerSpan'> = {},
): Promise<AskResult> {
  return runPipeline(
    { ...request, sources: 'page' },
    {
      models: { unavailableReason: t('note_first_answer_keywords') },
      ...(ports.retrieve ? { retrieve: ports.retrieve } : {}),
      ...(ports.signal ? { signal: ports.signal } : {}),
      ...(ports.answerSpan ? { answerSpan: ports.answerSpan } : {}),
    },
  );
}

export async function runPipeline(
  request: AskRequest,
  ports: PipelinePorts = {},
): Promise<AskResult> {
  const timings: Partial<Record<StageName, number>> = {};
  const stage = stageRunner(ports, timings);
  const { page } = request;
  const lang = pageLanguage(page);
  const question =
    request.mode === 'verify'
      ? validateClaim(request.question, lang)
      : validateQuestion(request.question);
  if (page.blocks.length === 0) throw new PipelineError('page-empty');
  const languages = languagesOf(page, question, lang);
  // A page or question in another language is ranked by the multilingual models when installed.
  const choice = modelsForLanguages(ports.models ?? {}, languages);
  const models = choice.models;
  const filter = models.filter ? memoised(models.filter) : undefined;
  const history = boundedHistory(request.history);
  const ctx: RunContext = {
    question,
    languages,
    ...(choice.note ? { modelNote: choice.note } : {}),
    intent: request.mode === 'verify' ? 'answer' : intentOf(question, request.intent),
    history,
    // Only a question that points back or has one word of its own leans on the turns before:
    // "Which mobs were added?" after "What blocks were added?" says everything it asks, and the
    // earlier answer's words would bring that answer's list of blocks back. A claim to verify
    // never does: "Lexi was lying on his back …" is judged alone, whatever was asked before it.
    context:
      request.mode !== 'verify' && leansOnPrevious(question, lang)
        ? historyContext(history)
        : undefined,
    ports,
    stage,
    models,
    filter,
    rankModels: { ...models, ...(filter ? { filter } : {}) },
    multilingual: choice.multilingual,
    options: { ...ports.retrieve, ...(request.topK ? { topK: request.topK } : {}) },
  };

  // EWEK-QA §3.1: the knowledge graph is searched concurrently with the web retrieval.
  const kgTask = startKg(ctx);
  const { passages, candidates } = await stage(
    'split',
    () => candidatesOf(page, 0, ctx.languages.page),
    (c) =>
      `${c.passages.length} passages + ${c.candidates.length - c.passages.length} evidence windows`,
  );
  if (passages.length === 0)
    throw new PipelineError('page-empty', 'no passage of 10 words or more');
  const retrieved = await retrieve(ctx, request, candidates);

  const kg = kgTask ? await kgTask : null;
  const quotes = await quotesOf(ctx, request.mode, retrieved, kg);
  const composed = await composeAndCheck(ctx, request.mode, quotes, retrieved.sources);
  return {
    mode: request.mode,
    question,
    answer: composed.answer,
    quotes,
    ...(composed.verdict ? { verdict: composed.verdict } : {}),
    timings,
    passageCount: passages.length,
    page: {
      url: page.url,
      title: page.title,
      extractor: page.extractor,
      truncated: page.truncated,
    },
    retrieval: retrievalReport(ctx, retrieved, quotes),
    ...(kg ? { kg: kgSummary(kg) } : {}),
  };
}

type Stage = <T>(
  name: StageName,
  work: () => T | Promise<T>,
  detail: (result: T) => string,
) => Promise<T>;

/** What every step of one run shares. */
interface RunContext {
  question: string;
  /** The page's and the question's primary languages (lib/pipeline/language.ts). */
  languages: RunLanguages;
  /** Said in the details when a page in another language is ranked by the English models. */
  modelNote?: string;
  /** The multilingual pair ranks this run (`modelsForLanguages`). */
  multilingual: boolean;
  /** `summary`: passages chosen to cover the page, a summary prompt, no web search. */
  intent: Intent;
  /** Earlier turns, bounded (`boundedHistory`). */
  history: Array<{ question: string; answer: string }>;
  /** Their words, for ranking a follow-up. */
  context: RankContext['context'];
  ports: PipelinePorts;
  stage: Stage;
  models: ModelPorts;
  /** The cross-encoder, memoised for this run; absent on the keyword path. */
  filter: PairScorer | undefined;
  rankModels: ModelPorts;
  options: Partial<RetrieveOptions>;
}

/** What retrieval found: the ranking, every source read, and what the panel should be told. */
interface Retrieved {
  outcome: RetrievalOutcome;
  candidateCount: number;
  sources: PageSnapshot[];
  notes: string[];
  webSearched: boolean;
}

/** Runs a stage with progress reports and its time added to `timings`. */
function stageRunner(ports: PipelinePorts, timings: Partial<Record<StageName, number>>): Stage {
  const now = ports.now ?? (() => performance.now());
  return async (name, work, detail) => {
    ports.onProgress?.({ stage: name, status: 'running' });
    const started = now();
    try {
      // Yield before each stage so progress messages reach the UI between stages.
      await Promise.resolve();
      const result = await work();
      timings[name] = (timings[name] ?? 0) + (now() - started);
      ports.onProgress?.({
        stage: name,
        status: 'done',
        ms: timings[name],
        detail: detail(result),
      });
      return result;
    } catch (error) {
      ports.onProgress?.({ stage: name, status: 'failed' });
      throw error;
    }
  };
}

/** Starts the knowledge-graph stage; its failure becomes a note, never a failed answer. */
function startKg(ctx: RunContext): Promise<KgOutcome> | null {
  const { question, ports, models, stage } = ctx;
  const kgPorts = ports.kg && { ...ports.kg, questionLanguage: ctx.languages.question };
  if (!kgPorts) return null;
  const embedder = models.embedder && !kgPorts.embedder ? { embedder: models.embedder } : {};
  return stage(
    'kg',
    () =>
      retrieveKg(
        question,
        { ...kgPorts, ...embedder },
        ports.signal ? { signal: ports.signal } : {},
      ),
    (kg) =>
      kg.quote ? t('detail_kg_found', kg.quote.lines.length, kg.requests) : t('detail_kg_nothing'),
  ).catch((error: unknown): KgOutcome => ({
    topicEntities: [],
    quote: null,
    result: null,
    requests: 0,
    notes: [toErrorInfo(error).message],
  }));
}

function rankStage(
  ctx: RunContext,
  all: Candidate[],
  title: string | undefined,
): Promise<RetrievalOutcome> {
  const { question, options } = ctx;
  if (ctx.intent === 'summary')
    return ctx.stage(
      'rank',
      () => summaryOutcome(all, ctx.languages.page),
      (o) => t('detail_rank_summary', o.ranked.length),
    );
  const k = options.firstStageK ?? RETRIEVE_DEFAULTS.firstStageK;
  const lang = ctx.languages.page;
  return ctx.stage(
    'rank',
    () =>
      rerankAndDedup(
        question,
        firstStage(question, all, k, ctx.context, lang, title),
        ctx.rankModels,
        {
          ...options,
          ...(lang ? { lang } : {}),
        },
      ),
    (o) =>
      `${o.path === 'neural' ? (ctx.multilingual ? 'multilingual MiniLM' : 'MiniLM') : 'keywords'}: ${all.length} → ${o.counts.firstStage} → ${o.counts.filtered} → ${o.ranked.length}`,
  );
}

/** Ranks the page, then adds web results when the page falls short (or the user asked for them). */
async function retrieve(
  ctx: RunContext,
  request: AskRequest,
  candidates: Candidate[],
): Promise<Retrieved> {
  const notes: string[] = [];
  if (!ctx.filter) notes.push(ctx.models.unavailableReason ?? t('note_models_not_loaded'));
  // A summary is chosen to cover the page, not ranked: better ranking models would not change it.
  if (ctx.modelNote && ctx.intent !== 'summary') notes.push(ctx.modelNote);
  const ranked = await rankStage(ctx, candidates, request.page.title);
  const retrieved: Retrieved = {
    outcome:
      request.mode === 'answer'
        ? withDirectAnswers(ctx, request.page, ranked)
        : withClaimOnPage(ctx.question, request.page, ranked),
    candidateCount: candidates.length,
    sources: [request.page],
    notes,
    webSearched: false,
  };
  const mode = request.sources ?? 'auto';
  const search = ctx.ports.search;
  if (ctx.intent === 'summary') {
    notes.push(t('note_summary'));
    return retrieved;
  }
  if (mode === 'page+web' || (mode === 'auto' && !pageSuffices(retrieved.outcome))) {
    if (!search) notes.push(t('note_search_off'));
    else await addSearchResults(ctx, search, retrieved, candidates);
  } else if (mode === 'auto' && search) {
    notes.push(t('note_page_sufficed'));
  }
  return retrieved;
}

/**
 * Quotes that answer the question directly go first, each a quote of its own so the citation and
 * the highlight land on it: rows of the page's tables for a superlative or lookup question
 * (table-answer.ts), the byline or dateline for a question about the page itself (byline.ts), the
 * sentence that introduces someone for "Who is …?" (describe-answer.ts).
 */
function withDirectAnswers(
  ctx: RunContext,
  page: PageSnapshot,
  outcome: RetrievalOutcome,
): RetrievalOutcome {
  if (ctx.intent !== 'answer') return outcome;
  const fact = pageFactOf(ctx.question);
  const byline = fact ? answerFromByline(fact, page.blocks) : undefined;
  const found = byline ? [byline] : answerFromTables(ctx.question, page.blocks, ctx.context?.text);
  if (found.length === 0) {
    const description = answerFromDescription(ctx.question, page.blocks);
    if (description) found.push(description);
  }
  if (found.length === 0) return outcome;
  const items: Scored[] = found.map((answer) => ({
    ...firstFromPage(page, outcome, {
      id: directAnswerId(answer.blockIndex, answer.start),
      text: answer.text,
      blockIndex: answer.blockIndex,
      endBlockIndex: answer.blockIndex,
    }),
    direct: { span: answer.span },
  }));
  const texts = new Set(found.map((r) => r.text));
  const rest = outcome.ranked.filter((item) => !texts.has(item.candidate.text));
  const topK = ctx.options.topK ?? RETRIEVE_DEFAULTS.topK;
  return { ...outcome, ranked: [...items, ...rest].slice(0, Math.max(topK, items.length)) };
}

/**
 * Text taken straight from the page's blocks (not a splitter passage) as a quote ranked first:
 * scored as high as the ranking's best, and fully covering the question.
 */
function firstFromPage(
  page: PageSnapshot,
  outcome: RetrievalOutcome,
  at: { id: string; text: string; blockIndex: number; endBlockIndex: number },
): Scored {
  const block = page.blocks[at.blockIndex]!;
  return {
    candidate: {
      id: at.id,
      text: at.text,
      tokens: countTokens(at.text),
      blockIndex: at.blockIndex,
      endBlockIndex: at.endBlockIndex,
      kind: block.kind,
      origin: 'splitter',
      sourceIndex: 0,
      ...(block.section ? { section: block.section } : {}),
    },
    bm25: Math.max(outcome.ranked[0]?.bm25 ?? 0, 1),
    coverage: 1,
  };
}

/**
 * A claim the page states word for word is quoted from where it stands, first, whatever the
 * ranking returned: a passage cut, a sentence ranked low or as boilerplate would otherwise leave
 * the page's own words unseen by the claim matcher (claim-locate.ts). Else the page sentence that
 * holds most of the claim's words in order, so an edited sentence meets its original.
 */
function withClaimOnPage(
  claim: string,
  page: PageSnapshot,
  outcome: RetrievalOutcome,
): RetrievalOutcome {
  const located = locateClaim(claim, page.blocks) ?? nearestSentence(claim, page.blocks);
  if (!located) return outcome;
  const item = firstFromPage(page, outcome, { id: `s0.claim.${located.blockIndex}`, ...located });
  const rest = outcome.ranked.filter((r) => r.candidate.text !== located.text);
  return { ...outcome, ranked: [item, ...rest.slice(0, Math.max(0, outcome.ranked.length - 1))] };
}

/** Reads the top search results and ranks their passages beside the page's; failures are notes. */
async function addSearchResults(
  ctx: RunContext,
  search: SearchPort,
  retrieved: Retrieved,
  pageCandidates: Candidate[],
): Promise<void> {
  try {
    const report = await ctx.stage(
      'search',
      () => search.search(ctx.question, { maxResults: ctx.ports.maxSearchResults ?? 3 }),
      (r) =>
        r.skipped.length
          ? t('detail_search_skipped', r.pages.length, r.provider, r.skipped.length)
          : t('detail_search', r.pages.length, r.provider),
    );
    retrieved.webSearched = true;
    const refused = report.skipped.filter((s) => s.refused);
    if (refused.length > 0) retrieved.notes.push(refusedResultsNote(refused));
    let all = pageCandidates;
    for (const result of report.pages) {
      retrieved.sources.push(result.page);
      const index = retrieved.sources.length - 1;
      all = all.concat(candidatesOf(result.page, index, ctx.languages.page).candidates);
    }
    retrieved.candidateCount = all.length;
    if (report.pages.length === 0) retrieved.notes.push(t('note_search_no_pages'));
    // Results of several pages: no one title names their subject.
    else retrieved.outcome = await rankStage(ctx, all, undefined);
  } catch (error) {
    retrieved.notes.push(toErrorInfo(error).message);
  }
}

/**
 * Says which results were not opened for the user's safety (a local address, a redirect that could
 * not be checked: docs/SECURITY.md, property 5), so a missing source is not a mystery.
 */
export function refusedResultsNote(
  refused: ReadonlyArray<{ url: string; reason: string }>,
): string {
  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url.slice(0, 80);
    }
  };
  const listed = refused
    .slice(0, 3)
    .map((s) => `${hostOf(s.url)}: ${s.reason}`)
    .join('; ');
  const list =
    refused.length > 3 ? t('note_search_refused_more', listed, refused.length - 3) : listed;
  return tn(refused.length, 'note_search_refused_one', 'note_search_refused_other', list);
}

/** The text around each page quote, for the citation check's names "stated near the quote". */
function nearQuotes(
  quotes: readonly Quote[],
  sources: readonly PageSnapshot[],
): Map<number, string> {
  const near = new Map<number, string>();
  for (const quote of quotes) {
    if (quote.source.kind === 'kg') continue;
    const source = sources.find((s) => s.url === quote.source.url);
    if (source) near.set(quote.id, textNearQuote(source.blocks, quote.source.blockIndex));
  }
  return near;
}

/** One composer call (or the extractive answer), then every citation checked against its quote. */
async function composeAndCheck(
  ctx: RunContext,
  mode: AskRequest['mode'],
  quotes: Quote[],
  sources: readonly PageSnapshot[],
) {
  const { ports } = ctx;
  const composed = await ctx.stage(
    'compose',
    () =>
      composeAnswer({
        mode,
        question: ctx.question,
        quotes,
        intent: ctx.intent,
        ...(ctx.languages.page ? { lang: ctx.languages.page } : {}),
        questionLang: ctx.languages.question,
        ...(ctx.history.length && mode !== 'verify' ? { history: ctx.history } : {}),
        composer: ports.composer ?? null,
        ...(ports.minConfidence ? { minConfidence: ports.minConfidence } : {}),
        ...(ports.onToken ? { onToken: ports.onToken } : {}),
        ...(ports.signal ? { signal: ports.signal } : {}),
      }),
    ({ answer: a }) =>
      a.fallback
        ? t('detail_compose_fallback', a.fallback.from)
        : a.answered
          ? tn(
              a.cited.length,
              'detail_compose_cited_one',
              'detail_compose_cited',
              a.composerLabel ?? t('detail_extractive'),
            )
          : t('detail_compose_none'),
  );
  const { answer } = composed;
  const nli = ctx.models.nli;
  answer.checks = await ctx.stage(
    'check',
    async () => {
      const checks = await checkCitations(answer.sentences, quotes, {
        ...(ctx.filter ? { scorer: ctx.filter } : {}),
        near: nearQuotes(quotes, sources),
      });
      return nli ? nliChecks(checks, answer.sentences, quotes, nli) : checks;
    },
    (checks) =>
      `${checks.filter((c) => c.supported).length} of ${checks.length} citations supported`,
  );
  // The NLI model reads meaning: where installed it decides the verdict the rules gave (a
  // composer model's own verdict stands).
  if (nli && mode === 'verify' && composed.verdict && composed.verdict.decidedBy !== 'composer')
    composed.verdict = await verdictWithNli(quotes, {
      claim: ctx.question,
      nli: nliPort(nli),
      ...(ctx.languages.page ? { lang: ctx.languages.page } : {}),
    });
  return composed;
}

function retrievalReport(
  { models, filter, options, multilingual, intent }: RunContext,
  { outcome, candidateCount, sources, notes, webSearched }: Retrieved,
  quotes: readonly Quote[],
): RetrievalReport {
  const quotedSources = new Set(quotes.map((q) => q.source.url));
  return {
    path: outcome.path,
    notes,
    ...(models.device && filter ? { device: models.device } : {}),
    models: {
      ...(models.filter ? { filter: models.filter.modelId } : {}),
      ...(models.reranker && options.rerank ? { reranker: models.reranker.modelId } : {}),
      ...(models.embedder ? { embedder: models.embedder.modelId } : {}),
      ...(models.nli ? { nli: models.nli.modelId } : {}),
      ...(models.reader ? { reader: models.reader.modelId } : {}),
    },
    ...(multilingual && filter ? { multilingual: true as const } : {}),
    ...(intent === 'summary' ? { summary: true as const } : {}),
    sources: sources.map((s, i) => ({
      kind: i === 0 ? 'page' : 'search',
      url: s.url,
      title: s.title,
      quoted: quotedSources.has(s.url),
    })),
    webSearched,
    counts: {
      candidates: candidateCount,
      firstStage: outcome.counts.firstStage,
      filtered: outcome.counts.filtered,
      deduplicated: outcome.counts.deduplicated,
      quotes: quotes.length,
    },
  };
}

function kgSummary(kg: KgOutcome): NonNullable<AskResult['kg']> {
  return {
    topicEntities: kg.topicEntities.map(({ id, label, description }) => ({
      id,
      label,
      ...(description ? { description } : {}),
    })),
    triples: kg.quote?.lines.length ?? 0,
    requests: kg.requests,
    notes: kg.notes,
  };
}

/**
 * The triples as quote [1]. Its BM25 score and coverage are computed beside the chosen text quotes,
 * so the extractive composer and the verdict weigh it like any other evidence.
 */
function toKgQuote(
  question: string,
  kg: KgQuote,
  ranked: RetrievalOutcome['ranked'],
  lang: string | undefined,
): Quote {
  const texts = [kg.text, ...ranked.map((r) => r.candidate.text)];
  const scores = rankPassages(
    question,
    texts.map((text, i) => ({
      id: String(i),
      text,
      tokens: 0,
      blockIndex: i,
      kind: 'table' as const,
      start: 0,
      end: text.length,
    })),
    lang ? { lang } : {},
  );
  const own = scores.find((s) => s.passage.id === '0')!;
  return {
    id: 1,
    passageId: 'kg',
    text: kg.text,
    origin: 'splitter',
    score: own.score,
    coverage: own.coverage,
    kgLines: kg.lines.map(({ text, url }) => ({ text, url })),
    source: {
      kind: 'kg',
      url: kg.urls[0] ?? 'https://www.wikidata.org/',
      title: 'Wikidata',
      blockIndex: 0,
      // One triple per line, like a linearized table: the composer cites a line, not a fragment.
      blockKind: 'table',
      position: { block: 1, of: 1 },
    },
  };
}

/** Splitter passages and evidence windows of one source. */
export function candidatesOf(
  page: PageSnapshot,
  sourceIndex: number,
  detected: string | undefined,
): { passages: Passage[]; candidates: Candidate[] } {
  // Sentences follow the page's own tag where it has one (a search result may differ from the page).
  const tag = page.lang ?? (sourceIndex === 0 ? detected : undefined);
  const lang = tag ? { lang: tag } : {};
  const passages = splitParagraphs(page.blocks, lang);
  const fromSplitter = passages.map((p): Candidate => ({
    id: `s${sourceIndex}.${p.id}`,
    text: p.text,
    tokens: p.tokens,
    blockIndex: p.blockIndex,
    endBlockIndex: p.blockIndex,
    kind: p.kind,
    origin: 'splitter',
    sourceIndex,
    ...(p.section ? { section: p.section } : {}),
  }));
  return {
    passages,
    candidates: fromSplitter.concat(extractEvidenceWindows(page.blocks, { ...lang, sourceIndex })),
  };
}

/** The summary's passages as a ranking: lead, central and diverse, in reading order. */
function summaryOutcome(all: readonly Candidate[], lang: string | undefined): RetrievalOutcome {
  const picks = selectSummaryPassages(
    all.filter((c) => c.sourceIndex === 0),
    lang ? { lang } : {},
  );
  return {
    ranked: picks.map(({ candidate, centrality }) => ({
      candidate,
      bm25: centrality,
      coverage: 0,
    })),
    path: 'keyword',
    counts: { firstStage: all.length, filtered: picks.length, deduplicated: picks.length },
  };
}

/** The last turns, each cut to a share of the character budget, markers removed. */
function boundedHistory(history: AskRequest['history']): RunContext['history'] {
  const turns = (history ?? []).slice(-MAX_HISTORY_TURNS);
  const share = Math.floor(MAX_HISTORY_CHARS / (turns.length || 1));
  const cut = (text: string, max: number) =>
    withoutMarkers(text.replace(/\[\d+(?:[,;]\s*\d+)*\]/g, '')).slice(0, max);
  return turns.map((turn) => ({
    question: cut(turn.question, Math.floor(share / 3)),
    answer: cut(turn.answer, share - Math.floor(share / 3)),
  }));
}

/**
 * The earlier turns' words for ranking, at `HISTORY_WEIGHT`, and the latest question for a
 * follow-up that leans on it. A summary turn ("Summarize this page") is left out: its answer is
 * the whole page in brief, and its words would pull "Who is the author?" towards whatever the
 * summary quoted as a focused answer's words rightly pull "And in 2012?"; its question names no
 * subject to lean on.
 */
export function historyContext(history: RunContext['history']): RunContext['context'] {
  const focused = history.filter((turn) => !isOverviewQuestion(turn.question));
  if (focused.length === 0) return undefined;
  const text = focused.map((t) => `${t.question} ${t.answer}`).join(' ');
  const last = history.at(-1)!;
  return {
    text,
    weight: HISTORY_WEIGHT,
    ...(isOverviewQuestion(last.question) ? {} : { question: last.question }),
  };
}

/**
 * The quotes in citation order: EWEK-QA §3.2 puts the triples first, text quotes follow. Each
 * text quote of an answer gets its answer phrase, when one of the asked type is in it.
 */
async function quotesOf(
  ctx: RunContext,
  mode: AskRequest['mode'],
  retrieved: Retrieved,
  kg: KgOutcome | null,
): Promise<Quote[]> {
  const lang = ctx.languages.page;
  const kgQuote = kg?.quote
    ? toKgQuote(ctx.question, kg.quote, retrieved.outcome.ranked, lang)
    : null;
  const spans = mode === 'answer' && ctx.intent === 'answer';
  const quotes = retrieved.outcome.ranked.map((item, i) =>
    toQuote(item, i + (kgQuote ? 2 : 1), retrieved.sources),
  );
  // Table rows and bylines bring their own span; weak (fallback) quotes answer nothing.
  const asked = quotes.filter(
    (quote, i) => spans && !quote.weak && !retrieved.outcome.ranked[i]!.direct,
  );
  const found = await findSpans(
    ctx,
    retrieved,
    asked.map((q) => q.text),
  );
  const text = quotes.map((quote, i) => {
    const direct = retrieved.outcome.ranked[i]!.direct;
    const span = direct ? direct.span : found[asked.indexOf(quote)];
    return span ? { ...quote, answerSpan: span } : quote;
  });
  return [...(kgQuote ? [kgQuote] : []), ...text];
}

/** The answer phrases: the port's finder when one is given, else the reader or the patterns. */
async function findSpans(
  ctx: RunContext,
  retrieved: Retrieved,
  texts: string[],
): Promise<Array<Span | undefined>> {
  const finder = ctx.ports.answerSpan;
  const lang = ctx.languages.page;
  if (finder) return Promise.all(texts.map(async (text) => finder(ctx.question, text, lang)));
  return answerSpans(
    ctx.question,
    texts,
    ctx.models.reader,
    (error) => retrieved.notes.push(t('note_reader_failed', toErrorInfo(error).message)),
    lang,
  );
}

function pageSuffices(outcome: RetrievalOutcome): boolean {
  const best = outcome.ranked[0];
  if (!best) return false;
  return outcome.path === 'neural'
    ? relevance(best.filter ?? -Infinity) >= PAGE_SUFFICIENT_RELEVANCE
    : best.coverage >= PAGE_SUFFICIENT_COVERAGE;
}

/**
 * Scores each distinct pair once: the page's candidates are ranked again when search results join
 * them, and a window can repeat a passage's text.
 */
function memoised(scorer: PairScorer): PairScorer {
  const cache = new Map<string, number>();
  const key = (q: string, p: string) => `${q}\u0000${p}`;
  return {
    modelId: scorer.modelId,
    async score(pairs) {
      const seen = new Set<string>();
      const missing = pairs.filter(([q, p]) => {
        const k = key(q, p);
        if (cache.has(k) || seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      if (missing.length > 0) {
        const logits = await scorer.score(missing);
        missing.forEach(([q, p], i) => cache.set(key(q, p), logits[i]!));
      }
      return Float32Array.from(pairs, ([q, p]) => cache.get(key(q, p))!);
    },
  };
}

function toQuote(
  item: RetrievalOutcome['ranked'][number],
  id: number,
  sources: readonly PageSnapshot[],
): Quote {
  const { candidate } = item;
  const source = sources[candidate.sourceIndex]!;
  return {
    id,
    passageId: candidate.id,
    text: candidate.text,
    origin: candidate.origin,
    score: item.bm25,
    coverage: item.coverage,
    ...(item.weak ? { weak: true } : {}),
    ...(item.filter !== undefined ? { filterScore: item.filter } : {}),
    ...(item.rerank !== undefined ? { rerankScore: item.rerank } : {}),
    source: {
      kind: candidate.sourceIndex === 0 ? 'page' : 'search',
      url: source.url,
      title: source.title,
      ...(candidate.section ? { section: candidate.section } : {}),
      blockIndex: candidate.blockIndex,
      blockKind: candidate.kind,
      // A quote from another page opens that page scrolled to the quote.
      ...(candidate.sourceIndex > 0 ? { link: textFragmentLink(source.url, candidate.text) } : {}),
      position: { block: candidate.blockIndex + 1, of: source.blocks.length },
      // A PDF's quote is cited by the page its passage starts on ("p. 4").
      ...pdfPageOf(source, candidate.blockIndex),
    },
  };
}

function pdfPageOf(source: PageSnapshot, blockIndex: number): { page?: number } {
  const page = source.blocks[blockIndex]?.page;
  return page === undefined ? {} : { page };
}
