// Whether a selection can be verified at all. A claim needs a subject and something said about
// it; a question asks rather than claims; the matching rules (claim-match.ts) know English only.
// The answer is a reason and a sentence for the panel, never an exception: the user's selection
// stays in the box and the verdict says why it was not checked.

import { MAX_QUESTION_CHARS } from './question';

export type ClaimProblemReason = 'one-word' | 'too-long' | 'question' | 'language';

export interface ClaimProblem {
  reason: ClaimProblemReason;
  message: string;
}

const MESSAGES: Record<ClaimProblemReason, string> = {
  'one-word':
    'Select a whole statement to verify: one word says nothing the page could confirm or contradict.',
  'too-long': `That selection is too long to verify as one claim (more than ${MAX_QUESTION_CHARS} characters). Select a single sentence or two.`,
  question:
    'That is a question, not a claim. Ask it as a question instead, or select a statement to verify.',
  language:
    'That claim does not look like English. Without a language model only English claims can be checked against the page.',
};

const QUESTION_START =
  /^(?:who|whom|whose|what|when|where|why|how|which|is|are|was|were|do|does|did|can|could|will|would|should|shall|has|have|had|may|might)\b/i;

/** Words frequent in any English sentence: a claim of four words or more without one is not English. */
const ENGLISH = new Set(
  (
    'the a an of to in and is are was were be been has have had it its that this for on with as by ' +
    'at from not no or but he she they we i you his her their our said says will would can than ' +
    'more most all some there which who what when'
  ).split(' '),
);

/** Function words of other languages written in the Latin script (French, German, Spanish, Italian, Dutch…). */
const FOREIGN = new Set(
  (
    'le la les des du une est et que qui dans pour sur avec sont der die das und ist nicht ein eine ' +
    'mit von zu auf wurde el los las y es por con una del se lo il di che è per sono gli della het ' +
    'een van ook niet och är att som på för'
  ).split(' '),
);

/** The problem with `raw` as a claim, or null when it can be verified. */
export function claimProblem(raw: string): ClaimProblem | null {
  const text = raw.replace(/\s+/g, ' ').trim();
  const problem = (reason: ClaimProblemReason) => ({ reason, message: MESSAGES[reason] });
  if (text.length > MAX_QUESTION_CHARS) return problem('too-long');
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  if (!isLatin(text)) return problem('language');
  if (words.length < 2) return problem('one-word');
  if (/\?["”’)]*$/u.test(text) || (QUESTION_START.test(text) && !/[.!]["”’)]*$/u.test(text)))
    return problem('question');
  const count = (set: ReadonlySet<string>) => words.filter((w) => set.has(w.toLowerCase())).length;
  const english = count(ENGLISH);
  if (words.length >= 4 && (english === 0 || count(FOREIGN) > english)) return problem('language');
  return null;
}

/** Most letters in the Latin script. */
function isLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  return letters.length === 0 || latin.length / letters.length >= 0.6;
}
