// The language of one question's run: the page's (its own tag, else detected from its text) and
// the question's. The page's decides how text becomes BM25 terms (lib/core/text.ts `terms`), so
// the question is cut into terms the same way as the passages it is matched against; the
// question's decides the language the composer model is asked to answer in.

import {
  DETECT_SAMPLE_CHARS,
  detectLanguage,
  primaryLanguage,
  questionLanguage,
} from '../core/language';
import type { PageSnapshot } from './types';

export interface RunLanguages {
  /** The page's primary language ("fr"); undefined when neither tagged nor detectable. */
  page: string | undefined;
  /** The question's primary language; the page's unless the question is clearly in another. */
  question: string;
}

/** The page's tag (<html lang>, Content-Language), else a guess from its first text. */
export function pageLanguage(
  page: Pick<PageSnapshot, 'lang' | 'title' | 'blocks'>,
): string | undefined {
  const tagged = primaryLanguage(page.lang);
  if (tagged) return tagged;
  let sample = '';
  for (const block of page.blocks) {
    if (sample.length >= DETECT_SAMPLE_CHARS) break;
    sample += `${block.text}\n`;
  }
  return detectLanguage(sample || page.title);
}

/** Both languages of a run; `lang` is the page's when the caller has it already. */
export function languagesOf(
  page: Pick<PageSnapshot, 'lang' | 'title' | 'blocks'>,
  question: string,
  lang = pageLanguage(page),
): RunLanguages {
  return { page: lang, question: questionLanguage(question, lang) };
}
