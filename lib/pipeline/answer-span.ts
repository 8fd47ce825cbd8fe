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

/**
 * Port for a span finder (patterns here, or an extractive-QA model): offsets in `passage`.
 * `lang` is the page's primary language (lib/core/text.ts `terms`).
 */
export type AnswerSpanFinder = (
  question: string,
  passage: string,
  lang?: string,
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
  lang?: string,
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
    return findAnswerSpan(question, passage, lang);
  });
}

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
// Fractions first ("a third of your article", "two-thirds", "half"), then counts.
const NUMBER_WORD =
  '(?:(?:a|one|two|three)[\\s-]+(?:half|thirds?|quarters?|fifths?|tenths?)\\b|half\\b|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozens?|hundreds|thousands|millions|billions)';
const SCALE_WORD = 'thousand|million|billion|trillion';
const UNIT_TIME = '(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)';

/**
 * The words of other languages (French, German, Spanish, Portuguese, Italian) that the patterns
 * need: month names, number words, scales, units of time. Used for pages in those languages
 * only, so English keeps its own patterns exactly ("mil", "cent" and "um" are English words too).
 */
const OTHER_MONTH =
  'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|Januar|Jänner|Februar|März|Mai|Juni|Juli|Oktober|Dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|dez|jan|fev|mar|abr|jun|jul|ago|set|out|nov';
const OTHER_NUMBER_WORD =
  'un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|quarante|cinquante|cent|mille|ein|eine|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig|dreißig|hundert|tausend|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|quince|veinte|treinta|cien|mil|um|uma|dois|duas|três|sete|oito|nove|dez|vinte|trinta|cem|dodici|venti|trenta|dvaadvacet|dvacet|deset|dozaines?|Dutzende?|decenas|dezenas|centaines|milliers|miles|milhares';
const OTHER_SCALE_WORD =
  'millions?|milliards?|Millionen|Milliarden|Mio\\.?|Mrd\\.?|millones|milhões|milhão|miliardi|milioni|milionů|miliard';
const OTHER_UNIT_TIME =
  'secondes?|minutes?|heures?|jours?|semaines?|mois|ans|années?|siècles?|Sekunden|Minuten|Stunden|Tage[n]?|Wochen|Monate[n]?|Jahre[n]?|Jahrzehnte|segundos|minutos|horas|días|dias|semanas|meses|años|anos|siglos|séculos|giorni|mesi|anni|let|roků|měsíců|dní';
const OTHER_CURRENCY =
  'Euro|Franken|dólares|dólar|pesos|reais|real|libras|libres|livres|liber|korun|Kč|francs|yuans?|yens?';
// Chinese and Japanese write the currency right after the number: "1500亿美元", "2900円".
const CJK_CURRENCY = '(?:[万亿億]\\s?)?(?:美元|元|円|日元|欧元|英镑)';
// Dates in Chinese and Japanese: "1985年", "3月9日", "2016年10月14日".
const CJK_DATE =
  '\\d{1,4}\\s?年(?:\\s?\\d{1,2}\\s?月)?(?:\\s?\\d{1,2}\\s?日)?|\\d{1,2}\\s?月\\s?\\d{1,2}\\s?日';

type PatternType = Exclude<AnswerType, 'other' | 'person' | 'place' | 'expansion'>;

