// lib/composer/stream.ts: the SSE and NDJSON parsers under every way a network can cut a stream
// into chunks (WHATWG "Interpreting an event stream"; Ollama's NDJSON), and their size caps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import { ndjsonValues, sseData } from '../../lib/composer/stream';
import { codeOf } from '../support/errors';

const encoder = new TextEncoder();

/** A ReadableStream of the given chunks; `cancelled` turns true when the consumer cancels it. */
function streamOf(chunks: Array<string | Uint8Array>) {
  const state = { cancelled: false, pulled: 0 };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      if (i >= chunks.length) controller.close();
      else {
        const chunk = chunks[i++]!;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Splits bytes at the given cut points (sorted, deduplicated, inside the array). */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const p of points) {
    parts.push(bytes.subarray(start, p));
    start = p;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

describe('sseData', () => {
  it.each<[string, string, string[]]>([
    ['one event', 'data: hello\n\n', ['hello']],
    ['two events', 'data: a\n\ndata: b\n\n', ['a', 'b']],
    ['multi-line data joins with LF', 'data: a\ndata: b\n\n', ['a\nb']],
    ['CRLF line ends', 'data: x\r\n\r\ndata: y\r\n\r\n', ['x', 'y']],
    ['CR line ends', 'data: x\r\rdata: y\r\r', ['x', 'y']],
    ['mixed line ends', 'data: x\r\ndata: y\n\r\n', ['x\ny']],
    ['comments are ignored and dispatch nothing', ': keep-alive\n\n:another\ndata: y\n\n', ['y']],
    ['no space after the colon', 'data:x\n\n', ['x']],
    ['only one leading space is removed', 'data:  x\n\n', [' x']],
    ['a data line without a colon is empty data', 'data\n\n', ['']],
    ['empty data is dispatched', 'data:\n\n', ['']],
    [
      'event, id and retry fields are ignored',
      'event: message\nid: 7\nretry: 100\ndata: z\n\n',
      ['z'],
    ],
    ['unknown fields are ignored', 'foo: bar\ndata: z\n\n', ['z']],
    ['a block without data dispatches nothing', 'event: ping\n\n', []],
    ['an event still open at the end is discarded', 'data: a\n\ndata: b\n', ['a']],
    ['an unterminated last line is discarded', 'data: a\n\ndata: b', ['a']],
    ['a leading BOM is dropped', '\uFEFFdata: a\n\n', ['a']],
    ['[DONE] is passed on as data', 'data: {"x":1}\n\ndata: [DONE]\n\n', ['{"x":1}', '[DONE]']],
    ['colons in the value are kept', 'data: {"a":"b:c"}\n\n', ['{"a":"b:c"}']],
  ])('%s', async (_name, input, expected) => {
    expect(await collect(sseData(streamOf([input]).stream))).toEqual(expected);
  });

  it('joins an event split across chunks, including a CRLF split between CR and LF', async () => {
    const chunks = ['da', 'ta: he', 'llo\r', '\n\r', '\ndata: next\r', '\n', '\r\n'];
    expect(await collect(sseData(streamOf(chunks).stream))).toEqual(['hello', 'next']);
  });

  it('does not read a CR at the end of one chunk and an LF at the start of the next as two lines', async () => {
    // Were the pair read as two line ends, the empty line would dispatch 'a' and 'b' separately.
    const events = await collect(sseData(streamOf(['data: a\r', '\ndata: b\r', '\n\r\n']).stream));
    expect(events).toEqual(['a\nb']);
  });

  it('decodes UTF-8 split inside multi-byte characters', async () => {
    const bytes = encoder.encode('data: é — 😀 ok\n\n');
    // Cut after every single byte: every multi-byte sequence is split.
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    expect(await collect(sseData(streamOf(chunks).stream))).toEqual(['é — 😀 ok']);
  });

  it('reads an async iterable of chunks as well as a ReadableStream', async () => {
    async function* source() {
      yield encoder.encode('data: a\n');
      yield encoder.encode('\ndata: b\n\n');
    }
    expect(await collect(sseData(source()))).toEqual(['a', 'b']);
  });

  it('throws composer-bad-response for a line over the cap, also when it arrives in small chunks', async () => {
    expect(
      await codeOf(
        collect(sseData(streamOf([`data: ${'x'.repeat(200)}\n\n`]).stream, { maxLineChars: 100 })),
      ),
    ).toBe('composer-bad-response');
    // A line that never ends: the parser must give up before reading everything.
    const endless = streamOf(Array.from({ length: 1000 }, () => 'x'.repeat(10)));
    expect(await codeOf(collect(sseData(endless.stream, { maxLineChars: 100 })))).toBe(
      'composer-bad-response',
    );
    expect(endless.state.pulled).toBeLessThan(30);
    expect(endless.state.cancelled).toBe(true);
  });

  it('caps the data of one event, not only each line', async () => {
    const manyLines = `${'data: 0123456789\n'.repeat(20)}\n`;
    expect(
      await codeOf(collect(sseData(streamOf([manyLines]).stream, { maxLineChars: 100 }))),
    ).toBe('composer-bad-response');
    expect(
      await collect(sseData(streamOf([manyLines]).stream, { maxLineChars: 1000 })),
    ).toHaveLength(1);
  });

  it('cancels the stream when the consumer stops early', async () => {
    const { stream, state } = streamOf(['data: a\n\n', 'data: b\n\n', 'data: c\n\n']);
    for await (const data of sseData(stream)) {
      expect(data).toBe('a');
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('gives the same events however the bytes are chunked (property)', async () => {
    const dataLine = fc
      .string({ unit: 'binary', maxLength: 20 })
      .map((s) => s.replace(/[\r\n]/g, ''));
    const event = fc.record({
      lines: fc.array(dataLine, { minLength: 1, maxLength: 3 }),
      comment: fc.option(dataLine),
      eol: fc.constantFrom('\n', '\r', '\r\n'),
      space: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (events, cuts) => {
          let text = '';
          for (const e of events) {
            if (e.comment !== null) text += `:${e.comment}${e.eol}`;
            // Without the optional space a value starting with a space would lose it: add one then.
            for (const line of e.lines)
              text += `data:${e.space || line.startsWith(' ') ? ' ' : ''}${line}${e.eol}`;
            text += e.eol;
          }
          const expected = events.map((e) => e.lines.join('\n'));
          const bytes = encoder.encode(text);
          expect(await collect(sseData(streamOf([bytes]).stream))).toEqual(expected);
          expect(await collect(sseData(streamOf(splitAt(bytes, cuts)).stream))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ndjsonValues', () => {
  const ollamaLines =
    '{"model":"m","message":{"role":"assistant","content":"The"},"done":false}\n' +
    '{"model":"m","message":{"role":"assistant","content":" lighthouse"},"done":false}\n' +
    '{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}\n';

  it('parses one object per line, in order', async () => {
    const values = await collect(ndjsonValues(streamOf([ollamaLines]).stream));
    expect(values).toHaveLength(3);
    expect(values.map((v) => (v as { message: { content: string } }).message.content)).toEqual([
      'The',
      ' lighthouse',
      '',
    ]);
    expect(values[2]).toMatchObject({ done: true, done_reason: 'stop' });
  });

  it.each<[string, string, unknown[]]>([
    ['blank lines are skipped', '{"a":1}\n\n  \n{"a":2}\n', [{ a: 1 }, { a: 2 }]],
    ['CRLF is tolerated', '{"a":1}\r\n{"a":2}\r\n', [{ a: 1 }, { a: 2 }]],
    ['the last line may lack its newline', '{"a":1}\n{"a":2}', [{ a: 1 }, { a: 2 }]],
    ['a CR inside a line does not split it', '{"a":\r1}\n', [{ a: 1 }]],
    ['empty input', '', []],
  ])('%s', async (_name, input, expected) => {
    expect(await collect(ndjsonValues(streamOf([input]).stream))).toEqual(expected);
  });

  it('joins lines split across chunks and inside UTF-8 characters', async () => {
    const bytes = encoder.encode('{"t":"é😀"}\n{"t":"b"}\n');
    expect(
      await collect(ndjsonValues(streamOf([...bytes].map((b) => Uint8Array.of(b))).stream)),
    ).toEqual([{ t: 'é😀' }, { t: 'b' }]);
  });

  it('throws composer-bad-response for a line that is not JSON, with an excerpt', async () => {
    const error = await collect(
      ndjsonValues(streamOf(['{"a":1}\n<html>oops</html>\n']).stream),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).code).toBe('composer-bad-response');
    expect((error as PipelineError).message).toContain('<html>oops');
  });

  it('throws composer-bad-response for a line over the cap', async () => {
    expect(
      await codeOf(
        collect(
          ndjsonValues(streamOf([`{"a":"${'x'.repeat(500)}"}\n`]).stream, { maxLineChars: 100 }),
        ),
      ),
    ).toBe('composer-bad-response');
  });

  it('gives the same values however the bytes are chunked (property)', async () => {
    const value = fc.record({
      content: fc.string({ unit: 'binary', maxLength: 15 }),
      done: fc.boolean(),
      n: fc.integer(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (values, cuts) => {
          const bytes = encoder.encode(values.map((v) => `${JSON.stringify(v)}\n`).join(''));
          expect(await collect(ndjsonValues(streamOf(splitAt(bytes, cuts)).stream))).toEqual(
            values,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
