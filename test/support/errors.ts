// The coded error a promise rejects with, for tests: 'resolved' when it did not reject, and a
// readable line when it rejected with something other than a PipelineError.

import { PipelineError } from '../../lib/core/errors';

export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof PipelineError ? error.code : `not a PipelineError: ${String(error)}`;
  }
}
