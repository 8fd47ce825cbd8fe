// A quote cut from a page, as the pipeline hands it to the citation check: for the tests and evals
// of the check, which only read its text and its page's address and title.

import type { Quote } from '../../lib/pipeline/types';

export function pageQuote(
  text: string,
  {
    url = 'https://readability.test/page/',
    title = 'A page',
  }: { url?: string; title?: string } = {},
): Quote {
  return {
    id: 1,
    passageId: 's0.b0.0',
    text,
    origin: 'splitter',
    score: 1,
    coverage: 1,
    source: {
      kind: 'page',
      url,
      title,
      blockIndex: 0,
      blockKind: 'paragraph',
      position: { block: 1, of: 1 },
    },
  };
}
