// lib/composer/endpoints.ts against the loopback composer server (real HTTP, real SSE and NDJSON):
// what is sent, what streams back, and every failure mapped to its code.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import { retryAfterOf } from '../../lib/search/providers';
import {
  TRUNCATION_MARK,
  ollamaComposer,
  openAiCompatibleComposer,
  testComposerConnection,
  type EndpointOptions,
} from '../../lib/composer/endpoints';
import type { ComposerPort, ComposerPrompt } from '../../lib/pipeline/ports';
import {
  HOSTILE_REPLY,
  RETRY_AFTER_SECONDS,
  defaultReply,
  quotesIn,
  startComposerServer,
  type ComposerServer,
} from '../support/composer-server';

let server: ComposerServer;
beforeAll(async () => {
  server = await startComposerServer({ tokenDelayMs: 1 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.configure({ tokenDelayMs: 1 });
});

const MODEL = 'llama3.1:8b';
const PROMPT: ComposerPrompt = {
  system: 'Answer only from the numbered quotes. Cite them as [n].',
  user: [
    'Question: Who designed the Lighthouse of Alexandria?',
    '',
    'Quotes:',
    '[1] The lighthouse was designed by Sostratus of Cnidus. It stood on Pharos.',
    '[2] Construction took about twelve years! It cost 800 talents.',
  ].join('\n'),
};
const EXPECTED =
  'The lighthouse was designed by Sostratus of Cnidus [1]. Construction took about twelve years [2].\nConfidence: high';

const nodeFetch: EndpointOptions['fetch'] = (input, init) => fetch(input, init);
const options = (extra: Partial<EndpointOptions> = {}): EndpointOptions => ({
  fetch: nodeFetch,
  ...extra,
});

type Kind = 'openai' | 'ollama';
function composerFor(
  kind: Kind,
  extra: Partial<EndpointOptions> = {},
  config: { model?: string; apiKey?: string; endpoint?: string } = {},
): ComposerPort {
  return kind === 'openai'
    ? openAiCompatibleComposer(
        {
          endpoint: config.endpoint ?? server.openAiBase,
          model: config.model ?? MODEL,
          apiKey: config.apiKey,
        },
        options(extra),
      )
    : ollamaComposer(
        { endpoint: config.endpoint ?? server.ollamaBase, model: config.model ?? MODEL },
        options(extra),
      );
}

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PipelineError))
    throw new Error(`expected a PipelineError, got ${String(error)}`);
  return error;
}

const chatRequests = () => server.requests.filter((r) => r.method === 'POST');

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((ok) => s.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}

