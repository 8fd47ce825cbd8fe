import { describe, expect, it } from 'vitest';
import type { Quote } from '../../lib/pipeline/types';
import { SUPPORT_THRESHOLD, verdictFromEvidence } from '../../lib/pipeline/verdict';

function quote(id: number, coverage: number, score = 3): Quote {
  return {
    id,
    passageId: `b${id}.0`,
    origin: 'splitter',
    text: `passage ${id}`,
    score,
    coverage,
    source: {
      kind: 'page',
      url: 'https://fixtures.test/',
      title: 't',
      blockIndex: id,
      blockKind: 'paragraph',
      position: { block: id + 1, of: 5 },
    },
  };
}

describe('verdictFromEvidence', () => {
  it('says supported when a quote reaches the threshold, naming the supporting quotes', () => {
    const v = verdictFromEvidence([quote(1, 0.9), quote(2, 0.75), quote(3, 0.2)], 0.7);
    expect(v).toEqual({
      label: 'supported',
      confidence: 'medium',
      decidedBy: 'evidence-scores',
      quoteIds: [1, 2],
      bestCoverage: 0.9,
      threshold: 0.7,
    });
  });

  it('says not-enough-evidence below the threshold, and never refuted', () => {
    const v = verdictFromEvidence([quote(1, 0.69), quote(2, 0.1)], 0.7);
    expect(v.label).toBe('not-enough-evidence');
    expect(v.quoteIds).toEqual([]);
    expect(v.bestCoverage).toBe(0.69);
  });

  it('counts a quote exactly at the threshold as support', () => {
    expect(verdictFromEvidence([quote(1, 0.7)], 0.7).label).toBe('supported');
  });

  it('ignores a quote with zero BM25 score', () => {
    expect(verdictFromEvidence([quote(1, 1, 0)], 0.7).label).toBe('not-enough-evidence');
  });

  it('has no evidence without quotes', () => {
    const v = verdictFromEvidence([]);
    expect(v).toMatchObject({
      label: 'not-enough-evidence',
      bestCoverage: 0,
      threshold: SUPPORT_THRESHOLD,
      quoteIds: [],
    });
  });

  it.each([
    [0.95, 0.7, 'high'],
    [0.4, 0.7, 'high'],
    [0.85, 0.7, 'medium'],
    [0.55, 0.7, 'medium'],
    [0.75, 0.7, 'low'],
    [0.65, 0.7, 'low'],
  ])('best %d against %d is %s confidence', (best, threshold, confidence) => {
    expect(verdictFromEvidence([quote(1, best)], threshold).confidence).toBe(confidence);
  });

  it('uses SUPPORT_THRESHOLD by default, a value in (0, 1)', () => {
    expect(SUPPORT_THRESHOLD).toBeGreaterThan(0);
    expect(SUPPORT_THRESHOLD).toBeLessThan(1);
    expect(verdictFromEvidence([quote(1, SUPPORT_THRESHOLD)]).label).toBe('supported');
    expect(verdictFromEvidence([quote(1, SUPPORT_THRESHOLD - 0.01)]).label).toBe(
      'not-enough-evidence',
    );
  });
});
