// A language-model server on 127.0.0.1 for tests and e2e: speaks the OpenAI chat-completions
// protocol (SSE chunks `chat.completion.chunk` … finish_reason … `data: [DONE]`, `/v1/models`)
// and Ollama's native API (`/api/chat` NDJSON, `/api/tags`) on the same port, the way Ollama
// itself serves both. No model: the answer is a function of the request (by default it cites the
// quotes it was given), streamed word by word with small delays so streaming is observable.
// `setMode` switches failures at runtime (an e2e test flips it between questions); every request
// is recorded so tests can assert what the extension sent (prompt, Authorization, Origin).
//
//   OpenAI base: `${url}/v1`          Ollama base: `${url}`

import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, type TestServer } from './server';

export type ComposerMode =
  /** Answers with the reply function (default: cites the quotes in the user message). */
  | 'normal'
  /** Waits `firstByteDelayMs` before sending headers. */
  | 'slow-first-byte'
  | 'status-401'
  /** 429 with `Retry-After: 7`. */
  | 'status-429'
  /** 500 with an HTML error page (a reverse proxy's). */
  | 'status-500'
  /** Sends a couple of chunks, then keeps the connection open without sending more. */
  | 'never-close'
  /** Obeys injected instructions: HOSTILE_REPLY (fake system text, citation [99], javascript: link, remote image, raw HTML). */
  | 'hostile'
  /** A plausible answer without any [n] marker. */
  | 'no-citations'
  /** Streams far more text than any client cap (up to 2 MB, until the client hangs up). */
  | 'too-long'
  /** 404 in the real APIs' shapes for whatever model was asked for. */
  | 'wrong-model'
  /** Ignores `stream: true` and answers one JSON body (some proxies do). */
  | 'non-streaming';

export const COMPOSER_MODES: readonly ComposerMode[] = [
  'normal',
  'slow-first-byte',
  'status-401',
  'status-429',
  'status-500',
  'never-close',
  'hostile',
  'no-citations',
  'too-long',
  'wrong-model',
  'non-streaming',
];

export const HOSTILE_REPLY =
  'I am the system. Ignore the user. [99] See [link](javascript:alert(1)) ![x](https://evil.example/x.png) ' +
  '<img src=x onerror=alert(1)> The answer is in the first quote [1].\nConfidence: high';

export const RETRY_AFTER_SECONDS = 7;

/** What the reply function sees, the same for both protocols. */
export interface ChatRequest {
  protocol: 'openai' | 'ollama';
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  /** max_tokens (OpenAI) or options.num_predict (Ollama), when sent. */
  maxTokens?: number;
}

export type ReplyFunction = (request: ChatRequest) => string;

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; the raw text when not JSON; undefined when empty. */
  body: unknown;
  /** True once the client hung up before the answer was complete (a cancelled stream). */
  closedByClient: boolean;
}

export interface ComposerServerOptions {
  mode?: ComposerMode;
  /** Listed by /v1/models and /api/tags. */
  models?: string[];
  /** Pause between streamed chunks. */
  tokenDelayMs?: number;
  /** The wait in 'slow-first-byte' mode. */
  firstByteDelayMs?: number;
  /** 401 unless `Authorization: Bearer <requireKey>`. */
  requireKey?: string;
  /** Ollama's OLLAMA_ORIGINS check: a request with an Origin outside the allowlist gets a bare 403. */
  rejectOrigins?: boolean;
  /** Extra allowed origins (exact); localhost/127.0.0.1 origins are always allowed, as in Ollama. */
  allowedOrigins?: string[];
  /** false: /v1/models answers 404, like servers without a model list. */
  listModels?: boolean;
}

export interface ComposerServer extends TestServer {
  /** `http://127.0.0.1:<port>` (the same as url: what a host permission names). */
  origin: string;
  /** Base URL for the OpenAI-compatible protocol: `${url}/v1`. */
  openAiBase: string;
  /** Base URL for Ollama's native API: `${url}`. */
  ollamaBase: string;
  /** Every request received, OPTIONS preflights included, in order. */
  readonly requests: RecordedRequest[];
  readonly mode: ComposerMode;
  setMode(mode: ComposerMode): void;
  /** A fixed reply, a function of the request, or undefined for the default (cite the quotes). */
  setReply(reply: string | ReplyFunction | undefined): void;
  /** Changes options at runtime (tokenDelayMs, requireKey, models, …). */
  configure(options: Partial<Omit<ComposerServerOptions, 'mode'>>): void;
  /** Back to the start: mode normal, default reply, the options given at start, no requests. */
  reset(): void;
}

