// The NLI slot: the generated three-label stand-in for Xenova/nli-deberta-v3-xsmall (same file
// names, inputs input_ids and attention_mask, output logits [batch, 3], id2label in the real
// model's order) loaded through the real transformers.js adapter on ONNX Runtime's CPU backend.
// The weights are random, so this asserts shapes, probabilities, the label order read from
// config.json and a fixed fingerprint, never that an inference is right.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { MODEL_MANIFEST, modelForRole } from '../../lib/models/manifest';
import { NLI_LABELS, nliColumns, nliProbabilities } from '../../lib/models/nli';
import { type LoadedModelPorts, loadModelPorts } from '../../lib/models/transformers';
import type { NliProbabilities } from '../../lib/pipeline/ports';

const NLI = modelForRole(MODEL_MANIFEST, 'nli')!;

let dir: string;
let models: string;
let ports: LoadedModelPorts;

const PAIRS = [
  ['the lighthouse was built by sostratus', 'sostratus built the lighthouse'],
  ['paris is the capital of france', 'the lighthouse is in egypt'],
  ['water is h2o', 'water is not h2o'],
  ['a', 'b'],
] as const;

/** Each pair's probabilities as [entailment, contradiction, neutral], to four places. */
const rows = (out: NliProbabilities[]) =>
  out.map((p) => NLI_LABELS.map((label) => Math.round(p[label] * 1e4) / 1e4));

/** A copy of the generated models whose NLI config.json is changed by `edit`. */
async function withNliConfig(name: string, edit: (config: Record<string, unknown>) => void) {
  const copy = join(dir, name);
  await cp(models, copy, { recursive: true });
  const path = join(copy, NLI.folder, 'config.json');
  const config = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  edit(config);
  await writeFile(path, JSON.stringify(config));
  return copy;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-nli-'));
  models = join(dir, 'models');
  await generateModels({ size: 'tiny', dest: models });
  ports = await loadModelPorts({ localModelPath: models, device: 'cpu' });
}, 30_000);

afterAll(async () => {
  await ports?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the NLI model in the manifest', () => {
  it('is Xenova/nli-deberta-v3-xsmall, optional, MIT, with the files transformers.js loads', () => {
    expect(NLI).toMatchObject({
      id: 'Xenova/nli-deberta-v3-xsmall',
      folder: 'nli-deberta-v3-xsmall',
      optional: true,
      licence: 'MIT (per the model card of cross-encoder/nli-deberta-v3-xsmall)',
    });
    expect(NLI.files.map((f) => f.path)).toEqual([
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model_quantized.onnx',
    ]);
  });
});

describe('loading the NLI model', () => {
  it('loads as ports.nli whenever its files are there, beside the filter and the embedder', () => {
    expect(ports.problems).toEqual([]);
    expect(ports.nli?.modelId).toBe('Xenova/nli-deberta-v3-xsmall');
    expect(ports.filter).toBeDefined();
    expect(ports.embedder).toBeDefined();
    expect(ports.reranker).toBeUndefined();
  });

  it('not installed is not a problem: no ports.nli, nothing said', async () => {
    const without = join(dir, 'without-nli');
    await cp(models, without, { recursive: true });
    await rm(join(without, NLI.folder), { recursive: true });
    const loaded = await loadModelPorts({ localModelPath: without, device: 'cpu' });
    expect(loaded.nli).toBeUndefined();
    expect(loaded.filter).toBeDefined();
    expect(loaded.problems).toEqual([]);
    expect(loaded.unavailableReason).toBeUndefined();
    await loaded.dispose();
  });

  it('asked for by role, a missing NLI model is a model-missing problem', async () => {
    const loaded = await loadModelPorts({
      localModelPath: join(dir, 'nowhere'),
      device: 'cpu',
      roles: ['nli'],
    });
    expect(loaded.nli).toBeUndefined();
    expect(loaded.problems.map((p) => [p.role, p.code, p.detail])).toEqual([
      [
        'nli',
        'model-missing',
        'nli-deberta-v3-xsmall/: missing config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx',
      ],
    ]);
  });

  it('whenPresent: [] leaves it out even when installed', async () => {
    const loaded = await loadModelPorts({ localModelPath: models, device: 'cpu', whenPresent: [] });
    expect(loaded.nli).toBeUndefined();
    expect(loaded.problems).toEqual([]);
    await loaded.dispose();
  });

  it('a config that does not name the three classes is model-corrupt, and the other models load', async () => {
    const copy = await withNliConfig('unnamed', (config) => {
      config.id2label = { '0': 'LABEL_0', '1': 'LABEL_1', '2': 'LABEL_2' };
    });
    const loaded = await loadModelPorts({ localModelPath: copy, device: 'cpu' });
    expect(loaded.nli).toBeUndefined();
    expect(loaded.filter).toBeDefined();
    expect(loaded.problems).toEqual([
      {
        role: 'nli',
        modelId: 'Xenova/nli-deberta-v3-xsmall',
        code: 'model-corrupt',
        detail:
          'nli-deberta-v3-xsmall/config.json: id2label must name entailment, contradiction and neutral, one column each',
      },
    ]);
    await loaded.dispose();
  });
});

