// The knowledge-graph stage of one question (EWEK-QA §3.1.2, §3.2): entity linking, ToG-E beam
// search, and the triples linearized as one quote that the composer receives as quote [1].
// No language model anywhere here. Never throws: a failure leaves the triples found so far and a
// note for the panel, and the answer goes on from web evidence.

import { deadline, raceAbort } from '../core/net';
import type { Embedder } from '../pipeline/ports';
import { linearizeTriples, type KgQuote } from './linearize';
import { linkEntities } from './linking';
import { togE, type TogOptions } from './tog';
import type { EntitySearchPort, KgResult, SparqlPort, TopicEntity } from './types';
import { t } from '../core/i18n';

export interface KgPorts {
  sparql: SparqlPort;
  search: EntitySearchPort;
  embedder?: Embedder;
  /** The user's language for entity search (falls back to English and `mul`). */
  language?: string;
  /**
   * The question's language (its page's, unless it is clearly asked in another; see
   * lib/core/language.ts): when known, entities are searched and labelled in it instead of the
   * user's (then English and `mul`), since a question about a French page names things as the
   * page does.
   */
  questionLanguage?: string;
  /** Beam width and depth (EWEK-QA §A.1: both 3). */
  beam?: { width: number; depth: number };
  /** The stage's deadline (default KG_STAGE_DEADLINE_MS). */
  deadlineMs?: number;
}

export interface KgOutcome {
  topicEntities: TopicEntity[];
  /** Null when no entity was found or no triple came back. */
  quote: KgQuote | null;
  result: KgResult | null;
  requests: number;
  notes: string[];
}

/**
 * How long the answer waits for Wikidata. Past it the stage stops, its requests are cancelled and
 * the answer goes on without triples, saying so: a slow or rate-limiting endpoint must not hold
 * the answer (one that always sent 429 with Retry-After 120 once cost 16 requests and 16 minutes).
 */
export const KG_STAGE_DEADLINE_MS = 20_000;

export async function retrieveKg(
  question: string,
  ports: KgPorts,
  options: Partial<TogOptions> = {},
): Promise<KgOutcome> {
  const limit = ports.deadlineMs ?? KG_STAGE_DEADLINE_MS;
  const timer = deadline(limit, options.signal);
  try {
    return await raceAbort(
      search(question, ports, { ...options, signal: timer.signal }),
      timer.signal,
    );
  } catch (error) {
    if (!timer.timedOut()) throw error;
    const seconds = Math.round(limit / 1000);
    return {
      topicEntities: [],
      quote: null,
      result: null,
      requests: 0,
      notes: [t('note_kg_timeout', seconds)],
    };
  } finally {
    timer.done();
  }
}

async function search(
  question: string,
  ports: KgPorts,
  options: Partial<TogOptions> & { signal: AbortSignal },
): Promise<KgOutcome> {
  if (ports.beam) options = { ...ports.beam, ...options };
  const notes: string[] = [];
  // The question's language, else the user's: its names are the page's names. Labels follow it.
  const language = ports.questionLanguage ?? ports.language ?? 'en';
  if (!options.language) options = { ...options, language };
  const linked = await linkEntities(question, ports.search, {
    language,
    signal: options.signal,
    ...(ports.embedder ? { embedder: ports.embedder } : {}),
  });
  if (linked.failures.length > 0)
    notes.push(t('note_kg_search_failed', linked.failures.length, linked.searches));
  if (linked.entities.length === 0) {
    notes.push(t('note_kg_no_entity'));
    return { topicEntities: [], quote: null, result: null, requests: 0, notes };
  }
  const result = await togE(
    question,
    linked.entities,
    { sparql: ports.sparql, ...(ports.embedder ? { embedder: ports.embedder } : {}) },
    options,
  );
  if (result.error) notes.push(t('note_kg_stopped_early', result.error));
  const quote =
    result.triples.length > 0 || (result.counts?.length ?? 0) > 0
      ? linearizeTriples(result.triples, result.counts ?? [])
      : null;
  return { topicEntities: linked.entities, quote, result, requests: result.requests, notes };
}
