// Answering with the cache (issue "offline cached answers"), in this order:
//   1. the same question on the same page version → the stored answer, instantly;
//   2. otherwise the live pipeline; when it could not reach what it needed (offline, or the
//      composer endpoint unreachable) → an earlier answer to a close question, on this page
//      first, then — marked as such — on another page;
//   3. otherwise the live result, which is then the extractive answer over this page.
// The page itself comes from the tab; when the tab cannot be read (an offline error page) the
// panel asks `askCachedPage`, which answers extractively over the stored copy of that URL.
// Everything stored goes through the CacheStore, which never fails a question (store.ts).

import type { CacheStore } from '../cache/store';
import { pageHash } from '../cache/store';
import type { AnswerRecord, FollowUpTurn } from '../cache/db';
import { findSimilar } from '../history/similar';
import { questionKey } from '../history/question';
import { PipelineError } from '../core/errors';
import type { ErrorCode } from '../core/errors';
import type { Embedder } from '../pipeline/ports';
import { splitParagraphs } from '../pipeline/split';
import type { AskRequest, AskResult, PageSnapshot } from '../pipeline/types';
import { t } from '../core/i18n';

/** Where the answer shown came from; the panel words it ("cached answer from 3 days ago"). */
export type AnswerOrigin =
  | { kind: 'live'; offline: boolean }
  | { kind: 'exact'; createdAt: number }
  | {
      kind: 'similar';
      createdAt: number;
      question: string;
      pageUrl: string;
      pageTitle: string;
      samePage: boolean;
      similarity: number;
      method: 'embedding' | 'lexical';
    }
  | {
      kind: 'cached-page';
      fetchedAt: number;
      /** Why the tab itself could not be read: the panel always says so beside such an answer. */
      readError?: ErrorCode;
    };

export interface CachedOutcome {
  result: AskResult;
  origin: AnswerOrigin;
  /** The id of the stored answer (to open or delete from history). */
  answerId?: number;
  /** The live page's version differs from the one the answer was made on: offer "re-verify". */
  pageChanged: boolean;
  /** Why nothing new was stored, when storage is full or broken. */
  storageNote?: string;
}

export interface CachedAskDeps {
  store: CacheStore | null;
  /** The live pipeline (runPipeline with the worker's ports). */
  run: (request: AskRequest) => Promise<AskResult>;
  /** False when the browser says it is offline. */
  online: () => boolean;
  /** The bi-encoder, when loaded: question embeddings for semantic lookup. */
  embedder?: Embedder;
  /** The settings that shape an answer; an exact hit must have the same. */
  configKey?: string;
  now?: () => number;
}

/** Composer failures that mean "could not reach it", as opposed to "it answered badly". */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set([
  'composer-unreachable',
  'composer-timeout',
  'composer-stalled',
  'composer-forbidden-origin',
]);

/** How many stored answers a semantic lookup compares against (the newest). */
const LOOKUP_LIMIT = 2000;

/**
 * `thread`: the saved answer whose thread this question continues (the first turn's id, from the
 * panel); the new answer is then saved inside that record as a follow-up.
 */
