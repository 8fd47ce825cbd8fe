// models/manifest.json and its validator (lib/models/manifest.ts): config is data, and tested.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  MODEL_MANIFEST,
  isPinned,
  modelForRole,
  optionalRoles,
  parseManifest,
  selectModels,
  unpinnedFiles,
  validateManifest,
} from '../../lib/models/manifest';

const raw = JSON.parse(
  await readFile(new URL('../../models/manifest.json', import.meta.url), 'utf8'),
);

describe('models/manifest.json', () => {
  it('is valid and has the three EWEK-QA §3.1.1 roles, the NLI model, the extractive-QA model and the multilingual pair, all but the first two optional', () => {
    expect(validateManifest(raw).ok).toBe(true);
    expect(MODEL_MANIFEST.models.map((m) => [m.id, m.role, m.optional])).toEqual([
      ['Xenova/ms-marco-MiniLM-L-6-v2', 'cross-encoder', false],
      ['Xenova/all-MiniLM-L6-v2', 'bi-encoder', false],
      ['Xenova/ms-marco-MiniLM-L-12-v2', 'reranker', true],
      ['Xenova/nli-deberta-v3-xsmall', 'nli', true],
      ['Xenova/distilbert-base-cased-distilled-squad', 'extractive-qa', true],
      ['cross-encoder/mmarco-mMiniLMv2-L12-H384-v1', 'multilingual-cross-encoder', true],
      ['Xenova/multilingual-e5-small', 'multilingual-bi-encoder', true],
    ]);
    expect(modelForRole(MODEL_MANIFEST, 'multilingual-cross-encoder')!.standsFor).toMatch(
      /filtration model.*not in English.*mMARCO/,
    );
    expect(modelForRole(MODEL_MANIFEST, 'multilingual-bi-encoder')!.textPrefixes).toEqual({
      query: 'query: ',
      passage: 'passage: ',
    });
    expect(modelForRole(MODEL_MANIFEST, 'bi-encoder')!.textPrefixes).toBeUndefined();
    expect(modelForRole(MODEL_MANIFEST, 'extractive-qa')!.standsFor).toMatch(
      /Evidence Extractor.*exact answer/,
    );
    expect(modelForRole(MODEL_MANIFEST, 'nli')!.standsFor).toMatch(/Not in EWEK-QA.*inference/);
    expect(modelForRole(MODEL_MANIFEST, 'cross-encoder')!.standsFor).toMatch(
      /filtration model.*MiniLM.*22M/,
    );
    expect(modelForRole(MODEL_MANIFEST, 'bi-encoder')!.standsFor).toMatch(/Deduplicator/);
    expect(modelForRole(MODEL_MANIFEST, 'reranker')!.standsFor).toMatch(/900M-parameter DeBERTa/);
  });

  it('lists the files transformers.js loads for each model', () => {
    for (const model of MODEL_MANIFEST.models) {
      expect(model.files.map((f) => f.path)).toEqual([
        'config.json',
        'tokenizer.json',
        'tokenizer_config.json',
        // cross-encoder/* repositories name their int8 export by its ORT quantization config.
        model.id.startsWith('cross-encoder/')
          ? 'onnx/model_quint8_avx2.onnx'
          : 'onnx/model_quantized.onnx',
      ]);
    }
  });

  it('says honestly what is not yet verified: null means unpinned, never a guessed value', () => {
    for (const model of MODEL_MANIFEST.models) {
      // Whatever is pinned must look real; whatever is not must be null.
      if (model.revision !== null) expect(model.revision).toMatch(/^[0-9a-f]{40}$/);
      for (const f of model.files) {
        expect(f.sha256 === null || /^[0-9a-f]{64}$/.test(f.sha256)).toBe(true);
        expect(f.size === null || f.size > 0).toBe(true);
      }
      expect(isPinned(model)).toBe(model.revision !== null && unpinnedFiles(model).length === 0);
    }
  });
});

