// The pipeline's Web Worker: keeps splitting, ranking and composing off the panel's UI thread.
// Errors come back as coded ErrorInfo values (Error subclasses do not survive postMessage).

import * as Comlink from 'comlink';
import { toErrorInfo, type ErrorInfo } from '@/lib/pipeline/errors';
import { runPipeline } from '@/lib/pipeline/run';
import type { AskRequest, AskResult, StageProgress } from '@/lib/pipeline/types';

export type WorkerReply = { ok: true; result: AskResult } | { ok: false; error: ErrorInfo };

const api = {
  async run(request: AskRequest, onProgress: (progress: StageProgress) => void): Promise<WorkerReply> {
    try {
      return { ok: true, result: await runPipeline(request, { onProgress }) };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  },
};

export type PipelineWorkerApi = typeof api;

Comlink.expose(api);
