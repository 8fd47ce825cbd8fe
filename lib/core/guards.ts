// Untrusted JSON (endpoint replies, saved records, imported files, the model manifest) is checked
// against a valibot schema before anything reads it: schemas say what we accept, and a reply that
// does not match is treated as a bad response, never half-read. These are the only helpers for it.

import * as v from 'valibot';

/** A plain object (not null, not an array): the one hand-written guard, for narrowing `unknown`. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as the schema's output, or `undefined` when it does not match. Never throws. */
export function parseWith<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
): v.InferOutput<S> | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? result.output : undefined;
}

/** JSON text as a value, or `undefined` when it is not JSON. Never throws. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `value[key]` when value is a plain object that has that own key, else undefined. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}