describe.each<Kind>(['openai', 'ollama'])('%s protocol: streamed answers', (kind) => {
  it('streams the answer in several deltas whose concatenation is the result', async () => {
    const deltas: string[] = [];
    const text = await composerFor(kind).complete(PROMPT, { onToken: (d) => deltas.push(d) });
    expect(text).toBe(EXPECTED);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(text);
  });

  it('sends the request body of the protocol, with the prompt as two messages', async () => {
    await composerFor(kind, { maxTokens: 64, temperature: 0.2 }).complete(PROMPT);
    const [request] = chatRequests();
    const messages = [
      { role: 'system', content: PROMPT.system },
      { role: 'user', content: PROMPT.user },
    ];
    if (kind === 'openai') {
      expect(request!.path).toBe('/v1/chat/completions');
      expect(request!.body).toEqual({
        model: MODEL,
        messages,
        stream: true,
        temperature: 0.2,
        max_tokens: 64,
      });
    } else {
      expect(request!.path).toBe('/api/chat');
      expect(request!.body).toEqual({
        model: MODEL,
        messages,
        stream: true,
        options: { temperature: 0.2, num_predict: 64 },
      });
    }
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('marks an answer cut by max_tokens (finish reason "length")', async () => {
    let truncated = 0;
    const text = await composerFor(kind, { maxTokens: 3 }).complete(PROMPT, {
      onTruncated: () => truncated++,
    });
    expect(text).toBe(`The lighthouse was ${TRUNCATION_MARK}`);
    expect(truncated).toBe(1);
  });

  it('cuts an endless answer at maxAnswerChars, cancels the stream and marks the cut', async () => {
    server.setMode('too-long');
    const deltas: string[] = [];
    let truncated = 0;
    const text = await composerFor(kind, { maxAnswerChars: 500 }).complete(PROMPT, {
      onToken: (d) => deltas.push(d),
      onTruncated: () => truncated++,
    });
    expect(text).toHaveLength(500 + TRUNCATION_MARK.length);
    expect(truncated).toBe(1);
    expect(text.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(deltas.join('')).toBe(text);
    // The client hung up: the server stopped long before its 2 MB.
    await expect.poll(() => chatRequests()[0]?.closedByClient).toBe(true);
  });

  it('passes hostile text through unchanged (the renderer and citation parser contain it)', async () => {
    server.setMode('hostile');
    expect(await composerFor(kind).complete(PROMPT)).toBe(HOSTILE_REPLY);
  });

  it('answers a fixed reply set at runtime', async () => {
    server.setReply('Fixed [2].');
    expect(await composerFor(kind).complete(PROMPT)).toBe('Fixed [2].');
  });

  it('wrong model → composer-model-not-found quoting the server', async () => {
    server.setMode('wrong-model');
    const error = await failure(composerFor(kind, {}, { model: 'nope:1b' }).complete(PROMPT));
    expect(error.code).toBe('composer-model-not-found');
    expect(error.message).toContain(
      kind === 'openai'
        ? 'The model `nope:1b` does not exist'
        : 'model "nope:1b" not found, try pulling it first',
    );
  });

  it('401 → composer-auth', async () => {
    server.setMode('status-401');
    const error = await failure(composerFor(kind).complete(PROMPT));
    expect(error.code).toBe('composer-auth');
    expect(error.message).toContain('HTTP 401');
  });

  it('429 → composer-rate-limited with the Retry-After seconds', async () => {
    server.setMode('status-429');
    const error = await failure(composerFor(kind).complete(PROMPT));
    expect(error.code).toBe('composer-rate-limited');
    expect(error.message).toContain(`retry after ${RETRY_AFTER_SECONDS} s`);
    expect(retryAfterOf(error)).toBe(RETRY_AFTER_SECONDS);
  });

  it('500 with an HTML page → composer-server-error naming the page title, no markup', async () => {
    server.setMode('status-500');
    const error = await failure(composerFor(kind).complete(PROMPT));
    expect(error.code).toBe('composer-server-error');
    expect(error.message).toContain('HTTP 500: 500 Internal Server Error');
    expect(error.message).not.toMatch(/<|script|alert/);
  });

  it('no first byte within firstByteTimeoutMs → composer-timeout', async () => {
    server.setMode('slow-first-byte');
    server.configure({ firstByteDelayMs: 5_000 });
    const error = await failure(composerFor(kind, { firstByteTimeoutMs: 100 }).complete(PROMPT));
    expect(error.code).toBe('composer-timeout');
    expect(error.message).toContain('100 ms');
  });

  it('waits for a slow first byte within the timeout', async () => {
    server.setMode('slow-first-byte');
    server.configure({ firstByteDelayMs: 50 });
    expect(await composerFor(kind, { firstByteTimeoutMs: 2_000 }).complete(PROMPT)).toBe(EXPECTED);
  });

  it('a stream that stops sending → composer-stalled after idleTimeoutMs, tokens so far delivered', async () => {
    server.setMode('never-close');
    const deltas: string[] = [];
    const error = await failure(
      composerFor(kind, { idleTimeoutMs: 150 }).complete(PROMPT, {
        onToken: (d) => deltas.push(d),
      }),
    );
    expect(error.code).toBe('composer-stalled');
    expect(deltas.join('')).toBe('The lighthouse ');
    await expect.poll(() => chatRequests()[0]?.closedByClient).toBe(true);
  });

  it('rejects with the caller’s abort reason, not a composer error, and closes the stream', async () => {
    server.configure({ tokenDelayMs: 20 });
    const controller = new AbortController();
    const reason = new Error('user closed the panel');
    const promise = composerFor(kind).complete(PROMPT, {
      signal: controller.signal,
      onToken: () => controller.abort(reason),
    });
    await expect(promise).rejects.toBe(reason);
    await expect.poll(() => chatRequests()[0]?.closedByClient).toBe(true);
  });

  it('an already aborted signal rejects without a request', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(composerFor(kind).complete(PROMPT, { signal: controller.signal })).rejects.toThrow(
      'gone',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('connection refused → composer-unreachable', async () => {
    const base = await closedPort();
    const error = await failure(
      composerFor(kind, {}, { endpoint: kind === 'openai' ? `${base}/v1` : base }).complete(PROMPT),
    );
    expect(error.code).toBe('composer-unreachable');
    expect(error.message).toContain(base);
  });
});

describe('the composer server', () => {
  it('cites the quotes of a prompt.ts-shaped message by default, the Wikidata label dropped', () => {
    const user = [
      '<quotes>',
      '[1] (Wikidata facts) Douglas Adams ; place of birth ; Cambridge',
      '[2] Adams was born in Cambridge. He moved to Brentwood.',
      '</quotes>',
      '',
      'Question: Where was Douglas Adams born?',
    ].join('\n');
    expect(quotesIn(user)).toEqual([
      { id: 1, text: 'Douglas Adams ; place of birth ; Cambridge' },
      { id: 2, text: 'Adams was born in Cambridge. He moved to Brentwood.' },
    ]);
    expect(
      defaultReply({
        protocol: 'openai',
        model: MODEL,
        stream: true,
        messages: [{ role: 'user', content: user }],
      }),
    ).toBe(
      'Douglas Adams ; place of birth ; Cambridge [1]. Adams was born in Cambridge [2].\nConfidence: high',
    );
  });

  it('answers without citations in no-citations mode', async () => {
    server.setMode('no-citations');
    const text = await composerFor('openai').complete(PROMPT);
    expect(text).not.toMatch(/\[\d+\]/);
    expect(text).toContain('Confidence: medium');
  });
});

describe('OpenAI-compatible specifics', () => {
  it('sends Authorization: Bearer only when a key is set', async () => {
    await composerFor('openai', {}, { apiKey: '' }).complete(PROMPT);
    await composerFor('openai', {}, { apiKey: '  sk-test-123  ' }).complete(PROMPT);
    const [without, withKey] = chatRequests();
    expect(without!.headers.authorization).toBeUndefined();
    expect(withKey!.headers.authorization).toBe('Bearer sk-test-123');
  });

  it('a server that requires a key: 401 without it, the answer with it', async () => {
    server.configure({ requireKey: 'sk-right' });
    expect((await failure(composerFor('openai').complete(PROMPT))).code).toBe('composer-auth');
    expect(
      (await failure(composerFor('openai', {}, { apiKey: 'sk-wrong' }).complete(PROMPT))).code,
    ).toBe('composer-auth');
    expect(await composerFor('openai', {}, { apiKey: 'sk-right' }).complete(PROMPT)).toBe(EXPECTED);
  });

  it('accepts a non-streamed JSON answer (choices[0].message.content)', async () => {
    server.setMode('non-streaming');
    const deltas: string[] = [];
    expect(await composerFor('openai').complete(PROMPT, { onToken: (d) => deltas.push(d) })).toBe(
      EXPECTED,
    );
    expect(deltas).toEqual([EXPECTED]);
  });

  it('tolerates a pasted full endpoint URL and a trailing slash', async () => {
    await composerFor('openai', {}, { endpoint: `${server.openAiBase}/chat/completions` }).complete(
      PROMPT,
    );
    await composerFor('openai', {}, { endpoint: `${server.openAiBase}/` }).complete(PROMPT);
    expect(chatRequests().map((r) => r.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
  });

  it('a 404 without a model message → composer-model-not-found that also points at the base URL', async () => {
    const error = await failure(
      composerFor('openai', {}, { endpoint: `${server.url}/wrong` }).complete(PROMPT),
    );
    expect(error.code).toBe('composer-model-not-found');
    expect(error.message).toContain('/wrong/chat/completions');
    expect(error.message).toContain('base URL');
  });

  it('keeps the API key out of error details even when the server echoes it', async () => {
    const key = 'sk-secret-abcdef';
    const echo: EndpointOptions['fetch'] = async () =>
      new Response(JSON.stringify({ error: { message: `Invalid key ${key}` } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const error = await failure(
      openAiCompatibleComposer(
        { endpoint: server.openAiBase, model: MODEL, apiKey: key },
        { fetch: echo },
      ).complete(PROMPT),
    );
    expect(error.code).toBe('composer-auth');
    expect(error.message).toContain('Invalid key [key]');
    expect(error.message).not.toContain(key);
  });

  it('a plain-text error body is quoted short, on one line', async () => {
    const long: EndpointOptions['fetch'] = async () =>
      new Response(`upstream failed\n${'x'.repeat(1000)}`, { status: 502 });
    const error = await failure(
      openAiCompatibleComposer(
        { endpoint: server.openAiBase, model: MODEL },
        { fetch: long },
      ).complete(PROMPT),
    );
    expect(error.code).toBe('composer-server-error');
    expect(error.message).toContain('HTTP 502: upstream failed x');
    expect(error.message).not.toContain('\n');
    expect(error.message.length).toBeLessThan(400);
  });

  it('an error reported inside the stream → a coded error, not a silent empty answer', async () => {
    const sse =
      (body: string): EndpointOptions['fetch'] =>
      async () =>
        new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    const call = (body: string) =>
      openAiCompatibleComposer(
        { endpoint: server.openAiBase, model: MODEL },
        { fetch: sse(body) },
      ).complete(PROMPT);
    const midStream = await failure(call('data: {"error":{"message":"CUDA out of memory"}}\n\n'));
    expect(midStream.code).toBe('composer-server-error');
    expect(midStream.message).toContain('CUDA out of memory');
    expect((await failure(call('data: not json\n\n'))).code).toBe('composer-bad-response');
    expect((await failure(call('data: [DONE]\n\n'))).code).toBe('composer-bad-response');
  });
});

describe('Ollama specifics', () => {
  it.each(['/v1', '/api', '/api/', '/v1/chat/completions', '/'])(
    'strips a trailing %s from the base URL',
    async (suffix) => {
      await composerFor('ollama', {}, { endpoint: `${server.ollamaBase}${suffix}` }).complete(
        PROMPT,
      );
      expect(chatRequests().map((r) => r.path)).toEqual(['/api/chat']);
    },
  );

  it('a disallowed Origin (bare 403) → composer-forbidden-origin; an allowed one answers', async () => {
    server.configure({ rejectOrigins: true });
    const withOrigin =
      (origin: string): EndpointOptions['fetch'] =>
      (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Origin', origin);
        return fetch(input, { ...init, headers });
      };
    const denied = ollamaComposer(
      { endpoint: server.ollamaBase, model: MODEL },
      { fetch: withOrigin('chrome-extension://abcdefghijklmnop') },
    );
    expect((await failure(denied.complete(PROMPT))).code).toBe('composer-forbidden-origin');
    const allowed = ollamaComposer(
      { endpoint: server.ollamaBase, model: MODEL },
      { fetch: withOrigin('http://localhost:3000') },
    );
    expect(await allowed.complete(PROMPT)).toBe(EXPECTED);
    // The OpenAI-compatible protocol has no Origin convention: a bare 403 there is an auth failure.
    const openAi = openAiCompatibleComposer(
      { endpoint: server.openAiBase, model: MODEL },
      { fetch: withOrigin('chrome-extension://abcdefghijklmnop') },
    );
    expect((await failure(openAi.complete(PROMPT))).code).toBe('composer-auth');
  });
});

describe('settings errors (no request is made)', () => {
  it.each<[string, string, string]>([
    ['not a URL', 'localhost 11434', 'composer-bad-url'],
    ['not http(s)', 'ftp://127.0.0.1/v1', 'composer-bad-url'],
    ['javascript:', 'javascript:alert(1)', 'composer-bad-url'],
    ['credentials in the URL', 'http://user:pw@127.0.0.1:1/v1', 'composer-bad-url'],
    ['no URL', '   ', 'composer-not-configured'],
  ])('%s → %s', async (_name, endpoint, code) => {
    for (const kind of ['openai', 'ollama'] as const) {
      expect((await failure(composerFor(kind, {}, { endpoint }).complete(PROMPT))).code).toBe(code);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('an empty model → composer-not-configured', async () => {
    expect((await failure(composerFor('openai', {}, { model: ' ' }).complete(PROMPT))).code).toBe(
      'composer-not-configured',
    );
    expect((await failure(composerFor('ollama', {}, { model: '' }).complete(PROMPT))).code).toBe(
      'composer-not-configured',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('a key that cannot be sent in a header → composer-auth', async () => {
    expect(
      (await failure(composerFor('openai', {}, { apiKey: 'sk-ключ' }).complete(PROMPT))).code,
    ).toBe('composer-auth');
  });
});

describe('label and kind', () => {
  it('names the model and the origin', () => {
    const openAi = openAiCompatibleComposer(
      { endpoint: 'https://api.openai.com/v1/', model: 'gpt-4o-mini' },
      options(),
    );
    expect([openAi.kind, openAi.label]).toEqual([
      'openai-compatible',
      'gpt-4o-mini at https://api.openai.com',
    ]);
    const ollama = ollamaComposer(
      { endpoint: 'http://127.0.0.1:11434/api', model: MODEL },
      options(),
    );
    expect([ollama.kind, ollama.label]).toEqual([
      'ollama',
      'llama3.1:8b at http://127.0.0.1:11434',
    ]);
  });
});

describe('testComposerConnection', () => {
  const openAiConfig = (model = MODEL, extra: { apiKey?: string } = {}) => ({
    endpoint: server.openAiBase,
    model,
    ...extra,
  });
  const ollamaConfig = (model = MODEL) => ({ endpoint: server.ollamaBase, model });

  it('OpenAI-compatible: the model is listed by /models', async () => {
    const result = await testComposerConnection('openai-compatible', openAiConfig(), {
      fetch: nodeFetch,
    });
    expect(result).toEqual({
      ok: true,
      detail: 'Connected: model llama3.1:8b is available (3 models)',
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
  });

  it('Ollama: the model is listed by /api/tags, with or without :latest', async () => {
    server.configure({ models: ['llama3.1:8b', 'mistral'] });
    expect(await testComposerConnection('ollama', ollamaConfig(), { fetch: nodeFetch })).toEqual({
      ok: true,
      detail: 'Connected: model llama3.1:8b is available (2 models)',
    });
    // /api/tags names it mistral:latest
    expect(
      (await testComposerConnection('ollama', ollamaConfig('mistral'), { fetch: nodeFetch })).ok,
    ).toBe(true);
    expect(
      (await testComposerConnection('ollama', ollamaConfig('mistral:latest'), { fetch: nodeFetch }))
        .ok,
    ).toBe(true);
    expect(server.requests.every((r) => r.path === '/api/tags')).toBe(true);
  });

  it.each(['openai-compatible', 'ollama'] as const)(
    '%s: a wrong model → composer-model-not-found listing at most 5 names',
    async (kind) => {
      server.configure({ models: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'] });
      const config = kind === 'ollama' ? ollamaConfig('llama3.1:8b') : openAiConfig('llama3.1:8b');
      const result = await testComposerConnection(kind, config, { fetch: nodeFetch });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('composer-model-not-found');
      expect(result.error.message).toMatch(
        /m1(:latest)?, m2(:latest)?, m3(:latest)?, m4(:latest)?, m5(:latest)? and 2 more/,
      );
      expect(result.error.message).not.toContain('m6');
    },
  );

  it('falls back to a 1-token completion when /models is missing', async () => {
    server.configure({ listModels: false });
    const result = await testComposerConnection('openai-compatible', openAiConfig(), {
      fetch: nodeFetch,
    });
    expect(result).toEqual({
      ok: true,
      detail: 'Connected: model llama3.1:8b answered a test request',
    });
    const probe = chatRequests()[0]!;
    expect(probe.path).toBe('/v1/chat/completions');
    expect(probe.body).toMatchObject({ model: MODEL, stream: false, max_tokens: 1 });
  });

  it('the fallback reports a wrong model too', async () => {
    server.configure({ listModels: false });
    server.setMode('wrong-model');
    const result = await testComposerConnection('openai-compatible', openAiConfig('nope'), {
      fetch: nodeFetch,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'composer-model-not-found' } });
  });

  it('sends the key to /models; a required key missing → composer-auth', async () => {
    server.configure({ requireKey: 'sk-right' });
    expect(
      await testComposerConnection(
        'openai-compatible',
        openAiConfig(MODEL, { apiKey: 'sk-right' }),
        { fetch: nodeFetch },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await testComposerConnection('openai-compatible', openAiConfig(), { fetch: nodeFetch }),
    ).toMatchObject({
      ok: false,
      error: { code: 'composer-auth' },
    });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-right');
  });

  it.each(['openai-compatible', 'ollama'] as const)(
    '%s: unreachable → composer-unreachable',
    async (kind) => {
      const base = await closedPort();
      const result = await testComposerConnection(
        kind,
        { endpoint: base, model: MODEL },
        { fetch: nodeFetch },
      );
      expect(result).toMatchObject({ ok: false, error: { code: 'composer-unreachable' } });
    },
  );

  it('a slow server → composer-timeout within timeoutMs', async () => {
    server.setMode('slow-first-byte');
    const result = await testComposerConnection('ollama', ollamaConfig(), {
      fetch: nodeFetch,
      timeoutMs: 100,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'composer-timeout' } });
  });

  it('a base URL that serves a web page → composer-bad-response', async () => {
    const page: EndpointOptions['fetch'] = async () =>
      new Response('<!doctype html><title>Router</title>', {
        headers: { 'content-type': 'text/html' },
      });
    const result = await testComposerConnection(
      'openai-compatible',
      { endpoint: 'http://192.168.1.1/v1', model: MODEL },
      { fetch: page },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'composer-bad-response' } });
  });

  it('bad settings → their codes, without a request', async () => {
    expect(
      await testComposerConnection(
        'ollama',
        { endpoint: 'file:///etc', model: MODEL },
        { fetch: nodeFetch },
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'composer-bad-url' },
    });
    expect(
      await testComposerConnection(
        'openai-compatible',
        { endpoint: server.openAiBase, model: '' },
        { fetch: nodeFetch },
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'composer-not-configured' },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('Ollama rejecting the Origin → composer-forbidden-origin', async () => {
    server.configure({ rejectOrigins: true });
    const withOrigin: EndpointOptions['fetch'] = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Origin', 'chrome-extension://abcdefghijklmnop');
      return fetch(input, { ...init, headers });
    };
    expect(
      await testComposerConnection('ollama', ollamaConfig(), { fetch: withOrigin }),
    ).toMatchObject({
      ok: false,
      error: { code: 'composer-forbidden-origin' },
    });
  });
});
