// The NLI model's outputs as the pipeline's NliScorer gives them: three logits per pair turned into
// softmax probabilities, each under its class name. Which logit is which class differs between
// models (cross-encoder/nli-deberta-v3-xsmall: contradiction, entailment, neutral; other MNLI
// models: entailment, neutral, contradiction, or upper-case names), so the order is read from the
// model's config.json `id2label`, never assumed.

import * as v from 'valibot';
import { field, isRecord, parseWith } from '../core/guards';
import type { NliProbabilities } from '../pipeline/ports';

export type NliLabel = keyof NliProbabilities;
export const NLI_LABELS: readonly NliLabel[] = ['entailment', 'contradiction', 'neutral'];

/** The logits column of each class. */
export type NliColumns = Record<NliLabel, number>;

// config.json is untrusted JSON: `id2label` maps the column ("0") to the class name, in a plain
// object (valibot's `record` alone would take an array too).
const Id2LabelSchema = v.pipe(
  v.custom<Record<string, unknown>>(isRecord),
  v.record(v.pipe(v.string(), v.regex(/^(0|[1-9]\d*)$/)), v.string()),
);

/**
 * Each class's column from a config's `id2label`, names compared case-blind; undefined unless it has
 * exactly three columns, 0 to 2, naming entailment, contradiction and neutral once each.
 */
export function nliColumns(config: unknown): NliColumns | undefined {
  const id2label = parseWith(Id2LabelSchema, field(config, 'id2label'));
  if (!id2label) return undefined;
  const entries = Object.entries(id2label).map(([id, label]) => [Number(id), label.toLowerCase()]);
  if (entries.length !== NLI_LABELS.length) return undefined;
  const columns: Partial<NliColumns> = {};
  for (const [column, label] of entries as Array<[number, string]>) {
    const known = NLI_LABELS.find((name) => name === label);
    if (!known || column >= NLI_LABELS.length || columns[known] !== undefined) return undefined;
    columns[known] = column;
  }
  return columns as NliColumns;
}

/** Softmax over one row of logits, by class (max subtracted first, so large logits cannot overflow). */
export function nliProbabilities(logits: ArrayLike<number>, columns: NliColumns): NliProbabilities {
  const values = NLI_LABELS.map((label) => logits[columns[label]]!);
  const max = Math.max(...values);
  const exps = values.map((x) => Math.exp(x - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  const [entailment, contradiction, neutral] = exps.map((e) => e / sum) as [number, number, number];
  return { entailment, contradiction, neutral };
}
