// lib/pipeline/table-answer.ts: superlative and lookup questions answered by table rows, read
// with their column headers; the rows are exact slices of the block text.
import { describe, expect, it } from 'vitest';
import {
  answerFromTables,
  numberOf,
  parseTable,
  rowSentence,
} from '../../lib/pipeline/table-answer';
import type { Block } from '../../lib/pipeline/types';

const apps: Block = {
  kind: 'table',
  section: 'How effective is it?',
  text: [
    'Application: Farm Heroes, Original Size: 71.1 MB, Patch Size (% vs original): 8.0 MB (-89%)',
    'Application: Google Maps, Original Size: 32.7 MB, Patch Size (% vs original): 9.6 MB (-71%)',
    'Application: Google TTS, Original Size: 18.9 MB, Patch Size (% vs original): 13.1 MB (-31%)',
    'Application: Netflix, Original Size: 16.2 MB, Patch Size (% vs original): 1.2 MB (-92%)',
  ].join('\n'),
};

const companies: Block = {
  kind: 'table',
  section: 'Development statistics',
  text: 'Companies supporting LibreOffice\n(by changesets)\nRed Hat, 8417, 38.0%\nCollabora, 6531, 29.5%\nCanonical, 422, 1.9%',
};

const states: Block = {
  kind: 'table',
  text: [
    'Entity status: new, Assoc status: new, Comment: Pick up new tasks.',
    'Entity status: enqueued, Assoc status: started, Comment: Re-enqueue the task if it waits too long.',
    'Entity status: success, Assoc status: completed, Comment: N/A',
    'Entity status: fatal_failure, Assoc status: completed, Comment: N/A',
  ].join('\n'),
};

const prose: Block = {
  kind: 'paragraph',
  text: 'Most apps now get smaller updates, and the largest savings came from recompression.',
};

const answer = (question: string, blocks: Block[], context?: string) =>
  answerFromTables(question, blocks, context).map((row) => ({
    row: row.text,
    value: row.text.slice(row.span.start, row.span.end),
    said: rowSentence(row.text, row.span),
  }));

describe('parseTable', () => {
  it('reads headers, titles and cells with their offsets', () => {
    const table = parseTable(companies.text);
    expect(table.titles).toEqual(['Companies supporting LibreOffice', '(by changesets)']);
    expect(table.headers).toEqual([]);
    expect(table.rows.map((r) => r.cells.map((c) => c.value))).toEqual([
      ['Red Hat', '8417', '38.0%'],
      ['Collabora', '6531', '29.5%'],
      ['Canonical', '422', '1.9%'],
    ]);
    const parsed = parseTable(apps.text);
    expect(parsed.headers).toEqual(['Application', 'Original Size', 'Patch Size (% vs original)']);
    const row = parsed.rows[1]!;
    expect(apps.text.slice(row.start, row.start + row.text.length)).toBe(row.text);
    const cell = row.cells[2]!;
    expect(row.text.slice(cell.at, cell.at + cell.value.length)).toBe('9.6 MB (-71%)');
  });
});

describe('numberOf', () => {
  it('reads numbers, thousands, months and changes', () => {
    expect(numberOf('8,417')).toBe(8417);
    expect(numberOf('17.5 MB (-46%)')).toBe(17.5);
    expect(numberOf('17.5 MB (-46%)', true)).toBe(46);
    expect(numberOf('May 2014')! > numberOf('April 2014')!).toBe(true);
    expect(numberOf('N/A')).toBeUndefined();
  });
});

