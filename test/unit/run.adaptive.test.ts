// Adaptive retrieval in runPipeline: the page alone when it answers, the web when it does not,
// with fake models and a fake search port whose behaviour is known exactly.
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import type { PairScorer, SearchPort, SearchReport } from '../../lib/pipeline/ports';
import { runPipeline } from '../../lib/ask/run';
import { RETRIEVE_DEFAULTS } from '../../lib/pipeline/retrieve';
import type { PageSnapshot, SourcesMode } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';

const demo = readFixture('demo');

const webPage: PageSnapshot = {
  url: 'https://web.test/canberra',
  title: 'Canberra',
  blocks: [
    {
      kind: 'paragraph',
      text: 'Canberra is the capital city of Australia, chosen in 1908 as a compromise between Sydney and Melbourne.',
    },
    {
      kind: 'paragraph',
      text: 'The city was designed by the American architects Walter Burley Griffin and Marion Mahony Griffin.',
    },
  ],
  textLength: 200,
  extractor: 'readability',
  truncated: false,
};

function fakeSearch(result: SearchReport | Error): SearchPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    provider: 'fake',
    calls,
    async search(query) {
      calls.push(query);
      if (result instanceof Error) throw result;
      return result;
    },
  };
}
const report: SearchReport = {
  provider: 'fake',
  query: '',
  pages: [{ rank: 1, page: webPage }],
  skipped: [],
};

const ask = (
  question: string,
  search: SearchPort | null,
  sources?: SourcesMode,
  filter?: PairScorer,
) =>
  runPipeline(
    { mode: 'answer', question, page: demo, ...(sources ? { sources } : {}) },
    { search, ...(filter ? { models: { filter, device: 'cpu' } } : {}) },
  );

describe('adaptive retrieval', () => {
  it('answers from the page alone when its evidence is strong, without searching', async () => {
    const search = fakeSearch(report);
    const result = await ask('Who designed the Lighthouse of Alexandria?', search);
    expect(search.calls).toEqual([]);
    expect(result.retrieval.webSearched).toBe(false);
    expect(result.retrieval.notes).toContain(
      'This page had strong evidence, so the web was not searched.',
    );
    expect(result.quotes.every((q) => q.source.kind === 'page')).toBe(true);
  });

  it('searches the web when the page falls short and cites the result page', async () => {
    const search = fakeSearch(report);
    const result = await ask('What is the population of Canberra in Australia?', search);
    expect(search.calls).toEqual(['What is the population of Canberra in Australia?']);
    expect(result.retrieval.webSearched).toBe(true);
    expect(result.answer.answered).toBe(true);
    const cited = result.quotes.filter((q) => result.answer.cited.includes(q.id));
    expect(cited.map((q) => q.source)).toContainEqual(
      expect.objectContaining({
        kind: 'search',
        url: 'https://web.test/canberra',
        title: 'Canberra',
      }),
    );
    expect(result.retrieval.sources.map((s) => [s.kind, s.url, s.quoted])).toEqual([
      ['page', demo.url, expect.any(Boolean)],
      ['search', 'https://web.test/canberra', true],
    ]);
  });

  it('always searches in page+web mode and never in page mode', async () => {
    const both = fakeSearch(report);
    await ask('Who designed the Lighthouse of Alexandria?', both, 'page+web');
    expect(both.calls).toHaveLength(1);
    const pageOnly = fakeSearch(report);
    await ask('What is the population of Canberra in Australia?', pageOnly, 'page');
    expect(pageOnly.calls).toEqual([]);
  });

  it('answers from the page and says why when the search fails', async () => {
    const search = fakeSearch(new PipelineError('search-rate-limited', 'Retry-After 30'));
    const result = await ask('What is the population of Canberra in Australia?', search);
    expect(result.retrieval.webSearched).toBe(false);
    expect(result.retrieval.notes.join(' ')).toMatch(/limiting requests/);
    expect(result.answer.answered).toBe(false);
  });

  it('says web search is off when there is no provider and the page falls short', async () => {
    const result = await ask('What is the population of Canberra in Australia?', null);
    expect(result.retrieval.notes).toContain('Web search is off, so only this page was used.');
  });

  it('decides sufficiency by cross-encoder relevance on the neural path and scores page candidates once', async () => {
    const scoredTexts: string[] = [];
    // Relevant (logit 3) only for passages naming Canberra: the page never does, so the web is searched.
    const filter: PairScorer = {
      modelId: 'fake/filter',
      async score(batch) {
        // Ranking pairs only: the citation check scores (answer sentence, quote) pairs afterwards.
        scoredTexts.push(
          ...batch.filter(([q]) => q === 'population of Canberra').map(([, p]) => p),
        );
        return Float32Array.from(batch, ([, p]) => (p.includes('Canberra') ? 3 : -3));
      },
    };
    const search = fakeSearch(report);
    const result = await ask('population of Canberra', search, 'auto', filter);
    expect(search.calls).toHaveLength(1);
    expect(result.retrieval.path).toBe('neural');
    expect(result.retrieval.device).toBe('cpu');
    expect(result.retrieval.models.filter).toBe('fake/filter');
    expect(result.quotes[0]!.source.kind).toBe('search');
    expect(result.quotes[0]!.filterScore).toBe(3);
    // The page's candidates were scored once, not again when the web's joined them, and each
    // ranking (the page's, then page and web together) stayed within its pair budget.
    expect(scoredTexts.length).toBeGreaterThan(RETRIEVE_DEFAULTS.batchSize);
    expect(scoredTexts.length).toBeLessThanOrEqual(2 * RETRIEVE_DEFAULTS.maxPairs);
    expect(new Set(scoredTexts).size).toBe(scoredTexts.length);
  });

  it('reports the keyword path and why when no models are loaded', async () => {
    const result = await runPipeline(
      { mode: 'answer', question: 'Who designed the lighthouse?', page: demo },
      { models: { unavailableReason: 'model files missing: Xenova/ms-marco-MiniLM-L-6-v2' } },
    );
    expect(result.retrieval.path).toBe('keyword');
    expect(result.retrieval.notes[0]).toBe('model files missing: Xenova/ms-marco-MiniLM-L-6-v2');
    expect(result.quotes.every((q) => q.filterScore === undefined)).toBe(true);
  });
});

describe('quotes from search results', () => {
  it('link to the source page at the quote with a text fragment', async () => {
    const result = await ask(
      'What is the population of Canberra in Australia?',
      fakeSearch(report),
    );
    const web = result.quotes.find((q) => q.source.kind === 'search')!;
    expect(web.source.link).toMatch(/^https:\/\/web\.test\/canberra#:~:text=/);
    expect(
      result.quotes
        .filter((q) => q.source.kind === 'page')
        .every((q) => q.source.link === undefined),
    ).toBe(true);
  });
});
