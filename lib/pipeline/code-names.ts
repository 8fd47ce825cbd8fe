// Letters with digits written straight after them ("SR388", "A380", "GreenPak4") are a code that
// names a thing, and claim matching (claim-text.ts) reads their digits as a number of the
// sentence. An answer that names the planet "SR388" where its quote says "the planet" and the
// paragraph around it "SR388" states no number the quote lacks: the code is written near the
// quote, whole. So, for the citation check, a missing number that the answer writes inside such
// a code is not missing when the text near the quote writes the same code; a code written
// nowhere there keeps its digits missing.

const CODE = /\p{L}+(\d+)(?![\p{N}.,]\d)/gu;

/** The digits of the codes `claim` writes that one of `texts` writes too (case aside). */
export function digitsOfKnownCodes(claim: string, texts: readonly string[]): Set<string> {
  const written = texts.join('\n').toLowerCase();
  const found = new Set<string>();
  for (const m of claim.matchAll(CODE)) {
    const code = m[0].toLowerCase();
    const at = written.indexOf(code);
    // Whole: "sr388" in "sr3880" or "xsr388" is another code.
    const whole = (i: number) => !/[\p{L}\p{N}]/u.test(written[i] ?? '');
    if (at >= 0 && whole(at - 1) && whole(at + code.length)) found.add(m[1]!);
  }
  return found;
}

/**
 * Names the answer writes in parts that a text writes as one word: "Node.js" (read as "Node" and
 * "js") where the quote says "nodejs", "Java Script" where it says "JavaScript". Of `missing`
 * (as claim matching gives them), those whose letters, with the letters of the claim right after
 * them (across a dot, a hyphen or a space, up to the next word's end), form a word of `texts`.
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
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(claim);
    if (!at) continue;
    const rest = /^[.\s-]?([\p{L}\p{N}]+)/u.exec(claim.slice(at.index + name.length));
    if (!rest) continue;
    const joined = (name + rest[1]!).toLowerCase();
    if (joinedWords.has(joined)) found.add(name);
  }
  return found;
}
