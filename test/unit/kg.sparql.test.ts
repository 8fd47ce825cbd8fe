// lib/kg/sparql.ts against the loopback Wikidata stand-in (a real SPARQL engine, real HTTP):
// etiquette (docs/SECURITY.md, property 10) and the answers ToG-E (EWEK-QA §3.1.2) will read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSparqlClient, type SparqlClientOptions } from '../../lib/kg/sparql';
import { startWikidataServer, type WikidataServer } from '../support/wikidata-server';
import { codeOf } from '../support/errors';

let server: WikidataServer;
beforeAll(async () => {
  server = await startWikidataServer();
});
afterAll(() => server.close());
beforeEach(() => server.resetCounters());

function setup(extra: Partial<SparqlClientOptions> = {}) {
  let clock = 1_000_000;
  const slept: number[] = [];
  const waits: Array<[number, string]> = [];
  const client = createSparqlClient({
    endpoint: server.sparqlEndpoint,
    fetch: (input, init) => fetch(input, init),
    userAgent: 'AnswerPanelTest/1.0 (test@example.org)',
    timeoutMs: 2_000,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms / 1000);
    },
    onWait: (seconds, reason) => waits.push([seconds, reason]),
    ...extra,
  });
  return { client, slept, waits, advance: (ms: number) => (clock += ms) };
}

const LABELS_OF_THREE = `SELECT ?item ?label WHERE {
  VALUES ?item { wd:Q42 wd:Q350 wd:Q84 }
  ?item rdfs:label ?label . FILTER(LANG(?label) = "en")
} ORDER BY ?item`;

