// The panel's connections to the rest of the extension: the tab it answers about, the content
// script in that tab, the background's claim hand-off, and the pipeline worker.

import * as Comlink from 'comlink';
import * as v from 'valibot';
import { PipelineError } from '@/lib/core/errors';
import { parseWith } from '@/lib/core/guards';
import {
  envelope,
  type MessageType,
  type RequestOf,
  type ResponseMap,
} from '@/lib/messages/protocol';
import type { PipelineWorkerApi } from './pipeline.worker';
// Vite bundles the worker as its own file (`?worker`), loaded from the extension's origin.
import PipelineWorker from './pipeline.worker?worker';

/** The tab given as `?tab=<id>` (tests, "open in tab"), or null. */
export function fixedTabId(): number | null {
  const fromUrl = Number(new URLSearchParams(location.search).get('tab'));
  return Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
}

/** The tab to answer about: `?tab=<id>` when given, else the active tab. */
export async function targetTabId(): Promise<number | null> {
  const fixed = fixedTabId();
  if (fixed !== null) return fixed;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** The tab's http(s) address, or null (the extension sees it through its host access). */
export async function tabUrl(tabId: number): Promise<string | null> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return tab?.url && /^https?:/.test(tab.url) ? tab.url : null;
}

/** Sends to the content script in `tabId`; a tab without it (chrome://, Web Store, PDF) is unreadable. */
export async function sendToTab<T extends MessageType>(
  tabId: number,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseMap[T]> {
  let reply: unknown;
  try {
    reply = await browser.tabs.sendMessage(tabId, envelope(type, payload), { frameId: 0 });
  } catch {
    // No content script answered. On a web page (whose URL our host access lets us see) that means
    // the tab was open before the extension was installed or reloaded; anything else is off limits.
    throw new PipelineError((await tabUrl(tabId)) ? 'page-not-ready' : 'page-unreadable');
  }
  return unwrap<ResponseMap[T]>(reply);
}

export async function sendToBackground<T extends MessageType>(
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseMap[T]> {
  return unwrap<ResponseMap[T]>(await browser.runtime.sendMessage(envelope(type, payload)));
}

/** A router's reply (lib/messages/protocol.ts); no reply, or anything else, means no answer. */
const ReplySchema = v.variant('ok', [
  v.object({ ok: v.literal(true), data: v.optional(v.unknown()) }),
  v.object({ ok: v.literal(false), error: v.object({ code: v.string(), message: v.string() }) }),
]);

/** The reply's data, typed by the protocol for the message sent; a refusal keeps its code. */
function unwrap<T>(raw: unknown): T {
  const reply = parseWith(ReplySchema, raw);
  if (!reply) throw new PipelineError('page-unreadable');
  if (reply.ok) return reply.data as T;
  throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
}

let worker: Comlink.Remote<PipelineWorkerApi> | null = null;

export function pipelineWorker(): Comlink.Remote<PipelineWorkerApi> {
  worker ??= Comlink.wrap<PipelineWorkerApi>(new PipelineWorker());
  return worker;
}