describe('answerFromTables', () => {
  it('answers a superlative from the measured column the question names', () => {
    expect(answer('Which app is the largest in the table?', [prose, apps])[0]!.said).toBe(
      'Farm Heroes — Original Size: 71.1 MB',
    );
    // "biggest reduction": compared by the size of the fall, not its sign.
    expect(answer('Which app saw the biggest patch size reduction?', [apps])[0]!.value).toBe(
      '1.2 MB (-92%)',
    );
    expect(
      answer('Which app had the smallest improvement in patch size?', [apps])[0]!.row,
    ).toContain('Google TTS');
  });

  it('answers from a table without headers when its title is asked about', () => {
    const [row] = answer('Which company made the most changesets to LibreOffice?', [companies]);
    expect(row!.row).toBe('Red Hat, 8417, 38.0%');
    expect(row!.said).toBe('Red Hat — 8417, 38.0%');
  });

  it('looks a value up by the row and the column the question names', () => {
    expect(answer("What's the original size of Google Maps?", [apps])[0]!.said).toBe(
      'Google Maps — Original Size: 32.7 MB',
    );
    expect(
      answer('What is the assoc status of a task whose entity status is enqueued?', [states]),
    ).toEqual([expect.objectContaining({ value: 'started' })]);
    // Several rows named as well: all of them answer.
    const rows = answer('Which entity statuses correspond to the completed assoc status?', [
      states,
    ]);
    expect(rows.map((r) => r.value)).toEqual(['success', 'fatal_failure']);
  });

  it('names the row from the earlier turn in a follow-up', () => {
    const [row] = answer('And the patch size?', [apps], 'What is the original size of Netflix?');
    expect(row!.value).toBe('1.2 MB (-92%)');
  });

  it('answers nothing when the question is about something else', () => {
    expect(answer('Who made the most commits to the Linux kernel?', [companies, apps])).toEqual([]);
    expect(answer('What is the original size of YouTube?', [apps])).toEqual([]);
    expect(answer('When was Netflix founded?', [apps])).toEqual([]);
    expect(answer('Which app is the largest?', [prose])).toEqual([]);
    const infobox: Block = {
      kind: 'table',
      section: 'Lighthouse of Alexandria',
      text: 'Location: Pharos island, Alexandria, Egypt\nBuilt: c. 280 BC\nHeight: 100 m',
    };
    expect(answer('Who designed the Lighthouse of Alexandria?', [infobox])).toEqual([]);
  });
});

describe('answerFromTables: what a table cannot answer (wikipedia-2)', () => {
  const infobox: Block = {
    kind: 'table',
    text: [
      'New Zealand Aotearoa (Māori)',
      'Location of New Zealand, including outlying islands, its territorial claim in the Antarctic, and Tokelau',
      'Capital: Wellington 41°17′S 174°27′E',
      'Largest city: Auckland',
      'Official languages: English Māori NZ Sign Language',
    ].join('\n'),
  };
  const lead: Block = {
    kind: 'paragraph',
    section: 'Climate',
    text: "The table below lists climate normals for the warmest and coldest months in New Zealand's six largest cities.",
  };
  const climate: Block = {
    kind: 'table',
    section: 'Climate',
    text: [
      'Location: Auckland, Jan/Feb (°C): 23/16, July (°C): 14/7',
      'Location: Wellington, Jan/Feb (°C): 20/13, July (°C): 11/6',
      'Location: Hamilton, Jan/Feb (°C): 24/13, July (°C): 14/4',
    ].join('\n'),
  };

  it('reads no answer from an infobox caption, a sentence among "Label: value" lines', () => {
    expect(answerFromTables('What is the capital of New Zealand?', [infobox])).toEqual([]);
  });

  it('compares no column the question does not name: "largest city" is not the warmest one', () => {
    expect(answerFromTables("What is New Zealand's largest city?", [lead, climate])).toEqual([]);
  });

  it('reads "the minimum wage" as a quantity to look up, not a comparison of rows', () => {
    expect(answerFromTables('What is the minimum wage in New Zealand?', [lead, climate])).toEqual(
      [],
    );
  });

  it('still compares a column the question names', () => {
    const [row] = answerFromTables('Which city has the highest July temperature?', [lead, climate]);
    expect(row?.text).toContain('Auckland');
  });

  it('reads "the largest" app by its size column', () => {
    const [row] = answerFromTables('Which app in the table is the largest?', [apps]);
    expect(row?.text).toContain('Farm Heroes');
  });
});
