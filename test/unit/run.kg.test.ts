// The knowledge-graph stage inside runPipeline, on the project's Wikidata-shaped fixture loaded into
// an in-process Oxigraph store (the same ports the CLI's --kg-fixture uses).
import { readFileSync } from 'node:fs';
import { Store } from 'oxigraph';
import { describe, expect, it } from 'vitest';
import { storePorts } from '../../lib/kg/ports';
import type { SparqlPort } from '../../lib/kg/types';
import { runPipeline } from '../../lib/ask/run';
import type { StageProgress } from '../../lib/pipeline/types';
import { readFixture } from '../fixtures/regen';
import { FIXTURE_TTL } from '../support/wikidata-server';

const store = new Store();
store.load(readFileSync(FIXTURE_TTL, 'utf8'), { format: 'text/turtle' });
const kg = storePorts(store);
const demo = readFixture('demo');

describe('storePorts', () => {
  it('answers SPARQL in SPARQL-JSON binding form with WDQS prefixes predeclared', async () => {
    const rows = await kg.sparql.select(
      'SELECT ?place ?label WHERE { wd:Q42 wdt:P19 ?place . ?place rdfs:label ?label FILTER(LANG(?label) = "en") }',
    );
    expect(rows).toEqual([
      {
        place: { type: 'uri', value: 'http://www.wikidata.org/entity/Q350' },
        label: { type: 'literal', value: 'Cambridge', 'xml:lang': 'en' },
      },
    ]);
  });

  it('searches labels by prefix, falling back to mul labels', async () => {
    expect(
      (await kg.search.search('Douglas Ad', { language: 'en', limit: 5 })).map((h) => h.id),
    ).toEqual(['Q42']);
    expect(
      (await kg.search.search('Mercury', { language: 'en', limit: 5 })).map((h) => h.id).sort(),
    ).toEqual(['Q308', 'Q925']);
    expect(
      (await kg.search.search('Ada Lovelace', { language: 'de', limit: 5 })).map((h) => h.id),
    ).toEqual(['Q7259']);
  });
});

describe('runPipeline with the knowledge graph', () => {
  it("searches and labels Wikidata in the question's language on a French page", async () => {
    const searched: string[] = [];
    const frenchPage = {
      ...demo,
      lang: 'fr',
      blocks: [
        {
          kind: 'paragraph' as const,
          text: "Douglas Adams est un écrivain anglais, auteur du Guide du voyageur galactique. Il est né à Cambridge en 1952 et a étudié au St John's College.",
        },
      ],
    };
    const result = await runPipeline(
      {
        mode: 'answer',
        question: 'Quel est le lieu de naissance de Douglas Adams ?',
        page: frenchPage,
      },
      {
        kg: {
          ...kg,
          language: 'de', // the user's browser language comes after the page's
          search: {
            search: (text, options) => {
              searched.push(options.language);
              return kg.search.search(text, options);
            },
          },
        },
      },
    );
    expect(new Set(searched)).toEqual(new Set(['fr']));
    const lines = result.quotes[0]!.kgLines!.map((l) => l.text);
    expect(lines).toContain('Douglas Adams — lieu de naissance — Cambridge');
  });

  it('puts the triples first as quote [1], cites them, and numbers text quotes from 2', async () => {
    const events: StageProgress[] = [];
    const result = await runPipeline(
      { mode: 'answer', question: 'Where was Douglas Adams born?', page: demo },
      { kg, onProgress: (e) => events.push(e) },
    );
    const [first, ...rest] = result.quotes;
    expect(first).toMatchObject({ id: 1, source: { kind: 'kg', title: 'Wikidata' } });
    expect(first!.kgLines).toContainEqual({
      text: 'Douglas Adams — place of birth — Cambridge',
      url: 'https://www.wikidata.org/wiki/Q42',
    });
    expect(rest.map((q) => q.id)).toEqual(rest.map((_, i) => i + 2));
    expect(result.answer.sentences[0]).toEqual({
      text: 'Douglas Adams — place of birth — Cambridge.',
      citations: [1],
    });
    expect(result.kg).toMatchObject({ topicEntities: [expect.objectContaining({ id: 'Q42' })] });
    expect(result.kg!.requests).toBeLessThanOrEqual(10);
    expect(events.filter((e) => e.stage === 'kg').map((e) => e.status)).toEqual([
      'running',
      'done',
    ]);
  });

  it('takes the beam width and depth from the ports (settings)', async () => {
    const narrow = await runPipeline(
      { mode: 'answer', question: 'Where was Douglas Adams born?', page: demo },
      { kg: { ...kg, beam: { width: 1, depth: 1 } } },
    );
    const wide = await runPipeline(
      { mode: 'answer', question: 'Where was Douglas Adams born?', page: demo },
      { kg },
    );
    expect(narrow.kg!.requests).toBe(2);
    expect(wide.kg!.requests).toBe(6);
    expect(narrow.kg!.triples).toBeLessThan(wide.kg!.triples);
  });

  it('counts triples as evidence in verify mode', async () => {
    const result = await runPipeline(
      { mode: 'verify', question: 'Douglas Adams was born in Cambridge.', page: demo },
      { kg },
    );
    expect(result.verdict).toMatchObject({
      label: 'supported',
      quoteIds: expect.arrayContaining([1]),
    });
  });

  it('goes on from the page when no entity matches', async () => {
    const result = await runPipeline(
      { mode: 'answer', question: 'Who designed the Lighthouse of Alexandria?', page: demo },
      { kg },
    );
    expect(result.quotes.every((q) => q.source.kind === 'page')).toBe(true);
    expect(result.quotes[0]!.id).toBe(1);
    expect(result.kg!.notes.join(' ')).toMatch(/No Wikidata entity matched/);
    expect(result.answer.text).toContain('Sostratus');
  });

  it('answers from the page and says why when the endpoint fails', async () => {
    const broken: SparqlPort = { select: () => Promise.reject(new Error('HTTP 500')) };
    const result = await runPipeline(
      { mode: 'answer', question: 'Where was Douglas Adams born?', page: demo },
      { kg: { ...kg, sparql: broken } },
    );
    expect(result.quotes.some((q) => q.source.kind === 'kg')).toBe(false);
    expect(result.kg!.notes.join(' ')).toMatch(/stopped early/);
  });
});
