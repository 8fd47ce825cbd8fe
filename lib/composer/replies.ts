// What composer endpoints send back, as valibot schemas: the one place that says which reply
// shapes are accepted. Servers differ (OpenAI, vLLM, llama.cpp, LM Studio, Ollama) and add fields
// freely, so objects accept unknown keys, and a known field of the wrong type reads as absent
// (`maybe`) rather than failing the whole reply: a chunk whose `content` is not a string carries
// no text, exactly as a chunk without `content`.

import * as v from 'valibot';

/** An optional field; a value of another type reads as absent. */
const maybe = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

const Message = v.object({ content: maybe(v.string()) });

const Choice = v.object({
  delta: maybe(Message),
  message: maybe(Message),
  finish_reason: maybe(v.string()),
});

/** One OpenAI chat-completions chunk (streamed) or a whole non-streamed answer. */
export const OpenAiChunk = v.object({
  error: v.optional(v.unknown()),
  object: v.optional(v.unknown()),
  choices: maybe(v.array(v.fallback(Choice, {}))),
});

/** One line of Ollama's `/api/chat` stream. */
export const OllamaLine = v.object({
  error: v.optional(v.unknown()),
  message: maybe(Message),
  done: maybe(v.boolean()),
  done_reason: maybe(v.string()),
});

/** Error bodies: OpenAI `{error:{message,code,type}}`, Ollama `{error:"…"}`, vLLM/FastAPI `{message}`/`{detail}`. */
export const ErrorBody = v.object({
  error: maybe(
    v.union([
      v.string(),
      v.object({
        message: maybe(v.string()),
        code: maybe(v.union([v.string(), v.number()])),
        type: maybe(v.string()),
      }),
    ]),
  ),
  message: maybe(v.string()),
  detail: maybe(v.string()),
});

const Named = v.fallback(v.object({ name: maybe(v.string()), model: maybe(v.string()) }), {});

/** Ollama's `/api/tags`: the models pulled on the server. */
export const OllamaTags = v.object({ models: v.array(Named) });

/** OpenAI's `/models`: the model ids the server serves. */
export const OpenAiModels = v.object({
  data: v.array(v.fallback(v.object({ id: maybe(v.string()) }), {})),
});

/** A one-token probe's answer: only that it has choices matters. */
export const ProbeAnswer = v.object({ choices: v.array(v.unknown()) });