describe('classify', () => {
  it('gives one set of three probabilities per pair, each in [0, 1], summing to 1', async () => {
    const out = await ports.nli!.classify(PAIRS);
    expect(out).toHaveLength(PAIRS.length);
    for (const p of out) {
      expect(Object.keys(p).sort()).toEqual(['contradiction', 'entailment', 'neutral']);
      for (const label of NLI_LABELS) {
        expect(p[label]).toBeGreaterThanOrEqual(0);
        expect(p[label]).toBeLessThanOrEqual(1);
      }
      expect(p.entailment + p.contradiction + p.neutral).toBeCloseTo(1, 6);
    }
    expect(await ports.nli!.classify([])).toEqual([]);
  });

  it('has a fixed fingerprint (seeded weights), and batches of two give the same within int8 noise', async () => {
    const out = rows(await ports.nli!.classify(PAIRS));
    FINGERPRINT.forEach((row, r) => row.forEach((v, c) => expect(out[r]![c]).toBeCloseTo(v, 3)));
    const small = await loadModelPorts({ localModelPath: models, device: 'cpu', batchSize: 2 });
    const batched = rows(await small.nli!.classify(PAIRS));
    // Not equal: int8 dynamic quantization scales activations over the whole batch, as real q8
    // weights do.
    batched.forEach((row, r) =>
      row.forEach((v, c) => expect(Math.abs(v - out[r]![c]!)).toBeLessThan(0.03)),
    );
    await small.dispose();
  });

  it('different pairs get different probabilities (the model reads both texts)', async () => {
    const [a, b] = await ports.nli!.classify([
      ['water is h2o', 'water is h2o'],
      ['water is h2o', 'paris is the capital of france'],
    ]);
    expect(rows([a!])).not.toEqual(rows([b!]));
    const [swapped] = await ports.nli!.classify([
      ['paris is the capital of france', 'water is h2o'],
    ]);
    expect(rows([swapped!])).not.toEqual(rows([b!]));
  });

  it('keeps the hypothesis whole and cuts a long premise to what fits in 512 positions', async () => {
    const long = 'the lighthouse was built by sostratus '.repeat(200); // ≈1200 word pieces
    const [a] = await ports.nli!.classify([[long, 'sostratus built it']]);
    const [b] = await ports.nli!.classify([[long + ' paris france', 'sostratus built it']]);
    const [c] = await ports.nli!.classify([[long, 'sostratus built it in egypt']]);
    expect(b).toEqual(a); // the premise's tail is cut
    expect(c).not.toEqual(a); // the hypothesis is not
    expect(a!.entailment + a!.contradiction + a!.neutral).toBeCloseTo(1, 6);
  });

  it('reads the label order from config.json: the same logits under another id2label move with it', async () => {
    const reordered = await withNliConfig('reordered', (config) => {
      // The generated model's columns are contradiction, entailment, neutral (the real order);
      // name them otherwise, upper-case as some MNLI models do.
      config.id2label = { '0': 'ENTAILMENT', '1': 'NEUTRAL', '2': 'CONTRADICTION' };
    });
    const loaded = await loadModelPorts({ localModelPath: reordered, device: 'cpu' });
    expect(loaded.problems).toEqual([]);
    const before = await ports.nli!.classify(PAIRS);
    const after = await loaded.nli!.classify(PAIRS);
    after.forEach((p, i) => {
      // column 0 was contradiction, now entailment; column 1 entailment → neutral; 2 neutral → contradiction
      expect(p.entailment).toBeCloseTo(before[i]!.contradiction, 6);
      expect(p.neutral).toBeCloseTo(before[i]!.entailment, 6);
      expect(p.contradiction).toBeCloseTo(before[i]!.neutral, 6);
    });
    await loaded.dispose();
  });
});

