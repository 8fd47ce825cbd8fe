// "Who is Nippers?", "Who was Margaret Hamilton?": a question that names someone (or something)
// and asks what they are. Its answer is not a name, and the sentences that mention the name most
// often are not the ones that say who it is: on a story's page, "Who is Bartleby?" ranked
// '"Bartleby!"' and 'Was Bartleby hot and spicy?' first. The page introduces a person the way
// writers do: "Bartleby, who was a scrivener the strangest I ever saw", "Nippers, the second on my
// list, was a whiskered, sallow … young man", "the legendary film critic Pauline Kael". The first
// such sentence on the page answers directly, as a byline answers "Who wrote this?" (byline.ts).

import { sentenceRanges } from '../core/segment';
import { escapeRegExp } from '../core/text';
import type { Block } from './types';

export interface DescriptionAnswer {
  blockIndex: number;
  /** The describing sentence, an exact slice of the block text at `start`. */
  text: string;
  start: number;
  /** The sentence itself: it is the answer, not a part of it. */
  span: { start: number; end: number };
}

const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`;
// Lower-case words inside a name: "Sostratus of Cnidus", "Ludwig van Beethoven".
const PARTICLE = String.raw`(?:of|de|del|della|der|van|von|da|du|la|le|bin|ibn)`;
// Up to three words of a title or first names before the name asked ("Mr.", "Margaret").
const LEADING_NAMES = String.raw`(?:${NAME_WORD}\s+){0,3}`;

/** "Who is Nippers?", "Who's Margaret Hamilton?", "who was Mr. Obama": the name, or undefined. */
const WHO_IS = new RegExp(
  String.raw`^\s*(?:[Aa]nd\s+)?[Ww]ho(?:'s|’s|\s+is|\s+was|\s+were|\s+are)\s+(${NAME_WORD}(?:\s+(?:${PARTICLE}\s+)?${NAME_WORD}){0,3})\s*\??\s*$`,
  'u',
);

/** Determiners and words that open a description after "is" / "was". */
const DESCRIPTION_OPENS = String.raw`(?:a|an|the|one|known|considered|described|regarded|widely|perhaps|probably|also)\b`;

export function describedNameOf(question: string): string | undefined {
  const name = WHO_IS.exec(question)?.[1];
  // "Who is The Author?" is not a person's name: a leading article is the question's own.
  return name && !/^(?:the|a|an|this|that|it|he|she|they)\b/i.test(name) ? name : undefined;
}

/**
 * Ways a sentence says who `name` is, strongest first: a relative clause on the name, the name
 * (with an apposition) as the subject of "is/was a …", an apposition after the name; then a
 * description before it ("the legendary film critic Pauline Kael").
 */
function patternsFor(name: string): RegExp[][] {
  // The name itself, not its possessive ("Eich's appointment" says nothing of who Eich is).
  const x = String.raw`(?<![\p{L}\p{M}])${escapeRegExp(name)}(?![\p{L}\p{M}]|['’]s\b)`;
  // With the rest of the name the page writes after it ("Ptolemy I Soter, the general …").
  const whole = String.raw`${x}(?:\s+${NAME_WORD}){0,2}`;
  return [
    [
      new RegExp(String.raw`${whole},\s+who\s+(?:is|was|are|were|has\s+been|had\s+been)\s`, 'u'),
      new RegExp(
        String.raw`(?:^|[,;:]\s+)${LEADING_NAMES}${whole}(?:\s*\([^)]{0,80}\))?(?:,\s[^,;]{1,120},)?\s+(?:is|was|are|were|has\s+been|had\s+been|became|remains)\s+${DESCRIPTION_OPENS}`,
        'u',
      ),
      new RegExp(String.raw`${whole},\s+(?:a|an|the)\s+[^,.;]{3,120}[,.;]`, 'u'),
    ],
    [
      new RegExp(
        String.raw`\b(?:the|a|an)\s+(?:[\p{Ll}-]+\s+){0,3}(?:named|called)\s+${LEADING_NAMES}${x}`,
        'u',
      ),
      // "the legendary film critic Pauline Kael", "Dutch explorer Abel Tasman".
      new RegExp(
        String.raw`(?:\b(?:the|a|an)\s+(?:[\p{Ll}-]+\s+){0,3}|(?<![\p{L}\p{M}])\p{Lu}\p{Ll}+\s+)${ROLE}\s+${LEADING_NAMES}${x}`,
        'u',
      ),
    ],
  ];
}

