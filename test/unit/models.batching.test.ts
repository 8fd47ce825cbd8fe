// Length-ordered batching for the ONNX sessions, and the WebAssembly thread count.
import { describe, expect, it } from 'vitest';
import { inLengthOrder, lengthBatches } from '../../lib/models/batching';
import { wasmThreads } from '../../lib/models/transformers';

describe('inLengthOrder', () => {
  it('batches similar lengths together and returns results in the callers order', async () => {
    const texts = [
      'a long line of text',
      'ab',
      'abcdefgh',
      'a',
      'abcd',
      'a much longer line of text',
    ];
    const batches: string[][] = [];
    const out = await inLengthOrder(
      texts,
      (t) => t.length,
      { batchSize: 2, maxSpread: Infinity },
      async (batch) => {
        batches.push(batch);
        return batch.map((t) => t.toUpperCase());
      },
    );
    expect(batches).toEqual([
      ['a', 'ab'],
      ['abcd', 'abcdefgh'],
      ['a long line of text', 'a much longer line of text'],
    ]);
    expect(out).toEqual(texts.map((t) => t.toUpperCase()));
  });

  it('closes a batch before a row much longer than its first, so short rows are not padded', () => {
    // A question's cross-encoder call: short evidence windows and full paragraphs.
    const lengths = [300, 60, 620, 75, 580, 64, 310, 600];
    const batches = lengthBatches(lengths, { batchSize: 16, maxSpread: 1.25, overhead: 16 });
    expect(batches.map((b) => b.map((i) => lengths[i]))).toEqual([
      [60, 64, 75],
      [300, 310],
      [580, 600, 620],
    ]);
    // Full batches still close at batchSize, and Infinity keeps every batch full.
    expect(lengthBatches([1, 1, 1], { batchSize: 2, maxSpread: 1.25, overhead: 16 })).toEqual([
      [0, 1],
      [2],
    ]);
    expect(lengthBatches(lengths, { batchSize: 4, maxSpread: Infinity, overhead: 0 })).toHaveLength(
      2,
    );
  });

  it('refuses a batch that returns the wrong number of results', async () => {
    await expect(
      inLengthOrder(
        ['a', 'b'],
        (t) => t.length,
        { batchSize: 2 },
        async () => ['only one'],
      ),
    ).rejects.toThrow('a batch of 2 gave 1 results');
  });
});

describe('wasmThreads', () => {
  it('uses every core up to 4 when cross-origin isolated, else one', () => {
    expect(wasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 2 } })).toBe(
      2,
    );
    expect(wasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 16 } })).toBe(
      4,
    );
    expect(wasmThreads({ crossOriginIsolated: false, navigator: { hardwareConcurrency: 8 } })).toBe(
      1,
    );
    expect(wasmThreads({})).toBe(1);
  });
});
