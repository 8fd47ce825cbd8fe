// lib/kg/entities.ts against the loopback Wikidata stand-in's wbsearchentities (real HTTP, the
// real API's response shape, URLs built by wikibase-sdk).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../lib/core/errors';
import {
  createEntitySearch,
  searchEntities,
  type EntitySearchOptions,
} from '../../lib/kg/entities';
import { startWikidataServer, type WikidataServer } from '../support/wikidata-server';

let server: WikidataServer;
beforeAll(async () => {
  server = await startWikidataServer();
});
afterAll(() => server.close());
beforeEach(() => server.resetCounters());

function setup(extra: Partial<EntitySearchOptions> = {}) {
  let clock = 0;
  const slept: number[] = [];
  const port = createEntitySearch({
    instance: server.instance,
    fetch: (input, init) => fetch(input, init),
    userAgent: 'AnswerPanelTest/1.0 (test@example.org)',
    timeoutMs: 2_000,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms / 1000);
    },
    ...extra,
  });
  return { port, slept, advance: (ms: number) => (clock += ms) };
}

describe('searchEntities', () => {
  it('finds Douglas Adams by a prefix, case-insensitively, with his description', async () => {
    const { port } = setup();
    expect(await searchEntities(port, { search: 'douglas ad', language: 'en', limit: 5 })).toEqual([
      { id: 'Q42', label: 'Douglas Adams', description: 'English author and humorist (1952–2001)' },
    ]);
    expect(server.lastHeaders['api-user-agent']).toBe('AnswerPanelTest/1.0 (test@example.org)');
  });

  it('returns both Mercuries, told apart by their descriptions', async () => {
    const { port } = setup();
    const hits = await searchEntities(port, { search: 'Mercury', language: 'en' });
    expect(hits).toEqual([
      {
        id: 'Q308',
        label: 'Mercury',
        description: 'planet closest to the Sun in the Solar System',
      },
      {
        id: 'Q925',
        label: 'Mercury',
        description: 'chemical element with symbol Hg and atomic number 80',
      },
    ]);
  });

  it('finds an entity whose only label is mul', async () => {
    const { port } = setup();
    expect(await searchEntities(port, { search: 'Ada Love', language: 'en' })).toEqual([
      {
        id: 'Q7259',
        label: 'Ada Lovelace',
        description: 'English mathematician and writer (1815–1852)',
      },
    ]);
  });

  it("uses the user's language first, falling back to English for missing labels and descriptions", async () => {
    const { port } = setup();
    expect(await searchEntities(port, { search: 'Royaume', language: 'fr' })).toEqual([
      { id: 'Q145', label: 'Royaume-Uni', description: 'country in north-west Europe' },
    ]);
    const [dublin] = await searchEntities(port, { search: 'Dublin', language: 'fr-CA' });
    expect(dublin).toEqual({
      id: 'Q1761',
      label: 'Dublin',
      description: 'capital city of Ireland',
    });
  });

  it('matches aliases and honours the limit', async () => {
    const { port } = setup();
    expect(
      (await searchEntities(port, { search: 'Britain', language: 'en' })).map((h) => h.id),
    ).toEqual(['Q145']);
    expect(await searchEntities(port, { search: 'M', language: 'en', limit: 2 })).toHaveLength(2);
  });

  it('tries the user language, then en, then mul when nothing matches, and caches each answer', async () => {
    const { port, advance } = setup({ cacheTtlMs: 1_000 });
    expect(await searchEntities(port, { search: 'Zyzzyva', language: 'de' })).toEqual([]);
    expect(server.requests).toBe(3);
    expect(await searchEntities(port, { search: 'Zyzzyva', language: 'de' })).toEqual([]);
    expect(server.requests).toBe(3);
    advance(1_001);
    await searchEntities(port, { search: 'Zyzzyva', language: 'de' });
    expect(server.requests).toBe(6);
    expect(port.requests).toBe(6);
  });

  it('sends nothing for an empty search', async () => {
    const { port } = setup();
    expect(await searchEntities(port, { search: '   ' })).toEqual([]);
    expect(server.requests).toBe(0);
  });

  it('keeps the etiquette: one in flight, 429 waits Retry-After, HTML is kg-bad-response', async () => {
    const { port, slept } = setup();
    server.delayMs = 30;
    await Promise.all(
      ['Lon', 'Cam', 'Dub', 'Ire', 'Uni'].map((search) =>
        searchEntities(port, { search, language: 'en' }),
      ),
    );
    expect(server.maxInFlight).toBe(1);
    server.delayMs = 0;
    server.faults = [{ status: 429, retryAfter: '30' }];
    expect(await searchEntities(port, { search: 'Emma', language: 'en' })).toHaveLength(1);
    expect(slept).toEqual([30]);
    server.faults = [{ body: 'html' }];
    const error = await searchEntities(port, { search: 'Persuasion', language: 'en' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).code).toBe('kg-bad-response');
  });

  it('accepts the api.php URL as the instance', async () => {
    const { port } = setup({ instance: `${server.instance}/w/api.php` });
    expect((await searchEntities(port, { search: 'London', language: 'en' }))[0]!.id).toBe('Q84');
  });
});
