// The schemas rows read back from IndexedDB must pass (lib/cache/records.ts): what they refuse is
// skipped and deleted by the store, so they must refuse exactly the rows readers cannot use and
// keep every field of the rows they accept.
import { describe, expect, it } from 'vitest';
import type { AnswerRecord } from '../../lib/cache/db';
import {
  bytesOf,
  isAnswerRow,
  isCacheRow,
  isEmbeddingRow,
  isPageRow,
  primaryKeyOf,
  storedUsage,
  withValidVector,
} from '../../lib/cache/records';

const page = {
  key: 'https://a.test/\u0000h',
  url: 'https://a.test/',
  hash: 'h',
  title: 'A',
  snapshot: { url: 'https://a.test/', blocks: [{ kind: 'paragraph', text: 'x' }] },
  passages: [],
  fetchedAt: 1,
};

const answer = {
  id: 1,
  mode: 'answer',
  question: 'q',
  questionKey: 'q',
  pageUrl: 'https://a.test/',
  pageHash: 'h',
  pageTitle: 'A',
  createdAt: 1,
  result: { answer: {}, quotes: [] },
};

describe('cache record schemas', () => {
  it('pages: accepted as stored; refused without text blocks, passages or a finite time', () => {
    expect(isPageRow(page)).toBe(true);
    expect(isPageRow({ ...page, snapshot: { url: 'x' } })).toBe(false);
    expect(isPageRow({ ...page, snapshot: { blocks: [{ text: 1 }] } })).toBe(false);
    expect(isPageRow({ ...page, passages: 'none' })).toBe(false);
    expect(isPageRow({ ...page, fetchedAt: Infinity })).toBe(false);
    expect(isPageRow(null)).toBe(false);
  });

  it('answers: refused without a result the panel can read; a bad vector is dropped, not the answer', () => {
    expect(isAnswerRow(answer)).toBe(true);
    expect(isAnswerRow({ ...answer, result: 'text' })).toBe(false);
    expect(isAnswerRow({ ...answer, result: { answer: {} } })).toBe(false);
    expect(isAnswerRow({ ...answer, createdAt: '1' })).toBe(false);
    const { id: _id, ...noId } = answer;
    expect(isAnswerRow(noId)).toBe(false);

    const good = { ...answer, questionVector: { modelId: 'm', vector: new Float32Array([1]) } };
    expect(withValidVector(good as unknown as AnswerRecord)).toBe(good);
    const bad = { ...answer, configKey: 'c', questionVector: { modelId: 'm', vector: [1] } };
    const kept = withValidVector(bad as unknown as AnswerRecord);
    expect(kept).not.toHaveProperty('questionVector');
    expect(kept).toMatchObject({ configKey: 'c', id: 1 });
  });

  it('embeddings: only a Float32Array of the asked model', () => {
    const row = { key: 'k', modelId: 'm', vector: new Float32Array([1]) };
    expect(isEmbeddingRow(row, 'm')).toBe(true);
    expect(isEmbeddingRow(row, 'other')).toBe(false);
    expect(isEmbeddingRow({ ...row, vector: [1] }, 'm')).toBe(false);
  });

  it('cached responses: a key, a finite expiry and a value, even an undefined one', () => {
    expect(isCacheRow({ key: 'k', value: undefined, storedAt: 0, expiresAt: 5 })).toBe(true);
    expect(isCacheRow({ key: 'k', storedAt: 0, expiresAt: 5 })).toBe(false);
    expect(isCacheRow({ key: 'k', value: 1, expiresAt: 'never' })).toBe(false);
  });

  it('ledger bytes and the usage total: foreign values count as nothing or as missing', () => {
    expect(bytesOf({ bytes: 12 })).toBe(12);
    expect(bytesOf({ bytes: '12' })).toBe(0);
    expect(bytesOf(undefined)).toBe(0);
    expect(storedUsage({ bytes: 0 })).toBe(0);
    expect(storedUsage({ bytes: -1 })).toBeUndefined();
    expect(storedUsage({ bytes: NaN })).toBeUndefined();
    expect(storedUsage(undefined)).toBeUndefined();
  });

  it("a corrupt row's primary key, where it has one", () => {
    expect(primaryKeyOf({ id: 3 }, 'id')).toBe(3);
    expect(primaryKeyOf('text', 'key')).toBeUndefined();
    expect(primaryKeyOf(null, 'key')).toBeUndefined();
  });
});
