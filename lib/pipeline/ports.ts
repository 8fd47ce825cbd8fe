// Side effects the retrieval stages need, passed in as ports (side effects come in through
// parameters). Real adapters live in lib/models (transformers.js on ONNX Runtime) and lib/search
// (web search providers); tests pass fakes with known scores.

import type { ComposerKind, PageSnapshot } from './types';

/**
 * A cross-encoder: one relevance logit per (query, passage) pair, higher is more relevant.
 * EWEK-QA §3.1.1 uses a 6-layer MiniLM trained on MS MARCO as the filter and a large DeBERTa as
 * the re-ranker; both fit this port.
 */
export interface PairScorer {
  readonly modelId: string;
  score(pairs: ReadonlyArray<readonly [query: string, passage: string]>): Promise<Float32Array>;
}

/**
 * A bi-encoder: one L2-normalised embedding per text (EWEK-QA §3.1.1 Deduplicator: MiniLM).
 * `kind` (default 'query'): how the texts are used, for models trained with a prefix per kind
 * (multilingual E5: "query: " for a question and for either side of a similarity, "passage: " for
 * what a question is matched against); other models ignore it.
 */
export interface Embedder {
  readonly modelId: string;
  embed(texts: readonly string[], kind?: 'query' | 'passage'): Promise<Float32Array[]>;
  /**
   * The vectors already saved for `texts` (undefined where none is), computing nothing: an
   * embedder wrapped by the embedding cache has them (lib/cache/embeddings.ts); a bare one does
   * not offer this.
   */
  cached?(texts: readonly string[]): Promise<Array<Float32Array | undefined>>;
}

/** Softmax probabilities of the three NLI classes for one (premise, hypothesis) pair; they sum to 1. */
export interface NliProbabilities {
  entailment: number;
  contradiction: number;
  neutral: number;
}

/**
 * A natural-language-inference cross-encoder: does the premise (a quote) entail, contradict or say
 * nothing about the hypothesis (a claim, or an answer sentence)? Unlike a `PairScorer`, whose logit
 * says only that two texts are about the same thing, this can tell support from contradiction, so
 * Verify and the citation check may take it as evidence either way.
 */
export interface NliScorer {
  readonly modelId: string;
  classify(
    pairs: ReadonlyArray<readonly [premise: string, hypothesis: string]>,
  ): Promise<NliProbabilities[]>;
}

/** An answer span a reader found: character offsets in the passage, and the model's confidence. */
export interface ReadSpan {
  start: number;
  end: number;
  /** p(start) · p(end) over the passage's tokens, in (0, 1]. */
  score: number;
}

/**
 * An extractive question-answering model (a SQuAD reader): the answer phrase inside a passage,
 * from its start and end logits over the passage's tokens. Undefined when the model is not
 * confident enough in any span: the caller then uses the pattern finder, never a guess.
 */
export interface AnswerReader {
  readonly modelId: string;
  read(question: string, passages: readonly string[]): Promise<Array<ReadSpan | undefined>>;
}

/** Which inference device a model runs on; reported in the panel. */
export type ModelDevice = 'webgpu' | 'wasm' | 'cpu';

export interface ModelPorts {
  /** Cross-encoder filter (required for the neural path). */
  filter?: PairScorer;
  /** Optional larger second-stage reranker (off by default). */
  reranker?: PairScorer;
  /** Bi-encoder for dedup. */
  embedder?: Embedder;
  /** NLI cross-encoder for verdicts and citation checks, when installed (optional). */
  nli?: NliScorer;
  /** Extractive-QA model for the exact answer inside a cited quote, when installed (optional). */
  reader?: AnswerReader;
  /**
   * The multilingual filter and bi-encoder, when installed (optional): they rank instead of the
   * English pair for a page or question in another language (`modelsForLanguages`).
   */
  multilingual?: { filter?: PairScorer; embedder?: Embedder };
  device?: ModelDevice;
  /** Why a model is absent, said in the panel ("model files missing: …"). */
  unavailableReason?: string;
}

/** A search result page, fetched and read into the same snapshot shape as the current page. */
export interface SearchResultPage {
  rank: number;
  page: PageSnapshot;
}

export interface SearchReport {
  provider: string;
  query: string;
  pages: SearchResultPage[];
  /**
   * Result URLs that were skipped, with why (not HTML, too large, timed out, HTTP error);
   * `refused`: not requested for the user's safety (a private address, a redirect not followed).
   */
  skipped: Array<{ url: string; reason: string; refused?: true }>;
}

/** Web search: runs the query, fetches and reads the top result pages. Throws a coded error. */
export interface SearchPort {
  readonly provider: string;
  search(
    query: string,
    options: { maxResults: number; signal?: AbortSignal },
  ): Promise<SearchReport>;
}

// The answer composer (EWEK-QA §3.2, §A.4): one call per question to a language model that writes
// the answer from the numbered quotes and cites them `[n]`. Endpoint adapters (lib/composer)
// implement `ComposerPort`; the extractive composer (no model) needs none.

/** What an endpoint is given: two chat messages, built by prompt.ts. */
export interface ComposerPrompt {
  system: string;
  user: string;
}

export interface CompleteOptions {
  signal?: AbortSignal;
  /** Called with each piece of text as it streams in (token by token, or chunk by chunk). */
  onToken?: (delta: string) => void;
  /** Called when the answer was cut at the length limit (ours, or the model's max_tokens). */
  onTruncated?: () => void;
}

/** A language-model endpoint. `complete` resolves to the full text or throws a coded PipelineError. */
export interface ComposerPort {
  readonly kind: Exclude<ComposerKind, 'extractive'>;
  /** For the panel: "llama3.1:8b at http://127.0.0.1:11434". */
  readonly label: string;
  complete(prompt: ComposerPrompt, options?: CompleteOptions): Promise<string>;
}
