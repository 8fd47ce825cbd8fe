// Questions about the page itself: who wrote it, when it was published. The answer is in the
// byline or dateline ("By Alex Heath, a deputy editor …", "Posted by kovarex on 2019-02-15"),
// a line too short to be a passage (the splitter drops lines under 10 tokens) and sharing no word
// with "who wrote this post?". So the line is found by its shape near the top of the article, or
// in the block lib/page/read.ts adds from Readability's byline, and becomes a quote of its own.

import { typedSpans } from './answer-span';
import type { Block } from './types';

/** The section of the block lib/page/read.ts adds when the byline is not in the article text. */
export const BYLINE_SECTION = 'Byline';

/** Bylines and datelines are among the first blocks of an article. */
const HEAD_BLOCKS = 8;
/** A line longer than this is prose that happens to start with "By …". */
const MAX_LINE_WORDS = 30;

const DOCUMENT =
  '(?:post|article|piece|story|column|list|review|blog(?:\\s+post)?|essay|page|report|entry|op-ed|editorial|feature|interview|guide|newsletter|text|chapter|paper|book|document|tutorial)';
const ABOUT_AUTHOR = [
  new RegExp(
    `\\bwho\\s+(?:wrote|writes|authored|penned|posted|published|is\\s+behind)\\s+(?:this|the)\\s+${DOCUMENT}\\b`,
    'i',
  ),
  new RegExp(
    `\\b(?:author|writer|byline|reporter|columnist)\\s+(?:of|for|behind)\\s+(?:this|the)\\s+${DOCUMENT}\\b`,
    'i',
  ),
  new RegExp(
    `\\bwho(?:'s|’s|\\s+is|\\s+was)\\s+(?:the\\s+)?(?:author|writer|reporter|columnist)\\b`,
    'i',
  ),
  new RegExp(`\\bwho\\s+(?:wrote|authored)\\s+(?:it|this)\\W*$`, 'i'),
];
// The same question in French, German, Spanish, Portuguese, Italian, Czech, Chinese and Japanese.
// (?<!\p{L}) stands for \b, which JavaScript gives ASCII letters only ("quién", "článku").
const ABOUT_AUTHOR_OTHER_LANGUAGES = new RegExp(
  [
    "qui\\s+a\\s+(?:écrit|rédigé|signé)\\s+(?:cet|ce|cette|l['’]|le|la)\\s*(?:article|texte|billet|papier|page|chronique)|qui\\s+est\\s+l['’]auteur|(?:l['’])?auteur\\s+(?:de\\s+(?:cet|ce|cette|l['’])|du)\\s*(?:article|texte|billet|papier)",
    'wer\\s+hat\\s+(?:den|diesen|das|dieses|die|diese)\\s+(?:artikel|text|beitrag|bericht|meldung)\\s+(?:geschrieben|verfasst)|wer\\s+ist\\s+(?:der|die)\\s+(?:autor|autorin|verfasser|verfasserin)|(?:autor|verfasser)\\s+(?:des|dieses)\\s+(?:artikels|textes|beitrags|berichts)',
    'quién\\s+(?:escribió|redactó|firmó)\\s+(?:el|este|esta|la)\\s+(?:artículo|texto|nota|columna)|quién\\s+es\\s+el\\s+autor|autora?\\s+del\\s+(?:artículo|texto)',
    'quem\\s+(?:escreveu|redigiu|assinou)\\s+(?:o|este|esta|a)\\s+(?:artigo|texto|matéria|coluna|reportagem)|quem\\s+é\\s+o\\s+autor|autora?\\s+do\\s+(?:artigo|texto)',
    "chi\\s+ha\\s+scritto\\s+(?:l['’]|questo\\s+)articolo|kdo\\s+(?:napsal\\s+(?:tento\\s+|ten\\s+)?(?:článek|text)|je\\s+autorem)|autor(?:em)?\\s+(?:článku|textu)",
  ]
    .map((alternatives) => `(?<!\\p{L})(?:${alternatives})(?!\\p{L})`)
    .concat(['作者是谁|谁是作者|是谁写的|谁写的这篇|作者是哪位|著者は誰|筆者は誰|誰が書いた'])
    .join('|'),
  'iu',
);
const ABOUT_DATE = new RegExp(
  `\\b(?:when|what\\s+(?:day|date))\\b.*\\b(?:this|the)\\s+(?:[\\w#'’-]+\\s+){0,3}?${DOCUMENT}\\s+(?:(?:first\\s+)?(?:published|posted|written|updated|released|dated))\\b|\\b(?:publication|publishing|posting)\\s+date\\b`,
  'i',
);

