// Extractive composer: the offline default, no language model. It answers with the best-matching
// sentence of each relevant quote, cited `[n]`, and says plainly when nothing on the page matches.
// It is the default composer and the fallback when an endpoint fails (lib/composer/compose.ts);
// whatever composed the text, it goes through the citation parser.

import { relevance } from './retrieve';
import { linesOf, sentences as splitSentences } from '../core/segment';
import { askedOf, bestSentence, completes, weightOf, type Asked } from './answer-sentence';
import { answerTypeOf, leansOnPrevious, type AnswerType, type Intent } from './intent';
import { withoutMarkers } from './junk';
import { centralSentence } from './summarize';
import { rowSentence } from './table-answer';
import type { Mode, Quote } from './types';
import { t } from '../core/i18n';

const STRICT_TYPES: ReadonlySet<AnswerType> = new Set([
  'date',
  'number',
  'money',
  'duration',
  'frequency',
  'expansion',
]);

export interface ExtractiveOptions {
  mode: Mode;
  /** A quote needs at least this evidence coverage to be used (see verdict.ts for calibration). */
  minCoverage: number;
  /** The same bar for a question's answer (`mode: 'answer'`); see the figures below. */
  minAnswerCoverage: number;
  /** At most this many sentences (one per quote). */
  maxSentences: number;
  /** `summary`: the quotes were chosen to cover the page (summarize.ts); say what it is about. */
  intent: Intent;
  /** A summary has between `minSummarySentences` and `maxSummarySentences` sentences. */
  minSummarySentences: number;
  maxSummarySentences: number;
  /** The page's primary language: how its sentences and words are cut (lib/core/text.ts). */
  lang?: string;
  /**
   * The previous question of the conversation: a follow-up that leans on it ("And in 2012?"
   * after "How many … in 2011?") asks for the same kind of answer (`followUpType`).
   */
  previousQuestion?: string;
}

// minCoverage 0.5: `npm run eval` over test/fixtures/questions.json found 0.50 and 0.67 equally
// accurate (86.4%) when it was set; 0.50 keeps recall (91.7% vs 75%), which matters more when
// every sentence shown is a checkable quote. Re-measured after later ranking changes: 0.50 gives
// 81.8% (precision and recall 83.3%), 0.62 gives 86.4% (precision 100%, recall 75%); kept at 0.50
// for recall, for the same reason.
// minAnswerCoverage 0.4: over the tune half of test/fixtures/answers (npx tsx test/eval/answers.ts
// --split tune), 0.5 answers 72.8% of factoids and abstains on 90.2% of unanswerable questions,
// 0.45 answers 77.7% and abstains on 85.4%, 0.4 answers 80.6% and abstains on 80.5%; below 0.4
// abstention falls faster than answers rise: a quote the question's words barely cover usually
// names the subject but not what was asked. Claims (`verify`) keep `minCoverage`.
export const EXTRACTIVE_DEFAULTS: ExtractiveOptions = {
  mode: 'answer',
  minCoverage: 0.5,
  minAnswerCoverage: 0.4,
  maxSentences: 3,
  intent: 'answer',
  minSummarySentences: 3,
  maxSummarySentences: 6,
};

export interface Composition {
  text: string;
  answered: boolean;
}

