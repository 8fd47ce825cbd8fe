// The random-weight BERT generator (lib/models/tiny-bert.ts, models/generate.ts): real input and
// output names, the real encoder structure, MiniLM-L6's exact parameter count at benchmark size,
// byte-identical output for a seed, and a tokenizer that transformers.js reads as BERT's.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AutoModelForSequenceClassification, AutoTokenizer } from '@huggingface/transformers';
import onnxProto from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_MANIFEST } from '../../lib/models/manifest';
import { generateModels } from '../../models/generate';
import { sharedData } from '../support/shared-data';
import {
  NLI_ID2LABEL,
  SHAPES,
  buildBertOnnx,
  buildVocab,
  generateModelFiles,
} from '../../models/tiny-bert';

const { onnx } = onnxProto;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-generate-'));
  await generateModels({ size: 'tiny', dest: dir, includeOptional: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function decode(bytes: Uint8Array) {
  return onnx.ModelProto.decode(bytes);
}

function parameters(model: ReturnType<typeof decode>): number {
  return model
    .graph!.initializer!.filter((t) => (t.dims ?? []).length > 0 && !t.name!.startsWith('const.'))
    .reduce((n, t) => n + t.dims!.reduce((a, d) => a * Number(d), 1), 0);
}

describe('generated model folders', () => {
  it('writes the manifest folders with the files transformers.js loads', async () => {
    expect((await readdir(dir)).sort()).toEqual([
      'all-MiniLM-L6-v2',
      'distilbert-base-cased-distilled-squad',
      'mmarco-mMiniLMv2-L12-H384-v1',
      'ms-marco-MiniLM-L-12-v2',
      'ms-marco-MiniLM-L-6-v2',
      'multilingual-e5-small',
      'nli-deberta-v3-xsmall',
    ]);
    for (const folder of await readdir(dir)) {
      const files = (await readdir(join(dir, folder), { recursive: true })).sort();
      expect(files).toEqual([
        'config.json',
        'onnx',
        'onnx/model.onnx',
        // The int8 file under the name the manifest gives it (the mMARCO repository's own).
        folder === 'mmarco-mMiniLMv2-L12-H384-v1'
          ? 'onnx/model_quint8_avx2.onnx'
          : 'onnx/model_quantized.onnx',
        'tokenizer.json',
        'tokenizer_config.json',
      ]);
    }
    const config = JSON.parse(
      await readFile(join(dir, 'ms-marco-MiniLM-L-6-v2', 'config.json'), 'utf8'),
    );
    expect(config).toMatchObject({
      model_type: 'bert',
      architectures: ['BertForSequenceClassification'],
      hidden_size: 32,
      num_hidden_layers: 2,
    });
    expect(
      JSON.parse(await readFile(join(dir, 'all-MiniLM-L6-v2', 'config.json'), 'utf8'))
        .architectures,
    ).toEqual(['BertModel']);
  });

  it('has the real input and output names, int64 inputs and float outputs', async () => {
    const cross = decode(await readFile(join(dir, 'ms-marco-MiniLM-L-6-v2', 'onnx', 'model.onnx')));
    const bi = decode(await readFile(join(dir, 'all-MiniLM-L6-v2', 'onnx', 'model.onnx')));
    for (const model of [cross, bi]) {
      expect(model.graph!.input!.map((i) => [i.name, i.type!.tensorType!.elemType])).toEqual([
        ['input_ids', onnx.TensorProto.DataType.INT64],
        ['attention_mask', onnx.TensorProto.DataType.INT64],
        ['token_type_ids', onnx.TensorProto.DataType.INT64],
      ]);
      expect(Number(model.opsetImport![0]!.version)).toBe(13);
    }
    expect(cross.graph!.output!.map((o) => o.name)).toEqual(['logits']);
    expect(bi.graph!.output!.map((o) => o.name)).toEqual(['last_hidden_state']);
    // A real encoder: attention softmax, exact GELU (Erf) and LayerNorm per layer.
    const ops = bi.graph!.node!.map((n) => n.opType);
    expect(ops.filter((o) => o === 'Softmax')).toHaveLength(2);
    expect(ops.filter((o) => o === 'Erf')).toHaveLength(2);
    expect(ops.filter((o) => o === 'Sqrt')).toHaveLength(1 + 2 * 2);
    expect(cross.graph!.node!.some((n) => n.opType === 'Tanh')).toBe(true); // the pooler
  });

  it('is byte-identical for the same seed and differs for another', () => {
    const a = buildBertOnnx({ size: 'tiny', head: 'cross-encoder', vocab: 300, seed: 7 });
    expect(buildBertOnnx({ size: 'tiny', head: 'cross-encoder', vocab: 300, seed: 7 })).toEqual(a);
    expect(buildBertOnnx({ size: 'tiny', head: 'cross-encoder', vocab: 300, seed: 8 })).not.toEqual(
      a,
    );
  });

  it('at minilm-l6 size has all-MiniLM-L6-v2 parameter count (22,713,216 with its pooler, 147,840)', () => {
    const files = generateModelFiles({
      size: 'minilm-l6',
      head: 'bi-encoder',
      name: 'bench',
      seed: 2,
    });
    const model = decode(files.find((f) => f.path === 'onnx/model.onnx')!.bytes);
    expect(parameters(model)).toBe(22_713_216 - 147_840);
    const config = JSON.parse(
      new TextDecoder().decode(files.find((f) => f.path === 'config.json')!.bytes),
    );
    expect(config).toMatchObject({
      hidden_size: 384,
      num_hidden_layers: 6,
      num_attention_heads: 12,
      intermediate_size: 1536,
      vocab_size: 30522,
      max_position_embeddings: 512,
    });
    expect(SHAPES['minilm-l6'].vocab).toBe(30522);
  }, 20_000);
});

describe('the NLI stand-in', () => {
  it('is written at tiny size without --all, like the extractive-QA and multilingual stand-ins (the test builds ship them); the reranker is not', async () => {
    const plain = join(dir, '..', `${basename(dir)}-plain`);
    try {
      await generateModels({ size: 'tiny', dest: plain });
      expect((await readdir(plain)).sort()).toEqual([
        'all-MiniLM-L6-v2',
        'distilbert-base-cased-distilled-squad',
        'mmarco-mMiniLMv2-L12-H384-v1',
        'ms-marco-MiniLM-L-6-v2',
        'multilingual-e5-small',
        'nli-deberta-v3-xsmall',
      ]);
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it("has the real model's inputs (no token_type_ids: DeBERTa-v3 has no token types) and logits [batch, 3]", async () => {
    for (const file of ['model.onnx', 'model_quantized.onnx']) {
      const nli = decode(await readFile(join(dir, 'nli-deberta-v3-xsmall', 'onnx', file)));
      expect(nli.graph!.input!.map((i) => [i.name, i.type!.tensorType!.elemType])).toEqual([
        ['input_ids', onnx.TensorProto.DataType.INT64],
        ['attention_mask', onnx.TensorProto.DataType.INT64],
      ]);
      const [output] = nli.graph!.output!;
      expect(output!.name).toBe('logits');
      expect(
        output!.type!.tensorType!.shape!.dim!.map((d) => d.dimParam || Number(d.dimValue)),
      ).toEqual(['batch_size', 3]);
    }
  });

  it("names its three logits in cross-encoder/nli-deberta-v3-xsmall's order, or the order asked for", async () => {
    const config = JSON.parse(
      await readFile(join(dir, 'nli-deberta-v3-xsmall', 'config.json'), 'utf8'),
    );
    expect(NLI_ID2LABEL).toEqual(['contradiction', 'entailment', 'neutral']);
    expect(config).toMatchObject({
      architectures: ['BertForSequenceClassification'],
      type_vocab_size: 0,
      id2label: { '0': 'contradiction', '1': 'entailment', '2': 'neutral' },
      label2id: { contradiction: 0, entailment: 1, neutral: 2 },
    });
    const files = generateModelFiles({
      size: 'tiny',
      head: 'nli',
      name: 'x',
      seed: 4,
      labels: ['entailment', 'neutral', 'contradiction'],
    });
    const reordered = JSON.parse(
      new TextDecoder().decode(files.find((f) => f.path === 'config.json')!.bytes),
    );
    expect(reordered.id2label).toEqual({ '0': 'entailment', '1': 'neutral', '2': 'contradiction' });
    expect(() =>
      generateModelFiles({ size: 'tiny', head: 'nli', name: 'x', seed: 4, labels: ['a', 'b'] }),
    ).toThrow(/3 labels, not 2/);
  });
});

describe('the extractive-QA stand-in', () => {
  it("has the real model's inputs (DistilBERT has no token types) and start and end logits [batch, sequence]", async () => {
    for (const file of ['model.onnx', 'model_quantized.onnx']) {
      const qa = decode(
        await readFile(join(dir, 'distilbert-base-cased-distilled-squad', 'onnx', file)),
      );
      expect(qa.graph!.input!.map((i) => [i.name, i.type!.tensorType!.elemType])).toEqual([
        ['input_ids', onnx.TensorProto.DataType.INT64],
        ['attention_mask', onnx.TensorProto.DataType.INT64],
      ]);
      expect(
        qa.graph!.output!.map((o) => [
          o.name,
          o.type!.tensorType!.shape!.dim!.map((d) => d.dimParam || Number(d.dimValue)),
        ]),
      ).toEqual([
        ['start_logits', ['batch_size', 'sequence_length']],
        ['end_logits', ['batch_size', 'sequence_length']],
      ]);
    }
    const config = JSON.parse(
      await readFile(join(dir, 'distilbert-base-cased-distilled-squad', 'config.json'), 'utf8'),
    );
    expect(config).toMatchObject({
      architectures: ['BertForQuestionAnswering'],
      type_vocab_size: 0,
    });
  });
});

describe('fp32 and int8 files', () => {
  it('model_quantized.onnx is int8 (MatMulInteger, int8 weights) and ≈ model.onnx; the fp32 graph is padding-invariant', async () => {
    const where = join(dir, 'ms-marco-MiniLM-L-6-v2');
    const q8 = decode(await readFile(join(where, 'onnx', 'model_quantized.onnx')));
    expect(q8.graph!.node!.filter((n) => n.opType === 'MatMulInteger').length).toBe(2 * 6 + 2);
    expect(
      q8.graph!.node!.some(
        (n) => n.opType === 'MatMul' && n.input!.some((i) => i.endsWith('.weight')),
      ),
    ).toBe(false);
    const tokenizer = await AutoTokenizer.from_pretrained(where, { local_files_only: true });
    const questions = ['who built the lighthouse?', 'what is water'];
    const passages = [
      'the lighthouse was built by sostratus of cnidus in the third century',
      'water',
    ];
    const logits = async (dtype: 'fp32' | 'q8', q: string[], p: string[]) => {
      const model = await AutoModelForSequenceClassification.from_pretrained(where, {
        device: 'cpu',
        dtype,
        local_files_only: true,
      });
      const out = await model(tokenizer(q, { text_pair: p, padding: true }));
      await model.dispose();
      return Array.from(out.logits.data as Float32Array);
    };
    const fp32 = await logits('fp32', questions, passages);
    const int8 = await logits('q8', questions, passages);
    fp32.forEach((v, i) => expect(Math.abs(v - int8[i]!)).toBeLessThan(0.05));
    // fp32: the second pair alone equals it padded in the batch (the attention mask works).
    const [alone] = await logits('fp32', questions.slice(1), passages.slice(1));
    expect(alone).toBeCloseTo(fp32[1]!, 5);
  });
});

describe('generated tokenizer', () => {
  it('is a BERT uncased WordPiece tokenizer to transformers.js', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(join(dir, 'all-MiniLM-L6-v2'), {
      local_files_only: true,
    });
    expect(tokenizer.constructor.name).toBe('BertTokenizer');
    const vocab = buildVocab();
    const ids = tokenizer.encode('The Lighthouse, Sostratus!');
    const tokens = ids.map((id) => vocab[id]);
    expect(tokens).toEqual([
      '[CLS]',
      'the',
      'lighthouse',
      ',',
      'so',
      '##s',
      '##t',
      '##r',
      '##a',
      '##t',
      '##u',
      '##s',
      '!',
      '[SEP]',
    ]);
    expect(tokenizer.decode(ids, { skip_special_tokens: true })).toBe('the lighthouse, sostratus!');
  });

  const real = sharedData(import.meta.dirname, 'bert-base-uncased-tokenizer');
  it.skipIf(!existsSync(real))(
    'with a real vocab.txt, splits text into the pieces and ids of the real MiniLM tokenizer',
    async () => {
      const wordPieces = (await readFile(join(real, 'vocab.txt'), 'utf8'))
        .split('\n')
        .filter((line) => line !== '');
      const withReal = await mkdtemp(join(tmpdir(), 'models-generate-vocab-'));
      try {
        await generateModels({
          size: 'tiny',
          dest: withReal,
          wordPieces,
          manifest: {
            ...MODEL_MANIFEST,
            models: MODEL_MANIFEST.models.filter((m) => m.role === 'bi-encoder'),
          },
        });
        const ours = await AutoTokenizer.from_pretrained(join(withReal, 'all-MiniLM-L6-v2'), {
          local_files_only: true,
        });
        const theirs = await AutoTokenizer.from_pretrained(real, { local_files_only: true });
        const text = 'When did the harbour council rebuild the Pharos of Alexandria, in 1887?';
        expect(ours.encode(text)).toEqual(theirs.encode(text));
        // The generated vocabulary spells most of these words out letter by letter.
        expect(ours.encode(text).length).toBeLessThan(24);
        const config = JSON.parse(
          await readFile(join(withReal, 'all-MiniLM-L6-v2', 'config.json'), 'utf8'),
        );
        expect(config.vocab_size).toBe(30522);
      } finally {
        await rm(withReal, { recursive: true, force: true });
      }
    },
  );

  it('pads the vocabulary with [unusedN] to the benchmark size', () => {
    const vocab = buildVocab(30522);
    expect(vocab).toHaveLength(30522);
    expect(vocab.slice(0, 5)).toEqual(['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']);
    expect(vocab.at(-1)).toMatch(/^\[unused\d+\]$/);
    expect(new Set(vocab).size).toBe(vocab.length);
  });
});
