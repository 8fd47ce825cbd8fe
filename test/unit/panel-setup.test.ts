// lib/ask/panel-setup.ts: section labels as a reader sees them, example questions from headings,
// and which setup notice an answer calls for.
import { describe, expect, it } from 'vitest';
import { exampleQuestions, sectionLabel } from '../../lib/ask/panel-setup';
import type { PageSnapshot } from '../../lib/pipeline/types';

const page = (title: string, sections: string[]): PageSnapshot => ({
  url: 'https://example.org/',
  title,
  blocks: sections.map((section) => ({ kind: 'paragraph', text: 'Some text here.', section })),
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

  it('keeps names as written', () => {
    expect(exampleQuestions(page('x', ['Battle of Hastings']))).toEqual([
      'What does it say about Battle of Hastings?',
    ]);
  });
});
