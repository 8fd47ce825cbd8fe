// Content script: reads the page and highlights quotes on it. No network, no models; it answers
// only messages from the extension's own pages (the router checks the sender class).

import { bindBrowserMessages } from '@/lib/browser/i18n';
import { attachRouter, createRouter, envelope } from '@/lib/messages/protocol';
import { anchorWithin, buildTextIndex, locateQuote, rangesOf } from '@/lib/page/anchor';
import { clearHighlights, showHighlights } from '@/lib/page/highlight';
import { readPage } from '@/lib/page/read';
import { browserIsHidden } from '@/lib/page/visibility';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main(ctx) {
    // Errors the page reader raises are said in the browser's language.
    bindBrowserMessages();
    const route = createRouter(
      {
        'page/read': () =>
          readPage(document, { url: location.href, isHidden: browserIsHidden(window) }),
        'page/highlight': ({ quotes, focus, focusText }) => {
          const index = buildTextIndex(
            document.body ?? document.documentElement,
            browserIsHidden(window),
          );
          const anchored: number[] = [];
          const missing: number[] = [];
          const found: Array<{ id: number; ranges: Range[] }> = [];
          const answers: Range[] = [];
          let focused: Range[] = [];
          let sentence: Range | null = null;
          for (const quote of quotes) {
            const spans = locateQuote(index, quote.text);
            const ranges = rangesOf(index, spans);
            (ranges.length > 0 ? anchored : missing).push(quote.id);
            found.push({ id: quote.id, ranges });
            const answer = quote.answer ? anchorWithin(index, spans, quote.answer) : null;
            if (answer) answers.push(answer);
            if (quote.id !== focus) continue;
            focused = ranges;
            // The cited sentence, found inside this quote, is what the reader wants to see first.
            if (focusText) sentence = anchorWithin(index, spans, focusText);
          }
          showHighlights(document, found, sentence ? [sentence] : focused, answers);
          return { anchored, missing };
        },
        'page/clear-highlights': () => {
          clearHighlights();
          return null;
        },
      },
      browser.runtime.id,
    );
    ctx.onInvalidated(attachRouter(browser.runtime.onMessage, route));

    // Highlights belong to the page they were made on: clear them when it changes (SPA navigation
    // keeps this document; a full navigation discards it and its highlights with it).
    ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => {
      clearHighlights();
      void browser.runtime
        .sendMessage(envelope('page/navigated', { url: newUrl.href }))
        .catch(() => undefined);
    });
    ctx.addEventListener(window, 'pagehide', () => clearHighlights());
  },
});