describe('validateManifest', () => {
  const good = () => structuredClone(raw);

  it.each([
    ['not an object', null, /not an object/],
    ['wrong schema version', { ...good(), schemaVersion: 2 }, /schemaVersion/],
    ['no models', { ...good(), models: [] }, /non-empty/],
  ])('rejects %s', (_name, value, message) => {
    const result = validateManifest(value);
    expect(result.ok).toBe(false);
    expect((result as { errors: string[] }).errors.join('\n')).toMatch(message);
  });

  it('reports each bad field with its place', () => {
    const m = good();
    m.models[0].role = 'generator';
    m.models[1].folder = '../escape';
    m.models[1].revision = 'main';
    m.models[2].files[0].sha256 = 'ABC';
    m.models[2].files[1].size = -1;
    m.models[2].files[2].path = '../../etc/passwd';
    m.models[0].files = m.models[0].files.filter(
      (f: { path: string }) => !f.path.endsWith('.onnx'),
    );
    const result = validateManifest(m);
    expect(result.ok).toBe(false);
    const errors = (result as { errors: string[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^models\[0\]\.role must be one of/),
        expect.stringMatching(/^models\[1\]\.folder must be a plain folder name/),
        expect.stringMatching(/^models\[1\]\.revision must be a 40-hex commit id or null/),
        expect.stringMatching(/^models\[2\]\.files\[0\]\.sha256/),
        expect.stringMatching(/^models\[2\]\.files\[1\]\.size/),
        expect.stringMatching(/^models\[2\]\.files\[2\]\.path/),
        expect.stringMatching(/^models\[0\]\.files lacks an onnx/),
      ]),
    );
  });

  it('takes a whole maxTokens and names a bad one; the English bi-encoder reads its training length', () => {
    expect(modelForRole(MODEL_MANIFEST, 'bi-encoder')!.maxTokens).toBe(128);
    expect(modelForRole(MODEL_MANIFEST, 'cross-encoder')!.maxTokens).toBeUndefined();
    const m = good();
    m.models[1].maxTokens = 64;
    const ok = validateManifest(m);
    expect(ok.ok && ok.manifest.models[1]!.maxTokens).toBe(64);
    for (const bad of [12.5, 0, '128']) {
      m.models[1].maxTokens = bad;
      expect((validateManifest(m) as { errors: string[] }).errors).toEqual([
        'models[1].maxTokens must be a whole number of word pieces from 8 to 4096',
      ]);
    }
  });

  it('rejects duplicate roles and folders', () => {
    const m = good();
    m.models[2].role = 'cross-encoder';
    m.models[2].folder = m.models[0].folder;
    const errors = (validateManifest(m) as { errors: string[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/role cross-encoder appears twice/),
        expect.stringMatching(/folder .* appears twice/),
      ]),
    );
  });

  it('says each bad field once, names a missing field like a wrong one, and takes no array for an object', () => {
    const m = good();
    m.models[0].files[0].size = -1.5; // fails two checks: said once
    delete m.models[1].id;
    m.models[2] = [];
    const errors = (validateManifest(m) as { errors: string[] }).errors;
    expect(errors.filter((e) => e.startsWith('models[0].files[0].size'))).toHaveLength(1);
    expect(errors).toEqual(
      expect.arrayContaining([
        'models[1].id must be a hub id like "owner/name"',
        'models[2] is not an object',
      ]),
    );
    expect(validateManifest([])).toEqual({ ok: false, errors: ['manifest is not an object'] });
    expect(validateManifest({ ...good(), schemaVersion: undefined })).toMatchObject({
      errors: ['schemaVersion must be 1 (got undefined)'],
    });
  });

  it('drops a comment that is not text (nothing reads it) and keeps one that is', () => {
    const result = validateManifest({ ...good(), comment: 5 });
    expect(result.ok && 'comment' in result.manifest).toBe(false);
    expect(validateManifest({ ...good(), comment: 'x' })).toMatchObject({
      ok: true,
      manifest: { comment: 'x' },
    });
  });

  it('never throws on arbitrary input; parseManifest throws a coded error', () => {
    for (const value of [
      undefined,
      1,
      'x',
      [],
      { models: 'x' },
      { schemaVersion: 1, models: [1, null, { files: [null] }] },
    ]) {
      expect(() => validateManifest(value)).not.toThrow();
      expect(validateManifest(value).ok).toBe(false);
    }
    expect(() => parseManifest({})).toThrow(expect.objectContaining({ code: 'internal' }));
  });
});

describe('selectModels', () => {
  it('defaults to the non-optional models; --all adds the optional ones; --only takes ids or folders', () => {
    expect(selectModels(MODEL_MANIFEST).map((m) => m.role)).toEqual([
      'cross-encoder',
      'bi-encoder',
    ]);
    expect(selectModels(MODEL_MANIFEST, { includeOptional: false })).toHaveLength(2);
    expect(selectModels(MODEL_MANIFEST, { includeOptional: true })).toHaveLength(7);
    expect(
      selectModels(MODEL_MANIFEST, { only: ['ms-marco-MiniLM-L-12-v2'] }).map((m) => m.role),
    ).toEqual(['reranker']);
    expect(() => selectModels(MODEL_MANIFEST, { only: ['nope/nope'] })).toThrow(
      expect.objectContaining({ code: 'model-missing' }),
    );
  });

  it('takes the optional models of the roles the user turned on, each on its own', () => {
    const roles = (rerank: boolean, nli: boolean) =>
      selectModels(MODEL_MANIFEST, { includeOptional: optionalRoles({ rerank, nli }) }).map(
        (m) => m.role,
      );
    expect(roles(false, false)).toEqual(['cross-encoder', 'bi-encoder']);
    expect(roles(true, false)).toEqual(['cross-encoder', 'bi-encoder', 'reranker']);
    expect(roles(false, true)).toEqual(['cross-encoder', 'bi-encoder', 'nli']);
    expect(roles(true, true)).toEqual(['cross-encoder', 'bi-encoder', 'reranker', 'nli']);
    expect(
      selectModels(MODEL_MANIFEST, {
        includeOptional: optionalRoles({ rerank: false, nli: false, exactAnswer: true }),
      }).map((m) => m.role),
    ).toEqual(['cross-encoder', 'bi-encoder', 'extractive-qa']);
    // Ranking other languages downloads the multilingual pair, both of it, and nothing else.
    expect(
      selectModels(MODEL_MANIFEST, {
        includeOptional: optionalRoles({ rerank: false, nli: false, multilingual: true }),
      }).map((m) => m.role),
    ).toEqual([
      'cross-encoder',
      'bi-encoder',
      'multilingual-cross-encoder',
      'multilingual-bi-encoder',
    ]);
    // A role list never drops a required model.
    expect(
      selectModels(MODEL_MANIFEST, { includeOptional: ['cross-encoder'] }).map((m) => m.role),
    ).toEqual(['cross-encoder', 'bi-encoder']);
  });
});
