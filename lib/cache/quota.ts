// Recognising the browser's "storage is full" error, however IndexedDB and Dexie wrap it.

const QUOTA_NAMES = new Set([
  'QuotaExceededError',
  // Older Firefox.
  'NS_ERROR_DOM_QUOTA_REACHED',
]);

/**
 * True when `error` is, or wraps, a quota error: a DOMException or Dexie.QuotaExceededError, or
 * an AbortError / Dexie.AbortError (what a transaction that failed on commit rejects with) whose
 * `inner` — possibly nested — is one. Also follows `cause` and a BulkError's `failures`.
 */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    // Depth and `seen` bound the walk: error objects are foreign data and may be cyclic.
    if (depth > 8 || typeof value !== 'object' || value === null || seen.has(value)) return false;
    seen.add(value);
    const { name, inner, cause, failures } = value as {
      name?: unknown;
      inner?: unknown;
      cause?: unknown;
      failures?: unknown;
    };
    if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
    if (visit(inner, depth + 1) || visit(cause, depth + 1)) return true;
    return Array.isArray(failures) && failures.some((failure) => visit(failure, depth + 1));
  };
  return visit(error, 0);
}
