// A name an answer writes in parts ("Node.js", read as "Node" and "js") that the text near its
// quote writes as one word ("nodejs") is not a missing name. (A code whose letters run into digits,
// "SR388", is one word to claim matching, claim-text.ts, so it is found or missing whole.)

import { escapeRegExp } from '../core/text';

/**
 * Names the answer writes in parts that a text writes as one word: "Node.js" (read as "Node" and
 * "js") where the quote says "nodejs", "Java Script" where it says "JavaScript", "Building Twenty"
 * where it says "@BuildingTwenty". Of `missing` (as claim matching gives them), those whose
 * letters, with the letters of the claim's word right after or right before them (across a dot,
 * a hyphen or a space), form a word of `texts`.
 */
export function namesWrittenJoined(
  claim: string,
  missing: readonly string[],
  texts: readonly string[],
): Set<string> {
  const words = new Set(
    texts.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*/gu) ?? []),
  );
  const joinedWords = new Set([...words].map((w) => w.replace(/[.-]/g, '')));
  const found = new Set<string>();
  for (const name of missing) {
    // The name as a whole word: "Tunis" is not the start of "Tunisia".
    const at = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u').exec(
      claim,
    );
    if (!at) continue;
    const rest = /^[.\s-]?([\p{L}\p{N}]+)/u.exec(claim.slice(at.index + name.length));
    const before = /([\p{L}\p{N}]+)[.\s-]?$/u.exec(claim.slice(0, at.index));
    const joined = [rest && name + rest[1]!, before && before[1]! + name];
    if (joined.some((j) => j && joinedWords.has(j.toLowerCase()))) found.add(name);
  }
  return found;
}
