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
