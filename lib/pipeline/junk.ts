// Page junk: text that is on the page but is not the article's prose — reference lists and
// bibliographies, navboxes, "share" and "jump to" lines, edit links, footnote markers, shell
// prompts in code samples. A passage that is mostly junk is ranked after every other passage and
// never chosen as a fallback or summary quote; footnote markers and edit links are removed from
// the sentences an answer shows. The passage text itself is left as it is: it must still match
// the page's text exactly, so the quote can be found and highlighted there.

// One line of junk, judged on its own.
const JUNK_LINE: readonly RegExp[] = [
  // Wikipedia's backlinks and citation lines: "^ "Title". Site. Retrieved 3 May 2015."
  /^\^/,
  /\bRetrieved\s+(?:on\s+)?(?:(?:\d{1,2}\s+)?[A-Z][a-z]+\.?\s+\d|\d{4}-\d{2}-\d{2})/,
  /\b(?:Archived|Archive)\s+from\s+the\s+original\b/i,
  /\b(?:ISBN|ISSN|doi|PMID|OCLC|arXiv)\s*[:\d]/,
  // A reference entry: a quoted title followed by the site or publisher: '"Title!". kairo.at.'
  /^["“][^"”]{3,200}["”]\.?\s+(?:[\w-]+\.)+[a-z]{2,}\.?(?:\s|$)/i,
  // Share bars, skip links, sign-up and advertisement lines.
  /^(?:share|share this|tweet|email|print|pin|jump to|skip to|follow us|sign up|subscribe|advertisement|related|read more|see also|comments?|click here|back to top)\b[^.!?]{0,60}$/i,
  // Navboxes: many short items joined by separators.
  /^(?:[^·•|]{1,40}\s[·•|]\s){3,}/,
  // Photo credits and gallery labels: "Credit Ashraf Shazly/Agence France-Presse — Getty Images",
  // "Thomas Jackson/Digital Vision/Getty Images", "Gallery: Xbox One X | 14 Photos".
  /^(?:credit|photo(?:graph)?|image|illustration)s?(?:\s+by|\s*:)\s+[^.!?]{2,100}$/i,
  /^Credit\s+\p{Lu}[^.!?]{2,100}\/[^.!?]{2,100}$/u,
  /^[^.!?]{0,80}\/[^.!?]{0,60}\b(?:Getty Images|Shutterstock|iStock(?:photo)?|Associated Press|Reuters|AFP|AOL)\s*$/,
  /^gallery:\s[^.!?]{1,80}\|\s*\d+\s+photos?$/i,
  // Edit links and empty footnote lines.
  /^\[?edit\]?$|^\[\d+\]$/i,
  // A table of contents' or an index's entry: dot leaders, then a page number ("4.3 DER
  // functions . . . . 15"); a PDF's front and back matter, not what it says.
  /(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlc]{1,6})$/i,
];

/** Questions about code may quote prompts: a prompt line is junk only for other questions. */
const ABOUT_CODE =
  /\b(?:code|command|commands|shell|terminal|cli|run|install|script|syntax|compile|prompt)\b/i;
/** A shell or REPL prompt line: "$ wasmer run hello.wasm". */
const PROMPT_LINE = /^\s*(?:\$|>|#|>>>|PS>|C:\\>)\s+\S/;

/** The share of a passage's lines that are junk, in [0, 1]. */
export function junkShare(text: string, question = ''): number {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length === 0) return 0;
  const aboutCode = ABOUT_CODE.test(question);
  const junk = lines.filter((line) => {
    const trimmed = line.trim();
    return JUNK_LINE.some((p) => p.test(trimmed)) || (!aboutCode && PROMPT_LINE.test(trimmed));
  });
  return junk.length / lines.length;
}

/** A passage whose lines are half junk or more. */
export function isJunk(text: string, question = ''): boolean {
  return junkShare(text, question) >= 0.5;
}

// The back matter of an article: whatever is under these headings cites or links, it does not say.
const JUNK_SECTION =
  /^(?:references|notes|footnotes|citations|bibliography|sources|works\s+cited|notes\s+and\s+references|references\s+and\s+notes|external\s+links|further\s+reading|see\s+also)$/i;

/** A passage under a References, Notes, External links or See also heading. */
export function inJunkSection(section: string | undefined): boolean {
  return section !== undefined && JUNK_SECTION.test(section.trim());
}

// Footnote markers ("[3]", "[n 3]", "[citation needed]", "[a]") and edit links ("[edit]"): page furniture
// that reads as noise, or as one of our citation markers, inside an answer sentence.
// A marker may carry a page reference: "[3]: 207", "[3]:p. 234", "[3]: pp. 12–14", and spaces
// inside its brackets ("[ 4]", from markup). A bracketed letter that a word goes on from is an
// editor's change to a quotation, not a note: "[T]he birth lottery".
const MARKERS =
  /\s?\[\s*(?:\d{1,3}|[a-z](?=\s*\](?![a-z]))|edit|citation needed|clarification needed|when\?|who\?|according to whom\?|(?:note|nb|n)\s?\d+)\s*\](?::\s?(?:pp?\.\s?)?\d+(?:[–-]\d+)?)?/gi;

/** The text without its footnote markers, its spacing otherwise kept (a piece of a sentence). */
export function withoutMarkerText(text: string): string {
  return text.replace(MARKERS, '');
}

/**
 * A photo credit a caption runs into the sentence before it, with no space: "… had seeped
 * underground.CreditChang W. Lee/The New York Times" (a caption's spans read as one block).
 */
const GLUED_CREDIT = /(?<=[.!?]["”’)]?)(?:Credit)+:?\s?\p{Lu}[^!?]{0,100}$/u;

/**
 * The sentence without footnote markers and edit links, without a marker's stray tail, and
 * without a photo credit glued to its end.
 */
export function withoutMarkers(sentence: string): string {
  return (
    withoutMarkerText(sentence)
      // The tail of a marker the sentence split cut in two: "1]: 207 The list provides …".
      .replace(/^\d{1,3}\](?::\s?(?:pp?\.\s?)?\d+(?:[–-]\d+)?)?\s*/, '')
      .replace(/\[+$/, '')
      .replace(GLUED_CREDIT, '')
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}
