import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon, exclusiveKind, wordKey } from '../../lib/pipeline/lexicon';

// mercurial (Evolve: shared mutable history).
const QUOTE =
  'The latter, avoiding version control entirely, means that you’re walking a tightrope without a safety net. One accidental rsync in the wrong direction could destroy hours of work.';

describe('exclusiveKind: spans of time', () => {
  it('sets hours against days, across the units and the dates', () => {
    expect(exclusiveKind(wordKey('hours'), wordKey('days'))).toBe('date');
    expect(exclusiveKind(wordKey('minute'), wordKey('hour'))).toBe('unit');
    expect(exclusiveKind(wordKey('week'), wordKey('month'))).toBe('date');
  });

  it('leaves "second" (an ordinal too) and other words alone', () => {
    expect(exclusiveKind(wordKey('second'), wordKey('day'))).toBe(null);
    expect(exclusiveKind(wordKey('hours'), wordKey('work'))).toBe(null);
  });

  it('says otherwise of "days of work" against "hours of work"', () => {
    const claim =
      'Skipping version control altogether means a single accidental rsync in the wrong direction could destroy days of work.';
    const r = compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'date', claim: 'days', page: 'hours' });
  });
});
