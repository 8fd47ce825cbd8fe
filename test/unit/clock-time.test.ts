import { describe, expect, it } from 'vitest';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { analyse } from '../../lib/pipeline/claim-text';
import { hourOf } from '../../lib/pipeline/clock-time';
import { buildLexicon } from '../../lib/pipeline/lexicon';

const times = (text: string) =>
  analyse(text, buildLexicon([text]))
    .tokens.filter((t) => t.numberClass === 'time')
    .map((t) => t.value);

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

describe('clock times', () => {
  it('reads the ways a time of day is written as minutes after midnight', () => {
    expect(times('at 8 a.m. and 8 AM and 8am and 8 A.M.')).toEqual([480, 480, 480, 480]);
    expect(times('by 5:30 p.m., or 17:30, and 12 a.m.')).toEqual([1050, 1050, 0]);
    expect(times('at midnight, at noon, at eleven at night, at six in the morning')).toEqual([
      0, 720, 1380, 360,
    ]);
  });

  it('gives the first of "three or four a.m." the second’s half of the day', () => {
    expect(times('at a party at three or four a.m.')).toEqual([180, 240]);
  });

  it('leaves bare hours and other numbers alone', () => {
    expect(times('at 5, with 30 people, in 2017')).toEqual([]);
    expect(times('a 4:3 ratio and 25 minutes')).toEqual([]);
  });

  it('names the hour on the clock face', () => {
    expect([hourOf(0), hourOf(480), hourOf(1050), hourOf(1380)]).toEqual([12, 8, undefined, 11]);
  });
});

describe('compareClaim: times of day', () => {
  // quanta-1: Hamilton's party.
  const PARTY =
    'She recalls being out at a party at three or four a.m., realizing that the LGP-30 wasn’t set to produce results by the next morning.';
  const OPENS = 'The shop opens at 8 a.m. every day.';

  it('matches a time however it is written, and a bare hour to it', () => {
    expect(compare('The shop opens at 8 AM.', OPENS).outcome).toBe('supported');
    expect(compare('The shop opens at eight in the morning.', OPENS).outcome).toBe('supported');
    expect(compare('The shop opens at 8.', OPENS).outcome).toBe('supported');
  });

  it('says otherwise of another time', () => {
    const r = compare('The shop opens at 9 a.m.', OPENS);
    expect(r.outcome).toBe('contradicted');
    expect(r.conflicts[0]).toMatchObject({ kind: 'number', claim: '9 a.m.', page: '8 a.m.' });
    const party = compare(
      'She recalls being at a party around midnight when she realized the LGP-30 wasn’t set to produce results by morning.',
      PARTY,
    );
    expect(party.conflicts[0]).toMatchObject({ kind: 'number', claim: 'midnight' });
  });

  it('does not call a time named in words missing', () => {
    const r = compare(
      'Holding the party at midday keeps costs down.',
      'Guests consume less alcohol in the middle of the day, which keeps cost down.',
    );
    expect(r.missing).toEqual([]);
  });
});
