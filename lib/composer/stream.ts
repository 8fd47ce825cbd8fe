// Incremental parsers for the two streaming formats composer endpoints speak:
//   - server-sent events (OpenAI-compatible `stream: true`: `data: {chunk}` … `data: [DONE]`),
//     following the WHATWG HTML "Interpreting an event stream" algorithm for the fields we use
//     (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation);
//   - newline-delimited JSON (Ollama's native `/api/chat`, one JSON object per line).
// Both read byte chunks as they arrive, so a token reaches the panel as soon as its line is
// complete, and both cap the size of a line: a server that never sends a newline must not make
// the extension buffer without end. Pure: no timers, no network (endpoints.ts adds those).
// eventsource-parser 3.1 was tried in place of sseData and failed this file's tests: its
// maxBufferSize let an over-long line and an over-long event through, a lone CR did not end a
// line, and it dispatched events with empty data. The spec's algorithm is kept here instead.

import { PipelineError } from '../core/errors';

export const STREAM_LIMITS = {
  /** Longest line (SSE) or JSON object (NDJSON), and longest SSE event data, in UTF-16 units.
   * One OpenAI chunk is a few hundred characters; 1 Mi leaves room for a non-streamed answer. */
  maxLineChars: 1 << 20,
} as const;

export interface StreamOptions {
  maxLineChars?: number;
}

/** What a fetch body is, or any async iterable of byte chunks (tests, wrapped readers). */
export type ChunkSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The chunks of a source. A ReadableStream is read through its reader rather than with
 * `for await` (async iteration of ReadableStream is recent in Chromium and absent from the DOM
 * typings); when the consumer stops early the stream is cancelled, which closes the connection.
 */
export async function* chunksOf(source: ChunkSource): AsyncGenerator<Uint8Array, void, undefined> {
  if (!isReadableStream(source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      if (value && value.byteLength > 0) yield value;
    }
  } finally {
    // Not awaited: a misbehaving server must not be able to hang the caller in cancel().
    if (!finished) reader.cancel().catch(() => {});
    try {
      reader.releaseLock();
    } catch {
      // Nothing to release on an errored stream in older engines.
    }
  }
}

/**
 * The `data` of each server-sent event, in order. Comments (`:` lines), `event`, `id` and `retry`
 * fields are read and ignored; CR, LF and CRLF all end a line, also when a CRLF pair is split
 * across chunks; UTF-8 split across chunks is decoded correctly; a leading BOM is dropped. As the
 * spec says, an event still open when the stream ends (no blank line after it) is discarded.
 * Throws 'composer-bad-response' when a line or one event's data passes `maxLineChars`.
 */
export async function* sseData(
  source: ChunkSource,
  options: StreamOptions = {},
): AsyncGenerator<string, void, undefined> {
  const max = options.maxLineChars ?? STREAM_LIMITS.maxLineChars;
  let data: string[] = [];
  let size = 0;
  for await (const line of linesOf(source, 'sse', max)) {
    if (line === '') {
      // "If the data buffer is an empty string … return": a block without data dispatches nothing.
      if (data.length > 0) yield data.join('\n');
      data = [];
      size = 0;
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') continue;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    size += value.length + 1;
    if (size > max) throw tooLong('an event', max);
    data.push(value);
  }
}

/**
 * One parsed JSON value per non-blank line. Lines end at LF (a trailing CR is JSON whitespace);
 * the last line may lack its newline. Throws 'composer-bad-response' for a line that is not JSON
 * or is longer than `maxLineChars`.
 */
export async function* ndjsonValues(
  source: ChunkSource,
  options: StreamOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const max = options.maxLineChars ?? STREAM_LIMITS.maxLineChars;
  for await (const line of linesOf(source, 'ndjson', max)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      throw new PipelineError(
        'composer-bad-response',
        `a stream line is not JSON: ${excerpt(line)}`,
      );
    }
    yield value;
  }
}

/**
 * Decoded lines. SSE splits at CR, LF and CRLF and drops an unterminated last line (the event it
 * belongs to is discarded anyway); NDJSON splits at LF only and keeps an unterminated last line.
 */
async function* linesOf(
  source: ChunkSource,
  format: 'sse' | 'ndjson',
  max: number,
): AsyncGenerator<string, void, undefined> {
  // Not fatal: the SSE spec decodes invalid UTF-8 as U+FFFD; JSON.parse then judges NDJSON.
  const decoder = new TextDecoder('utf-8');
  const breaks = format === 'sse' ? /\r\n|\r|\n/g : /\n/g;
  let pending = '';
  // The previous chunk ended in CR: an LF at the start of this one completes that CRLF.
  let skipLF = false;

  function* split(text: string): Generator<string> {
    if (skipLF && text.length > 0) {
      if (text.startsWith('\n')) text = text.slice(1);
      skipLF = false;
    }
    breaks.lastIndex = 0;
    let start = 0;
    for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
      const line = pending + text.slice(start, m.index);
      pending = '';
      if (line.length > max) throw tooLong('a line', max);
      yield format === 'ndjson' && line.endsWith('\r') ? line.slice(0, -1) : line;
      start = m.index + m[0].length;
      if (m[0] === '\r' && start === text.length) skipLF = true;
    }
    pending += text.slice(start);
    if (pending.length > max) throw tooLong('a line', max);
  }

  for await (const chunk of chunksOf(source)) yield* split(decoder.decode(chunk, { stream: true }));
  yield* split(decoder.decode());
  if (format === 'ndjson' && pending !== '') yield pending;
}

function isReadableStream(source: ChunkSource): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream<Uint8Array>).getReader === 'function';
}

function tooLong(what: string, max: number): PipelineError {
  return new PipelineError(
    'composer-bad-response',
    `${what} in the stream is longer than ${max} characters`,
  );
}

/** A short, single-line piece of server text for an error detail. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
