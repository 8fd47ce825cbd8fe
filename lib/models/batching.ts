// Batches of similar length for the ONNX sessions: a batch is padded to its longest row, so a
// batch mixing a 10-token line with a 128-token paragraph costs as much as one of 128-token rows.
// Sorting by length first makes each batch about as long as its rows, and a batch closes early
// when the next row would make it much longer than its first: the rows of one question's
// cross-encoder call range from a short window to a 128-token paragraph, and padding them all to
// the longest cost about a quarter more time than a few calls of similar rows (a call itself is
// cheap next to the rows' work). Results come back in the caller's order.

export interface LengthBatching {
  /** Most rows in one batch. */
  batchSize: number;
  /**
   * A batch closes when the next row is longer than its first row by more than this factor
   * (lengths counted with `overhead` added); `Infinity` keeps every batch full.
   */
  maxSpread: number;
  /** Length every row has besides what `lengthOf` counts (the special tokens). */
  overhead: number;
}

/** What the product's sessions use: calls of 16 at most, rows within a quarter of each other. */
export const LENGTH_BATCHING: LengthBatching = { batchSize: 16, maxSpread: 1.25, overhead: 16 };

/**
 * Runs `runBatch` over `items` in batches of similar length (`LengthBatching`), shortest first by
 * `lengthOf`, and returns the results in the order of `items`. `runBatch` returns one result per
 * item.
 */
export async function inLengthOrder<T, R>(
  items: readonly T[],
  lengthOf: (item: T) => number,
  batching: Partial<LengthBatching>,
  runBatch: (batch: T[]) => Promise<ArrayLike<R>>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  for (const indices of lengthBatches(items.map(lengthOf), { ...LENGTH_BATCHING, ...batching })) {
    const results = await runBatch(indices.map((i) => items[i]!));
    if (results.length !== indices.length)
      throw new Error(`a batch of ${indices.length} gave ${results.length} results`);
    indices.forEach((i, j) => (out[i] = results[j]!));
  }
  return out;
}

/** The batches, as indices into `lengths`, shortest rows first. */
export function lengthBatches(lengths: readonly number[], batching: LengthBatching): number[][] {
  const { batchSize, maxSpread, overhead } = batching;
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]!);
  const batches: number[][] = [];
  for (const i of order) {
    const current = batches.at(-1);
    const first = current ? lengths[current[0]!]! + overhead : 0;
    if (current && current.length < batchSize && lengths[i]! + overhead <= first * maxSpread)
      current.push(i);
    else batches.push([i]);
  }
  return batches;
}
