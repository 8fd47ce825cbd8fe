// The keys that decide what the pipeline Worker may reuse: a cached answer, and loaded models.

import { savedAddress } from '../core/net';
import type { ModelPorts } from '../pipeline/ports';
import type { AskRequest } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import type { WorkerConfig } from './worker-api';

/**
 * What shapes an answer — settings, the sources asked for, and which models actually loaded (an
 * answer ranked by keywords before a model download is not the answer the models would give): a
 * cached answer is reused only when all of it is the same. The API key and the time limit do not
 * change an answer, so a new key keeps the cache; the key is stored with the answer, so it holds
 * no secret (docs/SECURITY.md, property 9).
 */
export function answerConfigKey(
  config: Pick<WorkerConfig, 'composer' | 'search' | 'knowledgeGraph' | 'retrieval'>,
  request: Pick<AskRequest, 'sources'>,
  models: ModelPorts,
): string {
  const { composer, search, knowledgeGraph, retrieval } = config;
  return JSON.stringify({
    // Saved with the answer: addresses without their query strings, which can hold keys.
    composer: [
      composer.kind,
      savedAddress(composer.endpoint),
      composer.model,
      composer.minConfidence,
    ],
    // Whether local results may be read changes which pages an answer quotes.
    search: [search.provider, savedAddress(search.searxngUrl), search.allowLocalResults],
    knowledgeGraph,
    sources: request.sources ?? retrieval.sources,
    rerank: retrieval.rerank,
    models: [
      models.filter?.modelId,
      models.reranker?.modelId,
      models.embedder?.modelId,
      models.device,
      // The exact-answer model changes which words of a quote are marked as the answer.
      models.reader?.modelId,
      // Pages in other languages are ranked by these when installed.
      models.multilingual?.filter?.modelId,
      models.multilingual?.embedder?.modelId,
    ],
  });
}

/**
 * Which loaded models can be kept: the same device, ranking on or off, reranker and files. Downloaded files are
 * known by when their download completed, so a new (or a removed and repeated) download gives a
 * new key and the files are read again.
 */
export function modelsKey(
  retrieval: Pick<Settings['retrieval'], 'device' | 'rerank' | 'useModels'>,
  files: { bundledUrl: string } | { downloadedAt: string },
): string {
  const { device, rerank, useModels } = retrieval;
  return 'downloadedAt' in files
    ? JSON.stringify(['download', device, rerank, useModels, files.downloadedAt])
    : JSON.stringify([device, rerank, useModels, files.bundledUrl]);
}
