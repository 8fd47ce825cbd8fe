// Endpoint addresses with secrets in their query string never reach what is saved or exported:
// the answer cache key keeps origin and path only, and an export redacts older keys too.
import { describe, expect, it } from 'vitest';
import { answerConfigKey } from '../../lib/ask/config-key';
import { redactAddresses, savedAddress } from '../../lib/core/net';
import { exportJson } from '../../lib/history/export';
import type { AnswerRecord } from '../../lib/cache/db';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';

const SECRET = 'sk-live-0123456789';

describe('savedAddress', () => {
  it.each([
    [`https://api.example/v1?key=${SECRET}`, 'https://api.example/v1'],
    [`https://user:${SECRET}@api.example/v1#frag`, 'https://api.example/v1'],
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434/'],
    [`not a url?token=${SECRET}`, 'not a url'],
  ])('%s → %s', (address, saved) => {
    expect(savedAddress(address)).toBe(saved);
  });
});

describe('what is saved with an answer', () => {
  it('keeps no query string of the composer or SearXNG address in the cache key', () => {
    const config = {
      ...structuredClone(DEFAULT_SETTINGS),
      composer: {
        ...DEFAULT_SETTINGS.composer,
        kind: 'openai-compatible' as const,
        endpoint: `https://llm.example/v1?api_key=${SECRET}`,
      },
      search: { ...DEFAULT_SETTINGS.search, searxngUrl: `https://searx.example/?token=${SECRET}` },
    };
    const key = answerConfigKey(config, {}, {});
    expect(key).not.toContain(SECRET);
    expect(key).toContain('https://llm.example/v1');
  });

  it('redacts an older saved key on export', () => {
    const old = `{"composer":["openai-compatible","https://llm.example/v1?api_key=${SECRET}","m","medium"]}`;
    expect(redactAddresses(old)).not.toContain(SECRET);
    const record = {
      id: 1,
      mode: 'answer',
      question: 'q',
      questionKey: 'q',
      pageUrl: 'https://page.example/',
      pageHash: 'f'.repeat(64),
      pageTitle: 't',
      createdAt: 0,
      configKey: old,
      result: {},
    } as unknown as AnswerRecord;
    const exported = exportJson([record], 0);
    expect(exported).not.toContain(SECRET);
    expect(exported).toContain('https://llm.example/v1');
  });
});