export async function askWithCache(
  request: AskRequest & { fresh?: boolean; thread?: number },
  deps: CachedAskDeps,
): Promise<CachedOutcome> {
  const { store } = deps;
  const hash = await pageHash(request.page);
  const key = questionKey(request.question);
  if (store && !request.fresh) {
    const exact = await store.findExact(request.mode, key, request.page.url, hash);
    if (exact?.id !== undefined && reusable(exact) && exact.configKey === deps.configKey) {
      // Not awaited: marking it recently used (a write) need not delay the answer, and the store
      // never rejects.
      void store.touchAnswer(exact.id);
      return {
        result: exact.result,
        origin: { kind: 'exact', createdAt: exact.createdAt },
        answerId: exact.id,
        pageChanged: false,
      };
    }
  }

  const result = await deps.run(request);
  const offline = !deps.online();
  const fallback = result.answer.fallback?.reason.code;
  const degraded = offline || (fallback !== undefined && UNREACHABLE.has(fallback));
  const questionVector = await embedQuestion(request.question, deps.embedder);

  // A fresh ask ("Ask again", "re-verify") wants a new answer, even a degraded one.
  if (degraded && store && !request.fresh) {
    const match = await findSimilar(
      request.question,
      (await store.answersForLookup({ limit: LOOKUP_LIMIT })).filter(reusable),
      {
        pageUrl: request.page.url,
        mode: request.mode,
        ...(deps.embedder ? { embedder: deps.embedder } : {}),
      },
    );
    if (match?.record.id !== undefined) {
      const { record } = match;
      await store.touchAnswer(record.id!);
      return {
        result: record.result,
        origin: {
          kind: 'similar',
          createdAt: record.createdAt,
          question: record.question,
          pageUrl: record.pageUrl,
          pageTitle: record.pageTitle,
          samePage: match.samePage,
          similarity: match.similarity,
          method: match.method,
        },
        answerId: record.id,
        pageChanged: match.samePage && record.pageHash !== hash,
      };
    }
  }

  const now = deps.now ?? Date.now;
  const turn = { mode: result.mode, question: result.question, questionKey: key, pageHash: hash };
  const inThread =
    store && request.thread !== undefined
      ? await appendTurn(store, request.page, request.thread, { ...turn, result, createdAt: now() })
      : undefined;
  const stored =
    inThread ??
    (await save(store, request.page, hash, key, result, now, questionVector, deps.configKey));
  return { result, origin: { kind: 'live', offline: degraded }, pageChanged: false, ...stored };
}

/** Saves the answer inside its thread's record; undefined when it must be saved on its own. */
async function appendTurn(
  store: CacheStore,
  page: PageSnapshot,
  thread: number,
  turn: FollowUpTurn,
): Promise<{ answerId: number } | undefined> {
  await store.putPage(page, splitParagraphs(page.blocks, page.lang ? { lang: page.lang } : {}));
  return (await store.appendFollowUp(thread, turn)) ? { answerId: thread } : undefined;
}

/** The tab could not be read: answer from the stored copy of `url`, extractively (no network). */
export async function askCachedPage(
  request: { mode: AskRequest['mode']; question: string; url: string },
  deps: Pick<CachedAskDeps, 'store'> & { run: (request: AskRequest) => Promise<AskResult> },
): Promise<CachedOutcome> {
  const page = await deps.store?.getPage(request.url);
  if (!page) throw new PipelineError('page-not-cached');
  const result = await deps.run({
    mode: request.mode,
    question: request.question,
    page: page.snapshot,
    sources: 'page',
  });
  return { result, origin: { kind: 'cached-page', fetchedAt: page.fetchedAt }, pageChanged: false };
}

/** An answer made while the composer was failing is no better than a new extractive one. */
function reusable(record: AnswerRecord): boolean {
  return !record.result.answer.fallback;
}

async function embedQuestion(
  question: string,
  embedder: Embedder | undefined,
): Promise<AnswerRecord['questionVector']> {
  if (!embedder) return undefined;
  try {
    const [vector] = await embedder.embed([question]);
    return vector ? { modelId: embedder.modelId, vector } : undefined;
  } catch {
    return undefined;
  }
}

async function save(
  store: CacheStore | null,
  page: PageSnapshot,
  hash: string,
  key: string,
  result: AskResult,
  now: () => number,
  questionVector: AnswerRecord['questionVector'],
  configKey: string | undefined,
): Promise<{ answerId?: number; storageNote?: string }> {
  if (!store) return {};
  await store.putPage(page, splitParagraphs(page.blocks, page.lang ? { lang: page.lang } : {}));
  const id = await store.putAnswer({
    mode: result.mode,
    question: result.question,
    questionKey: key,
    pageUrl: page.url,
    pageHash: hash,
    pageTitle: page.title,
    result,
    createdAt: now(),
    ...(configKey ? { configKey } : {}),
    ...(questionVector ? { questionVector } : {}),
  });
  const status = store.status();
  return {
    ...(id !== null ? { answerId: id } : {}),
    ...(status.caching ? {} : { storageNote: status.reason ?? t('storage_not_saving') }),
  };
}
