import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// yahoo-1 (These are the 8 coolest PlayStation VR games).
const QUOTE =
  'Sony’s PlayStation VR is extremely comfortable and reasonably priced, and while it’s lacking killer apps, it’s loaded with lots of interesting ones.';

describe('buildLexicon: acronyms of words with capitals inside', () => {
  it('reads "PSVR" and "PlayStation VR" as one name', () => {
    const lexicon = buildLexicon(['The PSVR headset is comfortable.', QUOTE]);
    const key = (text: string) => analyse(text, lexicon).tokens.map((t) => t.key);
    expect(key('PSVR')).toEqual(key('PlayStation VR'));
    expect(key('PSVR')[0]).toMatch(/^a:/);
  });

  it('spells capitals inside a word only where the texts use the acronym', () => {
    const lexicon = buildLexicon(['The PlayStation VR is comfortable.']);
    expect(lexicon.acronyms.has('psvr')).toBe(false);
  });

  it('finds no other name and no denial in an answer that writes the acronym and "lacks"', () => {
    const claim =
      "Sony's PSVR headset is very comfortable and reasonably priced, though it lacks killer apps.";
    const r = compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
    // "headset" against "extremely" keeps it from "supported" (claim-match's frame rule): no ⚠.
    expect(r.conflicts).toEqual([]);
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('not-found');
  });
});
