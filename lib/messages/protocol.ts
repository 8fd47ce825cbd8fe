// The one message protocol between the extension's contexts (docs/SECURITY.md, properties 7 and 8).
// Each message type names its request schema and the sender classes allowed to send it. The
// router validates the envelope, classifies the sender from browser-set fields (never from
// `sender.url`, which the page controls), validates the payload, and never throws.

import * as v from 'valibot';
import { errorText, toErrorInfo } from '../core/errors';
import type { PageSnapshot } from '../pipeline/types';

export type SenderClass = 'extension-page' | 'content-script' | 'untrusted';

/** The fields of `chrome.runtime.MessageSender` we rely on; all set by the browser. */
export interface SenderInfo {
  id?: string;
  origin?: string;
  tab?: { id?: number };
  frameId?: number;
  /** Present in the real type; deliberately ignored (the page can fake what it reports). */
  url?: string;
}

/**
 * Extension pages (side panel, options) have our own `chrome-extension://` origin. Our service
 * worker's messages carry our id and no origin, tab or frame at all (Chromium sets none for a
 * worker; seen with "Verify claim" on an open panel): only our own extension can send as our id
 * without a tab. Our content script runs only in top frames (frameId 0) of a tab, with the page's
 * origin. Anything else — another extension, a web page via externally_connectable, a subframe —
 * is untrusted.
 */
export function classifySender(sender: SenderInfo | null | undefined, selfId: string): SenderClass {
  if (!sender || typeof sender !== 'object' || !selfId || sender.id !== selfId) return 'untrusted';
  if (sender.origin === `chrome-extension://${selfId}`) return 'extension-page';
  if (sender.origin === undefined && sender.tab === undefined && sender.frameId === undefined)
    return 'extension-page';
  if (
    sender.tab &&
    typeof sender.tab.id === 'number' &&
    sender.frameId === 0 &&
    typeof sender.origin === 'string'
  ) {
    return 'content-script';
  }
  return 'untrusted';
}

const CitationId = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999));
const TabId = v.pipe(v.number(), v.integer(), v.minValue(0));
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** A quote to highlight; `answer`: its answer phrase (`Quote.answerSpan`), drawn strongest. */
export const HighlightQuote = v.strictObject({
  id: CitationId,
  text: Text(20_000),
  answer: v.optional(Text(2000)),
});

export const PROTOCOL = {
  /** Panel → content script: read the page (Readability, visible text) into a PageSnapshot. */
  'page/read': { from: ['extension-page'], request: v.strictObject({}) },
  /**
   * Panel → content script: highlight these quotes; scroll to `focus`, emphasising `focusText`
   * (the cited sentence) within it when that text is found on the page.
   */
  'page/highlight': {
    from: ['extension-page'],
    request: v.strictObject({
      quotes: v.pipe(v.array(HighlightQuote), v.maxLength(50)),
      focus: v.optional(CitationId),
      focusText: v.optional(Text(4000)),
    }),
  },
  /** Panel → content script: remove our highlights. */
  'page/clear-highlights': { from: ['extension-page'], request: v.strictObject({}) },
  /** Content script → panel: the page navigated (highlights are gone). */
  'page/navigated': { from: ['content-script'], request: v.strictObject({ url: Text(8192) }) },
  /** Panel → background: take the claim waiting for this tab (from "Verify claim"). */
  'claim/take': { from: ['extension-page'], request: v.strictObject({ tabId: TabId }) },
  /** Background → panel: a claim is waiting for this tab. */
  'claim/available': { from: ['extension-page'], request: v.strictObject({ tabId: TabId }) },
} as const satisfies Record<string, { from: readonly SenderClass[]; request: v.GenericSchema }>;

export type MessageType = keyof typeof PROTOCOL;
export type RequestOf<T extends MessageType> = v.InferOutput<(typeof PROTOCOL)[T]['request']>;

export interface HighlightResult {
  anchored: number[];
  missing: number[];
}

export interface ResponseMap {
  'page/read': PageSnapshot;
  'page/highlight': HighlightResult;
  'page/clear-highlights': null;
  'page/navigated': null;
  'claim/take': { claim: string | null };
  'claim/available': null;
}

export type RouterErrorCode = 'bad-message' | 'unknown-type' | 'forbidden' | 'too-large';

export type Reply<T> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

export interface Envelope<T extends MessageType = MessageType> {
  type: T;
  payload: RequestOf<T>;
}

