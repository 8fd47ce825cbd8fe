// Which models rank a run (lib/pipeline/model-choice.ts), and what runPipeline then reports: a page
// or question in another language uses the multilingual pair when it is installed; English runs
// never do; a page in another language without the pair is ranked by the English models and says
// that the multilingual models would rank it better.
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../lib/ask/run';
import { isNonEnglishRun, modelsForLanguages } from '../../lib/pipeline/model-choice';
import type { Embedder, ModelPorts, PairScorer } from '../../lib/pipeline/ports';
import type { PageSnapshot } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';

/** A scorer that records the pairs it was given and ranks by shared words. */
function scorer(modelId: string, seen: string[][] = []): PairScorer {
  return {
    modelId,
    score(pairs) {
      seen.push(pairs.map(([q]) => q));
      return Promise.resolve(
        Float32Array.from(pairs, ([q, p]) => {
          const words = new Set(q.toLowerCase().split(/\W+/u));
          return p
            .toLowerCase()
            .split(/\W+/u)
            .filter((w) => w.length > 2 && words.has(w)).length;
        }),
      );
    },
  };
}

function embedder(modelId: string, calls: string[] = []): Embedder {
  return {
    modelId,
    embed(texts) {
      calls.push(...texts);
      return Promise.resolve(texts.map((_, i) => Float32Array.of(1, i)));
    },
  };
}

const english = (): ModelPorts => ({
  filter: scorer('Xenova/ms-marco-MiniLM-L-6-v2'),
  embedder: embedder('Xenova/all-MiniLM-L6-v2'),
  device: 'cpu',
});
const withMultilingual = (): ModelPorts => ({
  ...english(),
  multilingual: {
    filter: scorer('cross-encoder/mmarco-mMiniLMv2-L12-H384-v1'),
    embedder: embedder('Xenova/multilingual-e5-small'),
  },
});

/** A short French article about the lighthouse, tagged `<html lang="fr">`. */
const FRENCH_PAGE: PageSnapshot = readFixture('phare-fr');