/**
 * The word for what someone is, right before their name ("the legendary film critic Pauline Kael",
 * "the Scottish boy Finlay"): a noun of a few endings people's roles take, or a short list. Not
 * any word: "the drone said angrily when Haoyu" and "a nervous All Might" say nothing of who.
 */
const ROLE = String.raw`(?!(?:other|under|after|never|over|ever|either|neither|rather|whether|later|together|number|water|order|paper|silent|moment|present|different|recent|current|important|event|percent)\s)(?:[\p{Ll}-]{2,}(?:er|or|ist|ian|ant|ent|ess)|critic|chief|head|king|queen|prince|princess|star|host|poet|judge|coach|boss|boy|girl|man|woman|child|friend|colleague|partner|wife|husband|son|daughter|mother|father|brother|sister|lad|clerk|scrivener|hero|villain|doctor|nurse|chef|pilot|agent|expert|analyst)`;

/** Dialogue, a question or an exclamation: said in the story, not of the person. */
function isSaid(sentence: string): boolean {
  return /^["“‘'(]/.test(sentence) || /[?!]["”’']?\s*$/.test(sentence);
}

/** The first sentence of the page's prose that says who the question's name is. */
export function answerFromDescription(
  question: string,
  blocks: readonly Block[],
): DescriptionAnswer | undefined {
  const name = describedNameOf(question);
  if (!name) return undefined;
  const names = [name, ...(name.includes(' ') ? [name.split(/\s+/).at(-1)!] : [])];
  const sentences = blocks.flatMap((block, blockIndex) =>
    block.kind !== 'table'
      ? [...sentenceRanges(block.text)].map((r) => {
          const text = block.text.slice(r.start, r.end);
          const lead = text.length - text.trimStart().length;
          return { blockIndex, start: r.start + lead, text: text.trim() };
        })
      : [],
  );
  const patterns = names.map(patternsFor);
  const says = (text: string, tier: number) =>
    patterns.some((p) => p[tier]!.some((r) => r.test(text)));
  const mentioned = names.map(
    (n) => new RegExp(String.raw`(?<![\p{L}\p{M}])${escapeRegExp(n)}(?![\p{L}\p{M}])`, 'u'),
  );
  for (const tier of [0, 1])
    for (const [i, s] of sentences.entries()) {
      if (!isSaid(s.text) && says(s.text, tier)) return whole(s);
      // "… says Katie Allen, MD, PhD. She's the director of the Center …": the sentence after a
      // mention, in the same block, that says who by a pronoun; quoted with the mention.
      const next = sentences[i + 1];
      if (tier === 0 && next?.blockIndex === s.blockIndex && PRONOUN_DESCRIBES.test(next.text))
        if (mentioned.some((m) => m.test(s.text))) return joined(s, next, blocks);
    }
  return undefined;
}

/** "She's the director of …", "He was a surgeon": a pronoun, then what the person is. */
const PRONOUN_DESCRIBES = new RegExp(
  String.raw`^(?:She|He)(?:'s|’s|\s+is|\s+was)\s+${DESCRIPTION_OPENS}`,
  'u',
);

function whole(s: { blockIndex: number; start: number; text: string }): DescriptionAnswer {
  return { ...s, span: { start: 0, end: s.text.length } };
}

/** Two sentences of one block, as the block writes them. */
function joined(
  first: { blockIndex: number; start: number; text: string },
  second: { start: number; text: string },
  blocks: readonly Block[],
): DescriptionAnswer {
  const text = blocks[first.blockIndex]!.text.slice(first.start, second.start + second.text.length);
  return whole({ blockIndex: first.blockIndex, start: first.start, text });
}
