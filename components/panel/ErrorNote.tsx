import type { ErrorInfo } from '@/lib/core/errors';

/** Why the question could not be answered, in words; the code is for tests and styling. */
export function ErrorNote({ error }: { error: ErrorInfo }) {
  return (
    <div className="error" role="alert" data-error={error.code}>
      {error.message}
    </div>
  );
}
