// The Origin header for Ollama endpoints (the host access a composer endpoint needs is in
// lib/settings/permissions.ts).
//
// Ollama refuses requests whose Origin header it does not know with a bare 403, and a request from
// the extension carries `Origin: chrome-extension://<id>`. Rather than ask users to edit
// OLLAMA_ORIGINS, a declarativeNetRequest session rule removes the Origin header from the
// extension's own requests to the configured Ollama host — that host only, nothing else.

import type { Settings } from '../settings/schema';

/** The one session rule's ID: replaced whenever the settings change. */
export const OLLAMA_ORIGIN_RULE_ID = 1;

/** The subset of chrome.declarativeNetRequest.Rule we build (typed here to keep lib free of chrome types). */
export interface OriginRule {
  id: number;
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: Array<{ header: string; operation: 'remove' }> };
  condition: {
    urlFilter: string;
    initiatorDomains: string[];
    resourceTypes: Array<'xmlhttprequest'>;
  };
}

/** The rule for the configured Ollama host, or null when the composer is not Ollama. */
export function ollamaOriginRule(
  composer: Settings['composer'],
  extensionId: string,
): OriginRule | null {
  if (composer.kind !== 'ollama') return null;
  let origin: string;
  try {
    const url = new URL(composer.endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    origin = url.origin;
  } catch {
    return null;
  }
  return {
    id: OLLAMA_ORIGIN_RULE_ID,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    // `|` anchors the filter at the start of the URL, and the trailing `/` ends the host, so
    // http://127.0.0.1:11434 does not also match http://127.0.0.1:114340.
    condition: {
      urlFilter: `|${origin}/`,
      initiatorDomains: [extensionId],
      resourceTypes: ['xmlhttprequest'],
    },
  };
}
