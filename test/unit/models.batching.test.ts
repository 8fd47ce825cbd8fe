// Length-ordered batching for the ONNX sessions, and the WebAssembly thread count.
import { describe, expect, it } from 'vitest';
import { inLengthOrder } from '../../lib/models/batching';
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
      2,
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

  it('refuses a batch that returns the wrong number of results', async () => {
    await expect(
      inLengthOrder(
        ['a', 'b'],
        (t) => t.length,
        2,
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