describe('answers', () => {
  it('labels three entities given in VALUES', async () => {
    const { client } = setup();
    const rows = await client.select(LABELS_OF_THREE);
    expect(rows.map((r) => [r.item!.value, r.label!.value, r.label!['xml:lang']])).toEqual([
      ['http://www.wikidata.org/entity/Q350', 'Cambridge', 'en'],
      ['http://www.wikidata.org/entity/Q42', 'Douglas Adams', 'en'],
      ['http://www.wikidata.org/entity/Q84', 'London', 'en'],
    ]);
    expect(rows[0]!.item!.type).toBe('uri');
  });

  it('follows three hops: place of birth → country → capital', async () => {
    const { client } = setup();
    const rows = await client.select(
      'SELECT ?capital WHERE { wd:Q42 wdt:P19/wdt:P17/wdt:P36 ?capital }',
    );
    expect(rows.map((r) => r.capital!.value)).toEqual(['http://www.wikidata.org/entity/Q84']);
  });

  it('counts notable works, reads typed literals, statements with qualifiers and a cycle', async () => {
    const { client } = setup();
    const [count] = await client.select('SELECT (COUNT(?w) AS ?n) WHERE { wd:Q36322 wdt:P800 ?w }');
    expect(count!.n).toMatchObject({
      value: '6',
      datatype: 'http://www.w3.org/2001/XMLSchema#integer',
    });
    const [born] = await client.select(
      'SELECT ?d ?pop WHERE { wd:Q42 wdt:P569 ?d . wd:Q350 wdt:P1082 ?pop }',
    );
    expect(born!.d).toMatchObject({
      type: 'literal',
      value: '1952-03-11T00:00:00Z',
      datatype: 'http://www.w3.org/2001/XMLSchema#dateTime',
    });
    expect(born!.pop!.datatype).toBe('http://www.w3.org/2001/XMLSchema#decimal');
    const [edu] = await client.select(
      'SELECT ?start WHERE { wd:Q42 p:P69 ?s . ?s ps:P69 wd:Q691283 ; pq:P580 ?start }',
    );
    expect(edu!.start!.value).toBe('1971-01-01T00:00:00Z');
    const cycle = await client.select('SELECT ?x WHERE { wd:Q145 wdt:P47 ?y . ?y wdt:P47 ?x }');
    expect(cycle.map((r) => r.x!.value)).toEqual(['http://www.wikidata.org/entity/Q145']);
  });

  it('finds a label that exists only in mul, and property labels', async () => {
    const { client } = setup();
    const rows = await client.select('SELECT ?l WHERE { wd:Q7259 rdfs:label ?l }');
    expect(rows).toEqual([{ l: { type: 'literal', value: 'Ada Lovelace', 'xml:lang': 'mul' } }]);
    const [prop] = await client.select(
      'SELECT ?l WHERE { wd:P19 rdfs:label ?l FILTER(LANG(?l) = "en") }',
    );
    expect(prop!.l!.value).toBe('place of birth');
  });

  it('answers ASK as one boolean row and simplifies through wikibase-sdk', async () => {
    const { client } = setup();
    expect(await client.select('ASK { wd:Q84 wdt:P17 wd:Q145 }')).toEqual([
      {
        boolean: {
          type: 'literal',
          value: 'true',
          datatype: 'http://www.w3.org/2001/XMLSchema#boolean',
        },
      },
    ]);
    const simple = await client.selectSimplified(LABELS_OF_THREE);
    expect(simple[0]).toEqual({ item: 'Q350', label: 'Cambridge' });
  });

  it('sends a long query as a POST form', async () => {
    const { client } = setup();
    const ids = Array.from({ length: 600 }, (_, i) => `wd:Q${i + 1}`).join(' ');
    const rows = await client.select(
      `SELECT ?item WHERE { VALUES ?item { ${ids} } ?item rdfs:label "Universe"@mul }`,
    );
    expect(rows.map((r) => r.item!.value)).toEqual(['http://www.wikidata.org/entity/Q1']);
    expect(server.queries).toHaveLength(1);
    expect(server.lastHeaders['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('returns copies: changing a result does not change the cache', async () => {
    const { client } = setup();
    const first = await client.select(LABELS_OF_THREE);
    first[0]!.label!.value = 'changed';
    expect((await client.select(LABELS_OF_THREE))[0]!.label!.value).toBe('Cambridge');
  });
});

describe('etiquette', () => {
  it('sends Api-User-Agent and asks for SPARQL JSON', async () => {
    const { client } = setup();
    await client.select(LABELS_OF_THREE);
    expect(server.lastHeaders['api-user-agent']).toBe('AnswerPanelTest/1.0 (test@example.org)');
    expect(server.lastHeaders.accept).toBe('application/sparql-results+json');
  });

  it('keeps one query in flight: five concurrent calls reach the server one at a time', async () => {
    const { client } = setup();
    server.delayMs = 40;
    const results = await Promise.all(
      [1, 5, 84, 145, 350].map((n) =>
        client.select(`SELECT ?l WHERE { wd:Q${n} rdfs:label ?l } LIMIT 1`),
      ),
    );
    expect(results.every((rows) => rows.length === 1)).toBe(true);
    expect(server.requests).toBe(5);
    expect(server.maxInFlight).toBe(1);
    expect(client.requests).toBe(5);
  });

  it('shares the queue between two clients of the same endpoint', async () => {
    const a = setup().client;
    const b = setup().client;
    server.delayMs = 30;
    await Promise.all([
      a.select('ASK { wd:Q1 ?p ?o }'),
      b.select('ASK { wd:Q5 ?p ?o }'),
      a.select('ASK { wd:Q27 ?p ?o }'),
    ]);
    expect(server.maxInFlight).toBe(1);
  });

  it('waits Retry-After on 429, tells the panel, then succeeds', async () => {
    const { client, slept, waits } = setup();
    server.faults = [{ status: 429, retryAfter: '30' }];
    const rows = await client.select(LABELS_OF_THREE);
    expect(rows).toHaveLength(3);
    expect(slept).toEqual([30]);
    expect(waits).toEqual([[30, 'rate-limited']]);
    expect(server.requests).toBe(2);
  });

  it('waits 60 s when a 429 has no Retry-After', async () => {
    const { client, slept } = setup();
    server.faults = [{ status: 429 }];
    await client.select(LABELS_OF_THREE);
    expect(slept).toEqual([60]);
  });

  it('gives up with kg-rate-limited after a second 429, or at once when asked to wait too long', async () => {
    const { client, slept } = setup();
    server.faults = [
      { status: 429, retryAfter: '5' },
      { status: 429, retryAfter: '5' },
    ];
    expect(await codeOf(client.select(LABELS_OF_THREE))).toBe('kg-rate-limited');
    expect(slept).toEqual([5]);
    server.faults = [{ status: 429, retryAfter: '3600' }];
    expect(await codeOf(client.select('ASK { wd:Q1 ?p ?o }'))).toBe('kg-rate-limited');
    expect(slept).toEqual([5]);
  });

  it('times out a slow endpoint with kg-timeout, and the queue moves on', async () => {
    const { client } = setup({ timeoutMs: 100 });
    server.faults = [{ delayMs: 1_000 }];
    expect(await codeOf(client.select(LABELS_OF_THREE))).toBe('kg-timeout');
    expect(await client.select('ASK { wd:Q42 wdt:P31 wd:Q5 }')).toHaveLength(1);
  });

  it.each([
    [{ status: 500 as const }, 'kg-failed'],
    [{ body: 'malformed-json' as const }, 'kg-bad-response'],
    [{ body: 'html' as const }, 'kg-bad-response'],
  ])('%j → %s', async (fault, code) => {
    const { client } = setup();
    server.faults = [fault];
    expect(await codeOf(client.select(LABELS_OF_THREE))).toBe(code);
    expect(server.requests).toBe(1);
  });

  it('reports a query the engine rejects as kg-failed, and a dead endpoint too', async () => {
    expect(await codeOf(setup().client.select('SELECT WHERE {'))).toBe('kg-failed');
    const dead = createSparqlClient({
      endpoint: 'http://127.0.0.1:9/sparql',
      fetch: (i, n) => fetch(i, n),
      timeoutMs: 1_000,
    });
    expect(await codeOf(dead.select('ASK {}'))).toBe('kg-failed');
  });

  it('caches by query text, and refetches after the TTL (injected clock)', async () => {
    const { client, advance } = setup({ cacheTtlMs: 60_000 });
    await client.select(LABELS_OF_THREE);
    await client.select(LABELS_OF_THREE);
    expect(server.requests).toBe(1);
    advance(59_000);
    await client.select(LABELS_OF_THREE);
    expect(server.requests).toBe(1);
    advance(2_000);
    await client.select(LABELS_OF_THREE);
    expect(server.requests).toBe(2);
  });

  it('does not cache failures, and treats a failing cache as a miss', async () => {
    const broken = {
      get: () => {
        throw new Error('closed');
      },
      set: () => Promise.reject(new Error('quota')),
    };
    const { client } = setup({ cache: broken });
    server.faults = [{ status: 500 }];
    expect(await codeOf(client.select(LABELS_OF_THREE))).toBe('kg-failed');
    expect(await client.select(LABELS_OF_THREE)).toHaveLength(3);
    expect(server.requests).toBe(2);
  });

  it('refuses an empty user agent', () => {
    expect(() => setup({ userAgent: ' ' })).toThrow(/userAgent/);
  });
});