export function composeExtractive(
  question: string,
  quotes: readonly Quote[],
  options: Partial<ExtractiveOptions> = {},
): Composition {
  const opts = { ...EXTRACTIVE_DEFAULTS, ...options };
  if (opts.mode === 'answer' && opts.intent === 'summary') return composeSummary(quotes, opts);
  // Table rows chosen for a superlative or lookup question, or the byline of a question about
  // the page, come first and answer it; the prose around them only repeats the question's words.
  const direct = leadingDirect(quotes);
  if (opts.mode === 'answer' && direct.length > 0)
    return { answered: true, text: direct.map((q) => cite(directSentence(q), q.id)).join(' ') };
  const type = opts.mode === 'answer' ? followUpType(question, opts) : 'other';
  const bar = opts.mode === 'answer' ? opts.minAnswerCoverage : opts.minCoverage;
  // Every relevant quote is read: for a typed question the one holding a phrase of the asked type
  // may be ranked below three that only repeat the question's words.
  const relevant = quotes.filter((q) => isRelevant(q, bar));
  const abstain = {
    answered: false,
    text: opts.mode === 'verify' ? t('answer_no_evidence') : t('answer_no_answer'),
  };
  if (relevant.length === 0) return abstain;
  // Rarity is read among the quotes an answer of no particular type takes (the first few).
  const asked = askedOf(
    question,
    type,
    relevant.slice(0, opts.maxSentences).flatMap((quote) => sentencesOf(quote, opts.lang)),
    opts.lang,
  );
  const picks = relevant.map((quote) => ({
    quote,
    ...bestSentence(sentencesOf(quote, opts.lang), asked, opts.lang),
  }));
  // The quotes speak of the subject, but no sentence chosen says what was asked.
  if (opts.mode === 'answer' && !picks.some((p) => saysEnough(p.sentence, question, asked, opts)))
    return abstain;
  // A question that asks for a date, a number or an expansion is not answered by sentences that
  // hold none: the page talks about the subject but does not say what was asked. Names and places
  // only steer the choice: "who" is often answered by a group in lower case ("the guild of
  // tinsmiths"), "where" by a phrase no pattern knows.
  if (STRICT_TYPES.has(type) && !picks.some((p) => p.typed)) return abstain;
  const used = new Set<string>();
  const lines: string[] = [];
  // Once a sentence holds the date or number asked, one that holds none only pads the answer
  // ("… about 3/4 inch (2 cm) smaller. Planter saucer, small shallow dish" for "How much smaller
  // should I cut the foam?"). Over the answers' tune and report halves no answer lost its gold.
  const typed = picks.filter((p) => p.typed);
  const untyped = STRICT_TYPES.has(type) && typed.length > 0 ? [] : picks.filter((p) => !p.typed);
  for (const pick of [...typed, ...untyped]) {
    if (used.has(pick.sentence) || lines.length >= opts.maxSentences) continue;
    used.add(pick.sentence);
    // A sentence already said, as a pick or as the one after a pick, is not said again.
    const next = sequelOf(pick.sentence, pick.quote, asked, opts);
    const said = next && !used.has(next) ? `${pick.sentence} ${next}` : pick.sentence;
    if (next) used.add(next);
    lines.push(cite(withAntecedent(said, pick.quote, opts), pick.quote.id));
  }
  const text = lines.join(' ');
  return { answered: true, text: opts.mode === 'verify' ? t('answer_page_says', text) : text };
}

/**
 * The least share of the question's term weight (rarity among the candidate sentences) that one
 * of the sentences chosen must hold. A quote covers a question across its sentences; when every
 * sentence chosen holds less, the quotes speak of the subject but none says what was asked ("When
 * recompressing the new file, we hit two complications" for "Which Android version first
 * supported File-by-File patching?"). Over the tune half (with rank.ts weighing a word no passage
 * holds as one a single passage holds), 0.2 kept every factoid answered and abstained on one more
 * unanswerable question; 0.3 cost three factoids, 0.4 seven.
 */
export const MIN_SENTENCE_SHARE = 0.2;

/**
 * Whether the chosen `sentence` says enough of the question to answer it. An acronym's expansion
 * shares no word with "What does SEO stand for?", and a follow-up that leans on the previous
 * question ("Who created it?") has its subject there: neither is held to the share.
 */
function saysEnough(
  sentence: string,
  question: string,
  asked: Asked,
  opts: ExtractiveOptions,
): boolean {
  if (asked.type === 'expansion') return true;
  if (opts.previousQuestion && leansOnPrevious(question, opts.lang)) return true;
  const total = [...asked.weights.values()].reduce((a, b) => a + b, 0);
  return total === 0 || weightOf(sentence, asked, opts.lang) / total >= MIN_SENTENCE_SHARE;
}

/**
 * The answer type of `question`, or, for a follow-up of no type of its own that leans on the
 * previous question (intent.ts `leansOnPrevious`), the previous question's: "And the PS4 Pro?"
 * after "How much RAM does the Xbox One X have?" asks for a number too.
 */
function followUpType(question: string, opts: ExtractiveOptions): AnswerType {
  const own = answerTypeOf(question);
  const previous = opts.previousQuestion;
  if (own !== 'other' || !previous) return own;
  return leansOnPrevious(question, opts.lang) ? answerTypeOf(previous) : own;
}

/**
 * A summary: the most central sentence of each quote, in the quotes' reading order; a short page
 * with fewer quotes than the minimum gives more than one sentence of each.
 */
function composeSummary(quotes: readonly Quote[], opts: ExtractiveOptions): Composition {
  const usable = quotes.filter((q) => q.source.kind !== 'kg').slice(0, opts.maxSummarySentences);
  if (usable.length === 0) return { answered: false, text: t('answer_no_answer') };
  const texts = usable.map((q) => q.text);
  const perQuote = Math.ceil(opts.minSummarySentences / usable.length);
  const lines: string[] = [];
  usable.forEach((quote, i) => {
    const others = texts.filter((_, j) => j !== i);
    let rest = quote.text;
    for (let n = 0; n < perQuote && rest.trim(); n++) {
      const sentence = centralSentence(rest, others, opts.lang);
      rest = rest.replace(sentence, ' ');
      const clean = withoutMarkers(sentence);
      if (clean) lines.push(cite(clean, quote.id));
    }
  });
  return { answered: lines.length > 0, text: lines.join(' ') };
}

/**
 * The ID of a quote that answers the question directly: a table row chosen for a superlative or
 * lookup (table-answer.ts), or the byline or dateline of a question about the page (byline.ts).
 */
