// lib/pipeline/byline.ts: "who wrote this?" and "when was it published?" answered from the
// byline or dateline at the top of the article, or the block read.ts adds from Readability.
import { describe, expect, it } from 'vitest';
import { answerFromByline, BYLINE_SECTION, pageFactOf } from '../../lib/pipeline/byline';
import type { Block } from '../../lib/pipeline/types';

const said = (fact: 'author' | 'date', blocks: Block[]) => {
  const found = answerFromByline(fact, blocks);
  return found && found.text.slice(found.span.start, found.span.end);
};

describe('pageFactOf', () => {
  it.each([
    ['Who wrote this post?', 'author'],
    ['Who is the author?', 'author'],
    ['Who wrote this column?', 'author'],
    ['Who wrote this chapter?', 'author'],
    ['Who is the writer of this article?', 'author'],
    ['When was this Friday Facts post published?', 'date'],
    ['What is the publication date?', 'date'],
  ])('%s asks for the %s', (q, fact) => expect(pageFactOf(q)).toBe(fact));

  it.each(['Who wrote the Declaration of Independence?', 'When was the bridge built?'])(
    '%s is about something else',
    (q) => expect(pageFactOf(q)).toBeUndefined(),
  );
});

describe('answerFromByline', () => {
  const article: Block[] = [
    { kind: 'paragraph', text: 'Posted by kovarex, TOGos, Ernestas on 2019-02-15, all posts' },
    { kind: 'paragraph', text: 'This week was the time to close and finish all the things.' },
  ];

  it('finds the names after "by" and the date of the dateline', () => {
    expect(said('author', article)).toBe('kovarex, TOGos, Ernestas');
    expect(said('date', article)).toBe('2019-02-15');
    expect(
      said('author', [{ kind: 'paragraph', text: 'By Alex Heath, a deputy editor and author.' }]),
    ).toBe('Alex Heath');
  });

  it('finds the writer a site’s colophon names (daringfireball-1)', () => {
    expect(
      said('author', [
        { kind: 'paragraph', text: 'Daring Fireball is written and produced by John Gruber.' },
      ]),
    ).toBe('John Gruber');
    expect(
      said('author', [
        { kind: 'paragraph', text: 'The report is based on data gathered by NASA.' },
      ]),
    ).toBeUndefined();
  });

  it('ends the writer at the next credit (google-sre-book-1)', () => {
    const credits: Block[] = [
      { kind: 'lines', text: 'Written by Rob Ewaschuk Edited by Betsy Beyer' },
    ];
    expect(said('author', credits)).toBe('Rob Ewaschuk');
  });

  it("uses the byline block read.ts adds from Readability's byline", () => {
    const blocks: Block[] = [
      { kind: 'lines', text: 'Ben Silverman', section: BYLINE_SECTION },
      ...article.slice(1),
    ];
    expect(said('author', blocks)).toBe('Ben Silverman');
  });

  it('finds nothing in prose that only starts like a byline, or far down the page', () => {
    const prose: Block = {
      kind: 'paragraph',
      text: 'By the end of the decade the company had grown into one of the largest employers in the region, with offices in four countries and thousands of workers on its payroll.',
    };
    expect(said('author', [prose])).toBeUndefined();
    const late = [...Array.from({ length: 10 }, () => article[1]!), article[0]!];
    expect(said('author', late)).toBeUndefined();
  });
});

describe('questions about the author in other languages', () => {
  it.each([
    "Qui a écrit l'article ?",
    "Qui est l'auteur de l'article ?",
    'Wer hat den Artikel geschrieben?',
    '¿Quién escribió el artículo?',
    'Quem escreveu o artigo?',
    'Kdo napsal tento článek?',
    '这篇文章是谁写的？',
  ])('%j asks for the author', (question) => {
    expect(pageFactOf(question)).toBe('author');
  });

  it('does not take a question about who wrote something else for one about the page', () => {
    expect(pageFactOf('Qui a écrit et réalisé la série ?')).toBeUndefined();
    expect(pageFactOf('¿Quién escribió Don Quijote?')).toBeUndefined();
  });

  it('reads a byline that starts "Par", "Von" or "Por"', () => {
    const blocks = [
      { kind: 'lines' as const, text: 'Par Sébastien Farcis' },
      { kind: 'paragraph' as const, text: 'Un troisième Français a été tué.' },
    ];
    const found = answerFromByline('author', blocks)!;
    expect(found.text.slice(found.span.start, found.span.end)).toBe('Sébastien Farcis');
  });
});