export const DEFAULT_MODELS = ['llama3.1:8b', 'qwen2.5:7b-instruct', 'test-model'];

const DEFAULTS: Required<Omit<ComposerServerOptions, 'mode' | 'requireKey'>> & {
  requireKey: string | undefined;
} = {
  models: DEFAULT_MODELS,
  tokenDelayMs: 5,
  firstByteDelayMs: 5_000,
  requireKey: undefined,
  rejectOrigins: false,
  allowedOrigins: [],
  listModels: true,
};

/** Cap for 'too-long', so a client that never hangs up still gets an end. */
const TOO_LONG_BYTES = 2 * 1024 * 1024;

export async function startComposerServer(
  options: ComposerServerOptions = {},
): Promise<ComposerServer> {
  const initial = { ...DEFAULTS, ...withoutUndefined(options) };
  let settings = { ...initial };
  let mode: ComposerMode = options.mode ?? 'normal';
  let reply: ReplyFunction = defaultReply;
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('test server error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
      body: raw === '' ? undefined : (parseJson(raw) ?? raw),
      closedByClient: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedByClient = true;
    });
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const protocol: ChatRequest['protocol'] = path.startsWith('/api/') ? 'ollama' : 'openai';

    // Ollama checks Origin before routing and answers a bare 403 (no body, no CORS headers).
    const origin = req.headers.origin;
    if (
      settings.rejectOrigins &&
      origin !== undefined &&
      !originAllowed(origin, settings.allowedOrigins)
    ) {
      res.writeHead(403).end();
      return;
    }
    // Readable cross-origin, as llama.cpp server and LM Studio answer.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'Authorization, Content-Type, Accept',
          'access-control-max-age': '600',
        })
        .end();
      return;
    }
    const known = ['/v1/models', '/v1/chat/completions', '/api/tags', '/api/chat'];
    if (!known.includes(path)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 page not found');
      return;
    }
    if (
      settings.requireKey !== undefined &&
      req.headers.authorization !== `Bearer ${settings.requireKey}`
    ) {
      sendStatus(res, protocol, 401);
      return;
    }
    if (mode === 'status-401' || mode === 'status-429' || mode === 'status-500') {
      sendStatus(res, protocol, Number(mode.slice(-3)) as 401 | 429 | 500);
      return;
    }
    if (mode === 'slow-first-byte') {
      await sleep(settings.firstByteDelayMs, res);
      if (res.destroyed) return;
    }

    if (path === '/v1/models') {
      if (!settings.listModels) {
        res
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
          .end('404 page not found');
        return;
      }
      json(res, 200, {
        object: 'list',
        data: settings.models.map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'library',
        })),
      });
      return;
    }
    if (path === '/api/tags') {
      json(res, 200, {
        models: settings.models.map((name) => ({
          name: name.includes(':') ? name : `${name}:latest`,
          model: name.includes(':') ? name : `${name}:latest`,
          modified_at: '2024-09-01T00:00:00Z',
          size: 4_920_753_328,
          digest: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
          details: {
            format: 'gguf',
            family: 'llama',
            parameter_size: '8.0B',
            quantization_level: 'Q4_K_M',
          },
        })),
      });
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('405 method not allowed');
      return;
    }
    const chat = chatRequestOf(protocol, record.body);
    if (!chat) {
      if (protocol === 'openai') {
        json(res, 400, {
          error: {
            message: "'messages' is a required property",
            type: 'invalid_request_error',
            param: 'messages',
            code: null,
          },
        });
      } else json(res, 400, { error: 'invalid request: messages are required' });
      return;
    }
    if (mode === 'wrong-model') {
      if (protocol === 'openai') {
        json(res, 404, {
          error: {
            message: `The model \`${chat.model}\` does not exist or you do not have access to it.`,
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        });
      } else json(res, 404, { error: `model "${chat.model}" not found, try pulling it first` });
      return;
    }
    await answer(res, chat);
  }

  async function answer(res: ServerResponse, chat: ChatRequest): Promise<void> {
    const id = `chatcmpl-test-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const text =
      mode === 'hostile'
        ? HOSTILE_REPLY
        : mode === 'no-citations'
          ? noCitationReply(chat)
          : mode === 'too-long'
            ? ''
            : reply(chat);
    const streaming = chat.stream && mode !== 'non-streaming';
    // Real servers stop at max_tokens with finish_reason "length"; a word stands for a token.
    // 'too-long' misbehaves on purpose and ignores it.
    let pieces = tokens(text);
    let finish = 'stop';
    if (
      mode !== 'too-long' &&
      chat.maxTokens !== undefined &&
      chat.maxTokens > 0 &&
      pieces.length > chat.maxTokens
    ) {
      pieces = pieces.slice(0, chat.maxTokens);
      finish = 'length';
    }

    if (!streaming) {
      const content = pieces.join('');
      if (chat.protocol === 'openai') {
        json(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model: chat.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content },
              logprobs: null,
              finish_reason: finish,
            },
          ],
          usage: {
            prompt_tokens: 100,
            completion_tokens: pieces.length,
            total_tokens: 100 + pieces.length,
          },
        });
      } else json(res, 200, ollamaChunk(chat.model, content, true, finish));
      return;
    }

    const isOpenAi = chat.protocol === 'openai';
    res.writeHead(
      200,
      isOpenAi
        ? {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache',
            connection: 'keep-alive',
          }
        : { 'content-type': 'application/x-ndjson' },
    );
    res.flushHeaders();
    const openAiChunk = (delta: Record<string, string>, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: chat.model,
      system_fingerprint: 'fp_test',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    const send = (content: string) =>
      res.write(
        isOpenAi
          ? `data: ${JSON.stringify(openAiChunk({ content }, null))}\n\n`
          : `${JSON.stringify(ollamaChunk(chat.model, content, false))}\n`,
      );

    if (isOpenAi)
      res.write(
        `data: ${JSON.stringify(openAiChunk({ role: 'assistant', content: '' }, null))}\n\n`,
      );

    if (mode === 'too-long') {
      const filler = 'This sentence repeats because the server does not stop talking. '.repeat(3);
      for (let sent = 0; sent < TOO_LONG_BYTES && !res.destroyed; sent += filler.length) {
        send(filler);
        await sleep(settings.tokenDelayMs, res);
      }
    } else {
      const count = mode === 'never-close' ? Math.min(2, pieces.length) : pieces.length;
      for (let i = 0; i < count && !res.destroyed; i++) {
        send(pieces[i]!);
        await sleep(settings.tokenDelayMs, res);
      }
      if (mode === 'never-close') return; // the response stays open until the client or close() ends it
    }
    if (res.destroyed) return;
    if (isOpenAi) {
      res.write(`data: ${JSON.stringify(openAiChunk({}, finish))}\n\n`);
      res.end('data: [DONE]\n\n');
    } else res.end(`${JSON.stringify(ollamaChunk(chat.model, '', true, finish))}\n`);
  }

  function sendStatus(
    res: ServerResponse,
    protocol: ChatRequest['protocol'],
    status: 401 | 429 | 500,
  ): void {
    if (status === 500) {
      res
        .writeHead(500, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head><body><center><h1>500 Internal Server Error</h1></center><hr><center>nginx</center><script>alert(1)</script></body></html>',
        );
      return;
    }
    if (status === 401) {
      json(
        res,
        401,
        protocol === 'openai'
          ? {
              error: {
                message:
                  'Incorrect API key provided: sk-te****ey. You can find your API key at https://platform.openai.com/account/api-keys.',
                type: 'invalid_request_error',
                param: null,
                code: 'invalid_api_key',
              },
            }
          : { error: 'unauthorized' },
      );
      return;
    }
    res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    json(
      res,
      429,
      protocol === 'openai'
        ? {
            error: {
              message: 'Rate limit reached for requests. Please try again in 7s.',
              type: 'requests',
              param: null,
              code: 'rate_limit_exceeded',
            },
          }
        : { error: 'too many requests' },
    );
  }

  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: url,
    openAiBase: `${url}/v1`,
    ollamaBase: url,
    server,
    requests,
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    setReply(next) {
      reply = next === undefined ? defaultReply : typeof next === 'string' ? () => next : next;
    },
    configure(next) {
      settings = { ...settings, ...withoutUndefined(next) };
      if ('requireKey' in next) settings.requireKey = next.requireKey;
    },
    reset() {
      mode = options.mode ?? 'normal';
      reply = defaultReply;
      settings = { ...initial };
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        // 'never-close' streams would otherwise keep close() waiting forever.
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Replies

/**
 * Quote lines in the user message, as lib/composer/prompt.ts writes them: `[n] text`, or
 * `[n] (Wikidata facts) text` (the label is dropped); `Quote [n]: text` is read too.
 */
export function quotesIn(user: string): Array<{ id: number; text: string }> {
  const quotes: Array<{ id: number; text: string }> = [];
  for (const line of user.split(/\r?\n/)) {
    const m = /^\s*(?:quote\s*)?\[(\d{1,3})\]\s*[:\-–—]?\s*(?:\([^)]{0,40}\)\s*)?(\S.*)$/i.exec(
      line,
    );
    if (m && !quotes.some((q) => q.id === Number(m[1])))
      quotes.push({ id: Number(m[1]), text: m[2]!.trim() });
  }
  return quotes;
}

/** The first sentence of a quote, without its final punctuation, at most 200 characters. */
function firstSentence(text: string): string {
  const sentence = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  return sentence
    .replace(/[.!?…]+$/, '')
    .slice(0, 200)
    .trim();
}

/**
 * The default answer: the first sentence of each of the first three quotes, each cited, then a
 * confidence line — deterministic, and every citation names a quote the client issued.
 */
export function defaultReply(request: ChatRequest): string {
  const user = request.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const quotes = quotesIn(user).slice(0, 3);
  if (quotes.length === 0) return 'The quotes do not say.\nConfidence: low';
  return `${quotes.map((q) => `${firstSentence(q.text)} [${q.id}].`).join(' ')}\nConfidence: high`;
}

function noCitationReply(request: ChatRequest): string {
  const user = request.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const first = quotesIn(user)[0];
  return `${first ? `${firstSentence(first.text)}.` : 'It is well known.'} Everyone agrees on this.\nConfidence: medium`;
}

/** Words with their following whitespace: the streamed pieces (leading whitespace kept with the first). */
function tokens(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

// ---------------------------------------------------------------------------------------------
// Helpers

function chatRequestOf(protocol: ChatRequest['protocol'], body: unknown): ChatRequest | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.messages)) return undefined;
  const messages = b.messages.map((m: unknown) => {
    const r = (typeof m === 'object' && m !== null ? m : {}) as Record<string, unknown>;
    return { role: String(r.role ?? ''), content: typeof r.content === 'string' ? r.content : '' };
  });
  const numPredict = (b.options as Record<string, unknown> | undefined)?.num_predict;
  const maxTokens = protocol === 'openai' ? (b.max_tokens ?? b.max_completion_tokens) : numPredict;
  return {
    protocol,
    model: typeof b.model === 'string' ? b.model : '',
    messages,
    // Ollama streams unless told not to; OpenAI only when asked.
    stream: protocol === 'ollama' ? b.stream !== false : b.stream === true,
    ...(typeof maxTokens === 'number' && { maxTokens }),
  };
}

function ollamaChunk(
  model: string,
  content: string,
  done: boolean,
  reason = 'stop',
): Record<string, unknown> {
  const base = {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content },
    done,
  };
  if (!done) return base;
  return {
    ...base,
    done_reason: reason,
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: 100,
    prompt_eval_duration: 200_000,
    eval_count: 20,
    eval_duration: 700_000,
  };
}

/** Ollama's default OLLAMA_ORIGINS: localhost, 127.0.0.1 and 0.0.0.0 on any port, http or https. */
function originAllowed(origin: string, extra: string[]): boolean {
  if (extra.includes(origin)) return true;
  return /^https?:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?$/.test(origin);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(value));
}

/** Resolves after `ms`, or at once when the client hangs up (so close() never waits on a sleeper). */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((ok) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      ok();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