// classify(PAIRS) on the tiny generated model (seed 4), as [entailment, contradiction, neutral].
const FINGERPRINT = [
  [0.3031, 0.3582, 0.3387],
  [0.3518, 0.1667, 0.4815],
  [0.3391, 0.2747, 0.3863],
  [0.3465, 0.282, 0.3716],
];

describe('nliColumns and nliProbabilities', () => {
  it('map each class to its column from id2label, case-blind', () => {
    expect(nliColumns({ id2label: { 0: 'contradiction', 1: 'entailment', 2: 'neutral' } })).toEqual(
      { contradiction: 0, entailment: 1, neutral: 2 },
    );
    expect(nliColumns({ id2label: { 0: 'ENTAILMENT', 1: 'Neutral', 2: 'contradiction' } })).toEqual(
      { entailment: 0, neutral: 1, contradiction: 2 },
    );
  });

  it.each([
    ['no id2label', {}],
    ['not a config', 'contradiction'],
    ['an array', { id2label: ['contradiction', 'entailment', 'neutral'] }],
    ['generic names', { id2label: { 0: 'LABEL_0', 1: 'LABEL_1', 2: 'LABEL_2' } }],
    ['a class twice', { id2label: { 0: 'entailment', 1: 'entailment', 2: 'neutral' } }],
    ['two classes', { id2label: { 0: 'entailment', 1: 'contradiction' } }],
    ['four classes', { id2label: { 0: 'entailment', 1: 'contradiction', 2: 'neutral', 3: 'x' } }],
    ['a column out of range', { id2label: { 0: 'entailment', 1: 'contradiction', 3: 'neutral' } }],
    [
      'a column written "01"',
      { id2label: { 0: 'entailment', '01': 'contradiction', 2: 'neutral' } },
    ],
    ['a name that is not text', { id2label: { 0: 'entailment', 1: 1, 2: 'neutral' } }],
  ])('are undefined for %s', (_, config) => {
    expect(nliColumns(config)).toBeUndefined();
  });

  it('softmax by class, without overflow on large logits', () => {
    const columns = { contradiction: 0, entailment: 1, neutral: 2 };
    const even = nliProbabilities([0, 0, 0], columns);
    for (const label of NLI_LABELS) expect(even[label]).toBeCloseTo(1 / 3, 9);
    const sure = nliProbabilities([1000, -1000, 0], columns);
    expect(sure).toEqual({ entailment: 0, contradiction: 1, neutral: 0 });
    const p = nliProbabilities(Float32Array.from([0, Math.log(2), Math.log(5)]), columns);
    expect(p.contradiction).toBeCloseTo(1 / 8, 6);
    expect(p.entailment).toBeCloseTo(2 / 8, 6);
    expect(p.neutral).toBeCloseTo(5 / 8, 6);
  });
});
