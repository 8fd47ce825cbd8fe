// ToG-E beam search against a real SPARQL engine (oxigraph, in memory) loaded with a small
// Wikidata-shaped graph: the generated queries are evaluated as written, and requests are counted.
import oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../lib/pipeline/ports';
import { terms } from '../../lib/core/text';
import { isCountQuestion, togE } from '../../lib/kg/tog';
import type { SparqlBinding, SparqlPort, TopicEntity } from '../../lib/kg/types';

const PREFIXES = `@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix wikibase: <http://wikiba.se/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix schema: <http://schema.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
`;

const PROPERTIES: Record<string, string> = {
  P19: 'place of birth',
  P17: 'country',
  P36: 'capital',
  P131: 'located in the administrative territorial entity',
  P800: 'notable work',
  P569: 'date of birth',
  P1477: 'birth name',
  P31: 'instance of',
  P527: 'has part',
  P50: 'author',
  P47: 'shares border with',
  P214: 'VIAF ID',
};

function item(id: string, label: string, description?: string, lang = 'en'): string {
  return (
    `wd:${id} rdfs:label ${JSON.stringify(label)}@${lang} .\n` +
    (description ? `wd:${id} schema:description ${JSON.stringify(description)}@en .\n` : '')
  );
}

function graph(): string {
  let ttl = PREFIXES;
  for (const [p, label] of Object.entries(PROPERTIES)) {
    ttl += `wd:${p} wikibase:directClaim wdt:${p} ; rdfs:label ${JSON.stringify(label)}@en ; rdfs:label "etiqueta"@es .\n`;
  }
  ttl += `wd:P214 wikibase:propertyType wikibase:ExternalId .\n`;
  ttl += item('Q42', 'Douglas Adams', 'English writer and humorist');
  ttl += item('Q350', 'Cambridge', 'city in Cambridgeshire, England');
  ttl += item('Q145', 'United Kingdom', 'country in north-west Europe');
  ttl += item('Q84', 'London', 'capital city of England and the United Kingdom');
  ttl += item('Q23436', 'Cambridgeshire', undefined, 'mul'); // only a @mul label
  ttl += item('Q5', 'human', 'common name of Homo sapiens');
  ttl += item('Q142', 'France', 'country in western Europe');
  ttl += item('Q90', 'Paris', 'capital of France');
  ttl += item('Q999', 'Big Hub', 'an entity with very many parts');
  const works = ['Q25169', 'Q721', 'Q3107329', 'Q578895', 'Q1153188'];
  works.forEach((w, i) => {
    ttl += item(w, `Work ${i + 1}`, 'novel by Douglas Adams');
    ttl += `wd:Q42 wdt:P800 wd:${w} .\nwd:${w} wdt:P50 wd:Q42 .\n`;
  });
  ttl += `wd:Q42 wdt:P19 wd:Q350 ; wdt:P31 wd:Q5 ; wdt:P569 "1952-03-11T00:00:00Z"^^xsd:dateTime ;
  wdt:P1477 "Douglas Noël Adams"@en ; wdt:P214 "113230702" .
wd:Q350 wdt:P17 wd:Q145 ; wdt:P131 wd:Q23436 .
wd:Q23436 wdt:P17 wd:Q145 .
wd:Q145 wdt:P36 wd:Q84 ; wdt:P47 wd:Q142 .
wd:Q142 wdt:P36 wd:Q90 ; wdt:P47 wd:Q145 .
wd:Q84 wdt:P17 wd:Q145 .
wd:Q90 wdt:P17 wd:Q142 .
`;
  // French labels for a few: the rest fall back to @mul, then @en.
  ttl += `wd:P17 rdfs:label "pays"@fr .
wd:P47 rdfs:label "frontalier de"@fr .
wd:Q145 rdfs:label "Royaume-Uni"@fr ; schema:description "pays d'Europe du Nord-Ouest"@fr .
wd:Q142 rdfs:label "France"@fr .
`;
  // A hub: 500 parts out of Q999, and 500 humans pointing into Q5.
  for (let i = 0; i < 500; i++) {
    ttl += `wd:Q999 wdt:P527 wd:Q${100000 + i} .\nwd:Q${100000 + i} rdfs:label "Part ${i}"@en .\n`;
    ttl += `wd:Q${200000 + i} wdt:P31 wd:Q5 .\nwd:Q${200000 + i} rdfs:label "Person ${i}"@en .\n`;
  }
  return ttl;
}

