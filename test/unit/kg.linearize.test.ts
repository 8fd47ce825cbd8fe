import { describe, expect, it } from 'vitest';
import { formatObject, linearizeTriples, wikidataUrl } from '../../lib/kg/linearize';
import type { Triple } from '../../lib/kg/types';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const adams = { id: 'Q42', label: 'Douglas Adams' };

describe('linearizeTriples', () => {
  it('writes one line per triple and per count, with Wikidata URLs', () => {
    const triples: Triple[] = [
      {
        subject: adams,
        relation: { id: 'P19', label: 'place of birth' },
        object: { id: 'Q350', label: 'Cambridge' },
      },
      {
        subject: adams,
        relation: { id: 'P569', label: 'date of birth' },
        object: { label: '1952-03-11T00:00:00Z', datatype: `${XSD}dateTime` },
      },
    ];
    const q = linearizeTriples(triples, [
      {
        subject: adams,
        relation: { id: 'P800', label: 'notable work' },
        direction: 'out',
        count: 5,
      },
    ]);
    expect(q.text).toBe(
      'Douglas Adams — place of birth — Cambridge\nDouglas Adams — date of birth — 1952-03-11\nDouglas Adams — notable work — count: 5',
    );
    expect(q.lines[0]).toEqual({
      text: 'Douglas Adams — place of birth — Cambridge',
      url: 'https://www.wikidata.org/wiki/Q42',
      urls: [
        'https://www.wikidata.org/wiki/Q42',
        'https://www.wikidata.org/wiki/Property:P19',
        'https://www.wikidata.org/wiki/Q350',
      ],
    });
    expect(q.urls).toEqual([
      'https://www.wikidata.org/wiki/Q42',
      'https://www.wikidata.org/wiki/Q350',
    ]);
  });

  it('is empty for no triples and caps the lines', () => {
    expect(linearizeTriples([])).toEqual({ text: '', lines: [], urls: [] });
    const many: Triple[] = Array.from({ length: 100 }, (_, i) => ({
      subject: adams,
      relation: { id: 'P800', label: 'notable work' },
      object: { id: `Q${i + 1}`, label: `Work\n${i}` },
    }));
    const q = linearizeTriples(many, [], { maxLines: 10 });
    expect(q.lines).toHaveLength(10);
    expect(q.lines[0]!.text).toBe('Douglas Adams — notable work — Work 0');
  });

  it('formats literals', () => {
    expect(formatObject({ label: '-0500-01-01T00:00:00Z', datatype: `${XSD}dateTime` })).toBe(
      '-0500-01-01',
    );
    expect(formatObject({ label: '+5', datatype: `${XSD}decimal` })).toBe('5');
    expect(formatObject({ label: 'Douglas Noël Adams', datatype: '@en' })).toBe(
      'Douglas Noël Adams',
    );
    expect(wikidataUrl('P31')).toBe('https://www.wikidata.org/wiki/Property:P31');
  });
});
