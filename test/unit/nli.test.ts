// The NLI model slot: where a model is installed it decides verdicts (verdictWithNli) and the
// three citation-check outcomes (nliChecks); tested with a fake model of the real port's shape.
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../lib/ask/run';
import { nliChecks, nliPort } from '../../lib/pipeline/nli';
import type { NliProbabilities, NliScorer } from '../../lib/pipeline/ports';
import type { CitationCheck, Quote } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';

/** A fake model: entailment when the premise contains `entails`, contradiction for `contradicts`. */
function fakeNli(entails: string, contradicts: string): NliScorer & { calls: number } {
  const model = {
    modelId: 'fake-nli',
    calls: 0,
    async classify(pairs: ReadonlyArray<readonly [string, string]>): Promise<NliProbabilities[]> {
      model.calls++;
      return pairs.map(([premise]) =>
        premise.includes(entails)
          ? { entailment: 0.92, contradiction: 0.03, neutral: 0.05 }
          : premise.includes(contradicts)
            ? { entailment: 0.04, contradiction: 0.9, neutral: 0.06 }
            : { entailment: 0.1, contradiction: 0.1, neutral: 0.8 },
      );
    },
  };
  return model;
}

const quote = (id: number, text: string): Quote => ({
  id,
  passageId: `p${id}`,
  text,
  origin: 'splitter',
  score: 1,
  coverage: 1,
  source: {
    kind: 'page',
    url: 'https://page.example/',
    title: 'Page',
    blockIndex: 0,
    blockKind: 'paragraph',
    position: { block: 1, of: 1 },
  },
});

const check = (sentence: number, quoteId: number): CitationCheck => ({
  sentence,
  quoteId,
  supported: false,
  outcome: 'not-found',
  flagged: false,
  score: 0,
  method: 'lexical',
});

describe('nliChecks', () => {
  it('maps entailment, contradiction and neutral to the three outcomes; only contradicted is flagged', async () => {
    const quotes = [quote(1, 'The harbour was rebuilt.'), quote(2, 'The tower fell in 1303.')];
    const sentences = [
      { text: 'It was rebuilt.', citations: [1] },
      { text: 'It fell in 956.', citations: [2] },
      { text: 'It was painted.', citations: [1] },
    ];
    const model = fakeNli('harbour', 'tower');
    const checks = await nliChecks(
      [check(0, 1), check(1, 2), check(2, 1)],
      sentences,
      [quotes[0]!, quote(2, 'The tower fell in 1303.')],
      {
        ...model,
        classify: async (pairs) =>
          pairs.map(([, hypothesis]) =>
            hypothesis.includes('rebuilt')
              ? { entailment: 0.9, contradiction: 0.05, neutral: 0.05 }
              : hypothesis.includes('956')
                ? { entailment: 0.05, contradiction: 0.9, neutral: 0.05 }
                : { entailment: 0.1, contradiction: 0.1, neutral: 0.8 },
          ),
      },
    );
    expect(checks.map((c) => [c.outcome, c.flagged, c.method])).toEqual([
      ['supported', false, 'nli'],
      ['contradicted', true, 'nli'],
      ['not-found', false, 'nli'],
    ]);
  });

  it('asks the model once, in one batch', async () => {
    const model = fakeNli('x', 'y');
    await nliChecks(
      [check(0, 1), check(0, 1)],
      [{ text: 'A.', citations: [1] }],
      [quote(1, 'x')],
      model,
    );
    expect(model.calls).toBe(1);
    expect(await nliPort(model)('x', 'A.')).toEqual({
      entailment: 0.92,
      contradiction: 0.03,
      neutral: 0.05,
    });
  });
});

describe('runPipeline with an NLI model', () => {
  const demo = readFixture('demo');

  it('lets the model decide the verdict, saying meaning was checked', async () => {
    const result = await runPipeline(
      { mode: 'verify', question: 'The Pharos was designed by Sostratus of Cnidus.', page: demo },
      { models: { nli: fakeNli('Sostratus', '\u0000never') } },
    );
    expect(result.verdict).toMatchObject({
      label: 'supported',
      method: 'nli',
      meaningChecked: true,
      summary: 'The page says this',
    });
    expect(result.retrieval.models.nli).toBe('fake-nli');
  });

  it('refutes when the model finds a contradiction and nothing entails the claim', async () => {
    const result = await runPipeline(
      { mode: 'verify', question: 'The Pharos was designed by Imhotep of Memphis.', page: demo },
      { models: { nli: fakeNli('\u0000never', 'Sostratus') } },
    );
    expect(result.verdict).toMatchObject({ label: 'refuted', method: 'nli' });
  });
});
