// tsx models/generate.ts --size tiny|minilm-l6 --dest <dir> [--all] [--manifest <path>] [--vocab <file>]
//
// Writes random-weight BERT models into <dest>/<folder>/ for each model of the manifest, with the
// folder names, file names, input and output names of the real ones, so the extension, the tests
// and the benchmarks load them exactly as they load real weights. They rank nothing usefully:
// tests assert shapes and fingerprints, benchmarks time them. Never commit the output
// (public/models/ and test/tmp/ are gitignored).
//
// The optional NLI, extractive-QA and multilingual models are always written at tiny size: the
// test builds then ship them, so the extension loads them as it would real ones the user
// installed. The optional reranker, like every optional model at benchmark size, only with --all.
// The multilingual stand-ins read an XLM-R-style Unigram tokenizer (models/unigram-tokenizer.ts).
//
//   --size tiny       2 layers, hidden 32: for unit and e2e tests (≈0.1 MB a model, < 1 s)
//   --size minilm-l6  MiniLM-L6's shape (6 layers, hidden 384, vocab 30522, ≈90 MB fp32 per
//                     file): for benchmarks. With --all the reranker and the NLI model get 12
//                     layers like ms-marco-MiniLM-L-12-v2 and nli-deberta-v3-xsmall.
//   --all             include every optional model (the reranker; the NLI model at minilm-l6)
//   --vocab <file>    a real vocab.txt for the BERT-vocabulary stand-ins (the answer bench passes
//                     the MiniLM one from ../shared/data), so text splits into the real pieces

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ManifestModel,
  type ModelManifest,
  type ModelRole,
  MODEL_MANIFEST,
  MULTILINGUAL_ROLES,
  selectModels,
  validateManifest,
} from '../lib/models/manifest';
import {
  type TinyBertHead,
  type TinyBertSize,
  type XlmrConfig,
  generateModelFiles,
} from './tiny-bert';

/** Fixed seeds, so a size always produces byte-identical files (test fingerprints rely on it). */
const SEEDS: Record<ModelRole, number> = {
  'cross-encoder': 1,
  'bi-encoder': 2,
  reranker: 3,
  nli: 4,
  'extractive-qa': 5,
  'multilingual-cross-encoder': 6,
  'multilingual-bi-encoder': 7,
};

const TWELVE_LAYERS: readonly ModelRole[] = [
  'reranker',
  'nli',
  'multilingual-cross-encoder',
  'multilingual-bi-encoder',
];

/** The head each role's stand-in has: the real model's output names and logit count. */
const HEAD_FOR: Record<ModelRole, TinyBertHead> = {
  'cross-encoder': 'cross-encoder',
  reranker: 'cross-encoder',
  'bi-encoder': 'bi-encoder',
  nli: 'nli',
  'extractive-qa': 'extractive-qa',
  'multilingual-cross-encoder': 'cross-encoder',
  'multilingual-bi-encoder': 'bi-encoder',
};

/**
 * The multilingual stand-ins read XLM-R's kind of tokenizer: mMiniLMv2 is an XLM-R encoder
 * without token types; multilingual E5 small is a BERT encoder (token types) with XLM-R's pieces.
 */
const XLMR_FOR: Partial<Record<ModelRole, XlmrConfig>> = {
  'multilingual-cross-encoder': { modelType: 'xlm-roberta', tokenTypes: false },
  'multilingual-bi-encoder': { modelType: 'bert', tokenTypes: true },
};

/** The int8 file as the manifest names it (cross-encoder/* repositories call it otherwise). */
function quantizedPath(model: ManifestModel): string | undefined {
  return model.files.find((f) => f.path.startsWith('onnx/') && f.path !== 'onnx/model.onnx')?.path;
}

/** Optional models the tiny size always writes, so test builds ship and load them. */
const TINY_OPTIONAL: readonly ModelRole[] = ['nli', 'extractive-qa', ...MULTILINGUAL_ROLES];

