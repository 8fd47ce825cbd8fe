// The multilingual pair on generated stand-ins of the real ones' kind (models/generate.ts): an
// XLM-R cross-encoder without token types (cross-encoder/mmarco-mMiniLMv2-L12-H384-v1) and a BERT
// bi-encoder with XLM-R's tokenizer and E5's "query: "/"passage: " prefixes
// (Xenova/multilingual-e5-small), both with a SentencePiece Unigram tokenizer.json, loaded through
// the real transformers.js and ONNX Runtime (Node: CPU). Weights are random: shapes, special
// tokens and prefixes are asserted, never quality.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AutoModelForSequenceClassification, AutoTokenizer } from '@huggingface/transformers';
import onnxProto from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { type EncodeText, pairLayout } from '../../lib/models/encoding';
import { MODEL_MANIFEST, modelForRole, type ModelManifest } from '../../lib/models/manifest';
import { type LoadedModelPorts, loadModelPorts, onnxFileFor } from '../../lib/models/transformers';

let dir: string;
let models: string;
let ports: LoadedModelPorts;

const ml = (role: 'multilingual-cross-encoder' | 'multilingual-bi-encoder') =>
  modelForRole(MODEL_MANIFEST, role)!;
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-multilingual-'));
  models = join(dir, 'models');
  await generateModels({ size: 'tiny', dest: models });
  ports = await loadModelPorts({ localModelPath: models, device: 'cpu' });
}, 60_000);

