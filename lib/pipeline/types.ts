// Plain, structured-cloneable data passed between pipeline stages, the Web Worker, the CLI and
// IndexedDB (lib/cache). Defined once here; stages import these types and nothing from the browser.

import type { ErrorInfo } from '../core/errors';

/** A block of readable text from the article, in reading order (see lib/page/blocks.ts). */
export interface Block {
  /** `paragraph`: one `<p>`; `lines`: other text, split on line breaks; `table`: linearized rows. */
  kind: 'paragraph' | 'lines' | 'table';
  /** Visible text. Line breaks (`\n`) are kept: the splitter uses them as passage boundaries. */
  text: string;
  /** Nearest heading above the block, or a table's caption: tells the reader where it is. */
  section?: string;
  /** PDFs only: the 1-based page the block starts on (cited as "p. 4"). */
  page?: number;
  /** PDFs only: the block's box on that page, in PDF points from the page's top-left corner. */
  box?: PdfBox;
}

/** A rectangle on a PDF page: points (1/72 inch), origin at the page's top-left corner. */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the page reader returns: everything later stages need, nothing tied to the DOM. */
export interface PageSnapshot {
  url: string;
  title: string;
  lang?: string;
  blocks: Block[];
  /** Total characters of block text, after any truncation. */
  textLength: number;
  /**
   * `readability`: Mozilla Readability found an article; `body`: fell back to the whole visible
   * body; `pdf`: rebuilt from a PDF's text layer (lib/pdf), blocks carry their page.
   */
  extractor: 'readability' | 'body' | 'pdf';
  /** PDFs only: how many pages the document has. */
  pageCount?: number;
  /** True when the page was longer than the reader's cap and its tail was left out. */
  truncated: boolean;
  /** Which cap left the tail out: too many elements, too much time, or too many characters. */
  truncatedBy?: 'elements' | 'time' | 'characters';
}

/** A candidate passage from the Paragraph Splitter (EWEK-QA §3.1.1). */
export interface Passage {
  /** Stable within one snapshot: `b<block>.<n>`. */
  id: string;
  text: string;
  tokens: number;
  blockIndex: number;
  /** Kind of the source block: a `table` passage is linearized rows, one fact per line. */
  kind: Block['kind'];
  /** Character offsets of `text` inside `blocks[blockIndex].text`: maps the passage back to its source. */
  start: number;
  end: number;
  section?: string;
}

/**
 * A ranking candidate: a splitter passage or an evidence window (evidence.ts), from the current
 * page (`sourceIndex` 0) or a search-result page (1…).
 */
export interface Candidate {
  /** Unique across sources: `s<source>.<passage id>` or `s<source>.e…` for windows. */
  id: string;
  text: string;
  tokens: number;
  blockIndex: number;
  /** Last block the text comes from (evidence windows may cross paragraphs). */
  endBlockIndex: number;
  kind: Block['kind'];
  origin: 'splitter' | 'evidence';
  sourceIndex: number;
  section?: string;
}

/** Where a quote came from: the current page, a search-result page, or Wikidata triples. */
export interface QuoteSource {
  kind: 'page' | 'search' | 'kg';
  url: string;
  title: string;
  section?: string;
  blockIndex: number;
  blockKind: Block['kind'];
  /** For search results: the page URL with a text fragment that scrolls to the quote. */
  link?: string;
  /** 1-based position of the passage's block among the page's blocks, for "paragraph 4 of 20". */
  position: { block: number; of: number };
  /** PDFs only: the 1-based page the quote is on, cited as "p. 4". */
  page?: number;
}

/** A passage chosen as evidence, with the ID the composer may cite (`[id]`). */
export interface Quote {
  /** Issued citation ID, 1-based. Only issued IDs survive the citation parser. */
  id: number;
  passageId: string;
  text: string;
  /** Which candidate generator produced it (EWEK-QA §3.1.1: Paragraph Splitter or Evidence Extractor). */
  origin: Candidate['origin'];
  /** BM25 score of the passage for the question (unbounded, only comparable within one ranking). */
  score: number;
  /** Cross-encoder filter logit (neural path only). */
  filterScore?: number;
  /** Second-stage reranker logit (when enabled). */
  rerankScore?: number;
  /** Knowledge-graph quote only: one line per triple, each linking to its Wikidata page. */
  kgLines?: Array<{ text: string; url: string }>;
  /** IDF-weighted share of the question's content words that occur in the quote, in [0, 1]. */
  coverage: number;
  /**
   * A fallback quote: the page's lead or one of its most central passages, shown because fewer
   * passages matched the question than quotes are shown. It is no evidence for an answer.
   */
  weak?: boolean;
  /**
   * The phrase that answers the question (a name, a date, a number), as offsets in `text`; `by`:
   * the extractive-QA model that found it (absent: found by patterns for the question's type).
   */
  answerSpan?: { start: number; end: number; by?: string };
  source: QuoteSource;
}