/** A SparqlPort answering from oxigraph, converting results to SPARQL-JSON bindings; logs queries. */
function oxigraphPort(): SparqlPort & { queries: string[] } {
  const store = new oxigraph.Store();
  store.load(graph(), { format: 'text/turtle' });
  const queries: string[] = [];
  return {
    queries,
    async select(query) {
      queries.push(query);
      const result = store.query(query);
      if (!Array.isArray(result)) throw new Error('not a SELECT');
      return (result as Map<string, oxigraph.Term>[]).map((solution) => {
        const binding: SparqlBinding = {};
        for (const [name, term] of solution) {
          if (term.termType === 'NamedNode') binding[name] = { type: 'uri', value: term.value };
          else if (term.termType === 'BlankNode')
            binding[name] = { type: 'bnode', value: term.value };
          else if (term.termType === 'Literal') {
            const lit = term as oxigraph.Literal;
            binding[name] = {
              type: 'literal',
              value: lit.value,
              ...(lit.language
                ? { 'xml:lang': lit.language }
                : lit.datatype.value !== 'http://www.w3.org/2001/XMLSchema#string'
                  ? { datatype: lit.datatype.value }
                  : {}),
            };
          }
        }
        return binding;
      });
    },
  };
}

const topic = (id: string, label: string): TopicEntity => ({ id, label, mention: label, score: 1 });
const adams = topic('Q42', 'Douglas Adams');
const lines = (
  triples: { subject: { label: string }; relation: { label: string }; object: { label: string } }[],
) => triples.map((t) => `${t.subject.label} — ${t.relation.label} — ${t.object.label}`);

