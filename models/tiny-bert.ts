// Generates BERT-shaped ONNX models with seeded random weights, plus a matching WordPiece
// tokenizer and config, laid out like a Hugging Face model folder so that transformers.js loads
// them exactly as it loads the real MiniLM weights (same input and output names, same files).
//
// Why: tests and CI run without the internet, so real model weights cannot be downloaded there.
// Tests use the `tiny` size and assert shapes, dtypes and fixed fingerprints; benchmarks use the
// `minilm-l6` size, which has MiniLM-L6's real shape (6 layers, hidden 384, 12 heads, FFN 1536,
// vocab 30522), so timings are honest even though the outputs are meaningless.
//
// The graph is a real transformer encoder (no shortcuts that would make timings dishonest):
// word + position + token-type embeddings → LayerNorm; per layer Q/K/V projections, multi-head
// scaled dot-product attention with the padding mask, softmax, output projection, residual +
// LayerNorm, FFN with exact (erf) GELU, residual + LayerNorm. The cross-encoder adds BERT's pooler
// (tanh dense on [CLS]) and a one-logit classifier, like BertForSequenceClassification; the NLI
// stand-in the same with three logits, named in config.json's id2label in the real model's order;
// the extractive-QA stand-in a two-logit dense layer on every token, split into start_logits and
// end_logits, like BertForQuestionAnswering (and DistilBertForQuestionAnswering's export).
// Built from opset-13 primitives; ONNX Runtime fuses the LayerNorm and GELU patterns itself.
//
// This module is for Node (generator script, tests, benchmarks); the extension never imports it.

import onnxProto from 'onnx-proto';
import {
  buildUnigramTokenizerConfig,
  buildUnigramTokenizerJson,
  buildUnigramVocab,
} from './unigram-tokenizer';

const { onnx } = onnxProto;

export type TinyBertSize = 'tiny' | 'minilm-l6';
export type TinyBertHead = 'bi-encoder' | 'cross-encoder' | 'nli' | 'extractive-qa';

export interface BertShape {
  layers: number;
  hidden: number;
  heads: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  /** Std of the random weights. BERT's 0.02 for the benchmark size; the tiny test model uses a
   * wider one so attention is far from uniform and different inputs give clearly different outputs. */
  initStd: number;
}

export const SHAPES: Record<TinyBertSize, BertShape> = {
  tiny: {
    layers: 2,
    hidden: 32,
    heads: 2,
    intermediate: 64,
    vocab: 0 /* = generated vocab */,
    maxPositions: 512,
    initStd: 0.2,
  },
  // all-MiniLM-L6-v2 / ms-marco-MiniLM-L-6-v2 shape (their config.json): ≈22.7M parameters, ≈90 MB fp32.
  'minilm-l6': {
    layers: 6,
    hidden: 384,
    heads: 12,
    intermediate: 1536,
    vocab: 30522,
    maxPositions: 512,
    initStd: 0.02,
  },
};

export const OPSET = 13;
const LAYER_NORM_EPS = 1e-12;

// ---------------------------------------------------------------------------------------------
// Deterministic weights

