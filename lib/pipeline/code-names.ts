// A name an answer writes in parts ("Node.js", read as "Node" and "js") that the text near its
// quote writes as one word ("nodejs") is not a missing name; nor is one a handle holds with the
// rest of the name ("Arment" beside "@marcoarment"). (A code whose letters run into digits,
// "SR388", is one word to claim matching, claim-text.ts, so it is found or missing whole.)

import { escapeRegExp } from '../core/text';
import type { ClaimComparison } from './claim-match';

const WORD = /[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*/gu;

/** A word's letters and digits, lower-cased: "Node.js" is "nodejs", "@BuildingTwenty" "buildingtwenty". */
function solid(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** A social-media handle or tag: "@marcoarment", "#WWDC". */
const HANDLE = /[@#][\p{L}\p{N}_]+/gu;

/** Each two neighbouring words of the texts, joined: "HDR 10" gives "hdr10". */
function neighboursJoined(texts: readonly string[]): Set<string> {
  const joined = new Set<string>();
  for (const text of texts) {
    const words = text.match(WORD) ?? [];
    for (let i = 1; i < words.length; i++) joined.add(solid(words[i - 1]! + words[i]!));
  }
  return joined;
}

/**
 * Names the answer writes in parts that a text writes as one word: "Node.js" (read as "Node" and
 * "js") where the quote says "nodejs", "Java Script" where it says "JavaScript", "Building Twenty"
 * where it says "@BuildingTwenty". Of `missing` (as claim matching gives them), those whose
 * letters, with the letters of the claim's word right after or right before them (across a dot,
 * a hyphen or a space), form a word of `texts`; and those the texts write in two words ("HDR10"
 * where the quote says "HDR 10").
 */
export function namesWrittenJoined(
  claim: string,
  missing: readonly string[],
  texts: readonly string[],
): Set<string> {
  const words = new Set(texts.flatMap((t) => t.toLowerCase().match(WORD) ?? []));
  const apart = neighboursJoined(texts);
  const joinedWords = new Set([...words].map((w) => w.replace(/[.-]/g, '')));
  const handles = texts.flatMap((t) => t.match(HANDLE) ?? []).map(solid);
  const found = new Set<string>();
  for (const name of missing) {
    // A surname or a first name a handle writes with the rest: "Arment" in "@marcoarment".
    const bare = solid(name.replace(/['’]s$/u, ''));
    if (/^\p{L}{4,}$/u.test(bare) && handles.some((h) => h.startsWith(bare) || h.endsWith(bare))) {
      found.add(name);
      continue;
    }
    // The name as a whole word: "Tunis" is not the start of "Tunisia".
    const at = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u').exec(
      claim,
    );
    if (!at) continue;
    // Written as one word by the answer, in two by the text: "HDR10" for "HDR 10".
    if (/\p{L}/u.test(name) && !/\s/.test(name) && apart.has(solid(name))) {
      found.add(name);
      continue;
    }
    const rest = /^[.\s-]?([\p{L}\p{N}]+)/u.exec(claim.slice(at.index + name.length));
    const before = /([\p{L}\p{N}]+)[.\s-]?$/u.exec(claim.slice(0, at.index));
    const joined = [rest && name + rest[1]!, before && before[1]! + name];
    if (joined.some((j) => j && joinedWords.has(j.toLowerCase()))) found.add(name);
  }
  return found;
}

/**
 * One name where a conflict sets two apart: the two differ only in spaces ("NewZealand" /
 * "New Zealand"), or the answer's word with the word after it is the quote's word ("Building
 * Twenty" / "@BuildingTwenty"), or the other way round ("HDR10" / "HDR 10"). Offsets as claim
 * matching gives them, into `claim` and `quote`.
 */
export function writtenApart(
  claim: string,
  quote: string,
  conflict: { claimStart: number; claimEnd: number; pageStart: number; pageEnd: number },
): boolean {
  const ours = claim.slice(conflict.claimStart, conflict.claimEnd);
  const theirs = quote.slice(conflict.pageStart, conflict.pageEnd);
  const joinedWithNext = (word: string, text: string, end: number, other: string) => {
    const next = /^[\s.-]?([\p{L}\p{N}]+)/u.exec(text.slice(end))?.[1];
    return next !== undefined && solid(word + next) === solid(other);
  };
  return (
    solid(ours) === solid(theirs) ||
    joinedWithNext(ours, claim, conflict.claimEnd, theirs) ||
    joinedWithNext(theirs, quote, conflict.pageEnd, ours)
  );
}

/**
 * A comparison whose conflicts are all one name written apart (`writtenApart`): not "says
 * otherwise", and not "says this" either, as the rules matched the name nowhere.
 */
export function withoutNamesWrittenApart(
  compared: ClaimComparison,
  claim: string,
  evidence: string,
): ClaimComparison {
  const sameName = (c: ClaimComparison['conflicts'][number]) =>
    c.kind === 'entity' && writtenApart(claim, evidence, c);
  if (compared.conflicts.length === 0 || !compared.conflicts.every(sameName)) return compared;
  return { ...compared, outcome: 'not-found', conflicts: [] };
}
