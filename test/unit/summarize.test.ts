import { describe, expect, it } from 'vitest';
import { centralSentence, selectSummaryPassages } from '../../lib/pipeline/summarize';
import type { Candidate } from '../../lib/pipeline/types';

const candidate = (i: number, text: string, section?: string): Candidate => ({
  id: `s0.b${i}.0`,
  text,
  tokens: text.split(' ').length,
  blockIndex: i,
  endBlockIndex: i,
  kind: 'paragraph',
  origin: 'splitter',
  sourceIndex: 0,
  ...(section ? { section } : {}),
});

const page = [
  candidate(
    0,
    'The lighthouse of Alexandria was a tower built on the island of Pharos by the Ptolemies in the third century BC.',
  ),
  candidate(
    1,
    'The lighthouse tower stood over one hundred metres high and guided ships into the harbour of Alexandria.',
    'Design',
  ),
  candidate(
    2,
    'Share this article on social media and follow us for more stories about history and travel today.',
  ),
  candidate(
    3,
    'Earthquakes damaged the lighthouse tower in the tenth and fourteenth centuries until it fell into ruin.',
    'Destruction',
  ),
  candidate(
    4,
    'Stones of the ruined lighthouse were used to build the fort of Qaitbay on the island of Pharos.',
    'Legacy',
  ),
];

describe('selectSummaryPassages', () => {
  it('starts with the lead, covers the sections and keeps reading order', () => {
    const picks = selectSummaryPassages(page, { maxPassages: 4 });
    const ids = picks.map((p) => p.candidate.blockIndex);
    expect(ids[0]).toBe(0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).not.toContain(2);
    expect(picks.length).toBe(4);
  });

  it('passes over contents entries and code for the prose (a manual as a PDF)', () => {
    const manual = [
      candidate(
        0,
        '2 The lighthouse tower . . . . . . . . . . . . . . . . . . . . . . . . . 3',
        'Contents',
      ),
      candidate(
        1,
        'int lighthouse_tower_light (const char * tower, lighthouse_t * light, [Function]',
      ),
      candidate(
        2,
        'value=lighthouse_tower; len=3 -> tower_lit = lighthouse_on(*tower) | LIGHT_FLAG',
      ),
      ...page,
    ];
    const texts = selectSummaryPassages(manual, { maxPassages: 4 }).map((p) => p.candidate.text);
    expect(texts).toHaveLength(4);
    expect(texts.filter((t) => /\. \. \.|_|\*/.test(t))).toEqual([]);
    expect(texts[0]).toMatch(/^The lighthouse of Alexandria was a tower/);
  });

  it('stays within the token budget and gives nothing for an empty page', () => {
    expect(selectSummaryPassages(page, { tokenBudget: 40 }).length).toBeLessThanOrEqual(2);
    expect(selectSummaryPassages([])).toEqual([]);
  });
});

describe('centralSentence', () => {
  it('picks the sentence sharing most words with the rest of the summary', () => {
    const text = 'It rained that day. The lighthouse tower guided ships into the harbour.';
    expect(centralSentence(text, ['The lighthouse tower of the harbour.'])).toBe(
      'The lighthouse tower guided ships into the harbour.',
    );
  });

  it('fills a page without enough prose with its shorter passages and table rows', () => {
    const list = [
      candidate(0, 'This is a list of films in which the characters live the same day again.'),
      {
        ...candidate(
          1,
          'Film: Repeat Performance, Year: 1947, Description: a woman relives a year',
        ),
        kind: 'table' as const,
      },
      {
        ...candidate(
          2,
          'Film: Groundhog Day, Year: 1993, Description: a weatherman relives one day',
        ),
        kind: 'table' as const,
      },
      candidate(3, 'See also: time travel in films and other lists of films.'),
    ];
    const picks = selectSummaryPassages(list, { maxPassages: 4 });
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks[0]!.candidate.blockIndex).toBe(0);
    expect(picks.map((p) => p.candidate.blockIndex)).toEqual(
      [...picks.map((p) => p.candidate.blockIndex)].sort((a, b) => a - b),
    );
  });
});
