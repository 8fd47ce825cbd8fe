import { describe, expect, it } from 'vitest';
import { answerFromDescription, describedNameOf } from '../../lib/pipeline/describe-answer';
import type { Block } from '../../lib/pipeline/types';

const blocks = (...texts: string[]): Block[] => texts.map((text) => ({ kind: 'paragraph', text }));

// Melville's "Bartleby, the Scrivener" (clean-links in the readability test pages): the names
// are said in dialogue far more often than they are introduced.
const STORY = blocks(
  '"Bartleby!" I called. Was Bartleby hot and spicy?',
  'But I waive the biographies of all other scriveners for a few passages in the life of Bartleby, who was a scrivener the strangest I ever saw or heard of.',
  '"Sit down, Turkey," said I, "and hear what Nippers has to say."',
  'Nippers, the second on my list, was a whiskered, sallow, and, upon the whole, rather piratical-looking young man of about five and twenty.',
  'In the morning Nippers was at his most irritable. Turkey was a short, pursy Englishman of about my own age.',
  'The drone beeped angrily when Haoyu stepped in front of it. An image of a nervous All Might came to mind.',
);

describe('describedNameOf', () => {
  it.each([
    ['Who is Nippers?', 'Nippers'],
    ["Who's Margaret Hamilton?", 'Margaret Hamilton'],
    ['who was Sostratus of Cnidus', 'Sostratus of Cnidus'],
    ['And who is Mr. Nippers?', 'Mr. Nippers'],
  ])('reads %j as asking who %j is', (question, name) => {
    expect(describedNameOf(question)).toBe(name);
  });

  it.each([
    'Who is the PA president?',
    "Who is the BBC's North America editor?",
    'Who wrote this?',
    'Who is responsible for the Train GUI?',
    'Who is He?',
  ])('leaves %j to the other readings', (question) => {
    expect(describedNameOf(question)).toBeUndefined();
  });
});

describe('answerFromDescription', () => {
  const said = (question: string) => answerFromDescription(question, STORY)?.text;

  it('takes the sentence that introduces someone, not dialogue that calls them', () => {
    expect(said('Who is Bartleby?')).toMatch(/^But I waive .* Bartleby, who was a scrivener/);
    expect(said('Who is Nippers?')).toMatch(/^Nippers, the second on my list, was a whiskered/);
    expect(said('Who is Turkey?')).toBe(
      'Turkey was a short, pursy Englishman of about my own age.',
    );
  });

  it('gives offsets into its block, and the whole sentence as the span', () => {
    const found = answerFromDescription('Who is Turkey?', STORY)!;
    const text = STORY[found.blockIndex]!.text;
    expect(text.slice(found.start, found.start + found.text.length)).toBe(found.text);
    expect(found.span).toEqual({ start: 0, end: found.text.length });
  });

  it('takes a role written before the name, or "named"', () => {
    const page = blocks(
      'In her anthology, the legendary film critic Pauline Kael wrote about her memoirs.',
      'Instructions came from the office of a meteorologist named Edward Norton Lorenz.',
    );
    expect(answerFromDescription('Who is Pauline Kael?', page)?.blockIndex).toBe(0);
    expect(answerFromDescription('Who was Lorenz?', page)?.blockIndex).toBe(1);
  });

  it('takes "Dutch explorer Abel Tasman", a role after a demonym', () => {
    const page = blocks(
      'In 1642, Dutch explorer Abel Tasman became the first European to sight it.',
    );
    expect(answerFromDescription('Who is Abel Tasman?', page)?.text).toMatch(/^In 1642/);
  });

  it('takes a pronoun sentence that says who, with the mention before it (webmd-1)', () => {
    const page = blocks(
      '“I think this study is groundbreaking,” says Katie Allen, MD, PhD. She’s the director of the Center for Food and Allergy Research in Melbourne. Allen was not involved in the research.',
    );
    const found = answerFromDescription('Who is Katie Allen?', page)!;
    expect(found.text).toBe(
      '“I think this study is groundbreaking,” says Katie Allen, MD, PhD. She’s the director of the Center for Food and Allergy Research in Melbourne.',
    );
    expect(page[0]!.text.slice(found.start, found.start + found.text.length)).toBe(found.text);
  });

  it('finds nothing where the page only mentions the name', () => {
    expect(said('Who is Haoyu?')).toBeUndefined();
    expect(said('Who is All Might?')).toBeUndefined();
    expect(said('What is Nippers?')).toBeUndefined();
  });

  it('does not read a possessive as the name', () => {
    const page = blocks('Protests followed the announcement of Eich’s appointment as CEO.');
    expect(answerFromDescription('Who is Brendan Eich?', page)).toBeUndefined();
  });
});