export type PageFact = 'author' | 'date';

/** `author` or `date` when the question asks who wrote the page or when it was published. */
export function pageFactOf(question: string): PageFact | undefined {
  if (ABOUT_AUTHOR.some((p) => p.test(question)) || ABOUT_AUTHOR_OTHER_LANGUAGES.test(question))
    return 'author';
  return ABOUT_DATE.test(question) ? 'date' : undefined;
}

export interface BylineAnswer {
  blockIndex: number;
  /** The line, an exact slice of the block text at `start`. */
  text: string;
  start: number;
  /** The name or the date in `text`. */
  span: { start: number; end: number };
}

// "By", and "Par", "Von", "Por", "Door", "Autor:" on pages in other languages.
const BY =
  /^(?:(?:posted|written|words|story|text|report(?:ed)?|photos?\s+and\s+text)\s+)?(?:by|par|von|por|door)\s+|^(?:auteur|autor|autora|autore|verfasser)\s*:\s*/i;
// A site's colophon: "Daring Fireball is written and produced by John Gruber."
const COLOPHON =
  /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,4}(?:is|are)\s+written(?:\s+and\s+(?:produced|edited|designed|published))?\s+by\s+/u;
// The names end where the line goes on about them: " on <date>", ", a deputy editor", a separator.
// The writer's names also end where another credit starts: "Written by Rob Ewaschuk Edited by …".
const NAMES_END =
  /\s+on\s+|\s+(?:at|in|for)\s+\p{Lu}|,\s+(?:a|an|the|and\s+the)\s|\s*[|•·—–]\s*|\s+-\s+|,?\s+(?:[Ee]dited|[Ii]llustrated|[Rr]eviewed|[Pp]hotos?|[Tt]ranslated)\s+(?:by\s+)?\p{Lu}|$/u;

/** The byline or dateline that answers `fact`, when the top of the page has one. */
export function answerFromByline(
  fact: PageFact,
  blocks: readonly Block[],
): BylineAnswer | undefined {
  // The article's own "By …" line before the added byline block: that block comes from the
  // page's metadata or Readability's guess, and a visible byline ("Posted by Andrew Hayden") says
  // more than a blog's declared author ("Android Developers").
  const head = blocks.flatMap((block, blockIndex) =>
    blockIndex < HEAD_BLOCKS || block.section === BYLINE_SECTION ? [{ block, blockIndex }] : [],
  );
  head.sort((a, b) => addedLast(a.block) - addedLast(b.block));
  for (const { block, blockIndex } of head) {
    let start = 0;
    for (const line of block.text.split('\n')) {
      const found =
        line.split(/\s+/).length <= MAX_LINE_WORDS ? spanOf(fact, line, block) : undefined;
      if (found) return { blockIndex, text: line, start, span: found };
      start += line.length + 1;
    }
  }
  return undefined;
}

function addedLast(block: Block): number {
  return block.section === BYLINE_SECTION ? 1 : 0;
}

function spanOf(fact: PageFact, line: string, block: Block): BylineAnswer['span'] | undefined {
  if (fact === 'date') {
    const date = typedSpans(line, 'date')[0];
    const dateline =
      BY.test(line) || /\b(?:posted|published|updated|on)\b/i.test(line) || line.length < 40;
    return date && dateline ? date : undefined;
  }
  const by = BY.exec(line) ?? COLOPHON.exec(line);
  if (by) {
    const rest = line.slice(by[0].length).replace(/[.!]\s*$/, '');
    const end = NAMES_END.exec(rest)!.index;
    return end > 0 ? { start: by[0].length, end: by[0].length + end } : undefined;
  }
  return block.section === BYLINE_SECTION && line.trim()
    ? { start: 0, end: line.length }
    : undefined;
}
