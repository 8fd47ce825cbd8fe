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
// (tanh dense on [CLS]) and a one-logit classifier, like BertForSequenceClassification.
// Built from opset-13 primitives; ONNX Runtime fuses the LayerNorm and GELU patterns itself.
//
// This module is for Node (generator script, tests, benchmarks); the extension never imports it.

import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export type TinyBertSize = 'tiny' | 'minilm-l6';
export type TinyBertHead = 'bi-encoder' | 'cross-encoder';

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

export interface BuildOptions {
  size: TinyBertSize;
  head: TinyBertHead;
  /** Rows of the word-embedding table (the tokenizer's vocabulary size). */
  vocab: number;
  seed: number;
  /** Overrides the size's layer count (the 12-layer reranker stand-in). */
  layers?: number;
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

/** Builds the encoder graph and returns the serialized ONNX model. */
export function buildBertOnnx(options: BuildOptions): Uint8Array {
  const shape = {
    ...SHAPES[options.size],
    vocab: options.vocab,
    ...(options.layers ? { layers: options.layers } : {}),
  };
  const { hidden: H, heads, intermediate: F, layers } = shape;
  const headDim = H / heads;
  if (!Number.isInteger(headDim)) throw new Error(`hidden ${H} is not divisible by ${heads} heads`);
  const random = prng(options.seed);
  const g = new GraphBuilder();
  const std = shape.initStd;
  const int8Zero = options.quantize ? g.int8('const.int8_zero', [], new Int8Array([0])) : '';
  const dense = (
    prefix: string,
    input: string,
    inDim: number,
    outDim: number,
    wStd = std,
  ): string => {
    const weights = normal(random, inDim * outDim, wStd);
    const b = g.float(`${prefix}.bias`, [outDim], normal(random, outDim, wStd));
    if (!options.quantize)
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
    const product = g.op('Cast', [g.op('MatMulInteger', [xq, w, xZero, int8Zero])], {
      to: onnx.TensorProto.DataType.FLOAT,
    });
    const rescale = g.op('Mul', [xScale, g.scalar(`${prefix}.weight_scale`, scale)]);
    return g.op('Add', [g.op('Mul', [product, rescale]), b]);
  };
  const layerNorm = (prefix: string, input: string): string => {
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
  };

  // Embeddings
  const wordTable = normal(random, shape.vocab * H, std);
  let words: (ids: string) => string;
  if (options.quantize) {
    const { q, scale } = quantizeInt8(wordTable);
    const table = g.int8('embeddings.word_embeddings.weight_quantized', [shape.vocab, H], q);
    const tableScale = g.scalar('embeddings.word_embeddings.weight_scale', scale);
    words = (ids) =>
      g.op('DequantizeLinear', [
        g.op('Gather', [table, ids], { axis: 0 }),
        tableScale,
        'const.int8_zero',
      ]);
  } else {
    const table = g.float('embeddings.word_embeddings.weight', [shape.vocab, H], wordTable);
    words = (ids) => g.op('Gather', [table, ids], { axis: 0 });
  }
  const posEmb = g.float(
    'embeddings.position_embeddings.weight',
    [shape.maxPositions, H],
    normal(random, shape.maxPositions * H, std),
  );
  const typeEmb = g.float(
    'embeddings.token_type_embeddings.weight',
    [2, H],
    normal(random, 2 * H, std),
  );
  const zero = g.int64('const.zero', [], [0]);
  const one = g.int64('const.one', [], [1]);
  const seqLen = g.op('Gather', [g.op('Shape', ['input_ids']), one], { axis: 0 });
  const positions = g.op('Range', [zero, seqLen, one]);
  let h = g.op('Add', [
    g.op('Add', [words('input_ids'), g.op('Gather', [posEmb, positions], { axis: 0 })]),
    g.op('Gather', [typeEmb, 'token_type_ids'], { axis: 0 }),
  ]);
  h = layerNorm('embeddings.LayerNorm', h);

  // Additive attention mask [batch, 1, 1, seq]: 0 where attended, -10000 on padding (BERT's value).
  const maskFloat = g.op('Cast', ['attention_mask'], { to: onnx.TensorProto.DataType.FLOAT });
  const inverted = g.op('Sub', [g.scalar('const.f_one', 1), maskFloat]);
  const additive = g.op('Mul', [inverted, g.scalar('const.mask_value', -10000)]);
  const mask = g.op('Unsqueeze', [additive, g.int64('const.axes_1_2', [2], [1, 2])]);

  const splitHeads = g.int64('const.split_heads', [4], [0, 0, heads, headDim]);
  const mergeHeads = g.int64('const.merge_heads', [3], [0, 0, H]);
  const scale = g.scalar('const.attention_scale', 1 / Math.sqrt(headDim));
  const sqrtHalf = g.scalar('const.inv_sqrt2', Math.SQRT1_2);
  const half = g.scalar('const.half', 0.5);
  const fOne = 'const.f_one';

  for (let l = 0; l < layers; l++) {
    const p = `encoder.layer.${l}`;
    const heads4 = (x: string, perm: number[]) =>
      g.op('Transpose', [g.op('Reshape', [x, splitHeads])], { perm });
    const q = heads4(dense(`${p}.attention.self.query`, h, H, H), [0, 2, 1, 3]); // [B, nh, S, hd]
    const k = heads4(dense(`${p}.attention.self.key`, h, H, H), [0, 2, 3, 1]); // [B, nh, hd, S]
    const v = heads4(dense(`${p}.attention.self.value`, h, H, H), [0, 2, 1, 3]); // [B, nh, S, hd]
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, k]), scale]), mask]);
    const probs = g.op('Softmax', [scores], { axis: -1 });
    const context = g.op('Reshape', [
      g.op('Transpose', [g.op('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }),
      mergeHeads,
    ]);
    const attended = dense(`${p}.attention.output.dense`, context, H, H);
    const h1 = layerNorm(`${p}.attention.output.LayerNorm`, g.op('Add', [attended, h]));
    const up = dense(`${p}.intermediate.dense`, h1, H, F);
    // Exact GELU: 0.5·x·(1 + erf(x/√2)) (BERT's hidden_act "gelu").
    const gelu = g.op('Mul', [
      g.op('Mul', [up, half]),
      g.op('Add', [g.op('Erf', [g.op('Mul', [up, sqrtHalf])]), fOne]),
    ]);
    const down = dense(`${p}.output.dense`, gelu, F, H);
    h = layerNorm(`${p}.output.LayerNorm`, g.op('Add', [down, h1]));
  }

  const int64 = onnx.TensorProto.DataType.INT64;
  const float = onnx.TensorProto.DataType.FLOAT;
  const inputs = ['input_ids', 'attention_mask', 'token_type_ids'].map((n) =>
    valueInfo(n, int64, ['batch_size', 'sequence_length']),
  );
  let outputs;
  if (options.head === 'bi-encoder') {
    g.op('Identity', [h], {}, 'last_hidden_state');
    outputs = [valueInfo('last_hidden_state', float, ['batch_size', 'sequence_length', H])];
  } else {
    // Pooler and classifier get a wider init (1/√H) so the random logits are O(1) rather than
    // ≈0, which makes the test fingerprints meaningful.
    const cls = g.op('Gather', [h, zero], { axis: 1 }); // [B, H]: the [CLS] token
    const pooled = g.op('Tanh', [dense('pooler.dense', cls, H, H, 1 / Math.sqrt(H))]);
    const logits = dense('classifier', pooled, H, 1, 1 / Math.sqrt(H));
    g.op('Identity', [logits], {}, 'logits');
    outputs = [valueInfo('logits', float, ['batch_size', 1])];
  }

  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'answer-panel models/generate.ts',
    producerVersion: '1',
    docString: `Random-weight BERT (${options.size}, ${options.head}, seed ${options.seed}${options.quantize ? ', int8 dynamic quantization' : ''}); not a trained model.`,
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: OPSET })],
    graph: onnx.GraphProto.create({
      name: `bert_${options.size}_${options.head}`,
      node: g.nodes,
      initializer: g.initializers,
      input: inputs,
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

export function buildConfig(shape: BertShape, head: TinyBertHead, name: string): object {
  return {
    _name_or_path: name,
    architectures: [head === 'bi-encoder' ? 'BertModel' : 'BertForSequenceClassification'],
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
    type_vocab_size: 2,
    vocab_size: shape.vocab,
    ...(head === 'cross-encoder' ? { id2label: { '0': 'LABEL_0' }, label2id: { LABEL_0: 0 } } : {}),
    // Says what this is wherever the folder ends up.
    answer_panel_generated: 'random weights from models/generate.ts; not a trained model',
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
 * on WASM and CPU), so benchmarks time the same int8 kernels real q8 weights run.
 */
export function generateModelFiles(options: {
  size: TinyBertSize;
  head: TinyBertHead;
  name: string;
  seed: number;
  layers?: number;
}): GeneratedFile[] {
  const vocab = buildVocab(SHAPES[options.size].vocab || undefined);
  const shape = {
    ...SHAPES[options.size],
    vocab: vocab.length,
    ...(options.layers ? { layers: options.layers } : {}),
  };
  const build = {
    size: options.size,
    head: options.head,
    vocab: vocab.length,
    seed: options.seed,
    layers: options.layers,
  };
  const json = (value: object) => new TextEncoder().encode(JSON.stringify(value, null, 2) + '\n');
  return [
    { path: 'config.json', bytes: json(buildConfig(shape, options.head, options.name)) },
    { path: 'tokenizer.json', bytes: json(buildTokenizerJson(vocab)) },
    { path: 'tokenizer_config.json', bytes: json(buildTokenizerConfig(shape.maxPositions)) },
    { path: 'onnx/model.onnx', bytes: buildBertOnnx(build) },
    { path: 'onnx/model_quantized.onnx', bytes: buildBertOnnx({ ...build, quantize: true }) },
  ];
}
