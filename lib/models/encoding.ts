// How one or two texts become a model's input rows, read from the model's own tokenizer rather
// than assumed: BERT wraps a pair as `[CLS] a [SEP] b [SEP]`, XLM-R (the multilingual models) as
// `<s> a </s></s> b </s>`. The adapter encodes each text on its own (so it can cut the passage,
// not the question, to fit) and joins them with these special tokens.

/** The special tokens around one text and between two, as token ids. */
export interface PairLayout {
  start: number[];
  /** Between the first and the second text (BERT: [SEP]; XLM-R: </s></s>). */
  middle: number[];
  end: number[];
}

/** What the layout is read from: transformers.js's `tokenizer.encode`. */
export type EncodeText = (
  text: string,
  options: { text_pair?: string; add_special_tokens: boolean },
) => number[];

/** Where `part` first occurs in `whole` at or after `from`; -1 when it does not. */
function indexOfRun(whole: readonly number[], part: readonly number[], from: number): number {
  for (let i = from; i + part.length <= whole.length; i++)
    if (part.every((id, j) => whole[i + j] === id)) return i;
  return -1;
}

/**
 * The tokenizer's pair template, found by encoding two probe words with and without special
 * tokens and reading what surrounds them. Undefined when the probes cannot be found (a tokenizer
 * that rewrites its input): the caller then falls back to BERT's names.
 */
export function pairLayout(encode: EncodeText): PairLayout | undefined {
  const a = encode('a', { add_special_tokens: false });
  const b = encode('b', { add_special_tokens: false });
  const pair = encode('a', { text_pair: 'b', add_special_tokens: true });
  const at = indexOfRun(pair, a, 0);
  const bt = at < 0 ? -1 : indexOfRun(pair, b, at + a.length);
  if (a.length === 0 || b.length === 0 || at < 0 || bt < 0) return undefined;
  return {
    start: pair.slice(0, at),
    middle: pair.slice(at + a.length, bt),
    end: pair.slice(bt + b.length),
  };
}

/** One input row: token ids, and the token type of each (0 for the first text, 1 for the second). */
export interface EncodedRow {
  ids: number[];
  types: number[];
}

/** `start a end` or `start a middle b end`, with BERT's token types (the second text's are 1). */
export function joinRow(
  layout: PairLayout,
  a: readonly number[],
  b?: readonly number[],
): EncodedRow {
  if (!b) {
    const ids = [...layout.start, ...a, ...layout.end];
    return { ids, types: ids.map(() => 0) };
  }
  const first = [...layout.start, ...a, ...layout.middle];
  const second = [...b, ...layout.end];
  return {
    ids: [...first, ...second],
    types: [...first.map(() => 0), ...second.map(() => 1)],
  };
}

/** How many special tokens a pair adds: what is left of the positions for the two texts. */
export function pairOverhead(layout: PairLayout): number {
  return layout.start.length + layout.middle.length + layout.end.length;
}

/** Texts an embedder reads as queries (a question, or both sides of a similarity) or as passages. */
export type TextKind = 'query' | 'passage';

/** The text as the model was trained to see it: E5 reads "query: …" and "passage: …". */
export function withPrefix(
  text: string,
  kind: TextKind,
  prefixes: { query: string; passage: string } | undefined,
): string {
  return prefixes ? `${prefixes[kind]}${text}` : text;
}
