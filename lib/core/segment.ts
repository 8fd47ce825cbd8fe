// The one place `Intl.Segmenter` is set up: sentence and word boundaries in the page's language,
// one cached segmenter per language and granularity, English when the page's tag is invalid or
// unsupported, and long text segmented in windows (see below).

type Granularity = 'sentence' | 'word';

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(lang: string | undefined, granularity: Granularity): Intl.Segmenter {
  const key = `${granularity}:${lang ?? ''}`;
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(supportedLang(lang), { granularity });
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

function supportedLang(lang = 'en'): string {
  try {
    return Intl.Segmenter.supportedLocalesOf([lang]).length > 0 ? lang : 'en';
  } catch {
    return 'en'; // not a valid language tag (pages write anything in lang="")
  }
}

/**
 * V8's Intl.Segmenter slows down quadratically with the length of the string it iterates (a
 * 400 kB line takes seconds, a 2 MB one minutes), so long text is segmented in windows. A
 * window's last sentence may be cut by the window edge: it is carried over to the next window,
 * unless it fills the whole window (a "sentence" that long is cut at words by the splitter anyway).
 */
const SEGMENT_WINDOW = 8192;

// Intl.Segmenter ends a sentence after any full stop followed by a capital: "Martin Luther King
// Jr. was born", "Apple Inc. said", "the U.S. Senate", "Mortimer B. Zuckerman". A segment ending
// in one of these (a title, a company suffix, an initial, a dotted acronym) is joined to the next,
// so no quote ends inside a sentence that goes on.
const ABBREVIATION =
  /(?:^|[\s("'“‘])(?:Jr|Sr|Dr|Mr|Mrs|Ms|Mx|Prof|Rev|Gen|Col|Capt|Lt|Sgt|Gov|Sen|Rep|Pres|St|Mt|Ft|Inc|Ltd|Co|Corp|Bros|No|Nos|Vol|vs|etc|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|[A-Z]|(?:[A-Za-z]\.){1,4}[A-Za-z])\.["'”’)]*\s*$/;

// Intl.Segmenter also ends a sentence inside a footnote marker that follows its full stop
// ("Britain.[" | "235] The railways…", "sold.[" | "12][13] Then"): the rest of the marker, and the
// markers after it, go back to the sentence they belong to.
const FOOTNOTE_TAIL = /^[^\s[\]]{1,20}\](?:\[[^\s[\]]{1,20}\])*\s*/;

/** How many characters at the start of `next` close a footnote marker `previous` opened. */
function footnoteTail(
  text: string,
  previous: { start: number; end: number },
  next: { start: number; end: number },
): number {
  if (!/\[\s*$/.test(text.slice(previous.start, previous.end))) return 0;
  return FOOTNOTE_TAIL.exec(text.slice(next.start, next.end))?.[0].length ?? 0;
}

// A bracket that closes after a sentence's footnote marker ("(… in the mid-1860s.[48] ) Following
// concerns …") is cut off to open the next sentence: no sentence starts with one, so it goes back.
const CLOSING_BRACKETS = /^[)\]]+\s*/;

/** How many characters at the start of `next` belong to the sentence before it. */
function carriedBack(
  text: string,
  previous: { start: number; end: number },
  next: { start: number; end: number },
): number {
  const marker = footnoteTail(text, previous, next);
  const rest = text.slice(next.start + marker, next.end);
  return marker + (CLOSING_BRACKETS.exec(rest)?.[0].length ?? 0);
}

// Intl.Segmenter ends a sentence after every "?" and "!", also inside dialogue: "“Are you
// drunk?” said Haoyu." A quoted question or exclamation whose next segment opens in lower case is
// one sentence with the words that say who spoke.
const QUOTED_STOP = /[?!]["'”’]\s*$/;
const LOWER_START = /^\p{Ll}/u;

/** A line that ends a sentence, a list item or a row: a stop, a colon, a bar; or an empty line. */
const LINE_STOPPED = /[.!?:;|]\s*$|^\s*$/;
/** A line that goes on a sentence: it starts in lower case, maybe after a quote mark or bracket. */
const LINE_GOES_ON = /^\s*['"‘“(]?\p{Ll}/u;

/**
 * The lines of `text` as [start, end) offsets, each without its line break, except that a line
 * ending with no stop followed by one starting in lower case wraps one sentence (pre-formatted
 * text at a fixed width, an RFC's "GET requests to\nuntouched folders"): the two are one line,
 * the break inside it. Elsewhere a line break ends a sentence (list items, table rows, verses);
 * `unwrapped` reads a line's breaks as spaces.
 */
export function wrappedLines(text: string): Array<{ start: number; end: number }> {
  const lines: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const last = lines.at(-1);
    const end = start + line.length;
    if (last && !LINE_STOPPED.test(text.slice(last.start, last.end)) && LINE_GOES_ON.test(line))
      last.end = end;
    else lines.push({ start, end });
    start = end + 1;
  }
  return lines;
}

/** A wrapped line (`wrappedLines`) with its breaks read as spaces; offsets are kept. */
export function unwrapped(line: string): string {
  return line.replace(/\n/g, ' ');
}

/** The lines of `text` (`wrappedLines`), each with its breaks read as spaces. */
export function linesOf(text: string): string[] {
  return wrappedLines(text).map(({ start, end }) => unwrapped(text.slice(start, end)));
}

/** Sentence spans of `text` as [start, end) offsets, trailing spaces included, in order. */
export function* sentenceRanges(
  text: string,
  lang?: string,
): Generator<{ start: number; end: number }> {
  let pending: { start: number; end: number } | null = null;
  for (let range of segmenterRanges(text, lang)) {
    const previous = pending && text.slice(pending.start, pending.end);
    if (
      pending &&
      previous &&
      (ABBREVIATION.test(previous) ||
        (QUOTED_STOP.test(previous) && LOWER_START.test(text.slice(range.start, range.end))))
    ) {
      pending = { start: pending.start, end: range.end };
      continue;
    }
    const marker: number = pending ? carriedBack(text, pending, range) : 0;
    if (pending && marker > 0) {
      pending = { start: pending.start, end: range.start + marker };
      if (range.start + marker >= range.end) continue;
      range = { start: range.start + marker, end: range.end };
    }
    if (pending) yield pending;
    pending = range;
  }
  if (pending) yield pending;
}

function* segmenterRanges(text: string, lang?: string): Generator<{ start: number; end: number }> {
  const segmenter = segmenterFor(lang, 'sentence');
  let offset = 0;
  while (offset < text.length) {
    let end = Math.min(text.length, offset + SEGMENT_WINDOW);
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--; // keep surrogate pairs whole
    const segments = Array.from(segmenter.segment(text.slice(offset, end)), (s) => ({
      index: s.index,
      length: s.segment.length,
    }));
    const keep =
      end === text.length || segments.length <= 1 ? segments.length : segments.length - 1;
    for (let i = 0; i < keep; i++) {
      const { index, length } = segments[i]!;
      yield { start: offset + index, end: offset + index + length };
    }
    offset = keep === segments.length ? end : offset + segments[keep]!.index;
  }
}

/** The sentences of `text`, each as written (untrimmed), in order. */
export function sentences(text: string, lang?: string): string[] {
  return Array.from(sentenceRanges(text, lang), ({ start, end }) => text.slice(start, end));
}

/** Word-granularity segments (text without spaces — Chinese, Japanese, Thai — is cut at words). */
export function wordSegments(text: string, lang?: string): Iterable<Intl.SegmentData> {
  return segmenterFor(lang, 'word').segment(text);
}
