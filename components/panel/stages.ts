import type { StageName } from '@/lib/pipeline/types';

/** The pipeline's stages as the progress list names them, in the order they run. */
export const STAGES: Array<{ name: StageName; label: string; optional?: boolean }> = [
  { name: 'read', label: 'Reading page' },
  { name: 'models', label: 'Loading ranking models', optional: true },
  { name: 'kg', label: 'Querying Wikidata', optional: true },
  { name: 'split', label: 'Splitting into passages' },
  { name: 'search', label: 'Searching the web', optional: true },
  { name: 'rank', label: 'Ranking passages' },
  { name: 'compose', label: 'Composing answer' },
  { name: 'check', label: 'Checking citations' },
];
