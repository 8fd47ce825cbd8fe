import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachRouter,
  classifySender,
  createRouter,
  envelope,
  MAX_REQUEST_CHARS,
  PROTOCOL,
  type MessageType,
  type SenderInfo,
} from '../../lib/messages/protocol';

const SELF = 'abcdefghijklmnopabcdefghijklmnop';
const panel: SenderInfo = {
  id: SELF,
  origin: `chrome-extension://${SELF}`,
  url: `chrome-extension://${SELF}/sidepanel.html`,
};
const content: SenderInfo = {
  id: SELF,
  origin: 'https://example.org',
  tab: { id: 7 },
  frameId: 0,
  url: 'https://example.org/a',
};

describe('classifySender', () => {
  it.each<[string, SenderInfo | null | undefined, string]>([
    ['our side panel', panel, 'extension-page'],
    ['our options page in a tab', { ...panel, tab: { id: 3 } }, 'extension-page'],
    ['our content script in a top frame', content, 'content-script'],
    ['our content script in a subframe', { ...content, frameId: 2 }, 'untrusted'],
    [
      'another extension',
      {
        ...panel,
        id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        origin: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
      },
      'untrusted',
    ],
    [
      'a page claiming our URL',
      {
        id: SELF,
        origin: 'https://evil.example',
        url: `chrome-extension://${SELF}/sidepanel.html`,
      },
      'untrusted',
    ],
    [
      'a content script claiming an extension URL',
      { ...content, url: `chrome-extension://${SELF}/options.html` },
      'content-script',
    ],
    [
      'our service worker (our id, no origin, tab or frame)',
      { id: SELF, url: `chrome-extension://${SELF}/background.js` },
      'extension-page',
    ],
    ['our id from a tab without an origin', { id: SELF, tab: { id: 3 }, frameId: 0 }, 'untrusted'],
    ['our id from a frame without an origin', { id: SELF, frameId: 1 }, 'untrusted'],
    ['no id', { origin: `chrome-extension://${SELF}` }, 'untrusted'],
    ['null', null, 'untrusted'],
    ['undefined', undefined, 'untrusted'],
  ])('%s', (_name, sender, expected) => {
    expect(classifySender(sender, SELF)).toBe(expected);
  });

  it('never trusts sender.url', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(classifySender({ id: SELF, origin: 'https://page.example', url }, SELF)).toBe(
          'untrusted',
        );
      }),
    );
  });
});

describe('router', () => {
  const calls: unknown[] = [];
  const route = createRouter(
    {
      'page/highlight': (payload) => {
        calls.push(payload);
        return { anchored: payload.quotes.map((q) => q.id), missing: [] };
      },
      'page/navigated': () => null,
      'claim/take': () => {
        throw Object.assign(new Error('boom'), {
          code: 'page-empty',
          message: 'This page has no readable text to answer from.',
        });
      },
    },
    SELF,
  );

  it('answers an allowed, valid message', async () => {
    const reply = await route(
      envelope('page/highlight', { quotes: [{ id: 1, text: 'a quote' }], focus: 1 }),
      panel,
    );
    expect(reply).toEqual({ ok: true, data: { anchored: [1], missing: [] } });
  });

  it('leaves types it does not handle to other contexts', () => {
    expect(route(envelope('page/read', {}), panel)).toBeUndefined();
  });

  it('rejects a sender class the message does not allow', async () => {
    const reply = await route(envelope('page/highlight', { quotes: [] }), content);
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await route(envelope('page/navigated', { url: 'https://x' }), panel)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await route(envelope('page/navigated', { url: 'https://x' }), content)).toEqual({
      ok: true,
      data: null,
    });
  });

  it('rejects invalid payloads, extra keys, unknown types and prototype tricks', async () => {
    const bad: unknown[] = [
      { type: 'page/highlight', payload: { quotes: [{ id: -1, text: 'x' }] } },
      { type: 'page/highlight', payload: { quotes: [{ id: 1, text: 'x' }], extra: true } },
      { type: 'page/highlight', payload: { quotes: 'nope' } },
      { type: 'page/highlight', payload: { quotes: [] }, more: 1 },
      { type: 'nope', payload: {} },
      { type: 'toString', payload: {} },
      { type: '__proto__', payload: {} },
      JSON.parse('{"type":"page/highlight","payload":{"quotes":[]},"__proto__":{"polluted":true}}'),
      JSON.parse('{"type":"page/highlight","payload":{"__proto__":{"quotes":[]}}}'),
      Object.create({ type: 'page/highlight', payload: { quotes: [] } }),
      [],
      null,
      'page/highlight',
      42,
    ];
    for (const message of bad) {
      const reply = await route(message, panel);
      expect(reply, JSON.stringify(message)).toMatchObject({ ok: false });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects oversized requests', async () => {
    const text = 'x'.repeat(19_999);
    const quotes = Array.from({ length: 50 }, (_, i) => ({ id: i, text }));
    expect(JSON.stringify(quotes).length).toBeGreaterThan(MAX_REQUEST_CHARS);
    expect(await route(envelope('page/highlight', { quotes }), panel)).toMatchObject({
      ok: false,
      error: { code: 'too-large' },
    });
  });

  it('passes a coded handler error back with its code', async () => {
    expect(await route(envelope('claim/take', { tabId: 1 }), panel)).toMatchObject({
      ok: false,
      error: { code: 'page-empty' },
    });
  });

  it('never throws or rejects on arbitrary input from arbitrary senders (fuzz)', async () => {
    const sender = fc.record(
      {
        id: fc.oneof(fc.constant(SELF), fc.string()),
        origin: fc.oneof(fc.constant(`chrome-extension://${SELF}`), fc.webUrl(), fc.string()),
        tab: fc.option(fc.record({ id: fc.integer() }), { nil: undefined }),
        frameId: fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }),
        url: fc.string(),
      },
      { requiredKeys: [] },
    );
    const message = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('page/highlight', 'page/read', 'claim/take', 'page/navigated', 'x'),
        payload: fc.anything(),
      }),
      fc.record({
        type: fc.constant('page/highlight'),
        payload: fc.record(
          {
            quotes: fc.array(fc.record({ id: fc.anything(), text: fc.anything() })),
            focus: fc.anything(),
          },
          { requiredKeys: [] },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(message, sender, async (m, s) => {
        const reply = route(m, s as SenderInfo);
        if (reply === undefined) return;
        const value = await reply;
        expect(typeof value.ok).toBe('boolean');
        // Success only for a valid message from a sender class its type allows.
        if (value.ok)
          expect(PROTOCOL[(m as { type: MessageType }).type].from).toContain(
            classifySender(s as SenderInfo, SELF),
          );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('attachRouter', () => {
  it('answers asynchronously, leaves unhandled types to others, and detaches', async () => {
    const listeners = new Set<(m: unknown, s: SenderInfo, r: (x: unknown) => void) => boolean>();
    const event = {
      addListener: (l: never) => listeners.add(l),
      removeListener: (l: never) => listeners.delete(l),
    };
    const route = createRouter({ 'page/navigated': () => null }, SELF);
    const detach = attachRouter(event, route);
    const [listener] = listeners;
    const replies: unknown[] = [];
    expect(
      listener!(envelope('page/navigated', { url: 'https://a' }), content, (r) => replies.push(r)),
    ).toBe(true);
    expect(listener!(envelope('page/read', {}), panel, (r) => replies.push(r))).toBe(false);
    await new Promise((ok) => setTimeout(ok, 0));
    expect(replies).toEqual([{ ok: true, data: null }]);
    detach();
    expect(listeners.size).toBe(0);
  });
});