/** mulberry32: a small seeded PRNG, so the same seed gives byte-identical model files. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Approximately normal values (sum of 4 uniforms, rescaled): cheap and deterministic. */
function normal(random: () => number, count: number, std: number): Float32Array {
  const out = new Float32Array(count);
  const scale = std * Math.sqrt(3); // variance of a sum of 4 U(0,1) is 1/3
  for (let i = 0; i < count; i++) out[i] = (random() + random() + random() + random() - 2) * scale;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Graph builder

type Dims = ReadonlyArray<number | string>;

class GraphBuilder {
  readonly nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  readonly initializers: InstanceType<typeof onnx.TensorProto>[] = [];
  private counter = 0;

  name(prefix: string): string {
    return `${prefix}_${this.counter++}`;
  }

  op(
    opType: string,
    inputs: string[],
    attributes: Record<string, number | number[]> = {},
    outputName?: string,
  ): string {
    return this.ops(opType, inputs, 1, attributes, outputName ? [outputName] : undefined)[0]!;
  }

  ops(
    opType: string,
    inputs: string[],
    outputCount: number,
    attributes: Record<string, number | number[]> = {},
    outputNames?: string[],
  ): string[] {
    const outputs =
      outputNames ?? Array.from({ length: outputCount }, () => this.name(opType.toLowerCase()));
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        name: this.name(`n_${opType}`),
        input: inputs,
        output: outputs,
        attribute: Object.entries(attributes).map(([name, value]) =>
          Array.isArray(value)
            ? onnx.AttributeProto.create({
                name,
                type: onnx.AttributeProto.AttributeType.INTS,
                ints: value,
              })
            : Number.isInteger(value) && name !== 'epsilon' && name !== 'alpha'
              ? onnx.AttributeProto.create({
                  name,
                  type: onnx.AttributeProto.AttributeType.INT,
                  i: value,
                })
              : onnx.AttributeProto.create({
                  name,
                  type: onnx.AttributeProto.AttributeType.FLOAT,
                  f: value,
                }),
        ),
      }),
    );
    return outputs;
  }

  float(name: string, dims: number[], values: Float32Array): string {
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: onnx.TensorProto.DataType.FLOAT,
        rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      }),
    );
    return name;
  }

  int64(name: string, dims: number[], values: number[]): string {
    const data = new BigInt64Array(values.map((v) => BigInt(v)));
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: onnx.TensorProto.DataType.INT64,
        rawData: new Uint8Array(data.buffer),
      }),
    );
    return name;
  }

  scalar(name: string, value: number): string {
    return this.float(name, [], new Float32Array([value]));
  }

  int8(name: string, dims: number[], values: Int8Array): string {
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: onnx.TensorProto.DataType.INT8,
        rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      }),
    );
    return name;
  }
}

function valueInfo(name: string, elemType: number, dims: Dims) {
  return onnx.ValueInfoProto.create({
    name,
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType,
        shape: onnx.TensorShapeProto.create({
          dim: dims.map((d) =>
            typeof d === 'number'
              ? onnx.TensorShapeProto.Dimension.create({ dimValue: d })
              : onnx.TensorShapeProto.Dimension.create({ dimParam: d }),
          ),
        }),
      }),
    }),
  });
}

/** What each head adds to the encoder, and which inputs its graph takes. */
interface HeadSpec {
  /** Logits per row; 0 = no classifier (the hidden states are the output). */
  labels: number;
  /** Start and end logits on every token (a question-answering head) instead of a row classifier. */
  spans?: boolean;
  /** Whether the graph takes `token_type_ids` (and has a token-type embedding). */
  tokenTypes: boolean;
}

export const HEADS: Record<TinyBertHead, HeadSpec> = {
  'bi-encoder': { labels: 0, tokenTypes: true },
  'cross-encoder': { labels: 1, tokenTypes: true },
  // DeBERTa-v3 has no token types (type_vocab_size 0), so the real NLI model's ONNX export takes
  // input_ids and attention_mask only; the stand-in takes the same, which also proves the adapter
  // feeds a model only the inputs it declares.
  nli: { labels: 3, tokenTypes: false },
  // DistilBERT has no token types either: Xenova/distilbert-base-cased-distilled-squad's export
  // takes input_ids and attention_mask and gives start_logits and end_logits.
  'extractive-qa': { labels: 0, spans: true, tokenTypes: false },
};

/** The class names of cross-encoder/nli-deberta-v3-xsmall's logits, in its config.json order. */
export const NLI_ID2LABEL: readonly string[] = ['contradiction', 'entailment', 'neutral'];

export interface BuildOptions {
  size: TinyBertSize;
  head: TinyBertHead;
  /** Rows of the word-embedding table (the tokenizer's vocabulary size). */
  vocab: number;
  seed: number;
  /** Overrides the size's layer count (the 12-layer reranker stand-in). */
  layers?: number;
  /** Overrides the head's `token_type_ids` input (an XLM-R cross-encoder has none). */
  tokenTypes?: boolean;
  /**
   * int8 weights, as ONNX Runtime's `quantize_dynamic` writes Xenova's `model_quantized.onnx`:
   * each dense layer becomes DynamicQuantizeLinear(x) → MatMulInteger(x_u8, W_s8) → Cast →
   * × (x_scale·W_scale), and the word-embedding table is stored int8 and dequantized after the
   * Gather. The same seed gives the same fp32 weights, then quantized per tensor (symmetric).
   */
  quantize?: boolean;
}

