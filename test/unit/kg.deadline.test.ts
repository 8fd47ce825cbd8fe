// The knowledge-graph stage cannot hold the answer: it has a deadline and an abort signal, and
// after a 429 it gives up together instead of every request asking and waiting again. Before
// these guards, an endpoint that always answered 429 (Retry-After 120) cost 16 requests and
// 16 minutes of waiting, and a hanging one 8 × 15 s before SPARQL even started.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wikidataPorts } from '../../lib/kg/ports';
import { retrieveKg } from '../../lib/kg/retrieve';
import { startWikidataServer, type WikidataServer } from '../support/wikidata-server';

let server: WikidataServer;
beforeAll(async () => {
  server = await startWikidataServer();
});
afterAll(() => server.close());
beforeEach(() => server.resetCounters());

function portsFor(slept: number[]) {
  return wikidataPorts(
    { sparqlEndpoint: server.sparqlEndpoint, entitySearchEndpoint: server.instance },
    {
      fetch: (url, init) => fetch(url, init),
      sleep: async (ms) => {
        slept.push(ms / 1000);
      },
    },
  );
}

const QUESTION = 'Where was Douglas Adams born and what did Ada Lovelace write?';

describe('retrieveKg against a rate-limiting or hanging Wikidata', () => {
  it('after a second 429 the queued requests give up at once: two requests, one wait', async () => {
    server.faults = Array.from({ length: 40 }, () => ({ status: 429 as const, retryAfter: '120' }));
    const slept: number[] = [];
    const outcome = await retrieveKg(QUESTION, portsFor(slept));
    expect(outcome.quote).toBeNull();
    expect(server.requests).toBe(2);
    expect(slept).toEqual([120]);
    expect(outcome.notes.join(' ')).toMatch(/entity search failed/);
  });

  it('a hanging endpoint ends at the stage deadline, with a note, and its requests are cancelled', async () => {
    server.delayMs = 3_000;
    const outcome = await retrieveKg(QUESTION, { ...portsFor([]), deadlineMs: 1_000 });
    expect(outcome.quote).toBeNull();
    expect(outcome.notes).toEqual([
      'Wikidata did not answer within 1 s, so the answer leaves out knowledge-graph facts.',
    ]);
    // One request in flight at a time, and the queue stops with the deadline.
    expect(server.maxInFlight).toBe(1);
    expect(server.requests).toBe(1);
    server.delayMs = 0;
  });

  it("the user's Stop cancels the stage", async () => {
    server.delayMs = 3_000;
    const stop = new AbortController();
    const pending = retrieveKg(QUESTION, portsFor([]), { signal: stop.signal });
    setTimeout(() => stop.abort(new DOMException('Stopped', 'AbortError')), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    server.delayMs = 0;
  });
});