/** One sentence of an answer with the quote IDs it cites. */
export interface AnswerSentence {
  text: string;
  citations: number[];
}

/** `extractive` needs no model and no network and is the fallback whenever an endpoint fails. */
export type ComposerKind = 'extractive' | 'openai-compatible' | 'ollama' | 'chrome-prompt';

/** Model self-assessment (WeKnow-RAG §4.1.4): below the configured level the panel says "I don't know". */
export type Confidence = 'high' | 'medium' | 'low';
export const CONFIDENCE_ORDER: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

/** What the rules (claim-match.ts) found a sentence to do against a quote. */
export type MatchOutcome = 'supported' | 'contradicted' | 'not-found';

/** Words of a claim and of the page that disagree, with where they are, for highlighting. */
export interface ClaimConflict {
  kind: 'number' | 'date' | 'unit' | 'negation' | 'antonym' | 'entity' | 'quantifier';
  /** The claim's words and the page's words, as written. */
  claim: string;
  page: string;
  /** Offsets in the claim (or answer sentence) and in the quote's text. */
  claimStart: number;
  claimEnd: number;
  pageStart: number;
  pageEnd: number;
}

/** The result of checking one citation of one answer sentence against the quote it names. */
export interface CitationCheck {
  /** Index into `Answer.sentences`. */
  sentence: number;
  quoteId: number;
  /** `outcome === 'supported'`; kept for records written before `outcome` existed. */
  supported: boolean;
  /**
   * `supported`: the quote says it; `contradicted`: the quote says otherwise; `not-found`: the
   * quote does not say it (neutral: a paraphrase the rules do not know lands here too). Absent in
   * records written before it existed.
   */
  outcome?: MatchOutcome;
  /**
   * Marked ⚠: contradicted, or a name or number of the sentence is nowhere in the quote. A plain
   * "not found" is not flagged.
   */
  flagged?: boolean;
  /** What disagrees (contradicted), or the names and numbers not found (flagged not-found). */
  conflicts?: ClaimConflict[];
  missing?: string[];
  /** Cross-encoder relevance (sigmoid of the logit) or lexical overlap, in [0, 1]. */
  score: number;
  /** Who judged: the NLI model when installed, else the cross-encoder or the rules' overlap. */
  method: 'cross-encoder' | 'lexical' | 'nli';
}

/** A quote exactly as it was sent, for the panel's "what was sent" view. */
export interface SentQuote {
  id: number;
  kind: Quote['source']['kind'];
  text: string;
}

export interface Answer {
  /** The answer as composed, `[n]` markers included (verdict and confidence lines removed). */
  text: string;
  sentences: AnswerSentence[];
  /** Distinct issued IDs cited, in order of first use. */
  cited: number[];
  /** Markers that named an ID we never issued: dropped, and counted so the UI can say so. */
  droppedCitations: number;
  composer: ComposerKind;
  /** The endpoint that wrote it: "llama3.1:8b at http://127.0.0.1:11434". */
  composerLabel?: string;
  /** False when the composer found nothing in the sources that answers the question. */
  answered: boolean;
  /** The model's self-assessed confidence (WeKnow-RAG §4.1.4); absent when it gave none. */
  confidence?: Confidence;
  /** The confidence was below the setting: the panel says "I don't know" and shows the evidence. */
  withheld?: boolean;
  /** The endpoint failed, so this is the extractive answer; `reason` says why, in words. */
  fallback?: { from: string; reason: ErrorInfo };
  /** Each citation checked against its quote (cross-encoder, or lexical without weights). */
  checks: CitationCheck[];
  /** Exactly what was sent to the endpoint, for the panel's "what was sent" view. */
  sent?: { system: string; user: string; quotes: SentQuote[] };
  notes?: string[];
}

/**
 * Verdict for "verify claim". Without a model (`method: 'rules'`) it comes from claim-match.ts:
 * `supported` when a quote sentence says the claim, `refuted` when a well-aligned sentence says
 * otherwise (another number, date, name, a negation, an antonym, a quantifier), else
 * `not-enough-evidence`. Rules never say `high` confidence, and `meaningChecked` is false.
 */
