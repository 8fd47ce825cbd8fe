// Confusion counts and threshold sweeps shared by the eval scripts (`npm run eval`).

export interface Confusion {
  n: number;
  accuracy: number;
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface Row extends Confusion {
  threshold: number;
}

/** Counts of predicted vs actual positives; precision and recall are 1 when nothing was predicted/positive. */
export function confusion(
  items: ReadonlyArray<{ positive: boolean; predicted: boolean }>,
): Confusion {
  let tp = 0,
    fp = 0,
    tn = 0,
    fn = 0;
  for (const { positive, predicted } of items) {
    if (predicted && positive) tp++;
    else if (predicted) fp++;
    else if (positive) fn++;
    else tn++;
  }
  return {
    n: items.length,
    accuracy: items.length ? (tp + tn) / items.length : 0,
    precision: tp + fp > 0 ? tp / (tp + fp) : 1,
    recall: tp + fn > 0 ? tp / (tp + fn) : 1,
    tp,
    fp,
    tn,
    fn,
  };
}

/** One row per threshold 0.30…0.95 (step 0.01), predicting with `predict(item, threshold)`. */
export function sweep<T extends { positive: boolean }>(
  items: readonly T[],
  predict: (item: T, threshold: number) => boolean,
): Row[] {
  const rows: Row[] = [];
  for (let i = 30; i <= 95; i++) {
    const threshold = i / 100;
    rows.push({
      threshold,
      ...confusion(
        items.map((item) => ({ positive: item.positive, predicted: predict(item, threshold) })),
      ),
    });
  }
  return rows;
}
