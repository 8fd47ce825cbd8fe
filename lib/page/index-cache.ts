// The highlight index (lib/page/anchor.ts) of the page as it is now, built once per page version
// (docs/SECURITY.md, property 14). Building it walks every visible text node and asks the
// visibility judge about their elements, so on a very long page it is the cost of a highlight
// click: clicks on the same page version reuse it. Any change to the document (nodes, text,
// attributes — a class or style can hide text) marks it stale, and the next use builds it anew.

import type { TextIndex } from './anchor';

export interface IndexCache {
  /** The index of the current page version, built now only when the page changed since. */
  get(): TextIndex;
  /** How many times the index was built (tests watch this, not the clock). */
  readonly builds: number;
  /** Stops watching the page. */
  disconnect(): void;
}

type Observer = Pick<MutationObserver, 'observe' | 'takeRecords' | 'disconnect'>;

export function createIndexCache(
  doc: Document,
  build: () => TextIndex,
  makeObserver: (onChange: () => void) => Observer,
): IndexCache {
  let index: TextIndex | null = null;
  let builds = 0;
  // A dirty flag, not a diff: any change is enough to rebuild, and noticing one costs nothing.
  const observer = makeObserver(() => (index = null));
  observer.observe(doc, { subtree: true, childList: true, characterData: true, attributes: true });
  return {
    get() {
      // Changes not yet delivered to the callback (made in this same task) count too.
      if (observer.takeRecords().length > 0) index = null;
      if (!index) {
        index = build();
        builds++;
        // Building only reads; anything recorded meanwhile is the DOM library's own doing
        // (linkedom records one), never the page's, which cannot run during this call.
        observer.takeRecords();
      }
      return index;
    },
    get builds() {
      return builds;
    },
    disconnect: () => observer.disconnect(),
  };
}