afterAll(async () => {
  await ports?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function onnxInputs(folder: string, file: string): Promise<string[]> {
  const bytes = await readFile(join(models, folder, file));
  return onnxProto.onnx.ModelProto.decode(bytes).graph!.input!.map((i) => i.name!);
}

describe('the generated multilingual stand-ins', () => {
  it('have the real ones’ input names, tokenizer kind and int8 file names', async () => {
    const cross = ml('multilingual-cross-encoder');
    const bi = ml('multilingual-bi-encoder');
    expect(onnxFileFor('cpu', cross)).toEqual({
      path: 'onnx/model_quint8_avx2.onnx',
      dtype: 'fp32',
      fileName: 'model_quint8_avx2',
    });
    expect(onnxFileFor('cpu', bi)).toEqual({ path: 'onnx/model_quantized.onnx', dtype: 'q8' });
    expect(await onnxInputs(cross.folder, 'onnx/model_quint8_avx2.onnx')).toEqual([
      'input_ids',
      'attention_mask',
    ]);
    expect(await onnxInputs(bi.folder, 'onnx/model_quantized.onnx')).toEqual([
      'input_ids',
      'attention_mask',
      'token_type_ids',
    ]);
    for (const model of [cross, bi]) {
      const tokenizer = JSON.parse(
        await readFile(join(models, model.folder, 'tokenizer.json'), 'utf8'),
      );
      expect(tokenizer.model.type).toBe('Unigram');
      const config = JSON.parse(await readFile(join(models, model.folder, 'config.json'), 'utf8'));
      expect(config.tokenizer_class).toBe('XLMRobertaTokenizer');
    }
  });

  it('read XLM-R’s pair template from the tokenizer: <s> a </s></s> b </s>', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(
      join(models, ml('multilingual-cross-encoder').folder),
      {
        local_files_only: true,
      },
    );
    const encode = tokenizer.encode.bind(tokenizer) as unknown as EncodeText;
    expect(pairLayout(encode)).toEqual({ start: [0], middle: [2, 2], end: [2] });
    // XLM-R's template written as RobertaProcessing (as some exports do) reads the same.
    const roberta = join(dir, 'roberta-processing');
    await cp(join(models, ml('multilingual-cross-encoder').folder), roberta, { recursive: true });
    const json = JSON.parse(await readFile(join(roberta, 'tokenizer.json'), 'utf8'));
    json.post_processor = {
      type: 'RobertaProcessing',
      sep: ['</s>', 2],
      cls: ['<s>', 0],
      trim_offsets: true,
      add_prefix_space: true,
    };
    await writeFile(join(roberta, 'tokenizer.json'), JSON.stringify(json));
    const robertaTokenizer = await AutoTokenizer.from_pretrained(roberta, {
      local_files_only: true,
    });
    expect(
      pairLayout(robertaTokenizer.encode.bind(robertaTokenizer) as unknown as EncodeText),
    ).toEqual({ start: [0], middle: [2, 2], end: [2] });
    const bert = await AutoTokenizer.from_pretrained(
      join(models, modelForRole(MODEL_MANIFEST, 'cross-encoder')!.folder),
      { local_files_only: true },
    );
    const cls = bert.convert_tokens_to_ids(['[CLS]'])[0];
    const sep = bert.convert_tokens_to_ids(['[SEP]'])[0];
    expect(pairLayout(bert.encode.bind(bert) as unknown as EncodeText)).toEqual({
      start: [cls],
      middle: [sep],
      end: [sep],
    });
  });
});

describe('loadModelPorts with the multilingual pair installed', () => {
  it('loads it beside the English pair, with nothing missing', () => {
    expect(ports.problems).toEqual([]);
    expect(ports.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(ports.multilingual?.filter?.modelId).toBe('cross-encoder/mmarco-mMiniLMv2-L12-H384-v1');
    expect(ports.multilingual?.embedder?.modelId).toBe('Xenova/multilingual-e5-small');
  });

  it('scores French pairs: one finite logit each, different pairs scored differently', async () => {
    const scores = await ports.multilingual!.filter!.score([
      ["qui a construit le phare d'alexandrie ?", 'le phare a été construit par sostrate'],
      ["qui a construit le phare d'alexandrie ?", 'paris est la capitale de la france'],
      ['wer hat den turm gebaut?', 'der turm ist in paris'],
    ]);
    expect(scores).toBeInstanceOf(Float32Array);
    expect(scores).toHaveLength(3);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
    expect(new Set(scores).size).toBe(3);
  });

  it('gives the logit the model gives on the tokenizer’s own pair encoding (XLM-R’s template, no token types)', async () => {
    const where = join(models, ml('multilingual-cross-encoder').folder);
    const tokenizer = await AutoTokenizer.from_pretrained(where, { local_files_only: true });
    const model = await AutoModelForSequenceClassification.from_pretrained(where, {
      local_files_only: true,
      device: 'cpu',
      dtype: 'fp32',
      model_file_name: 'model_quint8_avx2',
    });
    try {
      const [question, passage] = ['wer hat den turm gebaut?', 'der turm ist in paris'];
      const inputs = tokenizer(question, { text_pair: passage });
      const { logits } = await model(inputs);
      const [ours] = await ports.multilingual!.filter!.score([[question, passage]]);
      expect(ours).toBeCloseTo((logits.data as Float32Array)[0]!, 5);
    } finally {
      await model.dispose();
    }
  });

  it('embeds with E5’s prefixes: "query: " and "passage: " give different, unit vectors', async () => {
    const e5 = ports.multilingual!.embedder!;
    const text = "le phare d'alexandrie";
    const [query] = await e5.embed([text], 'query');
    const [passage] = await e5.embed([text], 'passage');
    const [byDefault] = await e5.embed([text]);
    expect(query).toHaveLength(32);
    expect(dot(query!, query!)).toBeCloseTo(1, 4);
    expect(dot(query!, passage!)).toBeLessThan(0.9999);
    expect(Array.from(byDefault!)).toEqual(Array.from(query!));
  });

  it('prepends exactly the manifest’s prefixes (the same model without them, given the prefixed text, agrees)', async () => {
    const bare: ModelManifest = {
      ...MODEL_MANIFEST,
      models: MODEL_MANIFEST.models.map(({ textPrefixes: _, ...m }) => m),
    };
    const plain = await loadModelPorts({
      localModelPath: models,
      device: 'cpu',
      manifest: bare,
      roles: [],
      whenPresent: ['multilingual-bi-encoder'],
    });
    try {
      const text = 'der turm ist in paris';
      const [prefixed] = await ports.multilingual!.embedder!.embed([text], 'passage');
      const [byHand] = await plain.multilingual!.embedder!.embed([`passage: ${text}`], 'passage');
      const [unprefixed] = await plain.multilingual!.embedder!.embed([text], 'passage');
      expect(Array.from(byHand!)).toEqual(Array.from(prefixed!));
      expect(Array.from(unprefixed!)).not.toEqual(Array.from(prefixed!));
    } finally {
      await plain.dispose();
    }
  });

  it('cuts texts at the manifest’s maxTokens: words past it change nothing, words before it do', async () => {
    const short = MODEL_MANIFEST.models.map((m) =>
      m.role === 'bi-encoder' ? { ...m, maxTokens: 16 } : m,
    );
    const cut = await loadModelPorts({
      localModelPath: models,
      device: 'cpu',
      manifest: { ...MODEL_MANIFEST, models: short },
      roles: ['bi-encoder'],
      whenPresent: [],
    });
    try {
      const head = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
      const [a, b, c] = await cut.embedder!.embed([
        `${head} the lighthouse`,
        `${head} a harbour wall`,
        `the lighthouse ${head}`,
      ]);
      expect(Array.from(b!)).toEqual(Array.from(a!));
      expect(Array.from(c!)).not.toEqual(Array.from(a!));
      const [full] = await ports.embedder!.embed([`${head} the lighthouse`]);
      const [fullOther] = await ports.embedder!.embed([`${head} a harbour wall`]);
      expect(Array.from(fullOther!)).not.toEqual(Array.from(full!));
    } finally {
      await cut.dispose();
    }
  });

  it('the English embedder has no prefixes: both kinds give the same vectors', async () => {
    const [q] = await ports.embedder!.embed(['the lighthouse'], 'query');
    const [p] = await ports.embedder!.embed(['the lighthouse'], 'passage');
    expect(Array.from(p!)).toEqual(Array.from(q!));
  });
});

describe('loadModelPorts without the multilingual pair', () => {
  it('leaves it out, silently: the English pair ranks and nothing is said missing', async () => {
    const without = join(dir, 'without');
    await cp(models, without, { recursive: true });
    await rm(join(without, ml('multilingual-cross-encoder').folder), { recursive: true });
    await rm(join(without, ml('multilingual-bi-encoder').folder), { recursive: true });
    const loaded = await loadModelPorts({ localModelPath: without, device: 'cpu' });
    try {
      expect(loaded.problems).toEqual([]);
      expect(loaded.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
      expect(loaded.multilingual).toBeUndefined();
    } finally {
      await loaded.dispose();
    }
  });
});