describe('togE on an in-memory Wikidata graph', () => {
  it('answers a one-hop question and keeps literal and date objects out of the frontier', async () => {
    const port = oxigraphPort();
    const r = await togE('What is the place of birth of Douglas Adams?', [adams], { sparql: port });
    expect(r.error).toBeUndefined();
    expect(lines(r.triples)).toContain('Douglas Adams — place of birth — Cambridge');
    const date = r.triples.find((t) => t.relation.id === 'P569');
    expect(date?.object).toEqual({
      label: '1952-03-11T00:00:00Z',
      datatype: 'http://www.w3.org/2001/XMLSchema#dateTime',
    });
    expect(r.triples.find((t) => t.relation.id === 'P1477')?.object.label).toBe(
      'Douglas Noël Adams',
    );
    expect(r.timings[0]!.frontier).toEqual(['Q42']);
    for (const t of r.timings.slice(1))
      expect(t.frontier.every((id) => /^Q\d+$/.test(id))).toBe(true);
    // External identifiers are never offered as relations.
    expect(r.triples.some((t) => t.relation.id === 'P214')).toBe(false);
    expect(r.triples.every((t) => t.relation.label !== t.relation.id)).toBe(true);
  });

  it('follows two hops', async () => {
    const r = await togE('Which country is the place of birth of Douglas Adams in?', [adams], {
      sparql: oxigraphPort(),
    });
    expect(lines(r.triples)).toContain('Cambridge — country — United Kingdom');
    expect(r.timings[1]!.frontier).toContain('Q350');
  });

  it('follows three hops to the answer', async () => {
    const port = oxigraphPort();
    const r = await togE(
      'What is the capital of the country of the place of birth of Douglas Adams?',
      [adams],
      { sparql: port },
    );
    expect(lines(r.triples)).toContain('United Kingdom — capital — London');
    expect(r.timings.map((t) => t.depth)).toEqual([1, 2, 3]);
    expect(r.timings[2]!.frontier).toContain('Q145');
    expect(r.requests).toBe(6);
    expect(port.queries).toHaveLength(6);
    expect(r.requests).toBeLessThanOrEqual(10);
  });

  it('labels an item with only a @mul label', async () => {
    const r = await togE(
      'In which administrative territorial entity is Cambridge located?',
      [topic('Q350', 'Cambridge')],
      { sparql: oxigraphPort() },
    );
    expect(lines(r.triples)).toContain(
      'Cambridge — located in the administrative territorial entity — Cambridgeshire',
    );
  });

  it('labels triples in the asked language, falling back to @mul, then @en', async () => {
    const port = oxigraphPort();
    const r = await togE(
      'Quel est le pays de Cambridge ?',
      [topic('Q350', 'Cambridge')],
      { sparql: port },
      { language: 'fr' },
    );
    const said = lines(r.triples);
    // A French property label and a French item label.
    expect(said).toContain('Cambridge — pays — Royaume-Uni');
    // No French label: the @mul one ("Cambridgeshire"), and the English property label.
    expect(said).toContain(
      'Cambridge — located in the administrative territorial entity — Cambridgeshire',
    );
    expect(port.queries[0]).toContain('FILTER(LANG(?pLabel) = "fr")');
    // Descriptions (which rank the neighbours) are asked in French too, English as the fallback.
    expect(port.queries[1]).toContain('FILTER(LANG(?xDesc) = "fr")');
    expect(port.queries[1]).toContain('FILTER(LANG(?xDescEn) = "en")');
  });

  it('asks the English queries unchanged by default, and for English for a code it cannot write', async () => {
    const english = oxigraphPort();
    const odd = oxigraphPort();
    await togE('What is the country of Cambridge?', [topic('Q350', 'Cambridge')], {
      sparql: english,
    });
    await togE(
      'What is the country of Cambridge?',
      [topic('Q350', 'Cambridge')],
      { sparql: odd },
      { language: 'en") } #' },
    );
    expect(odd.queries).toEqual(english.queries);
    expect(english.queries.join('\n')).not.toMatch(/\?xEn|\?pEn/);
  });

  it('adds a count for a "how many" question within the request budget', async () => {
    const port = oxigraphPort();
    const r = await togE(
      'How many notable works does Douglas Adams have?',
      [adams],
      { sparql: port },
      { width: 3, depth: 3 },
    );
    expect(r.counts).toEqual([
      {
        subject: { id: 'Q42', label: 'Douglas Adams' },
        relation: { id: 'P800', label: 'notable work' },
        direction: 'out',
        count: 5,
      },
    ]);
    expect(r.requests).toBe(port.queries.length);
    expect(r.requests).toBeLessThanOrEqual(10);
    expect(isCountQuestion('What is the number of works?')).toBe(true);
    expect(isCountQuestion('Where was he born?')).toBe(false);
  });

  it('never revisits an entity on a cycle', async () => {
    const r = await togE(
      'Which country shares border with the United Kingdom and what is its capital?',
      [topic('Q145', 'United Kingdom')],
      { sparql: oxigraphPort() },
    );
    const frontiers = r.timings.flatMap((t) => t.frontier);
    expect(new Set(frontiers).size).toBe(frontiers.length);
    expect(lines(r.triples)).toContain('United Kingdom — shares border with — France');
    const keys = r.triples.map(
      (t) => `${t.subject.id}|${t.relation.id}|${t.object.id ?? t.object.label}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps a hub with 500 neighbours bounded', async () => {
    const port = oxigraphPort();
    const started = performance.now();
    const hub = await togE(
      'What are the parts of Big Hub?',
      [topic('Q999', 'Big Hub')],
      { sparql: port },
      { neighbourLimit: 50 },
    );
    expect(hub.triples.filter((t) => t.subject.id === 'Q999').length).toBeLessThanOrEqual(5 + 3);
    const human = await togE('Which humans are instances of human?', [topic('Q5', 'human')], {
      sparql: port,
    });
    expect(human.triples.length).toBeLessThanOrEqual(3 * 3 * 3 * 5);
    expect(human.requests).toBeLessThanOrEqual(6);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('returns nothing, without a request, for no topic entity; and survives a failing port', async () => {
    const port = oxigraphPort();
    const empty = await togE('What?', [], { sparql: port });
    expect(empty).toMatchObject({ triples: [], requests: 0, topicEntities: [] });
    const failing: SparqlPort = { select: async () => Promise.reject(new Error('HTTP 429')) };
    const r = await togE('Where was Douglas Adams born?', [adams], { sparql: failing });
    expect(r).toMatchObject({ triples: [], requests: 1, error: 'HTTP 429' });
  });

  it('does not throw on a non-Latin question or an unknown entity', async () => {
    const port = oxigraphPort();
    const r = await togE('道格拉斯·亚当斯出生在哪里？', [adams], { sparql: port });
    expect(r.error).toBeUndefined();
    expect(r.triples.length).toBeGreaterThan(0);
    const unknown = await togE('Where?', [topic('Q123456789', 'Nobody')], { sparql: port });
    expect(unknown.triples).toEqual([]);
  });

  it('uses the embedder when given (synonyms a lexical match misses)', async () => {
    // Bag-of-words embedder that knows "born" means "birth": lexical scoring cannot see that.
    const vocab = new Map<string, number>();
    const synonyms: Record<string, string> = { born: 'birth', place: 'birth' };
    const embedder: Embedder = {
      modelId: 'fake/bow',
      async embed(texts) {
        return texts.map((t) => {
          const v = new Float32Array(64);
          for (const term of terms(t)) {
            const w = synonyms[term] ?? term;
            if (!vocab.has(w)) vocab.set(w, vocab.size % 64);
            v[vocab.get(w)!]! += 1;
          }
          const n = Math.hypot(...v) || 1;
          return v.map((x) => x / n);
        });
      },
    };
    const r = await togE('Where was Douglas Adams born?', [adams], {
      sparql: oxigraphPort(),
      embedder,
    });
    expect(r.timings[0]!.relations.sort()).toEqual(['P1477>', 'P19>', 'P569>']);
    expect(lines(r.triples)).toContain('Douglas Adams — place of birth — Cambridge');
  });
});
