// Chrome's built-in model (the Prompt API, `LanguageModel`), used when the browser has it. It is
// detected at run time: Settings hides the choice when `availability()` says `unavailable` or the
// global is missing, and the pipeline falls back to the extractive composer if it disappears.

import { PipelineError } from '../core/errors';
import type { ComposerPort, ComposerPrompt, CompleteOptions } from '../pipeline/ports';

/** The part of the Prompt API we use (Chrome 138+); typed here because @types/chrome lacks it. */
export interface LanguageModelApi {
  availability(
    options?: LanguageModelOptions,
  ): Promise<'unavailable' | 'downloadable' | 'downloading' | 'available'>;
  create(
    options?: LanguageModelOptions & {
      initialPrompts?: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
      signal?: AbortSignal;
    },
  ): Promise<LanguageModelSession>;
}

interface LanguageModelOptions {
  expectedInputs?: Array<{ type: 'text'; languages?: string[] }>;
  expectedOutputs?: Array<{ type: 'text'; languages?: string[] }>;
}

interface LanguageModelSession {
  promptStreaming(
    input: string,
    options?: { signal?: AbortSignal },
  ): ReadableStream<string> | AsyncIterable<string>;
  destroy(): void;
}

const TEXT_IO: LanguageModelOptions = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

/** The Prompt API of this context, or null. */
export function findLanguageModel(scope: unknown = globalThis): LanguageModelApi | null {
  const api = (scope as { LanguageModel?: LanguageModelApi }).LanguageModel;
  return api && typeof api.availability === 'function' && typeof api.create === 'function'
    ? api
    : null;
}

/** True when the built-in model can be used now or after Chrome downloads it. */
export async function builtInModelUsable(api: LanguageModelApi | null): Promise<boolean> {
  if (!api) return false;
  try {
    return (await api.availability(TEXT_IO)) !== 'unavailable';
  } catch {
    return false;
  }
}

export function chromePromptComposer(
  api: LanguageModelApi | null,
  options: { maxAnswerChars?: number } = {},
): ComposerPort {
  const maxChars = options.maxAnswerChars ?? 8000;
  return {
    kind: 'chrome-prompt',
    label: "Chrome's built-in model",
    async complete(prompt: ComposerPrompt, { signal, onToken, onTruncated }: CompleteOptions = {}) {
      if (!(await builtInModelUsable(api))) throw new PipelineError('composer-unavailable');
      const session = await api!.create({
        ...TEXT_IO,
        initialPrompts: [{ role: 'system', content: prompt.system }],
        ...(signal ? { signal } : {}),
      });
      try {
        let text = '';
        for await (const chunk of iterate(
          session.promptStreaming(prompt.user, signal ? { signal } : {}),
        )) {
          // Early Chrome versions streamed the whole text so far; later ones stream deltas.
          const delta =
            chunk.startsWith(text) && text.length > 0 ? chunk.slice(text.length) : chunk;
          text += delta;
          if (delta) onToken?.(delta);
          if (text.length > maxChars) {
            onTruncated?.();
            return `${text.slice(0, maxChars)} …`;
          }
        }
        return text;
      } finally {
        session.destroy();
      }
    },
  };
}

async function* iterate(
  stream: ReadableStream<string> | AsyncIterable<string>,
): AsyncIterable<string> {
  if (Symbol.asyncIterator in stream) {
    yield* stream as AsyncIterable<string>;
    return;
  }
  const reader = (stream as ReadableStream<string>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