export function directAnswerId(blockIndex: number, start: number): string {
  return `s0.d${blockIndex}.${start}`;
}

const DIRECT_ID = /^s0\.d\d+\.\d+$/;

/** The first quotes while each answers directly and holds its answer span. */
function leadingDirect(quotes: readonly Quote[]): Quote[] {
  const direct: Quote[] = [];
  for (const q of quotes) {
    if (!DIRECT_ID.test(q.passageId) || !q.answerSpan) break;
    direct.push(q);
  }
  return direct;
}

/** A table row is said by its key and answering cell; a byline or dateline as it is. */
function directSentence(quote: Quote): string {
  const said =
    quote.source.blockKind === 'table' ? rowSentence(quote.text, quote.answerSpan!) : quote.text;
  // Footnote markers in a row's cells ("… of his life.[14]") are page furniture.
  return withoutMarkers(said);
}

// A sentence that opens by pointing back ("That was when Apple shipped its first-ever Retina
// display", "It gets better the more you play it") says what it is about in the sentence before.
const POINTS_BACK = /^["“‘(]?(?:that|this|these|those|it|he|she|they|his|her|its|their)\b/i;

/**
 * `sentence` with the quote's sentence before it when it opens by pointing back: "I still
 * remember using the iPhone 4 for the first time in 2010. That was when Apple shipped its
 * first-ever Retina display" names what "That" leaves out. Claims and table rows are quoted as
 * they are.
 */
function withAntecedent(sentence: string, quote: Quote, opts: ExtractiveOptions): string {
  if (opts.mode !== 'answer' || quote.source.blockKind === 'table' || !POINTS_BACK.test(sentence))
    return sentence;
  const all = sentencesOf(quote, opts.lang).map(withoutMarkers);
  const i = all.indexOf(sentence);
  const at = quote.text.indexOf(sentence);
  // A sentence that opens its line (a new paragraph, a caption above) has no antecedent here.
  const opensLine = at <= 0 || /\n\s*$/.test(quote.text.slice(0, at));
  return i > 0 && !opensLine ? `${all[i - 1]} ${sentence}` : sentence;
}

/**
 * The sentence after `sentence` in its paragraph when that one completes it (answer-sentence.ts
 * `completes`): "Instead, serve … a big pot of spaghetti" after "Skip carving stations of prime
 * rib …" for "What cheap dish can replace a carving station?". Claims and table rows are quoted
 * as they are.
 */
function sequelOf(
  sentence: string,
  quote: Quote,
  asked: Asked,
  opts: ExtractiveOptions,
): string | undefined {
  if (opts.mode !== 'answer' || quote.source.blockKind === 'table') return undefined;
  for (const line of linesOf(quote.text)) {
    const said = splitSentences(line, opts.lang).map((s) => withoutMarkers(s.trim()));
    const i = said.indexOf(sentence);
    if (i < 0) continue;
    const next = said[i + 1];
    return next && completes(sentence, next, asked, opts.lang) ? next : undefined;
  }
  return undefined;
}

/**
 * A quote is used when the cross-encoder judged it relevant (sigmoid of its logit ≥ 0.5, the
 * model's own decision boundary), or, on the keyword path, when it covers enough of the question.
 */
function isRelevant(quote: Quote, minCoverage: number): boolean {
  // A fallback quote (the page's lead, its most central passages) shares no word with the question.
  if (quote.weak) return false;
  if (quote.filterScore !== undefined) return relevance(quote.filterScore) >= 0.5;
  return quote.coverage >= minCoverage && quote.score > 0;
}

/**
 * Sentences of a quote. Lines are sentences of their own, and a linearized table row
 * ("Built: c. 280 BC") is one fact that must not be cut at its abbreviations.
 */
function sentencesOf(quote: Quote, lang: string | undefined): string[] {
  const sentences =
    quote.source.blockKind === 'table'
      ? quote.text.split('\n').map((line) => line.trim())
      : linesOf(quote.text).flatMap((line) => splitSentences(line, lang).map((s) => s.trim()));
  return sentences.filter(Boolean);
}

/** Put the marker inside the sentence, before its final punctuation: "… Cambridge [1]." */
function cite(sentence: string, id: number): string {
  // Existing brackets in page text ("[citation needed]", "[3]") would read as our markers: neutralise.
  // A line that introduces what follows ("This specification proposes:") ends in an ellipsis, not
  // in ":." — it is quoted as far as it goes.
  // A list item's bullet ("• magic elements …", a changelog's "+ Added …") is the list's, not the
  // sentence's.
  const safe = sentence
    .replace(/^[•▪◦‣·*–+-]\s+/u, '')
    .replace(/\[(\s*\d[^\]]*)\]/g, '($1)')
    .replace(/\s*[:;,]\s*$/, '…');
  const match = /^(.*?)([.!?…]+["'”’)]*)$/su.exec(safe);
  return match ? `${match[1]} [${id}]${match[2]}` : `${safe} [${id}].`;
}