function patternsOf(words: {
  month: string;
  number: string;
  scale: string;
  unit: string;
  extraDate?: string;
  /** Digit groups tried before plain digits ("2 209", "68.700"). */
  groupedDigits?: string;
  currency: string;
  /** Clauses that answer "how long" and "how often" ("until it sinks"); English only. */
  clauses?: { duration: string; frequency: string };
  flags: string;
}): Record<PatternType, RegExp> {
  const grouped = words.groupedDigits ? `${words.groupedDigits}|` : '';
  const NUM = `(?:${grouped}\\d+(?:,\\d+)*(?:\\.\\d+)?|${words.number})`;
  const SCALE = `(?:\\s?(?:${words.scale}|[kKmMbB]n?)\\b)?`;
  const g = words.flags;
  return {
    date: new RegExp(
      `\\b\\d{1,2}(?::\\d{2})?\\s?(?:a\\.m\\.|p\\.m\\.|am\\b|pm\\b)|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b(?:c\\.\\s?)?\\d{1,4}\\s?(?:BC|BCE|AD|CE)\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\s+century\\b|\\b(?:\\d{1,2}\\s+)?${words.month}\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?\\b|\\b(?:1\\d|20)\\d{2}s?\\b${words.extraDate ? `|${words.extraDate}` : ''}`,
      g,
    ),
    money: new RegExp(
      `[$€£¥]\\s?\\d+(?:,\\d+)*(?:\\.\\d+)?${SCALE}(?:\\s?(?:a|per)\\s\\w+|/\\w+)?|\\b\\d+(?:,\\d+)*(?:\\.\\d+)?${SCALE}(?:${words.currency})`,
      g,
    ),
    duration: new RegExp(
      `\\b(?:more\\s+than\\s+|about\\s+|nearly\\s+|almost\\s+)?${NUM}(?:[-\\s]${words.unit})\\b${words.clauses ? `|${words.clauses.duration}` : ''}`,
      `${g}i`,
    ),
    // A rate ("twice a week", "once every two seconds", "every 12 hours", "daily") and, where the
    // language has them, the clauses that say when ("unless the walls stop misting up").
    frequency: new RegExp(
      `\\b(?:(?:${NUM}\\s+times|once|twice)(?:\\s+(?:a|an|per|each|every)\\s+(?:${NUM}\\s+)?${words.unit})?|(?:every|each|per)\\s+(?:other\\s+|few\\s+|${NUM}\\s+)?${words.unit})\\b${words.clauses ? `|${words.clauses.frequency}` : ''}`,
      `${g}i`,
    ),
    number: new RegExp(
      `[$€£¥]?\\b(?:more\\s+than\\s+|about\\s+|nearly\\s+|almost\\s+)?${NUM}(?:\\s?%|\\s?percent\\b)?${SCALE}(?:[-\\s](?:[a-zA-Z]+))?`,
      `${g}i`,
    ),
  };
}

// Pure: the content script imports byline.ts (for BYLINE_SECTION) and must not carry these.
const PATTERNS = /* @__PURE__ */ patternsOf({
  month: MONTH,
  number: NUMBER_WORD,
  scale: SCALE_WORD,
  unit: UNIT_TIME,
  // Currency names after the number, singular too ("a dollar", "1.81 bitcoins"); capitalised
  // "Euro" is the German word (OTHER_CURRENCY), not matched on English pages.
  currency: '\\s(?:[Dd]ollars?|euros?|[Pp]ounds?|yen|cents?|[Bb]itcoins?|USD|EUR|GBP)\\b',
  clauses: {
    duration: '\\b(?:until|till)\\s+[^,.;:!?]+',
    frequency:
      '\\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly|nightly|rarely|seldom|occasionally|regularly)\\b|\\b(?:unless|whenever)\\s+[^,.;:!?]+',
  },
  flags: 'g',
});

// Other languages: JavaScript's \b is ASCII-only, so with accented words ("três", "années") the
// expressions run in Unicode mode and numbers may use a space or a dot as thousands separator
// ("2 209", "68.700"), as French, German and Spanish write them.
const OTHER_PATTERNS = /* @__PURE__ */ patternsOf({
  month: `(?:${MONTH}|${OTHER_MONTH})`,
  number: `(?:${NUMBER_WORD.slice(3, -1)}|${OTHER_NUMBER_WORD})(?![\\p{L}])`,
  groupedDigits: '\\d{1,3}(?:[ .\\u00A0\\u202F]\\d{3})+(?:,\\d+)?(?!\\d)',
  scale: `${SCALE_WORD}|${OTHER_SCALE_WORD}`,
  unit: `(?:${UNIT_TIME.slice(3, -1)}|${OTHER_UNIT_TIME})(?![\\p{L}])`,
  extraDate: CJK_DATE,
  currency: `\\s(?:dollars|euros|pounds|yen|cents|USD|EUR|GBP|${OTHER_CURRENCY})(?![\\p{L}])|${CJK_CURRENCY}`,
  flags: 'gu',
});

const patternsFor = (lang: string | undefined): Record<PatternType, RegExp> =>
  !lang || lang === 'en' ? PATTERNS : OTHER_PATTERNS;

