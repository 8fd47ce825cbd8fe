// lib/ask/panel-setup.ts: section labels as a reader sees them, example questions from headings,
// and which setup notice an answer calls for.
import { describe, expect, it } from 'vitest';
import { exampleQuestions, sectionLabel } from '../../lib/ask/panel-setup';
import type { PageSnapshot } from '../../lib/pipeline/types';

const page = (title: string, sections: string[]): PageSnapshot => ({
  url: 'https://example.org/',
  title,
  // Each section's text speaks of its heading's words in lower case, as prose does.
  blocks: sections.map((section) => ({
    kind: 'paragraph',
    text: `Some text about ${section.toLowerCase()}.`,
    section,
  })),
  textLength: 100,
  extractor: 'readability',
  truncated: false,
});

describe('sectionLabel', () => {
  it('drops wiki [edit] links, footnote marks and lone symbols', () => {
    expect(sectionLabel('History[edit]')).toBe('History');
    expect(sectionLabel('Design [ edit source ]')).toBe('Design');
    expect(sectionLabel('#')).toBe('');
    expect(sectionLabel('¶ Usage')).toBe('Usage');
    expect(sectionLabel(undefined)).toBe('');
  });
});

describe('exampleQuestions', () => {
  it('makes three questions from the first useful headings, skipping the title and boilerplate', () => {
    const questions = exampleQuestions(
      page('Lighthouse of Alexandria – Wikipedia', [
        'Lighthouse of Alexandria',
        'Contents',
        'History[edit]',
        'History[edit]',
        'Design',
        'How was it lit?',
        'References',
        'Legacy',
      ]),
    );
    expect(questions).toEqual([
      'What does it say about history?',
      'What does it say about design?',
      'How was it lit?',
    ]);
  });

  it('asks about a numbered heading without its number, and skips affiliations and the byline', () => {
    expect(
      exampleQuestions(
        page('EWEK-QA', [
          "1 Huawei Noah's Ark Lab, 2 University of Waterloo",
          'Byline',
          '1 Introduction',
          '2.1. Directory layout',
          '4.4.1 Efficiency Analysis.',
        ]),
      ),
    ).toEqual([
      'What does it say about introduction?',
      'What does it say about directory layout?',
      'What does it say about Efficiency Analysis?',
    ]);
    // A heading that starts with a year or a word is not numbered.
    expect(exampleQuestions(page('x', ['1984 in film', 'A Brief History']))).toEqual([
      'What does it say about 1984 in film?',
      'What does it say about A Brief History?',
    ]);
  });

  it('gives no English example questions on a page in another language', () => {
    const french = { ...page('x', ['La Commission de contrôle']), lang: 'fr-FR' };
    expect(exampleQuestions(french)).toEqual([]);
    expect(exampleQuestions({ ...french, lang: 'en-GB' })).toEqual([
      'What does it say about La Commission de contrôle?',
    ]);
  });

  it('keeps a first word the page never writes in lower case: a name (bbc-1, "Kenya trip")', () => {
    const kenya: PageSnapshot = {
      ...page('x', []),
      blocks: [
        {
          kind: 'paragraph',
          text: 'Mr Obama lands in Kenya later on Friday.',
          section: 'Kenya trip',
        },
        { kind: 'paragraph', text: 'The history of the visit.', section: 'History' },
      ],
    };
    expect(exampleQuestions(kenya)).toEqual([
      'What does it say about Kenya trip?',
      'What does it say about history?',
    ]);
  });

  it('keeps names as written', () => {
    expect(exampleQuestions(page('x', ['Battle of Hastings']))).toEqual([
      'What does it say about Battle of Hastings?',
    ]);
  });
});
