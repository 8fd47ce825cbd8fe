// The exact answer inside a cited quote: the phrase of the type the question asks for (who → a
// person's name, when → a date, how many → a number, where → a place), found by patterns, no
// model. The panel gives it a stronger highlight than the rest of the quote. An installed
// extractive-QA model (`AnswerReader`) takes over where it is confident (`answerSpans`).

import { terms } from '../core/text';
import { answerTypeOf, type AnswerType } from './intent';
import type { AnswerReader } from './ports';

export interface Span {
  start: number;
  end: number;
  /** The model that found it; absent when the patterns did. */
  by?: string;
}

/** Port for a span finder (patterns here, or an extractive-QA model): offsets in `passage`. */
export type AnswerSpanFinder = (
  question: string,
  passage: string,
) => Span | undefined | Promise<Span | undefined>;

/**
 * The answer phrase in each passage: the reader's span where it is confident, the patterns' where
 * it refuses or is not installed. A reader that fails is left out for this question (the patterns
 * answer) and `onReaderError` says why: never a made-up span.
 */
export async function answerSpans(
  question: string,
  passages: readonly string[],
  reader?: AnswerReader,
  onReaderError?: (error: unknown) => void,
): Promise<Array<Span | undefined>> {
  let read: Awaited<ReturnType<AnswerReader['read']>> | undefined;
  if (reader && passages.length > 0) {
    try {
      read = await reader.read(question, passages);
    } catch (error) {
      onReaderError?.(error);
    }
  }
  return passages.map((passage, i) => {
    const span = read?.[i];
    if (span && span.start >= 0 && span.end > span.start && span.end <= passage.length)
      return { start: span.start, end: span.end, by: reader!.modelId };
    return findAnswerSpan(question, passage);
  });
}

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozens?|hundreds|thousands|millions|billions)';
const NUM = `(?:\\d[\\d,]*(?:\\.\\d+)?|${NUMBER_WORD})`;
const SCALE = '(?:\\s?(?:thousand|million|billion|trillion|[kKmMbB]n?)\\b)?';
const UNIT_TIME = '(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)';

const PATTERNS: Record<Exclude<AnswerType, 'other' | 'person' | 'place' | 'expansion'>, RegExp> = {
  date: new RegExp(
    `\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b(?:c\\.\\s?)?\\d{1,4}\\s?(?:BC|BCE|AD|CE)\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\s+century\\b|\\b(?:\\d{1,2}\\s+)?${MONTH}\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?\\b|\\b(?:1\\d|20)\\d{2}s?\\b`,
    'g',
  ),
  money: new RegExp(
    `[$€£¥]\\s?\\d[\\d,]*(?:\\.\\d+)?${SCALE}(?:\\s?(?:a|per)\\s\\w+|/\\w+)?|\\b\\d[\\d,]*(?:\\.\\d+)?${SCALE}\\s(?:dollars|euros|pounds|yen|cents|USD|EUR|GBP)\\b`,
    'g',
  ),
  duration: new RegExp(
    `\\b(?:more\\s+than\\s+|about\\s+|nearly\\s+|almost\\s+)?${NUM}(?:[-\\s]${UNIT_TIME})\\b`,
    'gi',
  ),
  number: new RegExp(
    `[$€£¥]?\\b(?:more\\s+than\\s+|about\\s+|nearly\\s+|almost\\s+)?${NUM}(?:\\s?%|\\s?percent\\b)?${SCALE}(?:[-\\s](?:[a-zA-Z]+))?`,
    'gi',
  ),
};

// A run of capitalised words ("Federico Musto", "Bradley M. Kuhn", "Sostratus of Cnidus"); a
// single word counts too, except at the start of a sentence, where every word is capitalised.
const NAME =
  /\b[A-Z][\p{L}'’-]+(?:\s+(?:[A-Z]\.|[A-Z][\p{L}'’-]+|(?:of|de|van|von|da|di|bin)\s+[A-Z][\p{L}'’-]+)){0,3}/gu;
const PLACE =
  /(?:\b(?:in|at|from|near|to)|[—:])\s+((?:the\s+)?[A-Z][\p{L}-]+(?:[\s,]+[A-Z][\p{L}-]+){0,2})/gu;
const NOT_NAME = new RegExp(
  `^(?:${MONTH}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|The|A|An|In|On|At|But|And|It|This|That)\\b`,
);

/** Spans of `text` that are phrases of `type`, in order. */
export function typedSpans(text: string, type: AnswerType): Span[] {
  switch (type) {
    case 'person':
      return matches(text, NAME).filter((s) => {
        const name = text.slice(s.start, s.end);
        const atStart =
          /^\s*["“'‘(]?$/.test(text.slice(0, s.start)) || /[.!?:]\s*$/.test(text.slice(0, s.start));
        return !NOT_NAME.test(name) && !(atStart && !/\s/.test(name));
      });
    case 'place':
      return Array.from(text.matchAll(PLACE), (m) => {
        const start = m.index + m[0].length - m[1]!.length;
        return { start, end: start + m[1]!.length };
      });
    case 'expansion':
      return expansions(text);
    case 'other':
      return [];
    default:
      return matches(text, PATTERNS[type]).filter((s) => /\S/.test(text.slice(s.start, s.end)));
  }
}

function matches(text: string, pattern: RegExp): Span[] {
  return Array.from(text.matchAll(pattern), (m) => ({
    start: m.index,
    end: m.index + m[0].trimEnd().length,
  })).filter((s) => s.end > s.start);
}

/** "personally identifiable information (PII)": the words before a bracketed acronym. */
function expansions(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(/\(([A-Z][A-Za-z]{1,7})\)/g)) {
    const letters = m[1]!.replace(/[a-z]/g, '').length || m[1]!.length;
    const before = text.slice(0, m.index).trimEnd();
    const words = Array.from(before.matchAll(/[\p{L}][\p{L}'’-]*/gu));
    const chosen = words.slice(-letters);
    if (chosen.length === 0) continue;
    spans.push({ start: chosen[0]!.index, end: before.length });
  }
  return spans;
}

/**
 * The answer phrase in `text` for `question`: a phrase of the expected type that does not merely
 * repeat the question's own words, the one nearest the question's words when there are several.
 */
export function findAnswerSpan(question: string, text: string): Span | undefined {
  const type = answerTypeOf(question);
  const asked = new Set(terms(question));
  const candidates = typedSpans(text, type).filter((span) => {
    const own = terms(text.slice(span.start, span.end));
    return own.length === 0 || own.some((t) => !asked.has(t));
  });
  if (candidates.length <= 1) return candidates[0];
  const anchors = askedPositions(text, asked);
  if (anchors.length === 0) return candidates[0];
  const distance = (s: Span) => Math.min(...anchors.map((a) => Math.abs(a - s.start)));
  return candidates.reduce((best, s) => (distance(s) < distance(best) ? s : best));
}

function askedPositions(text: string, asked: ReadonlySet<string>): number[] {
  const positions: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (terms(m[0]).some((t) => asked.has(t))) positions.push(m.index);
  return positions;
}
