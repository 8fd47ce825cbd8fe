import { describe, expect, it } from 'vitest';
import { stopwordLists } from '../../cli/gen-stopwords';
import { detectLanguage, primaryLanguage, questionLanguage } from '../../lib/core/language';
import { STOPWORD_LISTS } from '../../lib/core/stopwords-data';
import { STOPWORD_LANGUAGES } from '../../lib/core/stopwords-languages';
import { languagesOf, pageLanguage } from '../../lib/pipeline/language';
import { readHtml } from '../../lib/page/node';
import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };

const FRENCH =
  'Le Parlement a adopté mardi le projet de loi sur le renseignement, qui encadre les activités des services secrets. Les opposants dénoncent une surveillance de masse des citoyens et saisissent le Conseil constitutionnel.';
const GERMAN =
  'Der Bundestag hat am Donnerstag das umstrittene Gesetz zur Vorratsdatenspeicherung beschlossen. Kritiker sprechen von einer anlasslosen Überwachung aller Bürger und wollen vor das Verfassungsgericht ziehen.';
const CHINESE = '腾讯新闻报道，国务院周三召开常务会议，部署进一步扩大内需的措施，会议由总理主持。';
const JAPANESE =
  'むかしむかし、あるところに、おじいさんとおばあさんが住んでいました。おじいさんは山へしばかりに行きました。';
const ENGLISH =
  'The lighthouse was finished around 280 BC and stood for centuries before an earthquake damaged it.';

const page = (text: string, lang?: string) => ({
  title: 'T',
  blocks: [{ kind: 'paragraph' as const, text }],
  ...(lang ? { lang } : {}),
});

describe('primaryLanguage', () => {
  it.each([
    ['pt-BR', 'pt'],
    ['zh-Hant-TW', 'zh'],
    ['FR', 'fr'],
    [' de_AT ', 'de'],
    ['', undefined],
    ['not a tag!', undefined],
    [undefined, undefined],
  ])('%j → %j', (tag, primary) => {
    expect(primaryLanguage(tag)).toBe(primary);
  });
});

describe('detectLanguage', () => {
  it.each([
    [FRENCH, 'fr'],
    [GERMAN, 'de'],
    [CHINESE, 'zh'],
    [JAPANESE, 'ja'],
    [ENGLISH, 'en'],
  ])('detects %#', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('says nothing for text without letters', () => {
    expect(detectLanguage('1234 — 5678')).toBeUndefined();
  });
});

describe('pageLanguage', () => {
  it("prefers the page's own tag to detection", () => {
    expect(pageLanguage(page(FRENCH, 'pt-BR'))).toBe('pt');
  });

  it('detects an untagged page from its text', () => {
    expect(pageLanguage(page(GERMAN))).toBe('de');
    expect(pageLanguage(page(CHINESE))).toBe('zh');
  });

  it('reads Content-Language when <html> has no lang', () => {
    const html = `<html><head><meta http-equiv="Content-Language" content="de, en"><title>T</title></head><body><p>${GERMAN}</p></body></html>`;
    expect(readHtml(html, { url: 'https://fixtures.test/de' }).lang).toBe('de');
  });
});

describe('questionLanguage', () => {
  it("keeps the page's language for a question in it, even a short one", () => {
    expect(questionLanguage("Qui est le sujet de l'article ?", 'fr')).toBe('fr');
    expect(questionLanguage('Wer ist der Autor?', 'de')).toBe('de');
  });

  it('follows a question clearly in another language', () => {
    expect(questionLanguage('Who is the author?', 'fr')).toBe('en');
    expect(questionLanguage('Quand la loi a-t-elle été votée ?', 'en')).toBe('fr');
    expect(questionLanguage('この記事の著者は誰ですか', 'en')).toBe('ja');
  });

  it('falls back to the page, then English, for a question too short to tell', () => {
    expect(questionLanguage('Q?', 'es')).toBe('es');
    expect(questionLanguage('Q?', undefined)).toBe('en');
  });

  it('gives both languages of a run', () => {
    expect(languagesOf(page(FRENCH, 'fr'), 'Who voted for the law?')).toEqual({
      page: 'fr',
      question: 'en',
    });
  });
});

describe('stopwords-data', () => {
  it('holds the stopwords-iso list of each shipped language, single words only (cli/gen-stopwords.ts)', () => {
    expect(STOPWORD_LISTS).toEqual(stopwordLists());
    const iso = stopwordsIso as Record<string, string[]>;
    for (const lang of STOPWORD_LANGUAGES) {
      const words = STOPWORD_LISTS[lang]!.split(' ');
      expect(words.length, lang).toBeGreaterThan(50);
      expect(
        words.every((w) => iso[lang]!.includes(w)),
        lang,
      ).toBe(true);
    }
  });
});
