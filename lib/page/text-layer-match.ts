// Which spans of a pdf.js text layer show a quote. The quote comes from the rebuilt reading order
// (lib/pdf: hyphens at line ends joined, columns in order, spaces normalised), the text layer has
// one span per run of the page's text, so both are compared on letters and digits alone, case
// folded. A quote not found whole (it crosses into the next page, or its lines were reordered) is
// looked for in pieces, and each piece found marks its spans.

/** Letters and digits, lower case, with the index of the source character each one came from. */
function keyOf(text: string): { key: string; from: number[] } {
  let key = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    if (/[\p{L}\p{N}]/u.test(ch)) {
      const lower = ch.toLowerCase();
      key += lower;
      for (let k = 0; k < lower.length; k++) from.push(i);
    }
    i += ch.length;
  }
  return { key, from };
}

/** Characters of the quote's key each piece holds when the whole quote is not found. */
const PIECE = 40;
/** Shorter stretches ("a", "12") would match anywhere: a piece must be this long to count. */
const MIN_PIECE = 16;

/** Where the longest start of `needle` found in `page` is, and its length (0: none). */
function longestHead(page: string, needle: string): [number, number] {
  let low = 0;
  let high = needle.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (page.includes(needle.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return [page.indexOf(needle.slice(0, low)), low];
}

/** Where the longest end of `needle` found in `page` is, and its length (0: none). */
function longestTail(page: string, needle: string): [number, number] {
  let low = 0;
  let high = needle.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (page.includes(needle.slice(needle.length - mid))) low = mid;
    else high = mid - 1;
  }
  return [page.indexOf(needle.slice(needle.length - low)), low];
}

/** Indices of the spans (in order) that show the quote; empty when none of it is on the page. */
export function quoteSpans(spanTexts: readonly string[], quote: string): number[] {
  const spanOfChar: number[] = [];
  let page = '';
  spanTexts.forEach((text, index) => {
    const { key } = keyOf(text);
    page += key;
    for (let k = 0; k < key.length; k++) spanOfChar.push(index);
  });
  const needle = keyOf(quote).key;
  if (needle.length === 0 || page.length === 0) return [];
  const marked = new Set<number>();
  const mark = (at: number, length: number) => {
    for (let k = at; k < at + length; k++) marked.add(spanOfChar[k]!);
  };
  const whole = page.indexOf(needle);
  if (whole >= 0) {
    mark(whole, needle.length);
  } else {
    // The quote's start ends this page and its end begins the next: the longest head and tail
    // found, then pieces in between (lines the reading order moved).
    for (const [at, length] of [longestHead(page, needle), longestTail(page, needle)])
      if (length >= MIN_PIECE) mark(at, length);
    for (let start = 0; start + MIN_PIECE <= needle.length; start += PIECE) {
      const piece = needle.slice(start, start + PIECE);
      const at = page.indexOf(piece);
      if (at >= 0) mark(at, piece.length);
    }
  }
  return [...marked].sort((a, b) => a - b);
}
