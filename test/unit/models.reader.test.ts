// The extractive-QA slot: the generated stand-in for Xenova/distilbert-base-cased-distilled-squad
// (same file names, inputs input_ids and attention_mask, outputs start_logits and end_logits
// [batch, sequence]) loaded through the real transformers.js adapter on ONNX Runtime's CPU
// backend, and the span arithmetic it relies on. The weights are random, so the model tests
// assert offsets, bounds, refusal and agreement with the logits the model gives, never that an
// answer is right.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AutoModelForQuestionAnswering, AutoTokenizer, Tensor } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModels } from '../../models/generate';
import { MODEL_MANIFEST, modelForRole } from '../../lib/models/manifest';
import { bestSpan, passageTokens, passageWords, spanOffsets } from '../../lib/models/reader';
import { type LoadedModelPorts, loadModelPorts } from '../../lib/models/transformers';
import { answerSpans } from '../../lib/pipeline/answer-span';
import type { AnswerReader } from '../../lib/pipeline/ports';

const READER = modelForRole(MODEL_MANIFEST, 'extractive-qa')!;

const PASSAGES = [
  'The lighthouse of Alexandria was built by Sostratus of Cnidus in the third century BC on the island of Pharos.',
  'The Eiffel tower in Paris, France is 330 metres tall and was the tallest tower in the world until 1930.',
  'Water covers most of the earth; the sun and the moon make the tides of the sea.',
  'In 2012, Red Hat contributed 8,417 changesets (38.0%) to the kernel, more than any other company.',
];
const QUESTIONS = [
  'Who built the lighthouse?',
  'How tall is the tower?',
  'what makes tides',
  'Which company contributed the most changesets?',
  'When was the tower the tallest?',
  'Where is the tower?',
];

let dir: string;
let models: string;
let ports: LoadedModelPorts;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'models-reader-'));
  models = join(dir, 'models');
  await generateModels({ size: 'tiny', dest: models });
  ports = await loadModelPorts({ localModelPath: models, device: 'cpu' });
}, 30_000);

afterAll(async () => {
  await ports?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the extractive-QA model in the manifest', () => {
  it('is Xenova/distilbert-base-cased-distilled-squad, optional, with the files transformers.js loads', () => {
    expect(READER).toMatchObject({
      id: 'Xenova/distilbert-base-cased-distilled-squad',
      folder: 'distilbert-base-cased-distilled-squad',
      optional: true,
      licence:
        'Apache-2.0 (per the model card of distilbert/distilbert-base-cased-distilled-squad)',
    });
    expect(READER.files.map((f) => f.path)).toEqual([
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model_quantized.onnx',
    ]);
  });
});

describe('passage words and tokens', () => {
  it('splits words and punctuation with their offsets', () => {
    const text = 'Red Hat, 8,417 (38.0%).';
    expect(passageWords(text).map((w) => text.slice(w.start, w.end))).toEqual([
      'Red',
      'Hat',
      ',',
      '8',
      ',',
      '417',
      '(',
      '38',
      '.',
      '0',
      '%',
      ')',
      '.',
    ]);
  });

  it('maps every token to its word and stops before a word that does not fit', () => {
    const pieces: Record<string, number[]> = { alpha: [1, 2], beta: [3], gamma: [4, 5, 6] };
    const tokens = passageTokens('alpha beta gamma', (w) => pieces[w]!, 4);
    expect(tokens.ids).toEqual([1, 2, 3]);
    expect(tokens.wordOf).toEqual([0, 0, 1]);
  });
});

describe('bestSpan', () => {
  const limits = { maxTokens: 3, minScore: 0.2 };
  // [CLS] q [SEP] c c c c c [SEP]: the context is positions 3 to 7.
  const context = { from: 3, to: 8 };

  it('takes the highest p(start)·p(end) with start ≤ end, within the context', () => {
    const start = [0, 9, 9, 0, 8, 0, 0, 0, 9];
    const end = [0, 9, 9, 0, 0, 8, 0, 0, 9];
    const span = bestSpan(start, end, context, limits)!;
    expect([span.first, span.last]).toEqual([4, 5]);
    expect(span.score).toBeGreaterThan(0.9);
  });

  it('never ends before it starts, and never runs longer than maxTokens', () => {
    const start = [0, 0, 0, 0, 0, 0, 8, 0, 0];
    const end = [0, 0, 0, 8, 0, 0, 0, 0, 0];
    const span = bestSpan(start, end, context, { ...limits, minScore: 0 })!;
    expect(span.first).toBeLessThanOrEqual(span.last);
    expect(span.last - span.first).toBeLessThan(limits.maxTokens);
    const long = bestSpan([0, 0, 0, 9, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 9], context, {
      ...limits,
      minScore: 0,
    })!;
    expect(long.last - long.first).toBeLessThan(limits.maxTokens);
  });

  it('refuses when the belief is spread out, or when it sits on [CLS] (no answer here)', () => {
    const flat = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(bestSpan(flat, flat, context, limits)).toBeUndefined();
    const onCls = [9, 0, 0, 0, 5, 0, 0, 0, 0];
    expect(bestSpan(onCls, onCls, context, limits)).toBeUndefined();
    expect(bestSpan(onCls, onCls, { from: 3, to: 3 }, limits)).toBeUndefined();
  });

  it('turns token positions into the words’ character offsets', () => {
    const text = 'built by Sostratus of Cnidus.';
    const tokens = passageTokens(text, (w) => (w === 'Sostratus' ? [7, 8, 9] : [1]), 100);
    // Context tokens: built by So ##stra ##tus of Cnidus .  → the span "##stra … Cnidus".
    const read = spanOffsets(tokens, { first: 10 + 3, last: 10 + 6, score: 0.5 }, 10);
    expect(text.slice(read.start, read.end)).toBe('Sostratus of Cnidus');
  });
});

