// The languages whose stopword lists ship with the extension (cli/gen-stopwords.ts generates
// stopwords-data.ts from this list). English keeps its own short list in text.ts.
export const STOPWORD_LANGUAGES = [
  'fr',
  'de',
  'es',
  'pt',
  'it',
  'nl',
  'cs',
  'pl',
  'ru',
  'sv',
  'zh',
  'ja',
  'ko',
  'th',
  'ar',
] as const;
