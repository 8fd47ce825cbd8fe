import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { buildLexicon } from '../../lib/pipeline/lexicon';

// keep-images (the drug-checking lab Energy Control).
const QUOTE =
  'To get the drugs to Barcelona, a user mails at least 10 milligrams of a substance to the offices of the Asociación Bienestar y Desarrollo, the non-government organization that oversees Energy Control.';

describe('buildLexicon: an acronym spelled out in lower case', () => {
  it('reads "NGO" and "non-government organization" as one word, a letter per hyphenated part', () => {
    const lexicon = buildLexicon(['The NGO oversees Energy Control.', QUOTE]);
    const key = (text: string) => analyse(text, lexicon).tokens.map((t) => t.key);
    expect(key('NGO')).toEqual(key('non-government organization'));
  });

  it('pairs nothing when no other text writes the acronym', () => {
    const lexicon = buildLexicon([`${QUOTE} NGO`]);
    expect(lexicon.acronyms.get('ngo')).toBeUndefined();
  });

  it('never spells an acronym with function words or short words', () => {
    const lexicon = buildLexicon(['The ATF queues tasks.', 'It takes a task for each run.']);
    expect(lexicon.acronyms.has('atf')).toBe(false);
  });

  it('finds the NGO of an answer in the quote', () => {
    const claim =
      'Users send at least ten milligrams of a substance to the NGO that oversees Energy Control.';
    const r = compareClaim(claim, QUOTE, buildLexicon([claim, QUOTE]));
    expect(r.missing).toEqual([]);
    expect(r.outcome).toBe('supported');
  });
});

// cnet (Zuckerberg's testimony in the ZeniMax lawsuit).
const TESTIMONY =
  'Zuckerberg offered a primer on the strategies he and his company employ when they see an attractive target during testimony Tuesday in a lawsuit with ZeniMax Media, which accuses Oculus and Facebook of "misappropriating" trade secrets and copyright infringement.';

describe('analyse: an acronym that names a role', () => {
  it('reads "CEO" as a word of the claim, never a name', () => {
    const lexicon = buildLexicon(['The Facebook CEO explained it.']);
    const ceo = analyse('The Facebook CEO explained it.', lexicon).tokens.find(
      (t) => t.text === 'CEO',
    );
    expect(ceo?.name).toBe(false);
    const un = analyse('The UN explained it.', lexicon).tokens.find((t) => t.text === 'UN');
    expect(un?.name).toBe(true);
  });

  it('sets no other name against "the Facebook CEO"', () => {
    const claim =
      "Testifying on Tuesday in ZeniMax's lawsuit, which accuses Oculus and Facebook of misappropriating trade secrets, the Facebook CEO explained how his company goes after attractive targets.";
    const r = compareClaim(claim, TESTIMONY, buildLexicon([claim, TESTIMONY]));
    expect(r.conflicts).toEqual([]);
    expect(r.outcome).not.toBe('contradicted');
  });
});