/** Requests are small; a page snapshot travels only as a response. */
export const MAX_REQUEST_CHARS = 1_000_000;

export function envelope<T extends MessageType>(type: T, payload: RequestOf<T>): Envelope<T> {
  return { type, payload };
}

export type Handlers = {
  [T in MessageType]?: (
    payload: RequestOf<T>,
    sender: SenderInfo & { class: SenderClass },
  ) => Promise<ResponseMap[T]> | ResponseMap[T];
};

/**
 * Returns a listener body: `undefined` when this context does not handle the message type (so
 * another context may answer), else a promise of a Reply. Never throws, never rejects.
 */
export function createRouter(handlers: Handlers, selfId: string) {
  return (raw: unknown, sender: SenderInfo): Promise<Reply<unknown>> | undefined => {
    try {
      const parsed = parseEnvelope(raw);
      if (!parsed.ok) return Promise.resolve(parsed);
      const type = parsed.type;
      if (!Object.hasOwn(handlers, type)) return undefined;
      const handler = handlers[type] as (
        p: unknown,
        s: SenderInfo & { class: SenderClass },
      ) => unknown;
      const senderClass = classifySender(sender, selfId);
      const allowed: readonly SenderClass[] = PROTOCOL[type].from;
      if (!allowed.includes(senderClass))
        return Promise.resolve(fail('forbidden', `${type} is not accepted from ${senderClass}`));
      const payload = v.safeParse(PROTOCOL[type].request, parsed.payload);
      if (!payload.success)
        return Promise.resolve(
          fail('bad-message', `invalid ${type} payload: ${payload.issues[0]?.message ?? ''}`),
        );
      return Promise.resolve()
        .then(() => handler(payload.output, { ...sender, class: senderClass }))
        .then(
          (data): Reply<unknown> => ({ ok: true, data: data ?? null }),
          // Coded pipeline errors keep their code so the receiver can show the right sentence.
          (error: unknown): Reply<unknown> => ({ ok: false, error: toErrorInfo(error) }),
        );
    } catch (error) {
      return Promise.resolve(fail('bad-message', errorText(error)));
    }
  };
}

/** The part of `runtime.onMessage` a router is attached to (passed in: lib/ never touches `chrome`). */
export interface MessageEvent<S> {
  addListener(
    listener: (message: unknown, sender: S, sendResponse: (reply: unknown) => void) => boolean,
  ): void;
  removeListener(
    listener: (message: unknown, sender: S, sendResponse: (reply: unknown) => void) => boolean,
  ): void;
}

/**
 * Answers messages on `event` with `route`; returns a function that detaches it. Returning true
 * keeps the channel open for the asynchronous reply; false lets another context answer.
 */
export function attachRouter<S extends SenderInfo>(
  event: MessageEvent<S>,
  route: ReturnType<typeof createRouter>,
): () => void {
  const listener = (message: unknown, sender: S, sendResponse: (reply: unknown) => void) => {
    const reply = route(message, sender);
    if (!reply) return false;
    void reply.then(sendResponse);
    return true;
  };
  event.addListener(listener);
  return () => event.removeListener(listener);
}

function parseEnvelope(
  raw: unknown,
): { ok: true; type: MessageType; payload: unknown } | Extract<Reply<never>, { ok: false }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('bad-message', 'not an object');
  const proto = Object.getPrototypeOf(raw);
  if (proto !== Object.prototype && proto !== null)
    return fail('bad-message', 'not a plain object');
  if (Object.hasOwn(raw, '__proto__') || Object.hasOwn(raw, 'constructor'))
    return fail('bad-message', 'forbidden key');
  const keys = Object.keys(raw);
  if (keys.some((k) => k !== 'type' && k !== 'payload'))
    return fail('bad-message', 'unexpected envelope keys');
  const { type, payload } = raw as { type?: unknown; payload?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(PROTOCOL, type))
    return fail('unknown-type', 'unknown message type');
  let size: number;
  try {
    size = JSON.stringify(payload ?? null)?.length ?? 0;
  } catch {
    return fail('bad-message', 'payload is not serialisable');
  }
  if (size > MAX_REQUEST_CHARS) return fail('too-large', `payload of ${size} characters`);
  return { ok: true, type: type as MessageType, payload };
}

function fail(code: RouterErrorCode, message: string): Extract<Reply<never>, { ok: false }> {
  return { ok: false, error: { code, message } };
}
