// The answer composer (EWEK-QA §3.2, §A.4): one call per question to a language model that writes
// the answer from the numbered quotes and cites them `[n]`. Endpoint adapters (endpoints.ts,
// chrome-prompt.ts) implement `ComposerPort`; the extractive composer (no model) needs none.

/** `extractive` needs no model and no network and is the fallback whenever an endpoint fails. */
export type ComposerKind = 'extractive' | 'openai-compatible' | 'ollama' | 'chrome-prompt';

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

/** Model self-assessment (WeKnow-RAG §4.1.4): below the configured level the panel says "I don't know". */
export type Confidence = 'high' | 'medium' | 'low';
export const CONFIDENCE_ORDER: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

/** The result of checking one citation of one answer sentence against the quote it names. */
export interface CitationCheck {
  /** Index into `Answer.sentences`. */
  sentence: number;
  quoteId: number;
  supported: boolean;
  /** Cross-encoder relevance (sigmoid of the logit) or lexical overlap, in [0, 1]. */
  score: number;
  method: 'cross-encoder' | 'lexical';
}
