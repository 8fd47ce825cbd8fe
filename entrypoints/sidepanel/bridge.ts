// The panel's connections to the rest of the extension: the tab it answers about, the content
// script in that tab, the background's claim hand-off, and the pipeline worker.

import * as Comlink from 'comlink';
import {
  envelope,
  type MessageType,
  type Reply,
  type RequestOf,
  type ResponseMap,
} from '@/lib/messages/protocol';
import { PipelineError } from '@/lib/core/errors';
import type { PipelineWorkerApi } from './pipeline.worker';
// Vite bundles the worker as its own file (`?worker`), loaded from the extension's origin.
import PipelineWorker from './pipeline.worker?worker';

/** The tab to answer about: `?tab=<id>` when given (tests, "open in tab"), else the active tab. */
export async function targetTabId(): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** Sends to the content script in `tabId`; a tab without it (chrome://, Web Store, PDF) is unreadable. */
export async function sendToTab<T extends MessageType>(
  tabId: number,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseMap[T]> {
  let reply: Reply<ResponseMap[T]> | undefined;
  try {
    reply = await browser.tabs.sendMessage(tabId, envelope(type, payload), { frameId: 0 });
  } catch {
    // No content script answered. On a web page (whose URL our host access lets us see) that means
    // the tab was open before the extension was installed or reloaded; anything else is off limits.
    const tab = await browser.tabs.get(tabId).catch(() => null);
    throw new PipelineError(
      tab?.url && /^https?:/.test(tab.url) ? 'page-not-ready' : 'page-unreadable',
    );
  }
  return unwrap(reply);
}

export async function sendToBackground<T extends MessageType>(
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseMap[T]> {
  return unwrap(await browser.runtime.sendMessage(envelope(type, payload)));
}

function unwrap<T>(reply: Reply<T> | undefined): T {
  if (!reply || typeof reply !== 'object') throw new PipelineError('page-unreadable');
  if (reply.ok) return reply.data;
  throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
}

let worker: Comlink.Remote<PipelineWorkerApi> | null = null;

export function pipelineWorker(): Comlink.Remote<PipelineWorkerApi> {
  worker ??= Comlink.wrap<PipelineWorkerApi>(new PipelineWorker());
  return worker;
}
