// The page reader: reads the page and highlights quotes on it. No network, no models; it answers
// only messages from the extension's own pages (the router checks the sender class).
//
// Injected on demand (lib/page/inject.ts) rather than declared as a content script, and written
// without WXT's content-script context: that context announces itself to the page with a window
// message carrying the extension id, and stops itself when the page replays it, which let any
// page switch reading off (docs/SECURITY.md, property 8). Nothing here listens to the page.

import { bindBrowserMessages } from '@/lib/browser/i18n';
import { attachRouter, createRouter, envelope } from '@/lib/messages/protocol';
import { READER_GLOBAL } from '@/lib/page/inject';
import { createPageReader } from '@/lib/page/page-reader';

export default defineUnlistedScript(() => {
  const world = globalThis as Record<string, unknown>;
  // Injected twice (two clicks racing): the first copy already answers; register nothing more.
  // A copy left by an earlier version of the extension (reloaded or updated) has lost its
  // runtime and answers nothing: this one takes over.
  if ((world[READER_GLOBAL] as { alive?: () => boolean } | undefined)?.alive?.() === true) return;
  // Errors the page reader raises are said in the browser's language.
  bindBrowserMessages();
  const reader = { ...createPageReader(window), alive: () => browser.runtime?.id !== undefined };
  world[READER_GLOBAL] = reader;

  const route = createRouter(
    {
      'page/read': () => reader.read(),
      'page/highlight': (request) => reader.highlight(request),
      'page/clear-highlights': () => {
        reader.clear();
        return null;
      },
    },
    browser.runtime.id,
  );
  attachRouter(browser.runtime.onMessage, route);

  // Highlights belong to the page they were made on: clear them when it changes. SPA navigation
  // keeps this document (the Navigation API reports it; the address is read from `location`, not
  // from the event, which a page could forge); a full navigation discards it with its highlights.
  let address = location.href;
  // Chrome has had the Navigation API since 102; TypeScript's DOM types do not list it yet.
  const { navigation } = globalThis as unknown as { navigation: EventTarget };
  navigation.addEventListener('currententrychange', () => {
    if (location.href === address) return;
    address = location.href;
    reader.clear();
    void browser.runtime
      .sendMessage(envelope('page/navigated', { url: address }))
      .catch(() => undefined);
  });
  addEventListener('pagehide', () => reader.clear());
});