describe('the reader on the generated model', () => {
  it('loads as ports.reader whenever its files are there', () => {
    expect(ports.problems).toEqual([]);
    expect(ports.reader?.modelId).toBe('Xenova/distilbert-base-cased-distilled-squad');
  });

  it('gives the span the model’s own logits point at, as whole words inside the passage', async () => {
    // Run the same model directly, through transformers.js, on the tokens the reader feeds it.
    const where = join(models, READER.folder);
    const tokenizer = await AutoTokenizer.from_pretrained(where, { local_files_only: true });
    const model = await AutoModelForQuestionAnswering.from_pretrained(where, {
      local_files_only: true,
      dtype: 'q8',
      device: 'cpu',
    });
    const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });
    const noLimit = await loadModelPorts({
      localModelPath: models,
      device: 'cpu',
      roles: ['extractive-qa'],
      spanLimits: { minScore: 0 },
    });
    for (const question of QUESTIONS) {
      for (const passage of PASSAGES) {
        // Read among the others: the reader runs each passage alone, so the batch makes no difference.
        const span = (await noLimit.reader!.read(question, PASSAGES))[PASSAGES.indexOf(passage)];
        const q = encode(question);
        const tokens = passageTokens(passage, encode, 381 - q.length);
        const cls = tokenizer.convert_tokens_to_ids('[CLS]') as number;
        const sep = tokenizer.sep_token_id!;
        const ids = [cls, ...q, sep, ...tokens.ids, sep].map(BigInt);
        const input = (values: bigint[]) => new Tensor('int64', values, [1, values.length]);
        const out = (await model({
          input_ids: input(ids),
          attention_mask: input(ids.map(() => 1n)),
        })) as { start_logits: Tensor; end_logits: Tensor };
        const from = q.length + 2;
        const best = bestSpan(
          out.start_logits.data as Float32Array,
          out.end_logits.data as Float32Array,
          { from, to: from + tokens.ids.length },
          { maxTokens: 20, minScore: 0 },
        )!;
        const expected = spanOffsets(tokens, best, from);
        const { start, end, score } = span!;
        expect([start, end]).toEqual([expected.start, expected.end]);
        expect(score).toBeCloseTo(expected.score, 5);
        expect(passage.slice(start, end)).toBe(passage.slice(start, end).trim());
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeLessThanOrEqual(passage.length);
      }
    }
    await noLimit.dispose();
    await model.dispose();
  });

  it('refuses low-confidence spans: the default bar keeps only those that clear it', async () => {
    const all = await Promise.all(QUESTIONS.map((q) => ports.reader!.read(q, PASSAGES)));
    const kept = all.flat().filter((s) => s !== undefined);
    const noLimit = await loadModelPorts({
      localModelPath: models,
      device: 'cpu',
      roles: ['extractive-qa'],
      spanLimits: { minScore: 0 },
    });
    const everything = (
      await Promise.all(QUESTIONS.map((q) => noLimit.reader!.read(q, PASSAGES)))
    ).flat();
    await noLimit.dispose();
    // The random model is confident about some pairs and not others: both cases are exercised.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(everything.length);
    expect(everything.every((s) => s !== undefined)).toBe(true);
    all.flat().forEach((span, i) => {
      if (span) expect(span).toEqual(everything[i]);
      else expect(everything[i]!.score).toBeLessThan(0.2);
    });
  });

  it('not installed is not a problem: no ports.reader, nothing said', async () => {
    const without = join(dir, 'without-reader');
    await cp(models, without, { recursive: true });
    await rm(join(without, READER.folder), { recursive: true });
    const loaded = await loadModelPorts({ localModelPath: without, device: 'cpu' });
    expect(loaded.reader).toBeUndefined();
    expect(loaded.problems).toEqual([]);
    await loaded.dispose();
  });
});

describe('answerSpans: the reader where confident, the patterns otherwise', () => {
  const text = 'The tower was finished on 31 March 1889 by Gustave Eiffel’s company.';
  const reader = (spans: Array<{ start: number; end: number; score: number } | undefined>) =>
    ({
      modelId: 'test/reader',
      read: () => Promise.resolve(spans),
    }) satisfies AnswerReader;

  it('takes the reader’s span and says which model found it', async () => {
    const start = text.indexOf('Gustave');
    const [span] = await answerSpans(
      'Who finished it?',
      [text],
      reader([{ start, end: start + 14, score: 0.9 }]),
    );
    expect(span).toEqual({ start, end: start + 14, by: 'test/reader' });
  });

  it('falls back to the patterns where the reader refuses, is missing or fails', async () => {
    const patterns = { start: text.indexOf('31 March'), end: text.indexOf(' by') };
    expect(await answerSpans('When was it finished?', [text], reader([undefined]))).toEqual([
      patterns,
    ]);
    expect(await answerSpans('When was it finished?', [text])).toEqual([patterns]);
    const errors: unknown[] = [];
    const failing: AnswerReader = {
      modelId: 'test/reader',
      read: () => Promise.reject(new Error('session lost')),
    };
    expect(
      await answerSpans('When was it finished?', [text], failing, (e) => errors.push(e)),
    ).toEqual([patterns]);
    expect(errors).toHaveLength(1);
  });

  it('ignores a span outside the passage rather than drawing it', async () => {
    const [span] = await answerSpans(
      'When was it finished?',
      [text],
      reader([{ start: 10, end: text.length + 5, score: 0.9 }]),
    );
    expect(span?.by).toBeUndefined();
  });
});
