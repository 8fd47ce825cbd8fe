// Browser-facing composer parts that need no server: the host-access and Origin rules for the
// configured endpoint (permissions.ts) and the Prompt API adapter (chrome-prompt.ts) with a fake
// `LanguageModel` shaped like Chrome's.
import { describe, expect, it } from 'vitest';
import {
  builtInModelUsable,
  chromePromptComposer,
  findLanguageModel,
  type LanguageModelApi,
} from '../../lib/composer/chrome-prompt';
import { ollamaOriginRule } from '../../lib/composer/permissions';
import { originsForComposer } from '../../lib/settings/permissions';
import { PipelineError } from '../../lib/core/errors';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';

const composer = (patch: Partial<typeof DEFAULT_SETTINGS.composer>) => ({
  ...DEFAULT_SETTINGS.composer,
  ...patch,
});

describe('composer host access', () => {
  it('asks for the endpoint origin only, and nothing for the extractive or built-in composers', () => {
    expect(
      originsForComposer(
        composer({ kind: 'openai-compatible', endpoint: 'https://api.openai.com/v1' }),
      ),
    ).toEqual(['https://api.openai.com/*']);
    expect(
      originsForComposer(composer({ kind: 'ollama', endpoint: 'http://127.0.0.1:11434' })),
    ).toEqual(['http://127.0.0.1:11434/*']);
    expect(originsForComposer(composer({ kind: 'extractive' }))).toEqual([]);
    expect(originsForComposer(composer({ kind: 'chrome-prompt' }))).toEqual([]);
    expect(
      originsForComposer(composer({ kind: 'ollama', endpoint: 'javascript:alert(1)' })),
    ).toEqual([]);
  });

  it('removes the Origin header for the configured Ollama host, from the extension only', () => {
    const rule = ollamaOriginRule(
      composer({ kind: 'ollama', endpoint: 'http://127.0.0.1:11434/api' }),
      'abcdefgh',
    );
    expect(rule).toEqual({
      id: 1,
      priority: 1,
      action: {
        type: 'modifyHeaders',
        requestHeaders: [{ header: 'origin', operation: 'remove' }],
      },
      condition: {
        urlFilter: '|http://127.0.0.1:11434/',
        initiatorDomains: ['abcdefgh'],
        resourceTypes: ['xmlhttprequest'],
      },
    });
    expect(
      ollamaOriginRule(
        composer({ kind: 'openai-compatible', endpoint: 'http://127.0.0.1:11434/v1' }),
        'abcdefgh',
      ),
    ).toBeNull();
    expect(
      ollamaOriginRule(composer({ kind: 'ollama', endpoint: 'not a url' }), 'abcdefgh'),
    ).toBeNull();
  });
});

function fakeLanguageModel(
  availability: string,
  chunks: string[],
): LanguageModelApi & { systems: string[]; destroyed: number } {
  const api = {
    systems: [] as string[],
    destroyed: 0,
    availability: async () => availability as 'available',
    create: async (options?: { initialPrompts?: Array<{ content: string }> }) => {
      api.systems.push(options?.initialPrompts?.[0]?.content ?? '');
      return {
        promptStreaming: () =>
          new ReadableStream<string>({
            start: (c) => (chunks.forEach((x) => c.enqueue(x)), c.close()),
          }),
        destroy: () => void api.destroyed++,
      };
    },
  };
  return api;
}

describe("Chrome's built-in model", () => {
  it('is found only where the Prompt API exists, and usable unless it says unavailable', async () => {
    expect(findLanguageModel({})).toBeNull();
    const api = fakeLanguageModel('downloadable', []);
    expect(findLanguageModel({ LanguageModel: api })).toBe(api);
    expect(await builtInModelUsable(api)).toBe(true);
    expect(await builtInModelUsable(fakeLanguageModel('unavailable', []))).toBe(false);
    expect(await builtInModelUsable(null)).toBe(false);
  });

  it('streams deltas, and reads cumulative chunks (older Chrome) as deltas too', async () => {
    for (const chunks of [
      ['Cam', 'bridge', ' [1].'],
      ['Cam', 'Cambridge', 'Cambridge [1].'],
    ]) {
      const api = fakeLanguageModel('available', chunks);
      const tokens: string[] = [];
      const text = await chromePromptComposer(api).complete(
        { system: 'sys', user: 'user' },
        { onToken: (t) => tokens.push(t) },
      );
      expect(text).toBe('Cambridge [1].');
      expect(tokens.join('')).toBe('Cambridge [1].');
      expect(api.systems).toEqual(['sys']);
      expect(api.destroyed).toBe(1);
    }
  });

  it('fails with a coded error when the browser has no model', async () => {
    await expect(chromePromptComposer(null).complete({ system: '', user: '' })).rejects.toEqual(
      new PipelineError('composer-unavailable'),
    );
  });
});