export interface GenerateOptions {
  size: TinyBertSize;
  dest: string;
  manifest?: ModelManifest;
  /** Every optional model; without it, the NLI and extractive-QA models only at tiny size (see above). */
  includeOptional?: boolean;
  /** The real WordPiece vocabulary for the BERT-vocabulary stand-ins (`--vocab`); see `generateModelFiles`. */
  wordPieces?: readonly string[];
}

/** Generates the model folders; returns the folders written. */
export async function generateModels(options: GenerateOptions): Promise<string[]> {
  const models = selectModels(options.manifest ?? MODEL_MANIFEST, {
    includeOptional: options.includeOptional || (options.size === 'tiny' ? TINY_OPTIONAL : false),
  });
  const written: string[] = [];
  for (const model of models) {
    const files = generateModelFiles({
      size: options.size,
      head: HEAD_FOR[model.role],
      name: model.id,
      seed: SEEDS[model.role],
      // ms-marco-MiniLM-L-12-v2 and nli-deberta-v3-xsmall both have 12 layers (DeBERTa's relative
      // attention costs more per layer than this BERT stand-in: its timings are a lower bound).
      layers: TWELVE_LAYERS.includes(model.role) && options.size === 'minilm-l6' ? 12 : undefined,
      ...(XLMR_FOR[model.role]
        ? { xlmr: XLMR_FOR[model.role] }
        : options.wordPieces
          ? { wordPieces: options.wordPieces }
          : {}),
      ...(quantizedPath(model) ? { quantizedPath: quantizedPath(model) } : {}),
    });
    const folder = join(options.dest, model.folder);
    for (const file of files) {
      const path = join(folder, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.part`, file.bytes);
      await rename(`${path}.part`, path);
    }
    written.push(folder);
  }
  return written;
}

async function main(argv: string[]): Promise<number> {
  let size: TinyBertSize | null = null;
  let dest: string | null = null;
  let manifestPath: string | null = null;
  let includeOptional = false;
  let vocabPath: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--size') size = argv[++i] as TinyBertSize;
    else if (flag === '--vocab') vocabPath = argv[++i] ?? null;
    else if (flag === '--dest') dest = argv[++i] ?? null;
    else if (flag === '--manifest') manifestPath = argv[++i] ?? null;
    else if (flag === '--all') includeOptional = true;
    else {
      console.error(`unknown option ${flag}`);
      size = null;
      break;
    }
  }
  if ((size !== 'tiny' && size !== 'minilm-l6') || !dest) {
    console.error(
      'usage: tsx models/generate.ts --size tiny|minilm-l6 --dest <dir> [--all] [--manifest <path>] [--vocab <vocab.txt>]',
    );
    return 2;
  }
  let manifest = MODEL_MANIFEST;
  if (manifestPath) {
    const result = validateManifest(JSON.parse(await readFile(manifestPath, 'utf8')));
    if (!result.ok) {
      console.error(`${manifestPath} is invalid: ${result.errors.join('; ')}`);
      return 2;
    }
    manifest = result.manifest;
  }
  let wordPieces: string[] | undefined;
  if (vocabPath) {
    wordPieces = (await readFile(vocabPath, 'utf8')).split('\n').filter((line) => line !== '');
    const lacking = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'].filter(
      (token) => !wordPieces!.includes(token),
    );
    if (lacking.length > 0) {
      console.error(`${vocabPath} is not a BERT vocab.txt: it lacks ${lacking.join(', ')}`);
      return 2;
    }
  }
  const started = performance.now();
  const folders = await generateModels({
    size,
    dest: resolve(dest),
    manifest,
    includeOptional,
    ...(wordPieces ? { wordPieces } : {}),
  });
  console.error(
    `generated ${size} random-weight models in ${Math.round(performance.now() - started)} ms:\n  ${folders.join('\n  ')}`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(await main(process.argv.slice(2)));
}
