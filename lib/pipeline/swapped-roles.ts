// Two words of an answer sentence that trade places with each other: "born to a British father and
// an American mother" against "to an American father and a British mother", "did in decades what
// should have taken days" against "should have taken decades was done in days". Every word is on
// the page, so claim matching (claim-match.ts) finds them all and, aligning each word wherever it
// is, calls the sentence supported; yet what each word is said of has changed.
//
// Read as ties between neighbouring content words: in the answer, A stands just before (or after)
// X and B just before (or after) Y; in the quote's sentence B stands so beside X and A so beside
// Y, and neither A beside X nor B beside Y. Both crossings are needed: a paraphrase moves words
// around ("Born in Brooklyn in 1857, Waite had …"), but it seldom crosses two ties at once. A and
// B must be of one sort (two numbers of one class, two names, or two words of one closed set:
// time units, colours), and each of the four words must be written once on each side, so that
// where it stands is not a matter of which copy was meant.

import { sentenceRanges } from '../core/segment';
import { type ClaimComparison, sameNumber } from './claim-match';
import { analyse, standsAlone, type Token } from './claim-text';
import { exclusiveKind, type Lexicon, sameFamily } from './lexicon';
import type { ClaimConflict } from './types';

/** Content words apart (1 is next to each other) that still count as standing together. */
const TIE = 1;

function same(a: Token, b: Token): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'number') return a.numberClass === b.numberClass && sameNumber(a, b);
  return a.key === b.key || sameFamily(a.key, b.key);
}

/** A and B could stand for each other: a swap between them changes a fact. */
function sameSort(a: Token, b: Token): boolean {
  if (a.kind === 'number' || b.kind === 'number')
    return a.kind === b.kind && a.numberClass === b.numberClass;
  if (a.capital && b.capital) return a.name || b.name;
  return exclusiveKind(a.key, b.key) !== null;
}

/** Signed distance from `a` to `b` when they stand together, else 0. */
function tie(a: number, b: number): number {
  const d = b - a;
  return Math.abs(d) <= TIE ? d : 0;
}

/** For each claim token, its one page match, or -1 (none, or a word written twice on a side). */
function uniqueMatches(claim: readonly Token[], page: readonly Token[]): number[] {
  return claim.map((c) => {
    if (claim.filter((o) => same(o, c)).length !== 1) return -1;
    const at = page.flatMap((p, j) => (same(c, p) ? [j] : []));
    return at.length === 1 ? at[0]! : -1;
  });
}

/**
 * A claim word tied to `a` in the claim that, on the page, stands so beside `b` and not beside
 * `a` (the same side, about as far).
 */
function movedTie(claim: readonly Token[], m: readonly number[], a: number, b: number): boolean {
  return m.some((x, k) => {
    // The tie is to a common word: names stand in apposition in any order ("Tasman, a Dutch
    // explorer" / "Dutch explorer Abel Tasman").
    if (x < 0 || k === a || k === b || claim[k]!.capital) return false;
    const inClaim = tie(a, k);
    if (inClaim === 0) return false;
    return (
      Math.sign(tie(m[b]!, x)) === Math.sign(inClaim) &&
      Math.sign(tie(m[a]!, x)) !== Math.sign(inClaim)
    );
  });
}

function kindOf(a: Token, b: Token): ClaimConflict['kind'] {
  if (a.kind === 'number') return a.numberClass === 'year' ? 'date' : 'number';
  if (a.capital) return 'entity';
  const closed = exclusiveKind(a.key, b.key);
  return closed === 'unit' || closed === 'date' ? closed : 'antonym';
}

/** Two words of `claim` that trade places in one `sentence`, as a conflict naming the first. */
export function swappedInSentence(
  claim: string,
  sentence: string,
  lexicon: Lexicon,
  offset = 0,
): ClaimConflict | null {
  const c = analyse(claim, lexicon).tokens;
  const p = analyse(sentence, lexicon, offset).tokens;
  const m = uniqueMatches(c, p);
  // Words of longer names ("Breitbart Tech", "Lucas Nolan"): where such a name stands says less,
  // as "a Breitbart Tech reporter, Lucas Nolan" and "Lucas Nolan is a reporter for Breitbart
  // Tech" tie their names to the same words in turn.
  const partOfName = (t: Token) => t.capital && !standsAlone(c, t);
  for (let a = 0; a < c.length; a++)
    for (let b = a + 1; b < c.length; b++) {
      if (m[a]! < 0 || m[b]! < 0 || !sameSort(c[a]!, c[b]!)) continue;
      if (partOfName(c[a]!) || partOfName(c[b]!)) continue;
      if (!movedTie(c, m, a, b) || !movedTie(c, m, b, a)) continue;
      const said = p[m[b]!]!;
      return {
        kind: kindOf(c[a]!, c[b]!),
        claim: c[a]!.text,
        page: said.text,
        claimStart: c[a]!.start,
        claimEnd: c[a]!.end,
        pageStart: said.start,
        pageEnd: said.end,
      };
    }
  return null;
}

/** The first sentence of `quote` in which two words of `claim` trade places. */
export function swappedRoles(claim: string, quote: string, lexicon: Lexicon): ClaimConflict | null {
  for (const { start, end } of sentenceRanges(quote)) {
    const found = swappedInSentence(claim, quote.slice(start, end), lexicon, start);
    if (found) return found;
  }
  return null;
}

/**
 * A comparison that found no conflict, turned into "says otherwise" when two words of the claim
 * trade places in one sentence of the evidence. Verify claim and the citation check read a
 * comparison this way; neither for table rows and knowledge-graph lines, which are facts of their own.
 */
export function withSwappedRoles(
  compared: ClaimComparison,
  claim: string,
  evidence: string,
  lexicon: Lexicon,
): ClaimComparison {
  if (compared.outcome === 'contradicted' || compared.verbatim) return compared;
  const conflict = swappedRoles(claim, evidence, lexicon);
  return conflict ? { ...compared, outcome: 'contradicted', conflicts: [conflict] } : compared;
}
