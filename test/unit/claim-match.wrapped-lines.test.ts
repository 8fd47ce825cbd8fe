import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../lib/composer/check';
import { compareClaim } from '../../lib/pipeline/claim-match';
import { buildLexicon } from '../../lib/pipeline/lexicon';
import { pageQuote } from '../support/quotes';

const compare = (claim: string, page: string) =>
  compareClaim(claim, page, buildLexicon([claim, page]));

// ietf-1 (remoteStorage, an Internet-Draft): pre-formatted text wraps its sentences at 72 columns.
const WRAPPED =
  'The token SHOULD be hard to\nguess and SHOULD NOT be reused from one client to another.';

describe('compareClaim: a sentence wrapped over lines of pre-formatted text', () => {
  it('reads the wrapped sentence whole, so a swapped opposite says otherwise', async () => {
    const quote = pageQuote(WRAPPED, {
      url: 'https://readability.test/ietf-1/',
      title: 'remoteStorage',
    });
    const [check] = await checkCitations(
      [
        {
          text: 'The draft says the access token should be easy to guess and should not be shared from one client to another.',
          citations: [1],
        },
      ],
      [quote],
    );
    expect(check!.outcome).toBe('contradicted');
    expect(check!.conflicts?.[0]).toMatchObject({ kind: 'antonym', claim: 'easy', page: 'hard' });
  });

  it('supports a restatement of the whole wrapped sentence', () => {
    const r = compare(
      'The access token should be hard to guess and should not be reused from one client to another.',
      WRAPPED,
    );
    expect(r.outcome).toBe('supported');
    expect(r.sentence.text).toBe(WRAPPED);
  });

  it('keeps lines apart that end a sentence or start a new one in capitals', () => {
    // A list whose items have no stop: each item is its own fact.
    const list = 'Ports open on the router\nUDP 53 for DNS\nTCP 443 for HTTPS';
    const r = compare('UDP 443 is for HTTPS.', list);
    expect(r.sentence.text).not.toContain('\n');
  });
});
