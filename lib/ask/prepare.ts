// Embedding a page's passages before the question is asked. A question's dedup step embeds its
// best-ranked candidates with the bi-encoder, and the embedding cache (lib/cache/embeddings.ts)
// keeps every vector by model and text. Embedding the page's candidates while the user reads or
// types turns that step into cache hits. The work yields to questions: it stops between batches as
// soon as one starts, so a question waits at most for one small batch, and it goes on where it
// stopped once the question is answered (`AheadProgress`).

import type { Embedder, ModelPorts } from '../pipeline/ports';
import { pageLanguage } from '../pipeline/language';
import { modelsForLanguages } from '../pipeline/model-choice';
import { RETRIEVE_DEFAULTS } from '../pipeline/retrieve';
import type { PageSnapshot } from '../pipeline/types';
import { candidatesOf } from './run';

export const PREPARE_DEFAULTS = {
  /** Small batches: a question that starts meanwhile waits for one batch at most. */
  batchSize: 4,
  /**
   * Texts embedded at most per page version: enough for a long article's passages and windows;
   * on longer pages (a book, a 16× article) the first ones in reading order.
   */
  maxTexts: 400,
};

/**
 * The texts a question on this page may embed, each once: splitter passages in reading order,
 * then evidence windows. Candidates over the quote length are never ranked, so they are skipped.
 */
export function textsToPrepare(page: PageSnapshot, maxTexts = PREPARE_DEFAULTS.maxTexts): string[] {
  if (page.blocks.length === 0) return [];
  const { candidates } = candidatesOf(page, 0, pageLanguage(page));
  const texts = new Set<string>();
  for (const candidate of candidates) {
    if (texts.size >= maxTexts) break;
    if (candidate.tokens <= RETRIEVE_DEFAULTS.maxQuoteTokens) texts.add(candidate.text);
  }
  return [...texts];
}

/**
 * The bi-encoder a question on this page will most likely use: the multilingual one for a page
 * in another language when it is installed (`modelsForLanguages`), the English one otherwise. The
 * question's own language is not known yet; it is taken to be the page's.
 */
export function embedderForPage(models: ModelPorts, page: PageSnapshot): Embedder | undefined {
  const lang = pageLanguage(page);
  return modelsForLanguages(models, { page: lang, question: lang ?? 'en' }).models.embedder;
}

/**
 * Embeds `texts` a batch at a time (the cached embedder saves each vector) until done or until
 * `stop()` says a question has started. Returns how many texts were embedded.
 */
export async function embedAhead(
  embedder: Embedder,
  texts: readonly string[],
  { stop, batchSize = PREPARE_DEFAULTS.batchSize }: { stop: () => boolean; batchSize?: number },
): Promise<number> {
  let done = 0;
  while (done < texts.length && !stop()) {
    const batch = texts.slice(done, done + batchSize);
    await embedder.embed(batch);
    done += batch.length;
  }
  return done;
}

/**
 * How far one page's embedding-ahead got. A question pauses the work; when no question is left
 * running the worker resumes from `remaining()`, so a user who reads an answer before asking the
 * next question finds the page's later passages cached too, not only those embedded before the
 * first question.
 */
export class AheadProgress<Config> {
  private texts: string[] | undefined;
  private done = 0;

  constructor(
    readonly page: PageSnapshot,
    public config: Config,
  ) {}

  /** The texts not embedded yet, in `textsToPrepare`'s order (computed once per page). */
  remaining(): string[] {
    this.texts ??= textsToPrepare(this.page);
    return this.texts.slice(this.done);
  }

  advance(embedded: number): void {
    this.done += embedded;
  }

  get finished(): boolean {
    return this.texts !== undefined && this.done >= this.texts.length;
  }
}
