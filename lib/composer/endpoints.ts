// Language-model endpoints for the answer composer (EWEK-QA §3.2: one call per question, the
// answer streamed back and cited `[n]`). Two wire protocols:
//   openai-compatible  POST {base}/chat/completions, `stream: true` → server-sent events
//                      (OpenAI, llama.cpp server, vLLM, LM Studio, Ollama's /v1)
//   ollama             POST {base}/api/chat → newline-delimited JSON (Ollama's native API)
// Every way a call can fail becomes a coded PipelineError, so compose.ts can
// fall back to the extractive answer and the panel can say why. Only `fetch` comes in from
// outside (as parameters): the same code runs in the pipeline Worker, Node and vitest.

import { errorText, PipelineError, toErrorInfo, type ErrorInfo } from '../core/errors';
import {
  abortReason,
  deadline,
  type Deadline,
  mediaType,
  readCapped,
  retryAfterSeconds,
  type FetchLike,
} from '../core/net';
import { chunksOf, ndjsonValues, sseData, type ChunkSource } from './stream';
import type { CompleteOptions, ComposerPort, ComposerPrompt } from '../pipeline/ports';
import { parseJson, parseWith } from '../core/guards';
import {
  ErrorBody,
  OllamaLine,
  OpenAiChunk,
  OpenAiModels,
  OllamaTags,
  ProbeAnswer,
} from './replies';
import { excerpt } from '../core/text';
import { t, tn } from '../core/i18n';

export const COMPOSER_DEFAULTS = {
  /** Until the first byte of the answer body: a local model may first have to load. */
  firstByteTimeoutMs: 30_000,
  /** Longest silence between two chunks once the answer has started. */
  idleTimeoutMs: 30_000,
  /** Longer answers are cut here (the panel shows a few paragraphs, not a book). */
  maxAnswerChars: 8_000,
  maxTokens: 512,
  /** Deterministic: the same quotes give the same answer (and the same citations). */
  temperature: 0,
  connectionTimeoutMs: 10_000,
  /** Error bodies and non-streamed answers are read up to this many bytes. */
  maxBodyBytes: 1 << 20,
  /** Server error messages are quoted in error details up to this length. */
  excerptChars: 200,
} as const;

/** Appended to an answer that was cut (maxAnswerChars reached, or the model hit max_tokens). */
export const TRUNCATION_MARK = '…';

export type EndpointKind = 'openai-compatible' | 'ollama';

export interface EndpointConfig {
  /** Base URL: `https://api.openai.com/v1`, `http://127.0.0.1:8080/v1`; Ollama `http://127.0.0.1:11434`. */
  endpoint: string;
  model: string;
  /** OpenAI-compatible only; sent as `Authorization: Bearer …` when set, never otherwise. */
  apiKey?: string;
}

export interface EndpointOptions {
  fetch: FetchLike;
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /**
   * The answer is cut at this many characters: the stream is cancelled and `complete` resolves
   * with the text so far plus TRUNCATION_MARK (a cut answer with its citations is still useful;
   * 'composer-too-long' would throw it away).
   */
  maxAnswerChars?: number;
  maxTokens?: number;
  temperature?: number;
  /** Milliseconds clock, for HTTP-date Retry-After values. */
  now?: () => number;
}

export interface ConnectionOptions {
  fetch: FetchLike;
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
}

export type ConnectionResult = { ok: true; detail: string } | { ok: false; error: ErrorInfo };

/** An OpenAI chat-completions endpoint (or any server that speaks the protocol). */
export function openAiCompatibleComposer(
  config: EndpointConfig,
  options: EndpointOptions,
): ComposerPort {
  return composer('openai-compatible', config, options);
}

/** Ollama's native chat API. A base URL ending in `/v1` or `/api` is accepted and trimmed. */
export function ollamaComposer(
  config: Omit<EndpointConfig, 'apiKey'>,
  options: EndpointOptions,
): ComposerPort {
  return composer('ollama', { endpoint: config.endpoint, model: config.model }, options);
}

/**
 * Checks the settings before the user relies on them: lists the server's models and looks for the
 * configured one (OpenAI-compatible: GET {base}/models, else a 1-token completion when the list
 * endpoint is missing; Ollama: GET {base}/api/tags). Never throws except for the caller's abort.
 */
