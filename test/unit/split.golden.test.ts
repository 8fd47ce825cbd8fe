// Golden fixtures (as mozilla/readability does): each page under test/fixtures/pages/<case>/
// is read and split, and the result must equal the reviewed expected-passages.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeExpected, fixtureCases, PAGES_DIR, type ExpectedPassages } from '../fixtures/regen';

const REGEN =
  'Output changed: run `npx tsx test/fixtures/regen.ts` and review the diff of expected-passages.json';

describe('splitter golden fixtures', () => {
  const cases = fixtureCases();

  it('has the fixture pages the suite relies on', () => {
    expect(cases).toEqual(
      expect.arrayContaining([
        'demo',
        'empty',
        'hostile',
        'long-paragraphs',
        'no-paragraphs',
        'tables',
      ]),
    );
  });

  for (const name of cases) {
    it(`${name}: blocks and passages equal expected-passages.json`, () => {
      const expected = JSON.parse(
        readFileSync(join(PAGES_DIR, name, 'expected-passages.json'), 'utf8'),
      ) as ExpectedPassages;
      const actual = computeExpected(name);
      expect(actual.title, REGEN).toBe(expected.title);
      expect(actual.extractor, REGEN).toBe(expected.extractor);
      expect(actual.blocks, REGEN).toEqual(expected.blocks);
      expect(actual.passages, REGEN).toEqual(expected.passages);
    });
  }
});