/** Symmetric per-tensor int8: W ≈ scale · q, q in [-127, 127]. */
function quantizeInt8(values: Float32Array): { q: Int8Array; scale: number } {
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const q = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++)
    q[i] = Math.max(-127, Math.min(127, Math.round(values[i]! / scale)));
  return { q, scale };
}

/**
 * One BERT graph under construction. The steps are methods because they share the graph, the
 * seeded random stream and the quantization choice; they draw weights in a fixed order
 * (embeddings, then each layer, then the head), so a seed always gives the same model.
 */
class BertGraph {
  readonly g = new GraphBuilder();
  private readonly random: () => number;
  private readonly std: number;
  private readonly int8Zero: string;

  constructor(
    private readonly options: BuildOptions,
    readonly shape: BertShape,
  ) {
    this.random = prng(options.seed);
    this.std = shape.initStd;
    this.int8Zero = options.quantize ? this.g.int8('const.int8_zero', [], new Int8Array([0])) : '';
  }

  /** x·W + b, with W int8 and x quantized on the fly when quantizing. */
  dense(prefix: string, input: string, inDim: number, outDim: number, wStd = this.std): string {
    const { g } = this;
    const weights = normal(this.random, inDim * outDim, wStd);
    const b = g.float(`${prefix}.bias`, [outDim], normal(this.random, outDim, wStd));
    if (!this.options.quantize)
      return g.op('Add', [
        g.op('MatMul', [input, g.float(`${prefix}.weight`, [inDim, outDim], weights)]),
        b,
      ]);
    const { q, scale } = quantizeInt8(weights);
    const w = g.int8(`${prefix}.weight_quantized`, [inDim, outDim], q);
    const [xq, xScale, xZero] = g.ops('DynamicQuantizeLinear', [input], 3) as [
      string,
      string,
      string,
    ];
    const product = g.op('Cast', [g.op('MatMulInteger', [xq, w, xZero, this.int8Zero])], {
      to: onnx.TensorProto.DataType.FLOAT,
    });
    const rescale = g.op('Mul', [xScale, g.scalar(`${prefix}.weight_scale`, scale)]);
    return g.op('Add', [g.op('Mul', [product, rescale]), b]);
  }

  /** LayerNorm over the hidden axis, from primitives (ONNX Runtime fuses the pattern). */
  layerNorm(prefix: string, input: string): string {
    const { g } = this;
    const H = this.shape.hidden;
    const gamma = g.float(`${prefix}.weight`, [H], new Float32Array(H).fill(1));
    const beta = g.float(`${prefix}.bias`, [H], new Float32Array(H));
    const mean = g.op('ReduceMean', [input], { axes: [-1], keepdims: 1 });
    const centred = g.op('Sub', [input, mean]);
    const variance = g.op('ReduceMean', [g.op('Mul', [centred, centred])], {
      axes: [-1],
      keepdims: 1,
    });
    const std_ = g.op('Sqrt', [
      g.op('Add', [variance, g.scalar(g.name(`${prefix}.eps`), LAYER_NORM_EPS)]),
    ]);
    return g.op('Add', [g.op('Mul', [g.op('Div', [centred, std_]), gamma]), beta]);
  }

  /** The word table (float, or int8 to be dequantized after the Gather) and its lookup. */
  private wordTable(): (ids: string) => string {
    const { g, shape } = this;
    const table = normal(this.random, shape.vocab * shape.hidden, this.std);
    const dims = [shape.vocab, shape.hidden];
    if (!this.options.quantize) {
      const weights = g.float('embeddings.word_embeddings.weight', dims, table);
      return (ids) => g.op('Gather', [weights, ids], { axis: 0 });
    }
    const { q, scale } = quantizeInt8(table);
    const quantized = g.int8('embeddings.word_embeddings.weight_quantized', dims, q);
    const tableScale = g.scalar('embeddings.word_embeddings.weight_scale', scale);
    return (ids) =>
      g.op('DequantizeLinear', [
        g.op('Gather', [quantized, ids], { axis: 0 }),
        tableScale,
        'const.int8_zero',
      ]);
  }

