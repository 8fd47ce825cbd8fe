// Batches of similar length for the ONNX sessions: a batch is padded to its longest row, so a
// batch mixing a 10-token line with a 128-token paragraph costs as much as one of 128-token rows.
// Sorting by length first makes each batch about as long as its rows; results come back in the
// caller's order.

/**
 * Runs `runBatch` over `items` in batches of at most `batchSize`, shortest first by `lengthOf`,
 * and returns the results in the order of `items`. `runBatch` returns one result per item.
 */
export async function inLengthOrder<T, R>(
  items: readonly T[],
  lengthOf: (item: T) => number,
  batchSize: number,
  runBatch: (batch: T[]) => Promise<ArrayLike<R>>,
): Promise<R[]> {
  const order = items.map((_, i) => i).sort((a, b) => lengthOf(items[a]!) - lengthOf(items[b]!));
  const out = new Array<R>(items.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const indices = order.slice(start, start + batchSize);
    const results = await runBatch(indices.map((i) => items[i]!));
    if (results.length !== indices.length)
      throw new Error(`a batch of ${indices.length} gave ${results.length} results`);
    indices.forEach((i, j) => (out[i] = results[j]!));
  }
  return out;
}
