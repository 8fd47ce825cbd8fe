import { describe, expect, it } from 'vitest';
import type { Quote } from '../../lib/pipeline/types';
import {
  SUMMARY,
  SUPPORT_THRESHOLD,
  verdictFromEvidence,
  verdictWithNli,
  type NliPort,
} from '../../lib/pipeline/verdict';

function quote(id: number, coverage: number, score = 3, text = `passage ${id}`): Quote {
  return {
    id,
    passageId: `b${id}.0`,
    origin: 'splitter',
    text,
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

const BBC = quote(
  1,
  0.9,
  3,
  'Mr Obama said race relations had improved during his presidency. He spoke at the BBC.',
);
const REVENUE = quote(
  2,
  0.8,
  3,
  'The company was privatised in 1993. Revenue for 2011 was $163 million, up from the year before.',
);

describe('verdictFromEvidence: the sentence that says otherwise', () => {
  // blogger: the first quote holds the claim's words only across two sentences.
  const PAIRED = quote(
    1,
    0.5,
    5,
    'Other than that, I want to finish support for the SLG46620V in the next month or two. The SLG46621V will be an easy addition since only one pin has changed.',
  );
  const SINGLE = quote(
    2,
    0.5,
    4,
    'They are tiny (the SLG46620V is a 20-pin 0.4mm pitch STQFN measuring 2x3 mm) and cheap.',
  );

  it('names one sentence rather than a pair that aligns as well', () => {
    const v = verdictFromEvidence([PAIRED, SINGLE], {
      claim: 'The SLG46620V is a 24-pin package.',
    });
    expect(v.label).toBe('refuted');
    expect(v.sentence?.quoteId).toBe(2);
    expect(v.conflicts?.[0]).toMatchObject({ kind: 'number', claim: '24', page: '20' });
  });
});

describe("verdictFromEvidence: a name the page's subject stands for", () => {
  // wikipedia-2 (New Zealand), from a Chromium walk-through: the title names the country, and a
  // pair of sentences about moving the capital holds "capital … Auckland … Wellington".
  const titled = (q: Quote): Quote => ({ ...q, source: { ...q.source, title: 'New Zealand' } });
  const SAYS = titled(
    quote(
      1,
      0.9,
      3,
      "New Zealand's capital city is Wellington, while its most populous city is Auckland.",
    ),
  );
  const MOVED = titled(
    quote(
      2,
      0.9,
      3,
      'Following concerns that the South Island might form a separate colony, premier Alfred Domett moved a resolution to transfer the capital from Auckland to a locality near Cook Strait. Wellington was chosen for its central location, with Parliament officially sitting there for the first time in 1865.',
    ),
  );

  it('does not let a pair of sentences outweigh the one that says the claim', () => {
    const v = verdictFromEvidence([SAYS, MOVED], {
      claim: 'Wellington is the capital of New Zealand.',
    });
    expect(v.label).toBe('supported');
    expect(v.sentence?.quoteId).toBe(1);
  });
});

describe('verdictFromEvidence with a claim (rules)', () => {
  it('says supported for a sentence the page makes, naming the sentence, never high confidence', () => {
    const v = verdictFromEvidence([BBC, REVENUE], {
      claim: 'Mr Obama said race relations had improved during his presidency.',
    });
    expect(v).toMatchObject({
      label: 'supported',
      method: 'rules',
      meaningChecked: false,
      summary: SUMMARY.supported,
      quoteIds: [1],
      sentence: {
        quoteId: 1,
        text: 'Mr Obama said race relations had improved during his presidency.',
        start: 0,
      },
    });
    expect(v.confidence).not.toBe('high');
  });

  it.each([
    ['had not improved', 'negation', 'not'],
    ['had worsened', 'antonym', 'worsened'],
  ])('refutes "%s" (%s), naming the conflicting words', (change, kind, words) => {
    const v = verdictFromEvidence([BBC], {
      claim: `Mr Obama said race relations ${change} during his presidency.`,
    });
    expect(v).toMatchObject({ label: 'refuted', summary: SUMMARY.refuted, quoteIds: [1] });
    expect(v.conflicts).toEqual([expect.objectContaining({ kind, claim: words })]);
    expect(v.confidence).not.toBe('high');
  });

  it.each([
    ['Revenue for 2011 was $200 million.', 'number', '$200 million', '$163 million'],
    ['The company was privatised in 1995.', 'date', '1995', '1993'],
  ])(
    'refutes %j with a %s conflict, with offsets into the claim and the quote',
    (claim, kind, c, p) => {
      const v = verdictFromEvidence([REVENUE], { claim });
      expect(v.label).toBe('refuted');
      const conflict = v.conflicts![0]!;
      expect(conflict).toMatchObject({ kind, claim: c, page: p });
      expect(claim.slice(conflict.claimStart, conflict.claimEnd)).toBe(c);
      expect(REVENUE.text.slice(conflict.pageStart, conflict.pageEnd)).toBe(p);
      expect(v.confidence).toBe('medium');
    },
  );

  it('says not-enough-evidence when no sentence holds the claim', () => {
    const v = verdictFromEvidence([BBC, REVENUE], {
      claim: 'The Statue of Liberty was a gift from France.',
    });
    expect(v).toMatchObject({
      label: 'not-enough-evidence',
      summary: SUMMARY['not-enough-evidence'],
      quoteIds: [],
      confidence: 'low',
    });
  });

  it.each([
    ['Obama', 'one-word'],
    ['Did Mr Obama say race relations had improved?', 'question'],
    ['Le président a dit que les relations raciales se sont améliorées.', 'language'],
    [`${'Mr Obama said race relations had improved. '.repeat(50)}`, 'too-long'],
  ])('does not check %j (%s): it says why instead', (claim, reason) => {
    const v = verdictFromEvidence([BBC], { claim });
    expect(v.label).toBe('not-enough-evidence');
    expect(v.problem?.reason).toBe(reason);
    expect(v.summary).toBe(v.problem?.message);
  });
});

describe('verdictFromEvidence: a claim the page states word for word', () => {
  // Another sentence that holds every other word of the claim and negates it "aligns" as well as
  // the sentence that states it, and a tie goes to "otherwise": the page's own words must win.
  const SAID = quote(1, 0.9, 3, 'Sales rose in 2011 in Europe, the report says.');
  const DENIED = quote(2, 0.9, 3, 'Sales did not rise in 2011 in Europe.');

  it('is supported by the quote that states it, whatever another quote says', () => {
    const v = verdictFromEvidence([DENIED, SAID], { claim: 'Sales rose in 2011 in Europe.' });
    expect(v).toMatchObject({ label: 'supported', quoteIds: [1], sentence: { quoteId: 1 } });
    expect(v.sentence?.text).toBe('Sales rose in 2011 in Europe, the report says.');
  });

  it('is weighed as before when it is not on the page word for word', () => {
    const v = verdictFromEvidence([DENIED, SAID], { claim: 'In Europe, sales rose in 2011.' });
    expect(v.label).toBe('refuted');
  });
});

describe('verdictFromEvidence without a claim (evidence coverage)', () => {
  it('says supported when a quote reaches the threshold, naming the supporting quotes', () => {
    const v = verdictFromEvidence([quote(1, 0.9), quote(2, 0.75), quote(3, 0.2)], 0.7);
    expect(v).toMatchObject({
      label: 'supported',
      confidence: 'medium',
      decidedBy: 'evidence-scores',
      method: 'rules',
      meaningChecked: false,
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
    expect(verdictFromEvidence([])).toMatchObject({
      label: 'not-enough-evidence',
      bestCoverage: 0,
      threshold: SUPPORT_THRESHOLD,
      quoteIds: [],
    });
  });

  // Overlap never says "high confidence" (the issue "Verdicts … that mean what they say").
  it.each([
    [0.95, 0.7, 'medium'],
    [0.4, 0.7, 'medium'],
    [0.85, 0.7, 'medium'],
    [0.75, 0.7, 'low'],
    [0.65, 0.7, 'low'],
  ])('best %d against %d is %s confidence', (best, threshold, confidence) => {
    expect(verdictFromEvidence([quote(1, best)], threshold).confidence).toBe(confidence);
  });
});

describe('verdictWithNli', () => {
  const claim = 'Mr Obama said race relations had improved during his presidency.';
  const nli =
    (scores: { entailment: number; contradiction: number; neutral: number }): NliPort =>
    async () =>
      scores;

  it('uses the rules when no model is plugged in', async () => {
    expect(await verdictWithNli([BBC], { claim })).toEqual(verdictFromEvidence([BBC], { claim }));
  });

  it('lets the model decide when present, reading the aligned sentence', async () => {
    const seen: Array<[string, string]> = [];
    const port: NliPort = async (premise, hypothesis) => {
      seen.push([premise, hypothesis]);
      return { entailment: 0.02, contradiction: 0.95, neutral: 0.03 };
    };
    const v = await verdictWithNli([BBC], { claim, nli: port });
    expect(seen).toEqual([[claim, claim]]);
    expect(v).toMatchObject({
      label: 'refuted',
      method: 'nli',
      meaningChecked: true,
      confidence: 'high',
      quoteIds: [1],
    });
  });

  it('says not enough evidence when the model is neutral', async () => {
    const v = await verdictWithNli([BBC], {
      claim,
      nli: nli({ entailment: 0.2, contradiction: 0.1, neutral: 0.7 }),
    });
    expect(v).toMatchObject({ label: 'not-enough-evidence', method: 'nli', quoteIds: [] });
  });

  it('falls back to the rules when the model fails', async () => {
    const v = await verdictWithNli([BBC], {
      claim,
      nli: () => Promise.reject(new Error('session lost')),
    });
    expect(v).toMatchObject({ label: 'supported', method: 'rules' });
  });
});

describe('verdicts on pages in other languages', () => {
  const page = quote(
    1,
    0.9,
    3,
    "Les députés ont adopté mardi le projet de loi sur le renseignement. Le Sénat n'a pas encore examiné le texte.",
  );

  it('refutes a French claim that the page negates, and supports one it states', () => {
    const refuted = verdictFromEvidence([page], {
      claim: 'Le Sénat a examiné le texte.',
      lang: 'fr',
    });
    expect(refuted.label).toBe('refuted');
    const supported = verdictFromEvidence([page], {
      claim: 'Les députés ont adopté le projet de loi sur le renseignement.',
      lang: 'fr',
    });
    expect(supported.label).toBe('supported');
  });

  it('refuses the same claim without the page language (English-only rule)', () => {
    const verdict = verdictFromEvidence([page], { claim: 'Le Sénat a examiné le texte.' });
    expect(verdict.problem?.reason).toBe('language');
  });
});

describe('verdictFromEvidence: denials that balance (wikipedia-2, tune half)', () => {
  const COOK = quote(
    3,
    0.9,
    3,
    'Europeans did not revisit New Zealand until 1769 when British explorer James Cook mapped almost the entire coastline.',
  );

  it('does not say otherwise to "not until" said the other way round', () => {
    const v = verdictFromEvidence([COOK], {
      claim:
        'It was not until 1769 that Europeans came back to New Zealand, when the British explorer James Cook charted nearly all of its coast.',
    });
    expect(v.label).not.toBe('refuted');
  });

  it('still says otherwise to a "not" inserted beside "until"', () => {
    const v = verdictFromEvidence([COOK], {
      claim: 'Europeans did revisit New Zealand until 1769 when James Cook mapped the coastline.',
    });
    const shop = quote(4, 0.9, 3, 'The harbour stayed open to ships until midnight.');
    const closed = verdictFromEvidence([shop], {
      claim: 'The harbour did not stay open to ships until midnight.',
    });
    expect(closed.label).toBe('refuted');
    expect(closed.conflicts?.[0]?.kind).toBe('negation');
    expect(v.label).toBe('refuted');
  });
});

describe('verdictFromEvidence: read as the citation check reads a quote', () => {
  const page = (id: number, text: string) => quote(id, 0.9, 3, text);

  it('says otherwise where two words trade places (article-author-tag)', () => {
    const v = verdictFromEvidence(
      [
        page(
          1,
          'Arthur Edward Waite was born in Brooklyn, New York in 1857 to an American father and a British mother.',
        ),
      ],
      { claim: 'Waite was born in Brooklyn in 1857 to a British father and an American mother.' },
    );
    expect(v.label).toBe('refuted');
  });

  it('does not set a name written without its space against the name (wikipedia-2)', () => {
    const v = verdictFromEvidence(
      [
        page(
          1,
          'New Zealand is situated some 2,000 kilometres (1,200 mi) east of Australia across the Tasman Sea.',
        ),
      ],
      { claim: 'NewZealand lies about two thousand kilometres east of Australia.' },
    );
    expect(v.label).not.toBe('refuted');
  });

  it('takes a figure another quote of the page states of the same thing (nytimes-3)', () => {
    const total = page(
      1,
      'And should anyone forget that filling potholes, like snow removal, is a sacred staple of constituent services, transportation officials have compiled the number of potholes the city has filled — more than 1,786,300 — since Mayor Bill de Blasio took office in 2014.',
    );
    const claim =
      'Last year the city filled 255,904 potholes and Mayor de Blasio fired the pothole chief.';
    const lastYear = (what: string) =>
      page(2, `Street surfaces are affected by winter weather, too: Last year, the city ${what}.`);
    expect(verdictFromEvidence([total], { claim }).label).toBe('refuted');
    expect(verdictFromEvidence([total, lastYear('filled 255,904 potholes')], { claim }).label).toBe(
      'not-enough-evidence',
    );
    // The same figure of another thing does not count.
    expect(
      verdictFromEvidence([total, lastYear('replaced 255,904 refrigerators')], { claim }).label,
    ).toBe('refuted');
  });
});