  /** Word + position (+ token-type) embeddings, then LayerNorm: the first hidden states. */
  embeddings(tokenTypes: boolean): string {
    const { g, shape } = this;
    const H = shape.hidden;
    const words = this.wordTable();
    const posEmb = g.float(
      'embeddings.position_embeddings.weight',
      [shape.maxPositions, H],
      normal(this.random, shape.maxPositions * H, this.std),
    );
    const typeEmb = tokenTypes
      ? g.float(
          'embeddings.token_type_embeddings.weight',
          [2, H],
          normal(this.random, 2 * H, this.std),
        )
      : undefined;
    const zero = g.int64('const.zero', [], [0]);
    const one = g.int64('const.one', [], [1]);
    const seqLen = g.op('Gather', [g.op('Shape', ['input_ids']), one], { axis: 0 });
    const positions = g.op('Range', [zero, seqLen, one]);
    let h = g.op('Add', [words('input_ids'), g.op('Gather', [posEmb, positions], { axis: 0 })]);
    if (typeEmb) h = g.op('Add', [h, g.op('Gather', [typeEmb, 'token_type_ids'], { axis: 0 })]);
    return this.layerNorm('embeddings.LayerNorm', h);
  }

  /** Additive attention mask [batch, 1, 1, seq]: 0 where attended, -10000 on padding (BERT's value). */
  attentionMask(): string {
    const { g } = this;
    const maskFloat = g.op('Cast', ['attention_mask'], { to: onnx.TensorProto.DataType.FLOAT });
    const inverted = g.op('Sub', [g.scalar('const.f_one', 1), maskFloat]);
    const additive = g.op('Mul', [inverted, g.scalar('const.mask_value', -10000)]);
    return g.op('Unsqueeze', [additive, g.int64('const.axes_1_2', [2], [1, 2])]);
  }

  /** The constants every layer shares, made once. */
  layerConstants(): void {
    const { g } = this;
    const { hidden: H, heads } = this.shape;
    g.int64('const.split_heads', [4], [0, 0, heads, H / heads]);
    g.int64('const.merge_heads', [3], [0, 0, H]);
    g.scalar('const.attention_scale', 1 / Math.sqrt(H / heads));
    g.scalar('const.inv_sqrt2', Math.SQRT1_2);
    g.scalar('const.half', 0.5);
  }

