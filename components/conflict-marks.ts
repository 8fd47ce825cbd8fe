// The page's side of each conflict, marked inside the sentence a "says otherwise" verdict shows:
// in a long sentence the reader should not have to hunt for "simple" to see it against
// "complicated". Offsets come from claim matching (into the quote's text), as the sentence's do.

import { withoutMarkerText } from '../lib/pipeline/junk';
import type { ClaimConflict, Verdict } from '@/lib/pipeline/types';

export interface Piece {
  text: string;
  /** The page's words of a conflict. */
  marked: boolean;
}

/**
 * The sentence cut into plain and marked pieces. A conflict whose page words do not lie inside
 * the sentence as written (another sentence of the quote, offsets of another text) is left out.
 */
export function conflictPieces(
  sentence: NonNullable<Verdict['sentence']>,
  conflicts: readonly ClaimConflict[],
): Piece[] {
  const spans = conflicts
    .map((c) => ({ start: c.pageStart - sentence.start, end: c.pageEnd - sentence.start, c }))
    .filter(
      ({ start, end, c }) =>
        start >= 0 && end <= sentence.text.length && sentence.text.slice(start, end) === c.page,
    )
    .sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  for (const { start, end } of spans) {
    if (start < at) continue; // overlapping spans: the first one is marked
    if (start > at) pieces.push({ text: sentence.text.slice(at, start), marked: false });
    pieces.push({ text: sentence.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < sentence.text.length) pieces.push({ text: sentence.text.slice(at), marked: false });
  return withoutMarkersIn(pieces);
}

/**
 * Footnote markers ("[161]", "[n 3]") left out of the plain pieces: page furniture, and read as
 * one of our citation chips beside the sentence. Cut after the offsets are used, so marks land.
 */
export function withoutMarkersIn(pieces: readonly Piece[]): Piece[] {
  return pieces
    .map((p) => (p.marked ? p : { ...p, text: withoutMarkerText(p.text) }))
    .filter((p) => p.text.length > 0);
}

/**
 * Conflicts as the verdict card lists them: one line per distinct pair of words, though claim
 * matching may find the same pair at two places of the sentence ("four" / "three" twice).
 */
export function distinctConflicts(conflicts: readonly ClaimConflict[]): ClaimConflict[] {
  const seen = new Set<string>();
  return conflicts.filter((c) => {
    const key = `${c.kind}\u0000${c.claim}\u0000${c.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