describe('modelsForLanguages', () => {
  it.each([
    [{ page: 'fr', question: 'fr' }, true],
    [{ page: 'de', question: 'en' }, true],
    [{ page: undefined, question: 'es' }, true],
    [{ page: 'en', question: 'en' }, false],
    [{ page: undefined, question: 'en' }, false],
  ])('%j is a run in another language: %s', (languages, expected) => {
    expect(isNonEnglishRun(languages)).toBe(expected);
  });

  it('picks the multilingual pair for a French page when it is installed', () => {
    const choice = modelsForLanguages(withMultilingual(), { page: 'fr', question: 'fr' });
    expect(choice.multilingual).toBe(true);
    expect(choice.models.filter?.modelId).toBe('cross-encoder/mmarco-mMiniLMv2-L12-H384-v1');
    expect(choice.models.embedder?.modelId).toBe('Xenova/multilingual-e5-small');
    expect(choice.note).toBeUndefined();
  });

  it('keeps the English pair for a French page without it, and says the multilingual one ranks better', () => {
    const choice = modelsForLanguages(english(), { page: 'fr', question: 'fr' });
    expect(choice.multilingual).toBe(false);
    expect(choice.models.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(choice.models.embedder?.modelId).toBe('Xenova/all-MiniLM-L6-v2');
    expect(choice.note).toMatch(/multilingual ranking models would rank it better/);
  });

  it('never uses the multilingual pair on an English page, installed or not', () => {
    for (const models of [withMultilingual(), english()]) {
      const choice = modelsForLanguages(models, { page: 'en', question: 'en' });
      expect(choice.multilingual).toBe(false);
      expect(choice.models.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
      expect(choice.models.embedder?.modelId).toBe('Xenova/all-MiniLM-L6-v2');
      expect(choice.note).toBeUndefined();
    }
  });

  it('uses what is installed of the pair, and says nothing on the keyword path', () => {
    const half = {
      ...english(),
      multilingual: { embedder: embedder('Xenova/multilingual-e5-small') },
    };
    const choice = modelsForLanguages(half, { page: 'de', question: 'de' });
    expect(choice.models.filter?.modelId).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(choice.models.embedder?.modelId).toBe('Xenova/multilingual-e5-small');
    expect(modelsForLanguages({}, { page: 'fr', question: 'fr' }).note).toBeUndefined();
  });
});

describe('runPipeline ranks with the models of the page language', () => {
  const question = "Qui a conçu le phare d'Alexandrie ?";

  it('reads the fixture as French', () => {
    expect(FRENCH_PAGE.lang).toBe('fr');
  });

  it('a French page with the multilingual pair installed: ranked and reported by it', async () => {
    const frenchSeen: string[][] = [];
    const englishSeen: string[][] = [];
    const models: ModelPorts = {
      filter: scorer('Xenova/ms-marco-MiniLM-L-6-v2', englishSeen),
      embedder: embedder('Xenova/all-MiniLM-L6-v2'),
      device: 'cpu',
      multilingual: {
        filter: scorer('cross-encoder/mmarco-mMiniLMv2-L12-H384-v1', frenchSeen),
        embedder: embedder('Xenova/multilingual-e5-small'),
      },
    };
    const details: string[] = [];
    const result = await runPipeline(
      { mode: 'answer', question, page: FRENCH_PAGE },
      { models, onProgress: (p) => p.stage === 'rank' && p.detail && details.push(p.detail) },
    );
    expect(result.retrieval.path).toBe('neural');
    expect(details.join(' ')).toMatch(/^multilingual MiniLM: /);
    expect(result.retrieval.models.filter).toBe('cross-encoder/mmarco-mMiniLMv2-L12-H384-v1');
    expect(result.retrieval.models.embedder).toBe('Xenova/multilingual-e5-small');
    expect(result.retrieval.multilingual).toBe(true);
    expect(frenchSeen.flat().length).toBeGreaterThan(0);
    expect(englishSeen).toEqual([]);
    expect(result.retrieval.notes.join(' ')).not.toMatch(/multilingual/);
    // The multilingual filter's scores are the ones on the quotes.
    expect(result.quotes.some((q) => q.filterScore !== undefined)).toBe(true);
  });

  it('a French page without it: the English pair ranks, and one note says what would rank better', async () => {
    const result = await runPipeline(
      { mode: 'answer', question, page: FRENCH_PAGE },
      { models: english() },
    );
    expect(result.retrieval.models.filter).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(result.retrieval.multilingual).toBeUndefined();
    const notes = result.retrieval.notes.filter((n) => /multilingual/.test(n));
    expect(notes).toHaveLength(1);
  });

  it('a summary of a French page without it: no note, a summary is not ranked', async () => {
    const result = await runPipeline(
      { mode: 'answer', question: 'Résume cet article', page: FRENCH_PAGE },
      { models: english() },
    );
    expect(result.retrieval.notes.join(' ')).toMatch(/summary/i);
    expect(result.retrieval.notes.join(' ')).not.toMatch(/multilingual/);
  });

  it('an English page with the multilingual pair installed: the English pair ranks, no note', async () => {
    const multilingualSeen: string[][] = [];
    const models = withMultilingual();
    models.multilingual!.filter = scorer(
      'cross-encoder/mmarco-mMiniLMv2-L12-H384-v1',
      multilingualSeen,
    );
    const result = await runPipeline(
      { mode: 'answer', question: 'Who designed the lighthouse?', page: readFixture('demo') },
      { models },
    );
    expect(result.retrieval.models.filter).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(result.retrieval.models.embedder).toBe('Xenova/all-MiniLM-L6-v2');
    expect(result.retrieval.multilingual).toBeUndefined();
    expect(multilingualSeen).toEqual([]);
    expect(result.retrieval.notes.join(' ')).not.toMatch(/multilingual/);
  });
});