  /** Multi-head self-attention with the padding mask, residual and LayerNorm. */
  private attention(p: string, h: string, mask: string): string {
    const { g } = this;
    const H = this.shape.hidden;
    const heads4 = (x: string, perm: number[]) =>
      g.op('Transpose', [g.op('Reshape', [x, 'const.split_heads'])], { perm });
    const q = heads4(this.dense(`${p}.attention.self.query`, h, H, H), [0, 2, 1, 3]); // [B, nh, S, hd]
    const k = heads4(this.dense(`${p}.attention.self.key`, h, H, H), [0, 2, 3, 1]); // [B, nh, hd, S]
    const v = heads4(this.dense(`${p}.attention.self.value`, h, H, H), [0, 2, 1, 3]); // [B, nh, S, hd]
    const scores = g.op('Add', [
      g.op('Mul', [g.op('MatMul', [q, k]), 'const.attention_scale']),
      mask,
    ]);
    const probs = g.op('Softmax', [scores], { axis: -1 });
    const context = g.op('Reshape', [
      g.op('Transpose', [g.op('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }),
      'const.merge_heads',
    ]);
    const attended = this.dense(`${p}.attention.output.dense`, context, H, H);
    return this.layerNorm(`${p}.attention.output.LayerNorm`, g.op('Add', [attended, h]));
  }

  /** One encoder layer: attention, then the FFN with exact GELU, each with residual + LayerNorm. */
  layer(l: number, h: string, mask: string): string {
    const { g } = this;
    const { hidden: H, intermediate: F } = this.shape;
    const p = `encoder.layer.${l}`;
    const h1 = this.attention(p, h, mask);
    const up = this.dense(`${p}.intermediate.dense`, h1, H, F);
    // Exact GELU: 0.5·x·(1 + erf(x/√2)) (BERT's hidden_act "gelu").
    const gelu = g.op('Mul', [
      g.op('Mul', [up, 'const.half']),
      g.op('Add', [g.op('Erf', [g.op('Mul', [up, 'const.inv_sqrt2'])]), 'const.f_one']),
    ]);
    const down = this.dense(`${p}.output.dense`, gelu, F, H);
    return this.layerNorm(`${p}.output.LayerNorm`, g.op('Add', [down, h1]));
  }

  /**
   * Start and end logits per token: one dense layer to two values, split. Its weights are wider
   * still (12/√H) so the random logits have a clear peak: the reader's confidence bar then passes
   * on some passages and not on others, which is what the tests need to see both.
   */
  spanHead(h: string) {
    const { g } = this;
    const H = this.shape.hidden;
    const logits = this.dense('qa_outputs', h, H, 2, 12 / Math.sqrt(H)); // [B, S, 2]
    const [start, end] = g.ops('Split', [logits, g.int64('const.split_2', [2], [1, 1])], 2, {
      axis: -1,
    }) as [string, string];
    const last = g.int64('const.axes_last', [1], [-1]);
    g.op('Squeeze', [start, last], {}, 'start_logits');
    g.op('Squeeze', [end, last], {}, 'end_logits');
    const float = onnx.TensorProto.DataType.FLOAT;
    return ['start_logits', 'end_logits'].map((name) =>
      valueInfo(name, float, ['batch_size', 'sequence_length']),
    );
  }

  /** The output: hidden states (bi-encoder), or BERT's pooler and a classifier (`labels` logits). */
  head(h: string, labels: number) {
    const { g } = this;
    const H = this.shape.hidden;
    const float = onnx.TensorProto.DataType.FLOAT;
    if (labels === 0) {
      g.op('Identity', [h], {}, 'last_hidden_state');
      return [valueInfo('last_hidden_state', float, ['batch_size', 'sequence_length', H])];
    }
    // Pooler and classifier get a wider init (1/√H) so the random logits are O(1) rather than
    // ≈0, which makes the test fingerprints meaningful.
    const cls = g.op('Gather', [h, 'const.zero'], { axis: 1 }); // [B, H]: the [CLS] token
    const pooled = g.op('Tanh', [this.dense('pooler.dense', cls, H, H, 1 / Math.sqrt(H))]);
    g.op('Identity', [this.dense('classifier', pooled, H, labels, 1 / Math.sqrt(H))], {}, 'logits');
    return [valueInfo('logits', float, ['batch_size', labels])];
  }
}

/** Builds the encoder graph and returns the serialized ONNX model. */
export function buildBertOnnx(options: BuildOptions): Uint8Array {
  const shape = {
    ...SHAPES[options.size],
    vocab: options.vocab,
    ...(options.layers ? { layers: options.layers } : {}),
  };
  if (!Number.isInteger(shape.hidden / shape.heads))
    throw new Error(`hidden ${shape.hidden} is not divisible by ${shape.heads} heads`);
  const spec = {
    ...HEADS[options.head],
    ...(options.tokenTypes !== undefined ? { tokenTypes: options.tokenTypes } : {}),
  };
  const graph = new BertGraph(options, shape);
  let h = graph.embeddings(spec.tokenTypes);
  const mask = graph.attentionMask();
  graph.layerConstants();
  for (let l = 0; l < shape.layers; l++) h = graph.layer(l, h, mask);
  const outputs = spec.spans ? graph.spanHead(h) : graph.head(h, spec.labels);
  const inputNames = [
    'input_ids',
    'attention_mask',
    ...(spec.tokenTypes ? ['token_type_ids'] : []),
  ];
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'answer-panel models/generate.ts',
    producerVersion: '1',
    docString: `Random-weight BERT (${options.size}, ${options.head}, seed ${options.seed}${options.quantize ? ', int8 dynamic quantization' : ''}); not a trained model.`,
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: OPSET })],
    graph: onnx.GraphProto.create({
      name: `bert_${options.size}_${options.head}`,
      node: graph.g.nodes,
      initializer: graph.g.initializers,
      input: inputNames.map((n) =>
        valueInfo(n, onnx.TensorProto.DataType.INT64, ['batch_size', 'sequence_length']),
      ),
      output: outputs,
    }),
  });
  return onnx.ModelProto.encode(model).finish();
}

// ---------------------------------------------------------------------------------------------
// Tokenizer

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

// Common English words (plus a few the tests and fixtures use), so typical sentences tokenize
// into whole words rather than letter pieces.
const WORDS =
  `the of and to a in is was that for on as with by it he she they his her at from be this
which or an are were had has have not but also its their one two first who what when where why how
can will would may more most than other some into after over such only new time year years world
city people state country war part used known called made many between during under later
lighthouse alexandria built designed earthquake damaged ancient wonder tower light ship sea harbour
island egypt greek king ptolemy century tall height metres feet stone fire mirror night
paris france tower eiffel capital river large small population museum art history famous
question answer page quote passage claim true false evidence support supports refuted
model models test tests text word words sentence data web search result results source
water earth sun moon star planet science computer language system number
is are do does did go went come came see saw know knew think say said
in on at up down out off over under again then once here there all any both each few no
nor own same so too very just now`
    .split(/\s+/)
    .filter(Boolean);

