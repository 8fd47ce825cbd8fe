// What kind of answer a question asks for, read from its wording alone (no model):
//  - an overview ("summarize this page", "TL;DR?", "what are the main points?") wants a summary
//    of the whole page, not the passages sharing its words (there are none worth having);
//  - a factoid's expected answer type (who → a person, when → a date, how many → a number, …)
//    lets the extractive composer prefer the sentence that holds such a phrase, abstain when none
//    of the matching sentences does, and mark the phrase itself (answer-span.ts).

/** `summary`: an overview of the whole page; `answer`: everything else. */
export type Intent = 'answer' | 'summary';

const OVERVIEW = [
  /^\W*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:summari[sz]e|sum\s+up|recap)\b/i,
  /\b(?:summary|overview|gist|recap)\s+of\s+(?:this|the|it)\b/i,
  /^\W*(?:give\s+me\s+)?(?:a|the)?\s*(?:summary|overview|gist|recap)\W*$/i,
  /\btl;?\s?dr\b/i,
  /\b(main|key|central|important)\s+(points?|ideas?|takeaways?|arguments?|message|findings|themes?)\b/i,
  /\btakeaways?\b/i,
  /\bwhat(?:'s|’s|\s+is|\s+are)\s+(?:this|the)\s+(?:page|article|post|piece|story|text|essay|review|list|blog|paper|document|site)(?:\s+(?:post|entry))?\s+(?:all\s+)?about\b/i,
  /\bwhat\s+(?:is|are)\s+(?:they|it|this)\s+(?:talking|writing)\s+about\b/i,
  /\bexplain\s+(?:this|the)\s+(?:page|article|post|piece|story|text|document)\b/i,
  /\b(?:verdict|conclusion|bottom\s+line)\s+of\s+(?:this|the)\s+(?:page|article|post|piece|review|story)\b/i,
  // "What's this about?", "What does the article say?", "the short version", "in a nutshell".
  /\bwhat(?:'s|’s|\s+is|\s+was)\s+(?:this|it)\s+(?:all\s+)?about\W*$/i,
  /\bwhat\s+(?:does|did)\s+(?:this|the)\s+(?:page|article|post|piece|story|text|essay|review|paper|author|writer|reviewer)\s+(?:say|argue|claim|conclude|cover|discuss|describe|think)\W*$/i,
  /\b(?:short|quick|brief)\s+(?:version|summary|overview|rundown)\b|\bin\s+a\s+(?:nutshell|few\s+(?:words|sentences|lines))\b/i,
  /\b(?:synopsis|rundown|run-down|digest)\s+of\s+(?:this|the|it)\b|^\W*(?:give\s+me\s+)?(?:a|the)\s+(?:synopsis|rundown|digest)\W*$/i,
  /\b(?:key|main)\s+(?:highlights|lessons|facts|conclusions|claims|topics)\b/i,
  /\b(?:page|article|post|piece|story|essay|review|paper|author|reviewer)(?:'s|’s)\s+(?:main\s+|central\s+|key\s+|overall\s+)?(?:point|argument|message|thesis|topic|subject|conclusion|verdict|take)\b/i,
  /\b(?:topic|subject|theme|thesis|point)\s+of\s+(?:this|the)\s+(?:page|article|post|piece|story|essay|review|paper)\b/i,
  /^\W*(?:what(?:'s|’s|\s+is)\s+the\s+)?(?:verdict|bottom\s+line|upshot|gist)\W*$/i,
  /\b(?:describe|outline)\s+(?:this|the)\s+(?:page|article|post|piece|story|text|document)\b/i,
];

/** True for a request to summarise or explain the page as a whole. */
export function isOverviewQuestion(question: string): boolean {
  return OVERVIEW.some((pattern) => pattern.test(question));
}

/** The intent the caller set (the Summarize button), else the one the wording implies. */
export function intentOf(question: string, requested?: Intent): Intent {
  return requested ?? (isOverviewQuestion(question) ? 'summary' : 'answer');
}

/** The kind of phrase that answers a factoid question; `other` when the wording does not say. */
export type AnswerType =
  'person' | 'date' | 'number' | 'money' | 'duration' | 'place' | 'expansion' | 'other';

// Order matters: "how much did … pay" is money before "how much" is a number, "what year" is a
// date before "what" falls through to other.
const TYPE_RULES: ReadonlyArray<readonly [RegExp, AnswerType]> = [
  [/\bstand\s+for\b|\b(?:acronym|abbreviation)\b|\bshort\s+for\b/i, 'expansion'],
  [
    /\bhow\s+much\b.*\b(?:cost|costs|pay|paid|price|spend|spent|worth|charge|sell|sold|fund|raise|raised)\b/i,
    'money',
  ],
  [/\b(?:what|which)\s+(?:is\s+the\s+)?(?:price|cost|fee|salary)\b/i, 'money'],
  [/\bhow\s+long\b|\bfor\s+how\s+long\b/i, 'duration'],
  [/\bhow\s+(?:many|much|often|far|big|large|tall|high|heavy|old|fast|deep|wide)\b/i, 'number'],
  [
    /\b(?:what|which)\s+(?:percentage|percent|share|proportion|number|amount|age|size|speed|weight)\b/i,
    'number',
  ],
  [
    /^\s*(?:and\s+)?when\b|\b(?:what|which)\s+(?:year|date|day|month|decade|century)\b|\bin\s+what\s+year\b/i,
    'date',
  ],
  [
    /^\s*(?:and\s+)?where\b|\b(?:what|which)\s+(?:city|country|town|state|place|region|continent)\b|\bin\s+which\s+(?:city|country|town|state)\b/i,
    'place',
  ],
  [
    /^\s*(?:and\s+)?(?:who|whom)\b|\bwhose\b|\b(?:which|what)\s+(?:person|author|writer|man|woman|analyst|developer|director|scientist|researcher|chemist|president|ceo|founder|actor|actress)\b|\bwho\s+(?:is|was|wrote|created|founded|directed|invented|discovered)\b/i,
    'person',
  ],
];

export function answerTypeOf(question: string): AnswerType {
  for (const [pattern, type] of TYPE_RULES) if (pattern.test(question)) return type;
  return 'other';
}

// The words that only say what kind of answer is wanted ("how long", "what year", "stand for"):
// they are not evidence, and a passage that states the answer rarely repeats them.
const FORM_WORDS =
  /\b(?:how\s+(?:long|many|much|often|far|big|large|old)|what\s+(?:year|date|day|month)|in\s+what\s+year|stand\s+for|short\s+for|(?:the\s+)?name\s+of)\b/gi;

/** The question with its answer-form words removed, for matching passages. */
export function contentOf(question: string): string {
  return question.replace(FORM_WORDS, ' ').replace(/\s+/g, ' ').trim();
}
