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
// where it stands is not a matter of which copy was meant. The two sides of a comparison or a
// change ("A more than B", "from A to B") are read by their frame words instead (`swappedAcrossFrame`).

import { sentenceRanges } from '../core/segment';
import type { ClaimComparison } from './claim-match';
import { sameNumber } from './claim-numbers';
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

/**
 * Claim words `a` and `b` that traded places, as a conflict naming `a` and `said`, the page word
 * that stands in `a`'s place.
 */
function tradedPlaces(a: Token, b: Token, said: Token): ClaimConflict {
  return {
    kind: kindOf(a, b),
    claim: a.text,
    page: said.text,
    claimStart: a.start,
    claimEnd: a.end,
    pageStart: said.start,
    pageEnd: said.end,
  };
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
  return swappedTies(c, p, uniqueMatches(c, p));
}

/**
 * The claim says actively what the page says in the passive: "Congress will pass the Iran deal"
 * against "the Iran deal will be passed by Congress". The page's agent (after "by") stands after
 * the other word, and the claim's before it ("Iran will pass the Congress deal" is no such thing).
 */
function activeOfPassive(
  c: readonly Token[],
  p: readonly Token[],
  m: readonly number[],
  agent: number,
  other: number,
): boolean {
  const pageAgent = p[m[agent]!]!;
  return (
    pageAgent.afterBy === true &&
    !c[agent]!.afterBy &&
    p[m[other]!]!.pos < pageAgent.pos &&
    c[agent]!.pos < c[other]!.pos
  );
}

/** `swappedInSentence` on analysed tokens and their unique matches `m`. */
function swappedTies(
  c: readonly Token[],
  p: readonly Token[],
  m: readonly number[],
): ClaimConflict | null {
  // Words of longer names ("Breitbart Tech", "Lucas Nolan"): where such a name stands says less,
  // as "a Breitbart Tech reporter, Lucas Nolan" and "Lucas Nolan is a reporter for Breitbart
  // Tech" tie their names to the same words in turn.
  const partOfName = (t: Token) => t.capital && !standsAlone(c, t);
  for (let a = 0; a < c.length; a++)
    for (let b = a + 1; b < c.length; b++) {
      if (m[a]! < 0 || m[b]! < 0 || !sameSort(c[a]!, c[b]!)) continue;
      if (partOfName(c[a]!) || partOfName(c[b]!)) continue;
      if (activeOfPassive(c, p, m, a, b) || activeOfPassive(c, p, m, b, a)) continue;
      if (!movedTie(c, m, a, b) || !movedTie(c, m, b, a)) continue;
      return tradedPlaces(c[a]!, c[b]!, p[m[b]!]!);
    }
  return null;
}

/**
 * A comparison or a change whose two sides trade places: "noticed the higher resolution more than
 * the frame rates" against "noticed the frame rates more than the higher resolution", "turned its
 * free-trade economy into a protectionist one" against "from a protectionist to a free-trade
 * economy". The frame is read from its words: "<word> than" (the same word on both sides, so "A
 * bigger than B" and "B smaller than A" say one thing), "instead of", "from … to" and a change
 * verb's "into". The claim's word before the frame is found after it on the page, and a word
 * after it before; each written once on each side.
 */
function swappedAcrossFrame(
  c: readonly Token[],
  p: readonly Token[],
  m: readonly number[],
  frames: { claim: readonly Frame[]; page: readonly Frame[] },
): ClaimConflict | null {
  for (const fc of frames.claim)
    for (const fp of frames.page) {
      if (fc.kind !== fp.kind) continue;
      const a = fc.left.find((k) => fp.right.includes(m[k]!));
      const b = fc.right.find((k) => fp.left.includes(m[k]!));
      if (a === undefined || b === undefined) continue;
      return tradedPlaces(c[a]!, c[b]!, p[m[b]!]!);
    }
  return null;
}

interface Frame {
  /** "than:more", "instead", "change": frames of one kind only are compared. */
  kind: string;
  /** Token indices on either side, nearest first. */
  left: number[];
  right: number[];
}

/** Content words counted on each side of a frame's words. */
const FRAME_REACH = 3;

const CHANGE_VERB =
  /\b(?:turn|turns|turned|turning|transform|transforms|transformed|transforming|convert|converts|converted|converting|change|changes|changed|changing)\b/iu;

function framesOf(text: string, tokens: readonly Token[], offset: number): Frame[] {
  const before = (at: number) =>
    tokens
      .flatMap((t, k) => (t.end <= offset + at ? [k] : []))
      .reverse()
      .slice(0, FRAME_REACH);
  const after = (at: number, until = Infinity) =>
    tokens
      .flatMap((t, k) => (t.start >= offset + at && t.end <= offset + until ? [k] : []))
      .slice(0, FRAME_REACH);
  const frames: Frame[] = [];
  for (const f of text.matchAll(/\b(\p{L}+) than\b|\binstead of\b/giu)) {
    const kind = f[1] ? `than:${f[1].toLowerCase()}` : 'instead';
    frames.push({ kind, left: before(f.index), right: after(f.index + f[0].length) });
  }
  for (const f of text.matchAll(/\bfrom\b([^.;:]{1,80}?)\b(?:to|into)\b/giu)) {
    const to = f.index + f[0].length;
    frames.push({ kind: 'change', left: after(f.index + 4, to), right: after(to) });
  }
  for (const f of text.matchAll(/\binto\b/giu)) {
    const lead = text.slice(Math.max(0, f.index - 60), f.index);
    if (!CHANGE_VERB.test(lead) || /\bfrom\b/iu.test(lead)) continue;
    frames.push({ kind: 'change', left: before(f.index), right: after(f.index + 4) });
  }
  return frames;
}

/** The first sentence of `quote` in which two words of `claim` trade places. */
export function swappedRoles(claim: string, quote: string, lexicon: Lexicon): ClaimConflict | null {
  // The claim is read once; each sentence once, for both kinds of swap.
  const c = analyse(claim, lexicon).tokens;
  const claimFrames = framesOf(claim, c, 0);
  for (const { start, end } of sentenceRanges(quote)) {
    const sentence = quote.slice(start, end);
    const p = analyse(sentence, lexicon, start).tokens;
    const m = uniqueMatches(c, p);
    const found =
      swappedTies(c, p, m) ??
      swappedAcrossFrame(c, p, m, { claim: claimFrames, page: framesOf(sentence, p, start) });
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