const SUFFIXES = [
  's',
  'es',
  'ed',
  'ing',
  'ly',
  'er',
  'est',
  'ion',
  'al',
  'ment',
  'ness',
  'ity',
  'ous',
  'ive',
  'able',
  'ic',
];
const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];

/** The generated WordPiece vocabulary, padded with [unusedN] entries up to `size` (as BERT's is). */
export function buildVocab(size?: number): string[] {
  const vocab: string[] = [...SPECIAL_TOKENS];
  const add = (t: string) => {
    if (!vocab.includes(t)) vocab.push(t);
  };
  PUNCTUATION.forEach(add);
  for (let d = 0; d <= 9; d++) add(String(d));
  for (let c = 97; c <= 122; c++) add(String.fromCharCode(c));
  for (let d = 0; d <= 9; d++) add(`##${d}`);
  for (let c = 97; c <= 122; c++) add(`##${String.fromCharCode(c)}`);
  SUFFIXES.forEach((s) => add(`##${s}`));
  WORDS.forEach(add);
  if (size !== undefined) {
    if (size < vocab.length)
      throw new Error(`vocab size ${size} is smaller than the generated vocab (${vocab.length})`);
    for (let i = 0; vocab.length < size; i++) vocab.push(`[unused${i}]`);
  }
  return vocab;
}

