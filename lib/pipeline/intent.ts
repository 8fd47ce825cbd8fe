// What kind of answer a question asks for, read from its wording alone (no model):
//  - an overview ("summarize this page", "TL;DR?", "what are the main points?") wants a summary
//    of the whole page, not the passages sharing its words (there are none worth having);
//  - a factoid's expected answer type (who → a person, when → a date, how many → a number, …)
//    lets the extractive composer prefer the sentence that holds such a phrase, abstain when none
//    of the matching sentences does, and mark the phrase itself (answer-span.ts).

import { terms } from '../core/text';

/** `summary`: an overview of the whole page; `answer`: everything else. */
export type Intent = 'answer' | 'summary';

/**
 * What a person calls the thing they are reading: a web page, or a PDF (a paper, a report, a
 * manual, a specification).
 */
const DOC =
  '(?:page|article|post|piece|story|text|essay|review|paper|document|pdf|report|manual|specification|spec|study|thesis|book|chapter|guide|handbook|file)';

const OVERVIEW = [
  /^\W*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:summari[sz]e|sum\s+up|recap)\b/i,
  /\b(?:summary|overview|gist|recap)\s+of\s+(?:this|the|it)\b/i,
  /^\W*(?:give\s+me\s+)?(?:a|the)?\s*(?:summary|overview|gist|recap)\W*$/i,
  /\btl;?\s?dr\b/i,
  /\b(main|key|central|important)\s+(points?|ideas?|takeaways?|arguments?|message|findings|themes?)\b/i,
  /\btakeaways?\b/i,
  new RegExp(
    `\\bwhat(?:'s|’s|\\s+is|\\s+are)\\s+(?:this|the)\\s+(?:${DOC}|list|blog|site)(?:\\s+(?:post|entry))?\\s+(?:all\\s+)?about\\b`,
    'i',
  ),
  /\bwhat\s+(?:is|are)\s+(?:they|it|this)\s+(?:talking|writing)\s+about\b/i,
  new RegExp(`\\bexplain\\s+(?:this|the)\\s+${DOC}\\b`, 'i'),
  /\b(?:verdict|conclusion|bottom\s+line)\s+of\s+(?:this|the)\s+(?:page|article|post|piece|review|story)\b/i,
  // "What's this about?", "What does the article say?", "the short version", "in a nutshell".
  /\bwhat(?:'s|’s|\s+is|\s+was)\s+(?:this|it)\s+(?:all\s+)?about\W*$/i,
  new RegExp(
    `\\bwhat\\s+(?:does|did)\\s+(?:this|the)\\s+(?:${DOC}|author|writer|reviewer)\\s+(?:say|argue|claim|conclude|cover|discuss|describe|think)\\W*$`,
    'i',
  ),
  /\b(?:short|quick|brief)\s+(?:version|summary|overview|rundown)\b|\bin\s+a\s+(?:nutshell|few\s+(?:words|sentences|lines))\b/i,
  /\b(?:synopsis|rundown|run-down|digest)\s+of\s+(?:this|the|it)\b|^\W*(?:give\s+me\s+)?(?:a|the)\s+(?:synopsis|rundown|digest)\W*$/i,
  /\b(?:key|main)\s+(?:highlights|lessons|facts|conclusions|claims|topics)\b/i,
  new RegExp(
    `\\b(?:${DOC}|author|reviewer)(?:'s|’s)\\s+(?:main\\s+|central\\s+|key\\s+|overall\\s+)?(?:point|argument|message|thesis|topic|subject|conclusion|verdict|take)\\b`,
    'i',
  ),
  new RegExp(`\\b(?:topic|subject|theme|thesis|point)\\s+of\\s+(?:this|the)\\s+${DOC}\\b`, 'i'),
  /^\W*(?:what(?:'s|’s|\s+is)\s+the\s+)?(?:verdict|bottom\s+line|upshot|gist)\W*$/i,
  new RegExp(`\\b(?:describe|outline)\\s+(?:this|the)\\s+${DOC}\\b`, 'i'),
];

// The same requests in French, German, Spanish, Portuguese, Italian, Dutch, Chinese and Japanese.
// JavaScript's \b knows ASCII letters only ("où", "é"), so these bound words with (?<!\p{L}) and
// (?!\p{L}) instead; W and E below stand for them.
const W = '(?<![\\p{L}])';
const E = '(?![\\p{L}])';
const PAGE_WORDS =
  "(?:cet|cette|ce|l['’]|la|le|du|de\\s+la|de\\s+l['’]|dieses|diesem|diesen|des|der|die|den|este|esta|el|la|del|do|da|o|a|questo|questa|dit|deze|het)\\s*(?:article|artikel|artículo|artigo|articolo|page|seite|página|pagina|texte|text|texto|testo|tekst|beitrag|post|billet|noticia|notícia|reportagem|nota|bericht)";
const OVERVIEW_OTHER_LANGUAGES = [
  // "Résume cet article", "Fasse den Artikel zusammen", "Resume el artículo", "Resuma o texto".
  `^[\\s¿¡«"'(]*(?:(?:peux|pouvez)[- ]?(?:tu|vous)\\s+|kannst\\s+du\\s+|können\\s+sie\\s+|puedes\\s+|pode\\s+|podes\\s+)?(?:résume[rz]?|résumez|fasse?|zusammenfassen|resume|resumir|resuma|resumen|riassumi|vat)${E}`,
  `${W}(?:résumé|résume|zusammenfassung|überblick|resumen|resumo|riassunto|samenvatting|synthèse|síntesis|síntese)${E}`,
  `${W}(?:fass(?:e|en)?\\s+.*\\s+zusammen|vat\\s+.*\\s+samen)${E}`,
  // "De quoi parle l'article ?", "Worum geht es?", "¿De qué trata?", "Do que trata o texto?".
  `${W}(?:de\\s+quoi\\s+(?:parle|traite)|worum\\s+geht|wovon\\s+handelt|de\\s+qué\\s+(?:trata|va|habla)|do\\s+que\\s+(?:se\\s+)?(?:trata|fala)|sobre\\s+o\\s+que\\s+(?:é|fala)|di\\s+cosa\\s+parla|waar\\s+gaat)${E}`,
  // "Les points principaux", "die wichtigsten Punkte", "las ideas principales", "os pontos principais".
  `${W}(?:points?\\s+(?:principaux|clés|essentiels)|idées?\\s+(?:principales?|clés)|(?:wichtigsten|zentralen)\\s+(?:punkte|aussagen|thesen)|kernaussagen?|hauptpunkte|(?:puntos|ideas)\\s+(?:principales|clave)|(?:pontos|ideias)\\s+(?:principais|chave)|punti\\s+principali)${E}`,
  // "le sujet de l'article", "das Thema des Artikels", "el tema del artículo", "o assunto do texto".
  `${W}(?:sujet|thème|thema|tema|assunto|argomento|onderwerp)\\s+${PAGE_WORDS}`,
  `${W}(?:en\\s+bref|en\\s+résumé|in\\s+kürze|en\\s+resumen|em\\s+resumo|in\\s+breve)${E}`,
  '总结|概括|摘要|主要内容|讲了什么|讲的是什么|说了什么|要点|要約|まとめ|概要|何について|요약',
].map((source) => new RegExp(source, 'iu'));

/** True for a request to summarise or explain the page as a whole. */
export function isOverviewQuestion(question: string): boolean {
  return (
    OVERVIEW.some((pattern) => pattern.test(question)) ||
    OVERVIEW_OTHER_LANGUAGES.some((pattern) => pattern.test(question))
  );
}

/** The intent the caller set (the Summarize button), else the one the wording implies. */
export function intentOf(question: string, requested?: Intent): Intent {
  return requested ?? (isOverviewQuestion(question) ? 'summary' : 'answer');
}

/** The kind of phrase that answers a factoid question; `other` when the wording does not say. */
export type AnswerType =
  | 'person'
  | 'date'
  | 'number'
  | 'money'
  | 'duration'
  | 'frequency'
  | 'place'
  | 'expansion'
  | 'other';

// Order matters: "how much did … pay" is money before "how much" is a number, "what year" is a
// date before "what" falls through to other.
const TYPE_RULES: ReadonlyArray<readonly [RegExp, AnswerType]> = [
  [/\bstand\s+for\b|\b(?:acronym|abbreviation)\b|\bshort\s+for\b/i, 'expansion'],
  [
    /\bhow\s+much\b.*\b(?:cost|costs|pay|paid|price|spend|spent|worth|charge|sell|sold|fund|raise|raised)\b/i,
    'money',
  ],
  [/\b(?:what|which)\s+(?:is\s+the\s+)?(?:price|cost|fee|salary)\b/i, 'money'],
  // "What was Whole Foods' promotional price for halibut?", "What was her salary at MIT?".
  [
    /^\W*(?:what|which)(?:'s|’s|\s+is|\s+was|\s+are|\s+were)\s+(?:[\p{L}'’-]+\s+){0,4}(?:price|cost|fee|salary|fare)s?(?:\s+(?:of|for|at|in)\b|\W*$)/iu,
    'money',
  ],
  [/\bhow\s+long\b|\bfor\s+how\s+long\b/i, 'duration'],
  // "How often should I water it?" is answered by a rate ("once every two seconds") or a
  // condition ("unless the walls stop misting up"), not only by a number.
  [/\bhow\s+often\b/i, 'frequency'],
  [/\bhow\s+(?:many|much|far|big|large|tall|high|heavy|old|fast|deep|wide)\b/i, 'number'],
  [
    /\b(?:what|which)\s+(?:percentage|percent|share|proportion|number|amount|age|size|speed|weight)\b/i,
    'number',
  ],
  [
    /\bwhat(?:'s|’s|\s+is|\s+was|\s+are)\s+the\s+(?:population|percentage|proportion|number|total|weight|size|age)\s+of\b/i,
    'number',
  ],
  [
    /^\s*(?:and\s+)?when\b|\b(?:what|which)\s+(?:year|date|day|month|decade|century|time)\b|\bin\s+what\s+year\b|\bhow\s+(?:late|early)\b/i,
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

// The question words of French, German, Spanish, Portuguese, Italian, Dutch, Chinese and
// Japanese. A bare question word counts at the start only (after "et", "und", "y", "e" or an
// opening "¿"), where it cannot be a name or an English word.
const START = '^[\\s¿¡«"\'(]*(?:(?:et|und|y|e|en)\\s+)?';
const TYPE_RULES_OTHER_LANGUAGES: ReadonlyArray<readonly [RegExp, AnswerType]> = [
  [
    `${W}(?:combien|wie\\s*viel|cuánto|cuanto|quanto)${E}.*${W}(?:co[uû]t|pay|prix|kost|bezahl|preis|cuest|cost|pag|precio|custa|custou|preço)`,
    'money',
  ],
  [`${W}(?:was|que|qué|quel|quelle|qual)\\s+(?:kostet|coûte|cuesta|custa|costa)${E}`, 'money'],
  [
    `${W}(?:combien\\s+de\\s+temps|pendant\\s+combien|depuis\\s+combien|wie\\s+lange|seit\\s+wann|cuánto\\s+tiempo|quanto\\s+tempo|per\\s+quanto\\s+tempo|hoe\\s+lang)${E}|多久|多长时间|どのくらいの期間|何年間`,
    'duration',
  ],
  [
    `${W}(?:combien|wie\\s*viele?|wieviele?|wie\\s+(?:hoch|groß|alt|weit|oft)|cuánt[oa]s?|cuant[oa]s|quant[oa]s?|quant[ie]|hoeveel)${E}|多少|几[个位名次年]|いくつ|何人|何個|何歳|いくら`,
    'number',
  ],
  [
    `${START}(?:quand|wann|cuándo|quando|wanneer)${E}|${W}(?:en\\s+quelle\\s+année|quelle\\s+(?:date|année)|quel\\s+(?:jour|mois|siècle)|in\\s+welchem\\s+jahr|welch(?:es|em|er)\\s+(?:datum|jahr|tag|monat)|en\\s+qué\\s+(?:año|fecha)|qué\\s+(?:año|fecha|día)|em\\s+que\\s+(?:ano|data)|que\\s+(?:ano|data|dia)|in\\s+che\\s+anno|in\\s+welk\\s+jaar)${E}|什么时候|何时|哪一?年|几月|哪天|いつ|何年|何月|何日`,
    'date',
  ],
  [
    `${START}(?:où|wo|woher|wohin|dónde|donde|onde|aonde|dove|waar)${E}|${W}(?:dans\\s+quel(?:le)?\\s+(?:ville|pays|région)|quel(?:le)?\\s+(?:ville|pays|région)|in\\s+welch(?:er|em)\\s+(?:stadt|land)|welche(?:s)?\\s+(?:stadt|land)|en\\s+qué\\s+(?:ciudad|país)|qué\\s+(?:ciudad|país)|em\\s+que\\s+(?:cidade|país)|que\\s+(?:cidade|país)|qual\\s+(?:cidade|país))${E}|哪里|哪儿|在哪|什么地方|どこ`,
    'place',
  ],
  [
    `${START}(?:qui|wer|wem|wen|wessen|quién|quiénes|quien|quem|chi)${E}|${W}(?:de\\s+qui|von\\s+wem|de\\s+quién|de\\s+quem)${E}|谁|誰|だれ|どなた`,
    'person',
  ],
].map(([source, type]) => [new RegExp(source as string, 'iu'), type as AnswerType] as const);

export function answerTypeOf(question: string): AnswerType {
  for (const [pattern, type] of TYPE_RULES) if (pattern.test(question)) return type;
  for (const [pattern, type] of TYPE_RULES_OTHER_LANGUAGES) if (pattern.test(question)) return type;
  return 'other';
}

// The words that only say what kind of answer is wanted ("how long", "what year", "stand for"):
// they are not evidence, and a passage that states the answer rarely repeats them.
const FORM_WORDS =
  /\b(?:how\s+(?:long|many|much|often|far|big|large|old)|(?:what|which)\s+(?:year|date|day|month)|in\s+(?:what|which)\s+year|stand\s+for|short\s+for|(?:the\s+)?name\s+of|what\s+(?:percentage|proportion|share)\s+of|how\s+(?:late|early)|what\s+time|(?:take|takes|taking|took|taken)\s+place)\b/gi;

// The same in other languages: "en quelle année", "in welchem Jahr", "en qué año", "em que ano".
const FORM_WORDS_OTHER_LANGUAGES = new RegExp(
  `${W}(?:en\\s+quelle\\s+année|quelle\\s+année|in\\s+welchem\\s+jahr|welches\\s+jahr|en\\s+qué\\s+año|qué\\s+año|em\\s+que\\s+ano|que\\s+ano|in\\s+che\\s+anno|combien\\s+de\\s+temps|wie\\s+lange|cuánto\\s+tiempo|quanto\\s+tempo|le\\s+nom\\s+de|den\\s+namen|el\\s+nombre\\s+de|o\\s+nome\\s+d[eoa])${E}`,
  'giu',
);

/** The question with its answer-form words removed, for matching passages. */
export function contentOf(question: string): string {
  return question
    .replace(FORM_WORDS, ' ')
    .replace(FORM_WORDS_OTHER_LANGUAGES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// A follow-up that leans on the turn before: it opens with "and" or "what about", or points back
// with a pronoun ("Who created it?", "What did he show about them?"), or says almost nothing of
// its own ("And in 2012?"). Its subject is the previous question's.
const LEANS_BACK =
  /^\W*(?:and|but|so|also|what\s+about|how\s+about|what\s+of)\b|\b(?:it|its|he|him|his|she|her|hers|they|them|their|theirs|this|that|these|those|there|then)\b/i;

/**
 * True for a follow-up that cannot be read without the previous question (`contentTerms`: how many
 * content words of its own it has).
 */
export function isElliptical(question: string, contentTerms: number): boolean {
  return (contentTerms <= 1 && !NAMES_ITS_SUBJECT.test(question)) || LEANS_BACK.test(question);
}

/**
 * "What is Viaskin?", "Who is Katie Allen?": a whole question about a name, asked after another
 * about something else; its one word of its own is the subject, not a part of the turn before.
 */
const NAMES_ITS_SUBJECT =
  /^\s*[Ww]h(?:at|o)(?:'s|’s|\s+(?:is|are|was|were))\s+(?:an?\s+|the\s+)?\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+\p{Lu}[\p{L}\p{N}'’.-]*)*\s*\??\s*$/u;

/** `isElliptical`, counting the question's own content words in the page's language. */
export function leansOnPrevious(question: string, lang?: string): boolean {
  return isElliptical(question, terms(contentOf(question), lang).length);
}

// The question's focus: the noun right after "which"/"what" ("In which city …", "What illness
// …", "What kind of tool …"). It names the kind of thing the answer is, and the sentence that
// answers rarely repeats it ("… his compound in Harare" answers "which city"). Verbs and
// auxiliaries after the question word are not a focus ("What did …", "Which was …"); names and
// proper adjectives before the noun are passed over ("Which Android version", "which Canadian
// university"): the answer is about them, they are not its kind.
const FOCUS =
  /\b[Ww](?:hich|hat)\s+(?:kinds?\s+of\s+|types?\s+of\s+|sorts?\s+of\s+)?(?:[A-Z][\w'’.-]*\s+){0,4}([a-z][\w'’-]*)/g;
const NOT_FOCUS =
  /^(?:is|was|are|were|do|does|did|has|have|had|can|could|will|would|should|may|might|must|if|of|the|a|an|to|in|on|about|happened|happens|else|other|exactly|else)$/i;

/** The focus words of a question (see FOCUS): the kind of thing asked for. */
export function focusOf(question: string): string[] {
  return Array.from(question.matchAll(FOCUS), (m) => m[1]!).filter(
    (word) => !NOT_FOCUS.test(word) && !/['’]s$/i.test(word),
  );
}

// "How many WordPress jobs were posted …?": the words after "how many/much" up to an auxiliary,
// a preposition or a pronoun ("WordPress jobs"; "professionals took part" where a verb of no list
// follows), three at most after the first. "How much of …" asks for a share, and counts nothing.
const COUNTED =
  /\bhow\s+(?:many|much)\s+(?!(?:of|were|was|are|is|did|does|do|have|has|had|will|would|can|could|should|may|might)\b)((?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+(?:were|was|are|is|did|does|do|have|has|had|will|would|can|could|should|may|might|of|in|on|at|for|per|each|from|to|that|there|the|a|an|he|she|they|it|we|you|i)\b/iu;

/**
 * The words that may name what a "how many/much" question counts ("manhole fires" of "How many
 * manhole fires were there …?"), names left out (they say whose, not what); empty when the question
 * names nothing ("How much does it weigh?").
 */
export function countedWordsOf(question: string): string[] {
  const phrase = COUNTED.exec(question)?.[1] ?? '';
  return phrase.split(/\s+/).filter((word) => /^\p{Ll}/u.test(word));
}

// "When did Georges Claude die?": after "did/does/do/will" and the subject, the question ends on
// the verb of the event asked about.
const EVENT_VERB =
  /^\W*(?:[Aa]nd\s+)?[Ww]hen\s+(?:did|does|do|will)\s+\S.*?\s(\p{Ll}[\p{L}'’-]*)\W*$/u;

/**
 * The verb a "when did … <verb>?" question asks the date of ("die"); undefined when the question
 * ends otherwise ("When did Disney acquire Lucasfilm?" ends on a name).
 */
export function eventVerbOf(question: string): string | undefined {
  const verb = EVENT_VERB.exec(question)?.[1];
  // "When did it buy it?" ends on a pronoun or a particle, not the event.
  return verb && !/^(?:it|him|her|them|this|that|there|then|up|out|off|on|in|down|so)$/.test(verb)
    ? verb
    : undefined;
}
