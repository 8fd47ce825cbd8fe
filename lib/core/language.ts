// Which language a page or a question is written in, as a primary ISO 639-1 code ("fr", "zh").
// The page's own tag (<html lang>, Content-Language) wins; otherwise a bounded sample of its text
// goes to tinyld (its "light" profile: ~70 kB, against ~800 kB for the full one, and enough to
// tell the languages the keyword path supports apart). Short text is hard to detect, so a question
// keeps the page's language unless the detector is confident it is another one.

import { detectAll } from 'tinyld/light';

/** Detection reads at most this many characters: enough for a stable guess, cheap on long pages. */
export const DETECT_SAMPLE_CHARS = 2000;
// "Clearly" one language: a score of MIN_CONFIDENCE, or at least MIN_LEAD_SCORE and LEAD times
// the runner-up's ("Who is the author?" scores 0.19 for English against 0.07 for Dutch).
const MIN_CONFIDENCE = 0.5;
const MIN_LEAD_SCORE = 0.1;
const LEAD = 2;
/** Han and kana carry a word in one or two characters, so the floor is low. */
const MIN_QUESTION_LETTERS = 3;

/** "pt-BR" → "pt", "zh-Hant-TW" → "zh", "FR" → "fr"; undefined for an empty or invalid tag. */
export function primaryLanguage(tag: string | undefined | null): string | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

/**
 * The language of `text` (its first DETECT_SAMPLE_CHARS), or undefined when unsure. tinyld's
 * scores are relative (clear Spanish prose can score 0.26), so "sure" is a lead over the
 * runner-up rather than a fixed score.
 */
export function detectLanguage(text: string): string | undefined {
  const [best, second] = detectAll(text.slice(0, DETECT_SAMPLE_CHARS));
  return best && isClearLead(best.accuracy, second?.accuracy ?? 0)
    ? primaryLanguage(best.lang)
    : undefined;
}

function isClearLead(best: number, second: number): boolean {
  return best >= MIN_CONFIDENCE || (best >= MIN_LEAD_SCORE && best >= LEAD * second);
}

/**
 * The language a question is asked in: its page's language unless the detector clearly prefers
 * another one ("Who is the author?" on a French page is English).
 */
export function questionLanguage(question: string, pageLang: string | undefined): string {
  const fallback = pageLang ?? 'en';
  if (question.replace(/[^\p{L}]/gu, '').length < MIN_QUESTION_LETTERS) return fallback;
  const detected = detectLanguage(question);
  return detected && detected !== fallback ? detected : fallback;
}
