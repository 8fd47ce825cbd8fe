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
import { chromeScripting } from '@/lib/browser/scripting';
import { ensureReader, injectionRefusal } from '@/lib/page/inject';
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

/**
 * Sends to the page reader in `tabId`, injecting it first when it is not there yet. A tab the
 * extension may not script says why: no grant yet (a click fixes it) or off limits for good.
 */
export async function sendToTab<T extends MessageType>(
  tabId: number,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseMap[T]> {
  try {
    await ensureReader(tabId, chromeScripting);
  } catch (error) {
    throw new PipelineError(injectionRefusal(error));
  }
  let reply: unknown;
  try {
    reply = await browser.tabs.sendMessage(tabId, envelope(type, payload), { frameId: 0 });
  } catch {
    // The reader was injected but did not answer: the document went away in between.
    throw new PipelineError('page-not-ready');
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
