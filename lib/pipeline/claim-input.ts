// Whether a selection can be verified at all. A claim needs a subject and something said about
// it; a question asks rather than claims; the matching rules (claim-match.ts) know English only.
// The answer is a reason and a sentence for the panel, never an exception: the user's selection
// stays in the box and the verdict says why it was not checked.

import { messageFor, PipelineError, type ErrorCode } from '../core/errors';
import { normalizeText } from '../core/text';
import { MAX_QUESTION_CHARS } from './question';

export type ClaimProblemReason = 'one-word' | 'too-long' | 'question' | 'language';

export interface ClaimProblem {
  reason: ClaimProblemReason;
  message: string;
}

/** The coded error of each problem: its message is the one the panel shows (core/errors.ts). */
const CODES = {
  'one-word': 'claim-too-short',
  'too-long': 'claim-too-long',
  question: 'claim-is-question',
  language: 'claim-other-language',
} as const satisfies Record<ClaimProblemReason, ErrorCode>;

const QUESTION_START =
  /^(?:who|whom|whose|what|when|where|why|how|which|is|are|was|were|do|does|did|can|could|will|would|should|shall|has|have|had|may|might)\b/i;

/** Words frequent in any English sentence: a long claim without one is not English. */
const ENGLISH = new Set(
  (
    'the a an of to in and is are was were be been has have had it its that this for on with as by ' +
    'at from not no or but he she they we i you his her their our said says will would can than ' +
    'more most all some there which who what when after before into over under about up out ' +
    'also only one two new first them then if did does'
  ).split(' '),
);

/**
 * Function words of other languages written in the Latin script (French, German, Spanish, Italian,
 * Dutch…). Not those English writes too: "per" ("$210,000 per year"), "die".
 */
const FOREIGN = new Set(
  (
    'le la les des du une est et que qui dans pour sur avec sont der das und ist nicht ein eine ' +
    'mit von zu auf wurde el los las y es por con una del se lo il di che è sono gli della het ' +
    'een van ook niet och är att som på för'
  ).split(' '),
);

/**
 * Languages whose claims the rules check, besides English: their negation words are in
 * lexicon-data.ts (NEGATION_WORDS_OTHER_LANGUAGES), and a claim is matched to the page's sentences
 * word by word, so a claim in the page's own language can be read. Other scripts are refused.
 */
export const CLAIM_LANGUAGES: ReadonlySet<string> = new Set(['fr', 'de', 'es', 'pt']);

/**
 * The problem with `raw` as a claim, or null when it can be verified. `lang` is the page's
 * primary language: on a page in one of CLAIM_LANGUAGES a claim in that language is accepted.
 */
export function claimProblem(raw: string, lang?: string): ClaimProblem | null {
  const text = raw.replace(/\s+/g, ' ').trim();
  const problem = (reason: ClaimProblemReason) => ({ reason, message: messageFor(CODES[reason]) });
  if (text.length > MAX_QUESTION_CHARS) return problem('too-long');
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  if (!isLatin(text)) return problem('language');
  if (words.length < 2) return problem('one-word');
  if (/\?["”’)]*$/u.test(text) || (QUESTION_START.test(text) && !/[.!]["”’)]*$/u.test(text)))
    return problem('question');
  if (lang && CLAIM_LANGUAGES.has(lang)) return null;
  const count = (set: ReadonlySet<string>) => words.filter((w) => set.has(w.toLowerCase())).length;
  const english = count(ENGLISH);
  // Numbers are in no language: "So, $210,000 per year." is two words, not four.
  const lettered = words.filter((w) => /\p{L}/u.test(w)).length;
  // A short claim with no English function word can still be English ("Universe contains dark
  // energy."): only foreign function words, or a long run without any English one, say otherwise.
  const foreign = count(FOREIGN) > english || (english === 0 && lettered >= 8);
  if (lettered >= 4 && foreign) return problem('language');
  return null;
}

/** Most letters in the Latin script. */
function isLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  return letters.length === 0 || latin.length / letters.length >= 0.6;
}

/**
 * A selection to verify, on one line, or a coded error the panel shows beside the kept selection
 * (runPipeline calls this before any work in verify mode).
 */
export function validateClaim(raw: string, lang?: string): string {
  const claim = normalizeText(raw).replace(/\n/g, ' ');
  if (claim.length === 0) throw new PipelineError('question-empty');
  const problem = claimProblem(claim, lang);
  if (problem) throw new PipelineError(CODES[problem.reason]);
  return claim;
}