// A run of capitalised words ("Federico Musto", "Bradley M. Kuhn", "Sostratus of Cnidus"); a
// single word counts too, except at the start of a sentence, where every word is capitalised.
const NAME =
  /\b[A-Z][\p{L}'’-]+(?:\s+(?:[A-Z]\.|[A-Z][\p{L}'’-]+|(?:of|de|van|von|da|di|bin)\s+[A-Z][\p{L}'’-]+)){0,3}/gu;
const PLACE =
  /(?:\b(?:in|at|from|near|to)|[—:])\s+((?:the\s+)?[A-Z][\p{L}-]+(?:[\s,]+[A-Z][\p{L}-]+){0,2})/gu;
const NOT_NAME = new RegExp(
  `^(?:${MONTH}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|The|A|An|In|On|At|But|And|It|This|That)\\b`,
);

/** Spans of `text` that are phrases of `type`, in order; `lang` is the page's primary language. */
export function typedSpans(text: string, type: AnswerType, lang?: string): Span[] {
  // "$163 million.[16]": the footnote's number is no answer (it was marked as "how much").
  const markers = Array.from(text.matchAll(NOTE_MARKER), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  return spansOfType(text, type, lang).filter(
    (s) => !markers.some((m) => s.start < m.end && s.end > m.start),
  );
}

/** A numbered footnote marker, as pages write them: "[16]", "[ 4]". */
const NOTE_MARKER = /\[\s*\d{1,3}\s*\]/g;

function spansOfType(text: string, type: AnswerType, lang?: string): Span[] {
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
      return matches(text, patternsFor(lang)[type]).filter((s) =>
        /\S/.test(text.slice(s.start, s.end)),
      );
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
  // The other order: "an outbreak of CRE (carbapenem-resistant enterobacteriaceae)", the words
  // in brackets starting with the acronym's first letter.
  for (const m of text.matchAll(/\b([A-Z][A-Za-z]{1,7})\s+\(([\p{L}][^()]{2,80})\)/gu)) {
    const inside = m[2]!;
    if (inside[0]!.toLowerCase() !== m[1]![0]!.toLowerCase() || !/\s|-/.test(inside)) continue;
    const start = m.index + m[0].length - inside.length - 1;
    spans.push({ start, end: start + inside.length });
  }
  return spans;
}

/**
 * The answer phrase in `text` for `question`: a phrase of the expected type that does not merely
 * repeat the question's own words, the one nearest the question's words when there are several.
 */
export function findAnswerSpan(question: string, text: string, lang?: string): Span | undefined {
  const asked = new Set(terms(question, lang));
  const candidates = answerCandidates(text, answerTypeOf(question), asked, lang);
  if (candidates.length <= 1) return candidates[0];
  const anchors = askedPositions(text, asked, lang);
  if (anchors.length === 0) return candidates[0];
  const distance = (s: Span) => Math.min(...anchors.map((a) => Math.abs(a - s.start)));
  return candidates.reduce((best, s) => (distance(s) < distance(best) ? s : best));
}

/**
 * Phrases of `type` in `text` that say something the question does not: "One" in "Xbox One X" or
 * "30" in "LGP-30" repeat the question's own name and answer nothing. A phrase counts when one of
 * its words is not among the question's terms (`asked`).
 */
export function answerCandidates(
  text: string,
  type: AnswerType,
  asked: ReadonlySet<string>,
  lang?: string,
): Span[] {
  const typed = typedSpans(text, type, lang).filter((span) => {
    const said = text.slice(span.start, span.end);
    // "How many …?" is not answered by a year ("who died in 2008").
    if (type === 'number' && BARE_YEAR.test(said)) return false;
    // A lone letter says nothing of its own: "One S" beside "Xbox One X" is still a name.
    const own = terms(said, lang).filter((t) => t.length > 1 || /\d/.test(t));
    return own.length === 0 || own.some((t) => !asked.has(t));
  });
  return type === 'expansion' ? [...typed, ...spelledOut(text, asked)] : typed;
}

const BARE_YEAR = /^(?:1[6-9]|20)\d{2}$/;

/**
 * "search engine optimization" for "What does SEO stand for?" where the page never writes
 * "(SEO)": a run of words whose initials spell an acronym of the question.
 */
function spelledOut(text: string, asked: ReadonlySet<string>): Span[] {
  const acronyms = [...asked].filter(
    (t) => /^[a-z]{2,6}$/.test(t) && !text.toLowerCase().includes(` ${t} `),
  );
  if (acronyms.length === 0) return [];
  const words = Array.from(text.matchAll(/[\p{L}][\p{L}'’-]*/gu));
  const spans: Span[] = [];
  for (const acronym of acronyms)
    for (let i = 0; i + acronym.length <= words.length; i++) {
      const run = words.slice(i, i + acronym.length);
      if (run.every((w, k) => w[0][0]!.toLowerCase() === acronym[k] && w[0].length > 1)) {
        const last = run[run.length - 1]!;
        spans.push({ start: run[0]!.index, end: last.index + last[0].length });
      }
    }
  return spans;
}

function askedPositions(
  text: string,
  asked: ReadonlySet<string>,
  lang: string | undefined,
): number[] {
  const positions: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (terms(m[0], lang).some((t) => asked.has(t))) positions.push(m.index);
  return positions;
}
