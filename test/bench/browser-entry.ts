// Entry of the bundle test/bench/run.ts injects into Chromium pages (esbuild, IIFE). It exposes
// one global the bench drives through page.evaluate; the page reader judges visibility with the
// browser's computed style and layout, as the content script does.

import { browserIsHidden } from '../../lib/page/visibility';
import { measurePass, type PassTimings } from './measure';

export interface BrowserBench {
  /** `reps` timed passes over the live document; the first `warmup` are run and not returned. */
  run(options: { question?: string; reps: number; warmup: number }): PassTimings[];
}

const bench: BrowserBench = {
  run({ question, reps, warmup }) {
    // Lay the page out before timing: a page the user is reading is already laid out.
    document.documentElement.getBoundingClientRect();
    const options = {
      url: location.href,
      isHidden: browserIsHidden(window),
      ...(question !== undefined ? { question } : {}),
    };
    const out: PassTimings[] = [];
    for (let i = 0; i < warmup + reps; i++) {
      const pass = measurePass(document, options);
      if (i >= warmup) out.push(pass);
    }
    return out;
  },
};

(globalThis as unknown as { __answerPanelBench: BrowserBench }).__answerPanelBench = bench;