export async function testComposerConnection(
  kind: EndpointKind,
  config: EndpointConfig,
  options: ConnectionOptions,
): Promise<ConnectionResult> {
  try {
    return { ok: true, detail: await checkConnection(kind, config, options) };
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    return { ok: false, error: toErrorInfo(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Where requests go

interface Target {
  kind: EndpointKind;
  /** Base URL without a trailing slash; a query string (Azure-style `api-version`) is kept. */
  base: URL;
  model: string;
  apiKey: string;
}

/** Throws composer-not-configured / composer-bad-url for settings that cannot work. */
function resolveTarget(kind: EndpointKind, config: EndpointConfig): Target {
  const raw = (config.endpoint ?? '').trim();
  const model = (config.model ?? '').trim();
  if (!raw) throw new PipelineError('composer-not-configured', 'no base URL');
  if (!model) throw new PipelineError('composer-not-configured', 'no model name');
  let base: URL;
  try {
    base = new URL(raw);
  } catch {
    throw new PipelineError('composer-bad-url', `"${excerpt(raw, 80)}" is not a URL`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new PipelineError('composer-bad-url', `${base.protocol} is not http: or https:`);
  }
  // fetch refuses URLs with credentials; the key has its own field (and must not sit in a URL).
  if (base.username || base.password)
    throw new PipelineError('composer-bad-url', 'the URL contains a user name or password');
  base.hash = '';
  let path = base.pathname.replace(/\/+$/, '');
  // People paste the full endpoint URL from a server's docs; take the base back out of it.
  path =
    kind === 'ollama'
      ? path.replace(/\/(?:api(?:\/chat)?|v1(?:\/chat\/completions)?)$/, '')
      : path.replace(/\/chat\/completions$/, '');
  base.pathname = path;
  const apiKey = kind === 'openai-compatible' ? (config.apiKey ?? '').trim() : '';
  // Header values are byte strings: fetch would throw a TypeError that reads like a network error.
  if (apiKey && !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new PipelineError(
      'composer-auth',
      'the API key contains spaces or characters that cannot be sent',
    );
  }
  return { kind, base, model, apiKey };
}

function urlOf(target: Target, path: string): string {
  const url = new URL(target.base.href);
  url.pathname = target.base.pathname.replace(/\/+$/, '') + path;
  return url.href;
}

function requestInit(
  target: Target,
  method: 'GET' | 'POST',
  body: unknown,
  accept: string,
  signal: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (target.apiKey) headers.Authorization = `Bearer ${target.apiKey}`;
  return {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
    credentials: 'omit',
    // docs/SECURITY.md, property 9: the key goes to the configured origin only, and fetch keeps the
    // Authorization header on same-site redirects, so with a key a redirect is an error.
    redirect: target.apiKey ? 'error' : 'follow',
    signal,
  };
}

function labelOf(config: EndpointConfig): string {
  const model = (config.model ?? '').trim();
  let where = (config.endpoint ?? '').trim();
  try {
    where = new URL(where).origin;
  } catch {
    // Shown as typed; complete() reports composer-bad-url.
  }
  return `${model} at ${where}`;
}

// ---------------------------------------------------------------------------------------------
// complete()

/** What one streamed event (or a whole non-streamed answer) contributes. */
interface Piece {
  text?: string;
  /** finish_reason / done_reason; 'done' for `data: [DONE]`. */
  finish?: string;
}

function composer(
  kind: EndpointKind,
  config: EndpointConfig,
  options: EndpointOptions,
): ComposerPort {
  return {
    kind,
    label: labelOf(config),
    complete: (prompt, completeOptions) =>
      complete(kind, config, options, prompt, completeOptions ?? {}),
  };
}

async function complete(
  kind: EndpointKind,
  config: EndpointConfig,
  options: EndpointOptions,
  prompt: ComposerPrompt,
  { signal, onToken, onTruncated }: CompleteOptions,
): Promise<string> {
  if (signal?.aborted) throw abortReason(signal);
  const target = resolveTarget(kind, config);
  const { url, body, accept } = chatRequest(kind, target, options, prompt);
  const watch = watchdog(signal);
  try {
    watch.arm(
      options.firstByteTimeoutMs ?? COMPOSER_DEFAULTS.firstByteTimeoutMs,
      'composer-timeout',
    );
    let response: Response;
    try {
      response = await options.fetch(url, requestInit(target, 'POST', body, accept, watch.signal));
    } catch (error) {
      throw (
        watch.failure(error) ??
        new PipelineError(
          'composer-unreachable',
          `${target.base.origin}: ${errorText(error, COMPOSER_DEFAULTS.excerptChars)}`,
        )
      );
    }
    if (!response.ok)
      throw await errorFromResponse(target, response, options.now ?? Date.now, watch);
    const { text, finish } = await readAnswer(kind, response, watch, options, {
      ...(onToken ? { onToken } : {}),
      ...(onTruncated ? { onTruncated } : {}),
    });
    if (text.trim() === '') {
      throw new PipelineError(
        'composer-bad-response',
        `the endpoint sent no answer text${finish && finish !== 'done' ? ` (finish reason: ${finish})` : ''}`,
      );
    }
    return text;
  } finally {
    watch.done();
  }
}

/** The chat request in the endpoint's own dialect: OpenAI chat completions or Ollama's /api/chat. */
function chatRequest(
  kind: EndpointKind,
  target: Target,
  options: EndpointOptions,
  prompt: ComposerPrompt,
): { url: string; body: unknown; accept: string } {
  const maxTokens = options.maxTokens ?? COMPOSER_DEFAULTS.maxTokens;
  const temperature = options.temperature ?? COMPOSER_DEFAULTS.temperature;
  const messages = [
    { role: 'system', content: prompt.system },
    { role: 'user', content: prompt.user },
  ];
  if (kind === 'openai-compatible')
    return {
      url: urlOf(target, '/chat/completions'),
      body: { model: target.model, messages, stream: true, temperature, max_tokens: maxTokens },
      accept: 'text/event-stream, application/json',
    };
  return {
    url: urlOf(target, '/api/chat'),
    body: {
      model: target.model,
      messages,
      stream: true,
      options: { temperature, num_predict: maxTokens },
    },
    accept: 'application/x-ndjson, application/json',
  };
}

/**
 * Reads the answer as it streams, passing each piece on; stops at the length cap (the answer is
 * marked cut) or at the first finish reason. Leaving the loop cancels the stream, so the server
 * stops generating.
 */
async function readAnswer(
  kind: EndpointKind,
  response: Response,
  watch: Watchdog,
  options: EndpointOptions,
  { onToken, onTruncated }: Pick<CompleteOptions, 'onToken' | 'onTruncated'>,
): Promise<{ text: string; finish: string | undefined }> {
  const maxChars = Math.max(1, options.maxAnswerChars ?? COMPOSER_DEFAULTS.maxAnswerChars);
  const idleMs = options.idleTimeoutMs ?? COMPOSER_DEFAULTS.idleTimeoutMs;
  let text = '';
  const emit = (delta: string) => {
    if (delta === '') return;
    text += delta;
    onToken?.(delta);
  };
  const truncated = () => {
    emit(TRUNCATION_MARK);
    onTruncated?.();
  };
  try {
    for await (const piece of piecesOf(kind, response, watch, idleMs)) {
      if (piece.text) {
        const room = maxChars - text.length;
        if (piece.text.length > room) {
          emit(cut(piece.text, room));
          truncated();
          return { text, finish: 'cut' };
        }
        emit(piece.text);
      }
      // 'length': the model hit max_tokens mid-sentence; say so like a cut answer. Any finish
      // ends the read: some servers keep the stream open after it, or never send [DONE].
      if (piece.finish) {
        if (piece.finish === 'length') truncated();
        return { text, finish: piece.finish };
      }
    }
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    throw (
      watch.failure(error) ??
      new PipelineError(
        'composer-stalled',
        `the connection broke: ${errorText(error, COMPOSER_DEFAULTS.excerptChars)}`,
      )
    );
  }
  return { text, finish: undefined };
}

/** The pieces of an answer: streamed (SSE or NDJSON) or one JSON body when the server ignored `stream`. */
async function* piecesOf(
  kind: EndpointKind,
  response: Response,
  watch: Watchdog,
  idleMs: number,
): AsyncGenerator<Piece, void, undefined> {
  if (
    kind === 'openai-compatible' &&
    mediaType(response.headers.get('content-type')) === 'application/json'
  ) {
    // A non-streaming answer (some proxies drop `stream`): choices[0].message.content.
    const body = await readCapped(response, COMPOSER_DEFAULTS.maxBodyBytes);
    if (!body.ok)
      throw new PipelineError(
        'composer-bad-response',
        `the answer is larger than ${COMPOSER_DEFAULTS.maxBodyBytes} bytes`,
      );
    yield openAiPiece(new TextDecoder().decode(body.bytes));
    return;
  }
  if (!response.body) throw new PipelineError('composer-bad-response', 'the answer has no body');
  const chunks = watched(response.body, watch, idleMs);
  if (kind === 'openai-compatible') {
    for await (const data of sseData(chunks)) yield openAiPiece(data);
  } else {
    // Ollama streams NDJSON; one JSON object with `stream: false` is the same format, one line.
    for await (const value of ndjsonValues(chunks)) yield ollamaPieceOf(value);
  }
}

/** Each chunk restarts the idle timer: the first one ends the first-byte wait. */
async function* watched(
  body: ChunkSource,
  watch: Watchdog,
  idleMs: number,
): AsyncGenerator<Uint8Array, void, undefined> {
  for await (const chunk of chunksOf(body)) {
    watch.arm(idleMs, 'composer-stalled');
    yield chunk;
  }
}

function openAiPiece(data: string): Piece {
  if (data.trim() === '[DONE]') return { finish: 'done' };
  const payload = parseJson(data);
  if (payload === undefined)
    throw new PipelineError('composer-bad-response', `not JSON: ${excerpt(data, 80)}`);
  const chunk = parseWith(OpenAiChunk, payload);
  if (chunk?.error !== undefined) throw midStreamError(payload);
  const choice = chunk?.choices?.[0];
  // Chunks without choices (usage statistics, keep-alives) carry no text.
  if (!choice) {
    if (chunk?.choices || chunk?.object !== undefined) return {};
    throw new PipelineError('composer-bad-response', `no choices in: ${excerpt(data, 80)}`);
  }
  const content = choice.delta?.content ?? choice.message?.content;
  const finish = choice.finish_reason;
  return {
    ...(content !== undefined && { text: content }),
    ...(finish && { finish }),
  };
}

function ollamaPieceOf(payload: unknown): Piece {
  const line = parseWith(OllamaLine, payload);
  if (!line) throw new PipelineError('composer-bad-response', 'a stream line is not a JSON object');
  if (line.error !== undefined) throw midStreamError(payload);
  const content = line.message?.content;
  return {
    ...(content !== undefined && { text: content }),
    ...(line.done === true && { finish: line.done_reason || 'stop' }),
  };
}

/** `{"error": …}` inside a 200 stream (vLLM, llama.cpp and Ollama report late failures so). */
function midStreamError(payload: unknown): PipelineError {
  const { message, code } = errorMessageOf(payload);
  const detail = `the endpoint reported an error: ${message || 'no message'}`;
  return new PipelineError(
    mentionsMissingModel(`${message} ${code}`)
      ? 'composer-model-not-found'
      : 'composer-server-error',
    detail,
  );
}

/** Cuts `text` to `room` characters without splitting a surrogate pair. */
function cut(text: string, room: number): string {
  if (room <= 0) return '';
  const code = text.charCodeAt(room - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? room - 1 : room);
}

// ---------------------------------------------------------------------------------------------
// Timers

type TimerCode = 'composer-timeout' | 'composer-stalled';

interface Watchdog {
  /** Aborts the request and its body: on the caller's abort, or when the armed timer fires. */
  signal: AbortSignal;
  /** (Re)starts the timer; when it fires the request is aborted and failure() reports `code`. */
  arm(ms: number, code: TimerCode): void;
  /** The error to throw for a fetch/read failure caused by an abort, else undefined. */
  failure(error: unknown): unknown;
  done(): void;
}

// search/http.ts `deadline()` has one fixed timer; a stream needs a timer that restarts on every
// chunk (first-byte wait, then idle gaps) on the same signal, since the body is bound to the
// signal the request was made with.
function watchdog(parent: AbortSignal | undefined): Watchdog {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired: { code: TimerCode; ms: number } | undefined;
  const onAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    arm(ms, code) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        fired = { code, ms };
        controller.abort(new DOMException(`nothing received within ${ms} ms`, 'TimeoutError'));
      }, ms);
    },
    failure() {
      // The caller's cancel is not a composer failure: rethrow its own reason.
      if (parent?.aborted) return abortReason(parent);
      if (!fired) return undefined;
      return fired.code === 'composer-timeout'
        ? new PipelineError('composer-timeout', `no answer within ${fired.ms} ms`)
        : new PipelineError('composer-stalled', `nothing received for ${fired.ms} ms`);
    },
    done() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP errors

/** Reads (a capped piece of) the error body and maps the status to a code. */
async function errorFromResponse(
  target: Target,
  response: Response,
  now: () => number,
  watch?: Pick<Watchdog, 'failure'>,
): Promise<unknown> {
  let text = '';
  try {
    const body = await readCapped(response, 64 * 1024);
    if (body.ok) text = new TextDecoder().decode(body.bytes);
  } catch (error) {
    // The status alone still says what went wrong, unless the caller cancelled.
    const failure = watch?.failure(error);
    if (failure && !(failure instanceof PipelineError)) return failure;
  }
  const status = response.status;
  const type = mediaType(response.headers.get('content-type'));
  const { message, code } = errorMessageOf(parseJson(text), text, type);
  const quoted = redact(message, target.apiKey);
  const detail = `HTTP ${status}${quoted ? `: ${quoted}` : ''}`;

  if (status === 429) {
    const wait = retryAfterSeconds(response.headers, now());
    const error = new PipelineError(
      'composer-rate-limited',
      `${detail}${wait !== undefined ? `; retry after ${wait} s` : ''}`,
    );
    // Same shape as the search providers' 429, so `retryAfterOf` reads it.
    return Object.assign(error, { retryAfterSeconds: wait });
  }
  // Ollama answers a disallowed Origin (OLLAMA_ORIGINS) with a bare 403 before any routing.
  if (status === 403 && target.kind === 'ollama' && text.trim() === '')
    return new PipelineError('composer-forbidden-origin', detail);
  if (status === 401 || status === 403) return new PipelineError('composer-auth', detail);
  if (mentionsMissingModel(`${message} ${code}`))
    return new PipelineError('composer-model-not-found', detail);
  if (status === 404) {
    return new PipelineError(
      'composer-model-not-found',
      `${detail} at ${new URL(response.url || target.base.href).pathname}; check the model name and the base URL`,
    );
  }
  return new PipelineError('composer-server-error', detail);
}

/**
 * The human-readable message of an error body, short and on one line: OpenAI `{error:{message,
 * code}}`, Ollama `{error:"…"}`, vLLM/FastAPI `{message}`/`{detail}`; an HTML page gives its
 * <title>, plain text itself. Never throws.
 */
function errorMessageOf(payload: unknown, text = '', type = ''): { message: string; code: string } {
  const body = parseWith(ErrorBody, payload);
  const error = body?.error;
  const candidates = [
    typeof error === 'string' ? error : error?.message,
    body?.message,
    body?.detail,
  ];
  let message = candidates.find((c) => c !== undefined && c.trim() !== '') ?? '';
  const code = typeof error === 'object' ? String(error.code ?? error.type ?? '') : '';
  if (!message && payload === undefined && text.trim() !== '') {
    if (type === 'text/html' || /^\s*</.test(text)) {
      // Never quote markup: a proxy's error page can be large and full of script.
      message =
        /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ??
        /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1] ??
        'an HTML error page';
    } else {
      message = text;
    }
  }
  return { message: excerpt(message, COMPOSER_DEFAULTS.excerptChars), code };
}

// "The model `x` does not exist" (OpenAI, vLLM), `model "x" not found, try pulling it first`
// (Ollama), code "model_not_found" (OpenAI), "model 'x' not found" (LM Studio, llama-swap).
function mentionsMissingModel(text: string): boolean {
  return /model_not_found|\bmodel\b.{0,120}?\b(?:not found|does ?n[o']t exist|no such|not available|is not loaded)|\b(?:unknown|no such) model\b/i.test(
    text,
  );
}

/** Drops the API key from a server message before it reaches an error detail (and the UI). */
function redact(message: string, apiKey: string): string {
  return apiKey.length >= 4 ? message.split(apiKey).join('[key]') : message;
}

// ---------------------------------------------------------------------------------------------
// testComposerConnection()

async function checkConnection(
  kind: EndpointKind,
  config: EndpointConfig,
  options: ConnectionOptions,
): Promise<string> {
  const target = resolveTarget(kind, config);
  if (options.signal?.aborted) throw abortReason(options.signal);
  const timeoutMs = options.timeoutMs ?? COMPOSER_DEFAULTS.connectionTimeoutMs;
  const timer = deadline(timeoutMs, options.signal);
  const request = jsonRequester(target, options, timer, timeoutMs);
  try {
    return kind === 'ollama'
      ? await checkOllamaModel(target, request)
      : await checkOpenAiModel(target, request);
  } finally {
    timer.done();
  }
}

/** One request's status and parsed JSON body (undefined when not JSON), or the coded failure. */
interface JsonReply {
  response: Response;
  payload: unknown;
  error: unknown;
}
type JsonRequester = (path: string, method: 'GET' | 'POST', body?: unknown) => Promise<JsonReply>;

/** Requests for the connection check: bodies capped and parsed; unreachable and timeouts coded. */
function jsonRequester(
  target: Target,
  options: ConnectionOptions,
  timer: Deadline,
  timeoutMs: number,
): JsonRequester {
  const now = options.now ?? Date.now;
  return async (path, method, body) => {
    try {
      const response = await options.fetch(
        urlOf(target, path),
        requestInit(target, method, body, 'application/json', timer.signal),
      );
      if (!response.ok)
        return {
          response,
          payload: undefined,
          error: await errorFromResponse(target, response, now),
        };
      const read = await readCapped(response, COMPOSER_DEFAULTS.maxBodyBytes);
      const payload = read.ok ? parseJson(new TextDecoder().decode(read.bytes)) : undefined;
      if (payload !== undefined) return { response, payload, error: undefined };
      const type = mediaType(response.headers.get('content-type')) || 'no content type';
      const error = new PipelineError(
        'composer-bad-response',
        `${path}: not JSON (${type}); is this the right base URL?`,
      );
      return { response, payload, error };
    } catch (error) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      if (timer.timedOut())
        throw new PipelineError('composer-timeout', `no answer within ${timeoutMs} ms`);
      throw new PipelineError(
        'composer-unreachable',
        `${target.base.origin}: ${errorText(error, COMPOSER_DEFAULTS.excerptChars)}`,
      );
    }
  };
}

async function checkOllamaModel(target: Target, request: JsonRequester): Promise<string> {
  const { payload, error } = await request('/api/tags', 'GET');
  if (error) throw error;
  const tags = parseWith(OllamaTags, payload);
  if (!tags) throw new PipelineError('composer-bad-response', '/api/tags: no models list');
  const names = tags.models
    .map((m) => m.name ?? m.model)
    .filter((n): n is string => n !== undefined);
  // Ollama names a model `llama3.1:latest` when pulled as `llama3.1`; either spelling works.
  const bare = (name: string) => name.replace(/:latest$/, '');
  return found(
    target.model,
    names,
    names.some((n) => bare(n) === bare(target.model)),
  );
}

async function checkOpenAiModel(target: Target, request: JsonRequester): Promise<string> {
  const { response, payload, error } = await request('/models', 'GET');
  if (response.status === 404) {
    // Some servers have no model list: ask for one token instead.
    const probe = await request('/chat/completions', 'POST', {
      model: target.model,
      messages: [{ role: 'user', content: 'Reply with OK.' }],
      stream: false,
      max_tokens: 1,
      temperature: 0,
    });
    if (probe.error) throw probe.error;
    if (!parseWith(ProbeAnswer, probe.payload))
      throw new PipelineError('composer-bad-response', '/chat/completions: no choices');
    return t('connection_ok_answered', target.model);
  }
  if (error) throw error;
  const models = parseWith(OpenAiModels, payload);
  if (!models) throw new PipelineError('composer-bad-response', '/models: no data list');
  const ids = models.data.map((m) => m.id).filter((id): id is string => id !== undefined);
  return found(target.model, ids, ids.includes(target.model));
}

function found(model: string, names: string[], present: boolean): string {
  const count = `${names.length} model${names.length === 1 ? '' : 's'}`;
  if (present)
    return tn(names.length, 'connection_ok_listed_one', 'connection_ok_listed_other', model);
  const shown = names.slice(0, 5).join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  throw new PipelineError(
    'composer-model-not-found',
    names.length === 0
      ? `the server has no models`
      : `model ${excerpt(model, 80)} is not among the ${count}: ${shown}${more}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Small helpers
