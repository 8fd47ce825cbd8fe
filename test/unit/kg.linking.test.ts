// Entity linking with a fake label search: mention spans, bounded searches, description similarity.
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../lib/pipeline/ports';
import {
  lexicalSimilarity,
  linkEntities,
  mentionCandidates,
  similarities,
} from '../../lib/kg/linking';
import type { EntitySearchPort } from '../../lib/kg/types';

type Hit = { id: string; label: string; description?: string };

function fakeSearch(
  index: Record<string, Hit[]>,
): EntitySearchPort & { calls: Array<{ text: string; language: string; limit: number }> } {
  const calls: Array<{ text: string; language: string; limit: number }> = [];
  return {
    calls,
    async search(text, options) {
      calls.push({ text, ...options });
      return (index[text.toLowerCase()] ?? []).slice(0, options.limit);
    },
  };
}

const INDEX: Record<string, Hit[]> = {
  'douglas adams': [
    { id: 'Q21462575', label: 'Douglas Adams', description: 'American football player' },
    { id: 'Q42', label: 'Douglas Adams', description: 'English writer and humorist' },
  ],
  adams: [
    { id: 'Q11806', label: 'John Adams', description: 'second president of the United States' },
  ],
  cambridge: [
    { id: 'Q49111', label: 'Cambridge', description: 'city in Massachusetts, United States' },
    { id: 'Q350', label: 'Cambridge', description: 'city in Cambridgeshire, England' },
  ],
  "the hitchhiker's guide to the galaxy": [
    {
      id: 'Q3107329',
      label: "The Hitchhiker's Guide to the Galaxy",
      description: 'comedy science fiction series',
    },
  ],
};

describe('mentionCandidates', () => {
  it('finds quoted strings, capitalised spans and content n-grams, most specific first', () => {
    const m = mentionCandidates(
      'Which writer wrote "The Hitchhiker\'s Guide to the Galaxy" and was born in Cambridge?',
    );
    expect(m[0]).toBe("The Hitchhiker's Guide to the Galaxy");
    expect(m).toContain('Cambridge');
    expect(m.length).toBeLessThanOrEqual(8);
    expect(mentionCandidates('Where was Douglas Adams born?')[0]).toBe('Douglas Adams');
    expect(mentionCandidates('Who painted the Mona Lisa of Leonardo da Vinci?')).toContain(
      'Leonardo da Vinci',
    );
  });

  it('handles non-Latin scripts and odd input', () => {
    expect(mentionCandidates('Где родился Дуглас Адамс?')).toContain('Дуглас Адамс');
    expect(mentionCandidates('道格拉斯·亚当斯出生在哪里？').length).toBeGreaterThan(0);
    expect(mentionCandidates('')).toEqual([]);
    expect(mentionCandidates('?!…')).toEqual([]);
    expect(mentionCandidates(undefined as unknown as string)).toEqual([]);
    expect(mentionCandidates('what is it')).toEqual(
      ['what is it', 'what is', 'is it', 'what', 'is', 'it'].slice(0, 8),
    );
  });

  it('drops the question\'s own stopwords in its language: "Quel" is no name', () => {
    const question = 'Quel est le lieu de naissance de Douglas Adams ?';
    expect(mentionCandidates(question, 8, 'fr')[0]).toBe('Douglas Adams');
    expect(mentionCandidates(question, 8, 'fr')).not.toContain('Quel');
    // Read as English, the French question word looks like a name.
    expect(mentionCandidates(question, 8)).toContain('Quel');
    expect(mentionCandidates('道格拉斯·亚当斯出生在哪里？', 8, 'zh').length).toBeGreaterThan(0);
  });
});

describe('linkEntities', () => {
  it('chooses by description similarity, not search rank, and passes the language', async () => {
    const search = fakeSearch(INDEX);
    const r = await linkEntities('Which books did the writer Douglas Adams write?', search, {
      language: 'fr',
    });
    expect(r.entities[0]).toMatchObject({
      id: 'Q42',
      label: 'Douglas Adams',
      mention: 'Douglas Adams',
    });
    expect(search.calls.every((c) => c.language === 'fr' && c.limit === 5)).toBe(true);
    expect(r.searches).toBeLessThanOrEqual(8);
    // "Adams" overlaps the chosen mention "Douglas Adams": John Adams is not a second topic.
    expect(r.entities.map((e) => e.id)).not.toContain('Q11806');
  });

  it('keeps two topic entities from distinct mentions', async () => {
    const r = await linkEntities(
      'Was the writer Douglas Adams born in Cambridge, England?',
      fakeSearch(INDEX),
    );
    expect(r.entities.map((e) => e.id).sort()).toEqual(['Q350', 'Q42']);
  });

  it('uses the embedder when given', async () => {
    const embedder: Embedder = {
      modelId: 'fake',
      // The question and "football" texts point one way, everything else the other.
      async embed(texts) {
        return texts.map((t) =>
          /football|sport/i.test(t) ? Float32Array.of(1, 0) : Float32Array.of(0, 1),
        );
      },
    };
    const r = await linkEntities(
      'Which sport team did Douglas Adams play for?',
      fakeSearch(INDEX),
      { embedder },
    );
    expect(r.entities[0]!.id).toBe('Q21462575');
    expect(await similarities('a', [], embedder)).toEqual([]);
  });

  it('returns no entity, without throwing, when nothing is found or the search fails', async () => {
    expect((await linkEntities('Where was Nobody Atall born?', fakeSearch({}))).entities).toEqual(
      [],
    );
    const failing: EntitySearchPort = { search: async () => Promise.reject(new Error('offline')) };
    const r = await linkEntities('Where was Douglas Adams born?', failing);
    expect(r.entities).toEqual([]);
    expect(r.failures[0]).toBe('offline');
    expect((await linkEntities('', fakeSearch(INDEX))).entities).toEqual([]);
    const weird: EntitySearchPort = {
      search: async () => [null, { id: 'not-an-id', label: 'x' }, { id: 'Q1' }] as never,
    };
    expect((await linkEntities('Q1 Universe', weird)).entities.map((e) => e.id)).toEqual(['Q1']);
    expect(await linkEntities('道格拉斯·亚当斯出生在哪里？', fakeSearch(INDEX))).toMatchObject({
      entities: [],
    });
  });

  it('reads an odd label or description from the search port as none', async () => {
    const odd: EntitySearchPort = {
      search: async () => [{ id: 'Q2', label: 7, description: ['planet'] }] as never,
    };
    const [earth] = (await linkEntities('What is Q2?', odd)).entities;
    expect(earth).toEqual({ id: 'Q2', label: 'Q2', mention: 'Q2', score: expect.any(Number) });
  });

  it('stays bounded with 500 candidates and a very long question', async () => {
    const many: EntitySearchPort & { n: number } = {
      n: 0,
      async search(text) {
        this.n++;
        return Array.from({ length: 500 }, (_, i) => ({
          id: `Q${i + 1}`,
          label: `${text} ${i}`,
          description: 'thing',
        }));
      },
    };
    const question = Array.from({ length: 500 }, (_, i) => `Name${i}`).join(' ');
    const started = performance.now();
    const r = await linkEntities(question, many);
    expect(many.n).toBeLessThanOrEqual(8);
    expect(r.entities.length).toBeLessThanOrEqual(2);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('scores lexically by shared content terms', () => {
    expect(lexicalSimilarity('place of birth of Douglas Adams', 'place of birth')).toBeGreaterThan(
      lexicalSimilarity('place of birth of Douglas Adams', 'notable work'),
    );
    expect(lexicalSimilarity('', 'x')).toBe(0);
  });
});