/** tokenizer.json in the Hugging Face `tokenizers` format: BERT uncased normalizer + WordPiece. */
export function buildTokenizerJson(vocab: readonly string[]): object {
  const id = (t: string) => vocab.indexOf(t);
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

export function buildTokenizerConfig(maxLength = 512): object {
  return {
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    do_basic_tokenize: true,
    do_lower_case: true,
    mask_token: '[MASK]',
    model_max_length: maxLength,
    never_split: null,
    pad_token: '[PAD]',
    sep_token: '[SEP]',
    strip_accents: null,
    tokenize_chinese_chars: true,
    tokenizer_class: 'BertTokenizer',
    unk_token: '[UNK]',
  };
}

/** config.json's id2label and label2id for a classifier head with these class names. */
function labelMaps(labels: readonly string[]): object {
  return {
    id2label: Object.fromEntries(labels.map((label, i) => [String(i), label])),
    label2id: Object.fromEntries(labels.map((label, i) => [label, i])),
  };
}

/** The class names a head's config gives its logits, unless the caller names them. */
function defaultLabels(head: TinyBertHead): readonly string[] {
  return head === 'nli' ? NLI_ID2LABEL : head === 'cross-encoder' ? ['LABEL_0'] : [];
}

/** What an XLM-R-tokenized stand-in's config.json says besides BERT's (see `buildConfig`). */
export interface XlmrConfig {
  /** `xlm-roberta` for mMiniLMv2 (no token types), `bert` for multilingual E5 (BERT with XLM-R's tokenizer). */
  modelType: 'xlm-roberta' | 'bert';
  tokenTypes: boolean;
}

export function buildConfig(
  shape: BertShape,
  head: TinyBertHead,
  name: string,
  labels: readonly string[] = defaultLabels(head),
  xlmr?: XlmrConfig,
): object {
  const spec = HEADS[head];
  if (labels.length !== spec.labels)
    throw new Error(`a ${head} head has ${spec.labels} labels, not ${labels.length}`);
  return {
    _name_or_path: name,
    architectures: [
      head === 'bi-encoder'
        ? 'BertModel'
        : head === 'extractive-qa'
          ? 'BertForQuestionAnswering'
          : 'BertForSequenceClassification',
    ],
    attention_probs_dropout_prob: 0.1,
    classifier_dropout: null,
    hidden_act: 'gelu',
    hidden_dropout_prob: 0.1,
    hidden_size: shape.hidden,
    initializer_range: shape.initStd,
    intermediate_size: shape.intermediate,
    layer_norm_eps: LAYER_NORM_EPS,
    max_position_embeddings: shape.maxPositions,
    model_type: 'bert',
    num_attention_heads: shape.heads,
    num_hidden_layers: shape.layers,
    pad_token_id: 0,
    position_embedding_type: 'absolute',
    type_vocab_size: spec.tokenTypes ? 2 : 0,
    vocab_size: shape.vocab,
    ...(labels.length > 0 ? labelMaps(labels) : {}),
    ...(xlmr ? xlmrFields(head, xlmr) : {}),
    // Says what this is wherever the folder ends up.
    answer_panel_generated: 'random weights from models/generate.ts; not a trained model',
  };
}

/** The fields that make a config an XLM-R one (mMiniLMv2) or say E5's BERT reads XLM-R's pieces. */
function xlmrFields(head: TinyBertHead, xlmr: XlmrConfig): object {
  const roberta = xlmr.modelType === 'xlm-roberta';
  return {
    model_type: xlmr.modelType,
    ...(roberta
      ? {
          architectures: [
            head === 'bi-encoder' ? 'XLMRobertaModel' : 'XLMRobertaForSequenceClassification',
          ],
          bos_token_id: 0,
          eos_token_id: 2,
          pad_token_id: 1,
        }
      : {}),
    tokenizer_class: 'XLMRobertaTokenizer',
    type_vocab_size: xlmr.tokenTypes ? 2 : 1,
  };
}

// ---------------------------------------------------------------------------------------------
// A whole model folder

export interface GeneratedFile {
  /** Path inside the model folder, e.g. `onnx/model.onnx`. */
  path: string;
  bytes: Uint8Array;
}

/**
 * All files of one model folder, like a Xenova repository: `onnx/model.onnx` (fp32) and
 * `onnx/model_quantized.onnx` (int8 dynamic quantization, ≈4× smaller, the one the adapter loads
 * on WASM and CPU), so benchmarks time the same int8 kernels real q8 weights run. With `xlmr`, the
 * tokenizer is XLM-R's kind (a SentencePiece Unigram model, models/unigram-tokenizer.ts) and the
 * config says so; `quantizedPath` names the int8 file as the real repository does.
 */
export function generateModelFiles(options: {
  size: TinyBertSize;
  head: TinyBertHead;
  name: string;
  seed: number;
  layers?: number;
  /** config.json's class names in logit order (default: the real model's; tests reorder them). */
  labels?: readonly string[];
  xlmr?: XlmrConfig;
  quantizedPath?: string;
  /**
   * A real WordPiece vocabulary (vocab.txt's lines, id order) instead of the generated one: the
   * stand-in then splits text into the pieces the real model reads, so a benchmark's inputs have
   * the real lengths (the generated vocabulary cuts most words into letters: three times the
   * pieces).
   */
  wordPieces?: readonly string[];
}): GeneratedFile[] {
  const { xlmr } = options;
  const size = SHAPES[options.size].vocab || undefined;
  const wordPieces = xlmr ? [] : (options.wordPieces ?? buildVocab(size));
  const pieces = xlmr ? buildUnigramVocab(size) : [];
  const vocab = xlmr ? pieces.length : wordPieces.length;
  const shape = {
    ...SHAPES[options.size],
    vocab,
    ...(options.layers ? { layers: options.layers } : {}),
  };
  const build = {
    size: options.size,
    head: options.head,
    vocab,
    seed: options.seed,
    layers: options.layers,
    ...(xlmr ? { tokenTypes: xlmr.tokenTypes } : {}),
  };
  const json = (value: object) => new TextEncoder().encode(JSON.stringify(value, null, 2) + '\n');
  return [
    {
      path: 'config.json',
      bytes: json(buildConfig(shape, options.head, options.name, options.labels, xlmr)),
    },
    {
      path: 'tokenizer.json',
      bytes: json(xlmr ? buildUnigramTokenizerJson(pieces) : buildTokenizerJson(wordPieces)),
    },
    {
      path: 'tokenizer_config.json',
      bytes: json(
        xlmr
          ? buildUnigramTokenizerConfig(shape.maxPositions)
          : buildTokenizerConfig(shape.maxPositions),
      ),
    },
    { path: 'onnx/model.onnx', bytes: buildBertOnnx(build) },
    {
      path: options.quantizedPath ?? 'onnx/model_quantized.onnx',
      bytes: buildBertOnnx({ ...build, quantize: true }),
    },
  ];
}