export interface Verdict {
  label: 'supported' | 'refuted' | 'not-enough-evidence';
  confidence: 'high' | 'medium' | 'low';
  /** Which mechanism decided: the rules over the evidence (`evidence-scores`), or the composer model. */
  decidedBy: 'evidence-scores' | 'composer';
  /** What the model said when its confidence was too low for the verdict to stand. */
  modelLabel?: Verdict['label'];
  /** Quote IDs that decide the verdict. */
  quoteIds: number[];
  /** Best coverage of the claim by a quote sentence, and the support threshold it was compared to. */
  bestCoverage: number;
  threshold: number;
  /** `rules`: claim-match.ts; `nli`: an entailment model; `model`: the composer. Absent in old records. */
  method?: 'rules' | 'nli' | 'model';
  /** False when no model read the meaning: the panel says "meaning was not checked". */
  meaningChecked?: boolean;
  /** The line the panel shows: "The page says this", "The page says otherwise", "The page doesn't say". */
  summary?: string;
  /**
   * The quote sentence that says the claim (supported) or says otherwise (refuted); with
   * `figures`, the one that gives what the claim compares or orders (not enough evidence).
   */
  sentence?: { quoteId: number; text: string; start: number; end: number };
  /**
   * Not enough evidence, though `sentence` says all but the comparison or order the claim makes,
   * often left to its figures ("12GB" / "8GB", "1841" / "1907"): shown for the reader to weigh.
   */
  figures?: boolean;
  /** What disagrees, when refuted; offsets into the claim and into the quote `sentence.quoteId`. */
  conflicts?: ClaimConflict[];
  /** Why the selection was not checked (one word, a question, another language, too long). */
  problem?: { reason: 'one-word' | 'too-long' | 'question' | 'language'; message: string };
}

export type Mode = 'answer' | 'verify';

export type StageName =
  'read' | 'models' | 'kg' | 'split' | 'search' | 'rank' | 'compose' | 'check';

export interface StageProgress {
  stage: StageName;
  status: 'running' | 'done' | 'failed';
  /** Milliseconds the stage took, when done. */
  ms?: number;
  /** Short human detail, e.g. "42 passages". */
  detail?: string;
}

/** Where evidence may come from: this page only, the web too, or the web when the page falls short. */
export type SourcesMode = 'page' | 'auto' | 'page+web';

export interface AskRequest {
  mode: Mode;
  /** Default `auto` (EWEK-QA's adaptive retrieval). */
  sources?: SourcesMode;
  /** The question, or the claim in verify mode. */
  question: string;
  page: PageSnapshot;
  /** How many quotes go to the composer (EWEK-QA §A.1: top 5). */
  topK?: number;
  /**
   * `summary`: summarise the page (the Summarize button); absent: `summary` for overview
   * questions ("what is this page about?"), else `answer`.
   */
  intent?: 'answer' | 'summary';
  /**
   * Earlier turns of this conversation about this page, oldest first: a follow-up ("and in
   * 2012?") is matched with their words too. At most `MAX_HISTORY_TURNS` are used.
   */
  history?: Array<{ question: string; answer: string }>;
}

export interface AskResult {
  mode: Mode;
  question: string;
  answer: Answer;
  quotes: Quote[];
  verdict?: Verdict;
  /** Milliseconds per stage; `read` is filled by whoever read the page. */
  timings: Partial<Record<StageName, number>>;
  passageCount: number;
  page: { url: string; title: string; extractor: PageSnapshot['extractor']; truncated: boolean };
  retrieval: RetrievalReport;
  /** The knowledge-graph stage, when it ran. */
  kg?: KgReport;
}

export interface KgReport {
  topicEntities: Array<{ id: string; label: string; description?: string }>;
  triples: number;
  requests: number;
  notes: string[];
}

/** How the quotes were chosen, for the panel to say which path ran and which sources were used. */
export interface RetrievalReport {
  /** `neural`: MiniLM cross-encoder filter (+ bi-encoder dedup); `keyword`: BM25 and lexical dedup. */
  path: 'neural' | 'keyword';
  /** Why the keyword path ran, or why the web was not used, in words for the panel. */
  notes: string[];
  device?: 'webgpu' | 'wasm' | 'cpu';
  models: {
    filter?: string;
    reranker?: string;
    embedder?: string;
    nli?: string;
    /** The extractive-QA model, when it was asked for the answers' exact phrases. */
    reader?: string;
  };
  /** The multilingual filter and bi-encoder ranked (a page or question not in English). */
  multilingual?: true;
  /** A summary: the passages were chosen to cover the page, not ranked against a question. */
  summary?: true;
  /** Sources considered: the page first, then search results. */
  sources: Array<{ kind: 'page' | 'search'; url: string; title: string; quoted: boolean }>;
  webSearched: boolean;
  /** Candidate counts after each stage. */
  counts: {
    candidates: number;
    firstStage: number;
    filtered: number;
    deduplicated: number;
    quotes: number;
  };
}
