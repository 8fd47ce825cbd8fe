// Things the pipeline Worker keeps between questions: one per key, made again when it changes.

import type { CachePort } from '../core/cache';

/**
 * Holds one value made from settings (a search client, Wikidata clients, loaded models) so that
 * its queues and caches outlive a question; a new key makes a new one and hands the old one to
 * `replaced` (to free it).
 */
export function keyedSlot<T>(replaced?: (old: T) => void): (key: string, make: () => T) => T {
  let held: { key: string; value: T } | null = null;
  return (key, make) => {
    if (held?.key !== key) {
      if (held) replaced?.(held.value);
      held = { key, value: make() };
    }
    return held.value;
  };
}

/** A cache port whose keys are kept apart from others in the same table by a prefix. */
export function prefixed<T>(port: CachePort<T>, prefix: string): CachePort<T> {
  return {
    get: (key) => port.get(prefix + key),
    set: (key, value) => port.set(prefix + key, value),
  };
}
