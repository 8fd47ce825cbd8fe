// The keyword path of a language other than English: how a page's words become BM25 terms.
// Words come from Intl.Segmenter's word mode (which cuts Chinese, Japanese and Thai at words with
// its dictionary), stopwords from stopwords-iso (stopwords-data.ts), stems from the Snowball
// stemmers of @orama/stemmers (Czech: a light stemmer below). Each stemmer is a module of its
// own, imported statically so the bundler ships exactly these; a language without one keeps its
// words whole (the fuzzy prefix match of expand.ts still joins close forms).

import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { STOPWORD_LISTS } from './stopwords-data';

/**
 * Czech has no Snowball stemmer in @orama/stemmers, and it inflects every noun and adjective
 * ("manažer", "manažera", "manažerem"). This is the case-ending part of the light stemmer of
 * Dolamic and Savoy ("Indexing and stemming approaches for the Czech language", 2009): the
 * longest known ending goes, and the stem keeps at least three letters.
 */
const CZECH_ENDINGS: ReadonlyArray<readonly [number, RegExp]> = [
  [7, /atech$/],
  [6, /(?:ětem|etem|atům)$/],
  [
    5,
    /(?:ech|ich|ích|ého|ěmi|emi|ému|ěte|ete|ěti|eti|ího|iho|ími|ímu|imu|ách|ata|aty|ých|ama|ami|ové|ovi|ými)$/,
  ],
  [4, /(?:em|es|ém|ím|ům|at|ám|os|us|ým|mi|ou)$/],
  [3, /[aeiouyáéíýěů]$/],
];

function czech(word: string): string {
  for (const [minLength, ending] of CZECH_ENDINGS)
    if (word.length > minLength && ending.test(word)) return word.replace(ending, '');
  return word;
}

const STEMMERS: Record<string, (word: string) => string> = {
  cs: czech,
  de: german,
  es: spanish,
  fr: french,
  it: italian,
  nl: dutch,
  pt: portuguese,
  ru: russian,
  sv: swedish,
};

/**
 * Words that only point at the page or the asking ("article", "page", "according to"), like the
 * end of English's list in text.ts, and question words stopwords-iso leaves out.
 */
const EXTRA_STOPWORDS: Record<string, string> = {
  fr: 'article page texte selon dites-moi',
  de: 'artikel seite text laut wieviel wieviele',
  es: 'artículo página texto según',
  pt: 'artigo página texto segundo quantos quantas',
  it: 'articolo pagina testo secondo',
  nl: 'artikel pagina tekst volgens',
  cs: 'článek článku stránka stránce text podle',
  // stopwords-iso's Chinese list is in simplified characters: the traditional forms of its
  // question and function words (Taiwan, Hong Kong pages), and "how much money".
  zh: '什麼 甚麼 哪裡 哪裏 哪兒 哪個 哪些 為什麼 怎麼 怎樣 誰 幾 嗎 這 這個 這些 這篇 那個 那些 們 個 與 為 於 從 對 將 還 會 說 讓 給 過 時 後 裡 麼 多少錢 少錢 文章',
};

// French, Italian and Catalan write elided articles and pronouns onto the next word ("l'article",
// "qu'il", "dell'anno"), which the segmenter keeps as one word: the elided part is cut off.
const ELIDED = /^(?:[\p{L}]{1,2}|[\p{L}]*qu|dell|dall|nell|sull|all)['’](?=\p{L})/iu;
const ELIDING = new Set(['fr', 'it', 'ca']);

// Japanese grammar is written in hiragana between the content words (kanji, katakana): the
// segmenter leaves particles and inflections such as "ま", "した", "です" as words of their own.
const JAPANESE_PARTICLE = /^\p{Script=Hiragana}{1,2}$/u;

export interface Analyzer {
  lang: string;
  /** Lower-cased word → term, '' for a stopword. */
  term: (word: string) => string;
}

const analyzers = new Map<string, Analyzer>();

/** The analyzer of a primary language code ("fr"); created once per language. */
export function analyzerFor(lang: string): Analyzer {
  let analyzer = analyzers.get(lang);
  if (!analyzer) {
    analyzer = createAnalyzer(lang);
    analyzers.set(lang, analyzer);
  }
  return analyzer;
}

function createAnalyzer(lang: string): Analyzer {
  const stopwords = new Set(
    `${STOPWORD_LISTS[lang] ?? ''} ${EXTRA_STOPWORDS[lang] ?? ''}`.split(' ').filter(Boolean),
  );
  const stemmer = STEMMERS[lang];
  const elides = ELIDING.has(lang);
  const particle = lang === 'ja' ? JAPANESE_PARTICLE : null;
  return {
    lang,
    term: (word) => {
      const bare = elides ? word.replace(ELIDED, '') : word;
      if (!/[\p{L}\p{N}]/u.test(bare) || stopwords.has(bare) || stopwords.has(word)) return '';
      if (particle?.test(bare)) return '';
      return stemmer && !/\d/.test(bare) ? stemmer(bare) : bare;
    },
  };
}
