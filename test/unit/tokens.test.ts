import { describe, expect, it } from 'vitest';
import { countTokens, normalizeText, stem, terms, tokenSpans } from '../../lib/core/text';

describe('countTokens', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['The tower', 2],
    ['built in 280 BC.', 5],
    ["Pharos's light didn't fail", 4],
    ['a-b', 3],
    ['東京タワー', 5],
    ['ภาษาไทย', 7],
    ['café naïve', 2],
  ])('%j has %i tokens', (text, n) => {
    expect(countTokens(text)).toBe(n);
  });

  it('agrees with tokenSpans, whose offsets slice back to each token', () => {
    const text = 'Pliny wrote: "800 talents" (a huge sum)! 東京';
    const spans = tokenSpans(text);
    expect(spans).toHaveLength(countTokens(text));
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(spans.map((s) => s.text)).toEqual([
      'Pliny',
      'wrote',
      ':',
      '"',
      '800',
      'talents',
      '"',
      '(',
      'a',
      'huge',
      'sum',
      ')',
      '!',
      '東',
      '京',
    ]);
  });
});

describe('terms', () => {
  it('drops stopwords and punctuation, lower-cases and stems', () => {
    expect(terms('When was the Lighthouse built?')).toEqual(['lighthous', 'build']);
    expect(terms('Which harbours were damaged?')).toEqual(['harbour', 'damag']);
  });
  it('maps irregular question verbs onto the words facts use', () => {
    expect(terms('Where was he born?')).toEqual(terms('place of birth').slice(1));
    // "die" meets "died" at "death", so "when did she die?" finds "she died in 1910".
    expect(terms('When did she die? When was it built?')).toEqual(['death', 'build']);
    expect(terms('He died in Cambridge')).toEqual(terms('death in Cambridge'));
  });
  it('strips the possessive', () => {
    expect(terms("Alexandria's harbour")).toEqual(terms('Alexandria harbour'));
  });
  it('keeps numbers whole', () => {
    expect(terms('in 1303, 956 and 280')).toEqual(['1303', '956', '280']);
  });
  it('is empty for a question made only of stopwords', () => {
    expect(terms('What is it?')).toEqual([]);
  });
});

describe('stem', () => {
  it.each([
    ['earthquakes', 'earthquak'],
    ['damaged', 'damag'],
    ['damage', 'damag'],
    ['stories', 'story'],
    ['building', 'build'],
    ['harbours', 'harbour'],
    ['glass', 'glass'],
    ['status', 'status'],
    ['1303s', '1303s'],
    ['sea', 'sea'],
  ])('%s → %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });
});

describe('normalizeText', () => {
  it('drops zero-width characters and soft hyphens', () => {
    expect(normalizeText('pol\u200Blen hi\uFEFFve dan\u200Dcing light\u00ADhouse')).toBe(
      'pollen hive dancing lighthouse',
    );
  });
  it('collapses spaces, trims lines and keeps single line breaks', () => {
    expect(normalizeText('  a \t b \r\n\r\n\n  c  ')).toBe('a b\nc');
  });
});

describe('terms in other languages', () => {
  it('keeps English exactly as before when the language is English or unknown', () => {
    const text = "Where was she born? The tower's builders discovered 3 damaged ships.";
    expect(terms(text, 'en')).toEqual(terms(text));
    expect(terms(text)).toEqual(['birth', 'tower', 'builder', 'discover', '3', 'damag', 'ship']);
  });

  it('French: cuts elided articles, drops stopwords, stems with Snowball', () => {
    expect(terms("Qui a voté la loi ? L'Assemblée nationale l’a votée.", 'fr')).toEqual([
      'vot',
      'loi',
      'assembl',
      'national',
      'vot',
    ]);
    // Inflected forms meet: "surveillances" / "surveillance", "adoptée" / "adopté".
    expect(terms('surveillances adoptée', 'fr')).toEqual(terms('surveillance adopté', 'fr'));
  });

  it('German: stems compounds and plurals, folds umlauts, drops stopwords', () => {
    expect(terms('Wer hat die Gesetze beschlossen?', 'de')).toEqual(['gesetz', 'beschloss']);
    expect(terms('Überwachungsgesetze', 'de')).toEqual(terms('Überwachungsgesetz', 'de'));
  });

  it('Spanish and Portuguese: stems plurals and drops question words', () => {
    expect(terms('¿Quién ganó las elecciones presidenciales?', 'es')).toEqual(
      terms('ganó elección presidencial', 'es'),
    );
    expect(terms('Quantos presidentes brasileiros?', 'pt')).toEqual(['president', 'brasileir']);
  });

  it('Chinese: cuts words with the segmenter (no spaces needed) and drops function words', () => {
    const words = terms('谁是这篇文章的作者？新闻报道了会议。', 'zh');
    expect(words).toContain('作者');
    expect(words).toContain('新闻');
    expect(words).toContain('报道');
    expect(words).not.toContain('的');
    expect(words).not.toContain('了');
  });

  it('Japanese: keeps kanji and katakana words, drops particles and endings', () => {
    const words = terms('桃太郎は鬼ヶ島へ行きました。', 'ja');
    expect(words).toContain('桃太郎');
    expect(words).toContain('鬼ヶ島');
    expect(words).not.toContain('は');
    expect(words).not.toContain('へ');
    expect(words).not.toContain('した');
  });

  it('Czech: the light stemmer strips case endings, so declined forms meet', () => {
    expect(terms('Kdo je autorem článku o volbách?', 'cs')).toEqual(['autor', 'volb']);
    expect(terms('manažerem manažera manažer', 'cs')).toEqual(['manažer', 'manažer', 'manažer']);
    // Short words keep their letters: a stem has at least three.
    expect(terms('Ham Hamu', 'cs')).toEqual(['ham', 'ham']);
  });

  it('Traditional Chinese question words are stopwords too', () => {
    expect(terms('晚餐準備了什麼菜？', 'zh')).toEqual(['晚餐', '準備', '菜']);
  });
});
