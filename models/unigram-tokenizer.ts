// A small XLM-R-style tokenizer for the generated multilingual stand-ins (models/generate.ts):
// a SentencePiece Unigram model over "▁"-prefixed pieces, XLM-R's special tokens and ids
// (<s> 0, <pad> 1, </s> 2, <unk> 3, <mask> last) and its pair template `<s> A </s></s> B </s>`,
// written in the Hugging Face `tokenizers` JSON that transformers.js reads. The real XLM-R
// tokenizer.json is 17 MB with 250,002 pieces; this one keeps the same kind (Unigram, Metaspace,
// no token types) with a few hundred pieces, so the adapter's XLM-R path is tested for real.
//
// This module is for Node (generator script, tests); the extension never imports it.

export const XLMR_SPECIAL_TOKENS = ['<s>', '<pad>', '</s>', '<unk>'] as const;
export const XLMR_MASK = '<mask>';
const SPACE = '\u2581'; // "▁", SentencePiece's word-start mark

// Words of the languages the tests ask in (English, French, German, Spanish), so that typical
// sentences become whole-word pieces rather than letters.
const WORDS = `the of and to in is was that for on with by it who what when where how
le la les de des du un une et est en que qui dans pour sur par au aux il elle sont a été
phare alexandrie construit tour paris france capitale fleuve ville article sujet loi auteur
der die das und ist ein eine wer wann wo wie stadt hauptstadt turm gebaut
el los las y es una quién cuándo dónde ciudad torre
lighthouse alexandria built tower capital river city author law subject`
  .split(/\s+/)
  .filter(Boolean);

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüñß0123456789'];
const PUNCTUATION = [...'.,;:!?\'"()-«»¿¡'];

/** Pieces with their log-probabilities: whole words beat letters, so words stay whole. */
export function buildUnigramVocab(size?: number): Array<[string, number]> {
  const pieces: Array<[string, number]> = XLMR_SPECIAL_TOKENS.map((t) => [t, 0]);
  const seen = new Set<string>(XLMR_SPECIAL_TOKENS);
  const add = (piece: string, score: number) => {
    if (seen.has(piece)) return;
    seen.add(piece);
    pieces.push([piece, score]);
  };
  add(SPACE, -3);
  WORDS.forEach((w) => add(`${SPACE}${w}`, -4));
  PUNCTUATION.forEach((p) => add(p, -5));
  LETTERS.forEach((c) => add(`${SPACE}${c}`, -8));
  LETTERS.forEach((c) => add(c, -9));
  if (size !== undefined) {
    if (size < pieces.length + 1)
      throw new Error(`vocab size ${size} is smaller than the generated vocab (${pieces.length})`);
    for (let i = 0; pieces.length < size - 1; i++) add(`${SPACE}unused${i}`, -20);
  }
  pieces.push([XLMR_MASK, 0]);
  return pieces;
}

function addedToken(id: number, content: string) {
  return {
    id,
    content,
    single_word: false,
    lstrip: content === XLMR_MASK,
    rstrip: false,
    normalized: false,
    special: true,
  };
}

/** tokenizer.json: NFKC + Metaspace + Unigram, and XLM-R's templates (no token types). */
export function buildUnigramTokenizerJson(vocab: ReadonlyArray<readonly [string, number]>): object {
  const id = (token: string) => vocab.findIndex(([piece]) => piece === token);
  const special = (token: string) => ({ SpecialToken: { id: token, type_id: 0 } });
  const sequence = (which: 'A' | 'B') => ({ Sequence: { id: which, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [...XLMR_SPECIAL_TOKENS, XLMR_MASK].map((t) => addedToken(id(t), t)),
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Lowercase' },
        { type: 'Replace', pattern: { Regex: ' {2,}' }, content: ' ' },
      ],
    },
    pre_tokenizer: { type: 'Metaspace', replacement: SPACE, prepend_scheme: 'always', split: true },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('<s>'), sequence('A'), special('</s>')],
      pair: [
        special('<s>'),
        sequence('A'),
        special('</s>'),
        special('</s>'),
        sequence('B'),
        special('</s>'),
      ],
      special_tokens: {
        '<s>': { id: '<s>', ids: [id('<s>')], tokens: ['<s>'] },
        '</s>': { id: '</s>', ids: [id('</s>')], tokens: ['</s>'] },
      },
    },
    decoder: { type: 'Metaspace', replacement: SPACE, prepend_scheme: 'always', split: true },
    model: {
      type: 'Unigram',
      unk_id: id('<unk>'),
      vocab: vocab.map(([piece, score]) => [piece, score]),
      byte_fallback: false,
    },
  };
}

export function buildUnigramTokenizerConfig(maxLength = 512): object {
  return {
    bos_token: '<s>',
    clean_up_tokenization_spaces: true,
    cls_token: '<s>',
    eos_token: '</s>',
    mask_token: XLMR_MASK,
    model_max_length: maxLength,
    pad_token: '<pad>',
    sep_token: '</s>',
    tokenizer_class: 'XLMRobertaTokenizer',
    unk_token: '<unk>',
  };
}
