// lib/kg/replies.ts through the clients that use it: Wikidata replies are untrusted JSON, so a
// reply of the wrong shape is 'kg-bad-response' (never half-read), while odd fields inside a
// search hit are read as absent. A fake fetch serves each reply; no network.
import { describe, expect, it } from 'vitest';
import { createEntitySearch, searchEntities } from '../../lib/kg/entities';
import { createSparqlClient } from '../../lib/kg/sparql';
import { codeOf } from '../support/errors';

/** A fetch that answers every request with `body` as JSON, and counts the requests. */
function serve(body: unknown, contentType = 'application/json') {
  const calls: string[] = [];
  const fetch = (input: string) => {
    calls.push(input);
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': contentType } }),
    );
  };
  return { fetch, calls };
}

const sparql = (body: unknown, extra: object = {}) => {
  const served = serve(body, 'application/sparql-results+json');
  // A distinct endpoint per client: the etiquette queue is shared by URL.
  const endpoint = `https://replies.test/sparql/${Math.random()}`;
  return { client: createSparqlClient({ endpoint, fetch: served.fetch, ...extra }), ...served };
};

const search = (body: unknown) => {
  const served = serve(body);
  const instance = `https://replies-${Math.random().toString(36).slice(2)}.test`;
  return createEntitySearch({ instance, fetch: served.fetch });
};

describe('SPARQL JSON results', () => {
  it('reads bindings, and a head without vars', async () => {
    const row = { x: { type: 'uri', value: 'http://www.wikidata.org/entity/Q42' } };
    const { client } = sparql({ head: {}, results: { bindings: [row] } });
    expect(await client.select('SELECT ?x WHERE {}')).toEqual([row]);
  });

  it('reads an ASK answer as one boolean row', async () => {
    const { client } = sparql({ head: {}, boolean: false });
    expect(await client.select('ASK {}')).toEqual([
      {
        boolean: {
          type: 'literal',
          value: 'false',
          datatype: 'http://www.w3.org/2001/XMLSchema#boolean',
        },
      },
    ]);
  });

  it.each([
    ['null', null],
    ['a list', []],
    ['no results', { head: { vars: [] } }],
    ['bindings that are not a list', { head: { vars: [] }, results: { bindings: {} } }],
    ['a row that is not an object', { head: { vars: [] }, results: { bindings: [3] } }],
    [
      'a term without a value',
      { head: { vars: ['x'] }, results: { bindings: [{ x: { type: 'uri' } }] } },
    ],
    [
      'a term of an unknown type',
      { head: { vars: ['x'] }, results: { bindings: [{ x: { type: 'iri', value: 'a' } }] } },
    ],
    ['an ASK answer that is not a boolean', { head: {}, boolean: 'true' }],
  ])('refuses %s as kg-bad-response, and does not cache it', async (_, body) => {
    const { client, calls } = sparql(body);
    expect(await codeOf(client.select('SELECT ?x WHERE {}'))).toBe('kg-bad-response');
    expect(await codeOf(client.select('SELECT ?x WHERE {}'))).toBe('kg-bad-response');
    expect(calls).toHaveLength(2);
  });

  it('treats a cached value that no longer fits the schema as a miss', async () => {
    const row = { x: { type: 'literal', value: 'fresh' } };
    const { client, calls } = sparql(
      { head: { vars: ['x'] }, results: { bindings: [row] } },
      { cache: { get: () => ({ storedAt: Date.now(), value: { junk: true } }), set: () => {} } },
    );
    expect(await client.select('SELECT ?x WHERE {}')).toEqual([row]);
    expect(calls).toHaveLength(1);
  });
});

describe('wbsearchentities replies', () => {
  it('refuses a reply whose `search` is not a list as kg-bad-response', async () => {
    for (const body of [{ search: 'Q42' }, { error: { code: 'badvalue' } }, null]) {
      const error = await codeOf(searchEntities(search(body), { search: 'Douglas' }));
      expect(error).toBe('kg-bad-response');
    }
  });

  it('skips entries that are not hits, and reads odd fields as absent', async () => {
    const port = search({
      search: [
        null,
        'Q1',
        { id: 5, label: 'not an id' },
        {
          id: 'Q42',
          label: 7,
          description: 'author',
          display: { label: { value: 'Douglas Adams' } },
        },
        { id: 'Q5', label: 'human', display: { label: { value: 9 }, description: 'odd' } },
      ],
    });
    expect(await searchEntities(port, { search: 'Douglas' })).toEqual([
      { id: 'Q42', label: 'Douglas Adams', description: 'author' },
      { id: 'Q5', label: 'human', description: '' },
    ]);
  });
});
