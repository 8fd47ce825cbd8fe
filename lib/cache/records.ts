// What a record read back from IndexedDB must look like before a caller sees it: one valibot
// schema per record kind, all here. Rows are untrusted: an older version of the extension, other
// code on the same origin or a damaged profile may have written them. A row that fails its schema
// is skipped and deleted by the reader (a cache miss), never half-read.
//
// The schemas are loose objects that check what readers rely on and keep every other field, and
// they are applied with `v.is`: a valid row reaches the caller as stored, not as a copy (an answer
// with its quotes and prompt is large, and listings walk thousands of them).

import * as v from 'valibot';
import type { AnswerRecord, CacheRecord, EmbeddingRecord, PageRecord } from './db';

/** Times and byte counts. */
const Finite = v.pipe(v.number(), v.finite());

const PageRowSchema = v.looseObject({
  key: v.string(),
  url: v.string(),
  hash: v.string(),
  title: v.string(),
  fetchedAt: Finite,
  passages: v.array(v.unknown()),
  // Page hashes and exact lookups read the blocks' text.
  snapshot: v.looseObject({ blocks: v.array(v.looseObject({ text: v.string() })) }),
});

/** What the panel reads of a result straight away: result.answer and result.quotes. */
const ResultRowSchema = v.looseObject({ answer: v.looseObject({}), quotes: v.array(v.unknown()) });

const FollowUpRowSchema = v.looseObject({
  mode: v.string(),
  question: v.string(),
  questionKey: v.string(),
  pageHash: v.string(),
  createdAt: Finite,
  result: ResultRowSchema,
});

const AnswerRowSchema = v.looseObject({
  id: v.number(),
  mode: v.string(),
  question: v.string(),
  questionKey: v.string(),
  pageUrl: v.string(),
  pageHash: v.string(),
  pageTitle: v.string(),
  createdAt: Finite,
  // The panel reads result.answer (fallback, text, citations) and result.quotes straight away.
  result: ResultRowSchema,
  // A thread's later turns: opening the thread shows each, so each is checked like the first.
  followUps: v.optional(v.array(FollowUpRowSchema)),
});

/** An answer's question vector, checked apart: a bad one costs only the semantic lookup. */
const QuestionVectorSchema = v.looseObject({
  modelId: v.string(),
  vector: v.instance(Float32Array),
});

const EmbeddingRowSchema = v.looseObject({
  modelId: v.string(),
  vector: v.instance(Float32Array),
});

const CacheRowSchema = v.looseObject({
  key: v.string(),
  expiresAt: Finite,
  // Present, whatever it holds: a cached response may be any JSON-like value, `undefined` too.
  value: v.unknown(),
});

const UsageSchema = v.pipe(Finite, v.minValue(0));

/** A finite number (a time, a byte count, a quota). */
export function isFiniteNumber(value: unknown): value is number {
  return v.is(Finite, value);
}

export function isPageRow(row: unknown): row is PageRecord {
  return v.is(PageRowSchema, row);
}

export function isAnswerRow(row: unknown): row is AnswerRecord {
  return v.is(AnswerRowSchema, row);
}

/** The answer without its question vector when that is of the wrong shape; else as it was. */
export function withValidVector(record: AnswerRecord): AnswerRecord {
  const vector: unknown = record.questionVector;
  if (vector === undefined || v.is(QuestionVectorSchema, vector)) return record;
  const { questionVector: _dropped, ...rest } = record;
  return rest;
}

/** An embedding row of `modelId`'s; another model's vector under the same key is a bad row. */
export function isEmbeddingRow(row: unknown, modelId: string): row is EmbeddingRecord {
  return v.is(EmbeddingRowSchema, row) && row.modelId === modelId;
}

export function isCacheRow(row: unknown): row is CacheRecord {
  return v.is(CacheRowSchema, row);
}

/** A ledger row's bytes; a foreign or missing count counts as nothing. */
export function bytesOf(row: { bytes?: unknown } | undefined): number {
  const bytes = row?.bytes;
  return isFiniteNumber(bytes) ? bytes : 0;
}

/** The usage total kept in `meta`, or undefined when it is missing or not a byte count. */
export function storedUsage(meta: { bytes?: unknown } | undefined): number | undefined {
  const bytes = meta?.bytes;
  return v.is(UsageSchema, bytes) ? bytes : undefined;
}

/** A row's primary key (`key` or `id`) to delete it by, whatever else is wrong with it. */
export function primaryKeyOf(row: unknown, name: 'key' | 'id'): unknown {
  return typeof row === 'object' && row !== null
    ? (row as Record<string, unknown>)[name]
    : undefined;
}
