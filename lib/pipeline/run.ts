// Runs one question through the pipeline: split → rank → compose (→ verdict). The same function
// runs in the side panel's Web Worker, the CLI, vitest and the benchmark; the page reading that
// precedes it needs a DOM and happens in the content script (browser) or lib/page (Node).

import { parseCitations } from './citations';
import { composeExtractive } from './compose-extractive';
import { PipelineError } from './errors';
import { validateQuestion } from './question';
import { rankPassages } from './rank';
import { splitParagraphs } from './split';
import type { AskRequest, AskResult, Quote, StageName, StageProgress } from './types';
import { verdictFromEvidence } from './verdict';

export interface PipelinePorts {
  /** Reports each stage starting and finishing, for the panel's progress list. */
  onProgress?: (progress: StageProgress) => void;
  /** Milliseconds clock; injected so tests and benchmarks control time. */
  now?: () => number;
}

/** EWEK-QA §A.1: the top 5 quotes go to the composer. */
export const DEFAULT_TOP_K = 5;

export async function runPipeline(request: AskRequest, ports: PipelinePorts = {}): Promise<AskResult> {
  const now = ports.now ?? (() => performance.now());
  const timings: Partial<Record<StageName, number>> = {};
  const stage = async <T>(name: StageName, work: () => T, detail: (result: T) => string): Promise<T> => {
    ports.onProgress?.({ stage: name, status: 'running' });
    const started = now();
    try {
      // Yield before each stage so progress messages reach the UI between stages.
      await Promise.resolve();
      const result = work();
      timings[name] = now() - started;
      ports.onProgress?.({ stage: name, status: 'done', ms: timings[name], detail: detail(result) });
      return result;
    } catch (error) {
      ports.onProgress?.({ stage: name, status: 'failed' });
      throw error;
    }
  };

  const question = validateQuestion(request.question);
  const { page } = request;
  if (page.blocks.length === 0) throw new PipelineError('page-empty');

  const passages = await stage(
    'split',
    () => splitParagraphs(page.blocks, page.lang ? { lang: page.lang } : {}),
    (p) => `${p.length} passages`,
  );
  if (passages.length === 0) throw new PipelineError('page-empty', 'no passage of 10 words or more');

  const quotes = await stage(
    'rank',
    () => {
      const total = page.blocks.length;
      return rankPassages(question, passages)
        .slice(0, request.topK ?? DEFAULT_TOP_K)
        .map(
          ({ passage, score, coverage }, i): Quote => ({
            id: i + 1,
            passageId: passage.id,
            text: passage.text,
            score,
            coverage,
            source: {
              kind: 'page',
              url: page.url,
              title: page.title,
              ...(passage.section ? { section: passage.section } : {}),
              blockIndex: passage.blockIndex,
              blockKind: passage.kind,
              position: { block: passage.blockIndex + 1, of: total },
            },
          }),
        );
    },
    (q) => `top ${q.length} of ${passages.length}`,
  );

  const answer = await stage(
    'compose',
    () => {
      const composed = composeExtractive(question, quotes, { mode: request.mode });
      const parsed = parseCitations(composed.text, new Set(quotes.map((q) => q.id)));
      return {
        text: composed.text,
        sentences: parsed.sentences,
        cited: parsed.cited,
        droppedCitations: parsed.dropped,
        composer: 'extractive' as const,
        answered: composed.answered,
      };
    },
    (a) => (a.answered ? `${a.cited.length} citations` : 'no answer on this page'),
  );

  return {
    mode: request.mode,
    question,
    answer,
    quotes,
    ...(request.mode === 'verify' ? { verdict: verdictFromEvidence(quotes) } : {}),
    timings,
    passageCount: passages.length,
    page: { url: page.url, title: page.title, extractor: page.extractor, truncated: page.truncated },
  };
}
