import { describe, expect, it } from 'vitest';
import {
  answerTypeOf,
  contentOf,
  countedWordsOf,
  eventVerbOf,
  intentOf,
  focusOf,
  isElliptical,
  isOverviewQuestion,
} from '../../lib/pipeline/intent';

describe('isOverviewQuestion', () => {
  it.each([
    'Summarize this page.',
    'TL;DR?',
    'What is this article about?',
    "What's this page about?",
    'What are the main points?',
    'Give me the key takeaways.',
    'Explain this page.',
    "What's this about?",
    'What does the article say?',
    'Give me the short version.',
    "What is the author's main argument?",
    'What is the topic of this post?',
    'Verdict?',
    // PDFs: papers, reports, manuals, specifications.
    'What is this PDF about?',
    'What is this specification about?',
    'What does the report say?',
    'Explain this paper.',
    'What is the main point of this study?',
    "What is the report's main conclusion?",
  ])('%s is an overview', (q) => expect(isOverviewQuestion(q)).toBe(true));

  it.each([
    'Who wrote the summary report?',
    'What is the capital of Australia?',
    'When was it built?',
    'What does the author say about taxes?',
    'What is the verdict in the Smith case?',
    'What does the manual say about passwords?',
    'Which file does the spec name?',
  ])('%s is not', (q) => expect(isOverviewQuestion(q)).toBe(false));

  it('lets the caller (the Summarize button) set the intent', () => {
    expect(intentOf('Anything at all', 'summary')).toBe('summary');
    expect(intentOf('TL;DR?')).toBe('summary');
    expect(intentOf('Who built it?')).toBe('answer');
  });
});

describe('answerTypeOf', () => {
  it.each([
    ['Who discovered neon?', 'person'],
    ['When did Lorenz die?', 'date'],
    ['In what year was neon discovered?', 'date'],
    ['How many lists does the payload contain?', 'number'],
    ['How much did Amazon pay for Whole Foods?', 'money'],
    ['How long was the test?', 'duration'],
    ['How often does ATF poll for tasks?', 'frequency'],
    ['How often should I water a closed terrarium?', 'frequency'],
    ['Where is Apple based?', 'place'],
    ['What does PII stand for?', 'expansion'],
    ['What is the new setting called?', 'other'],
    ["What's the population of Tunisia?", 'number'],
    ["What was Whole Foods' promotional price for halibut?", 'money'],
    ['What was the price hike about?', 'other'],
    ["What was Ellen Fetter's salary at MIT?", 'money'],
    ['How late did she stay up to delete comments?', 'date'],
    ['At what time did the ship lift off?', 'date'],
  ])('%s → %s', (q, type) => expect(answerTypeOf(q)).toBe(type));
});

describe('contentOf', () => {
  it('drops "how late" and "taking place": the answering sentence says when and where', () => {
    // yahoo-3, wikia (tune half of test/fixtures/answers).
    expect(contentOf('How late did she stay up to delete comments?')).toBe(
      'did she stay up to delete comments?',
    );
    expect(contentOf('Where is Celebration taking place this April?')).toBe(
      'Where is Celebration this April?',
    );
  });

  it('drops the words that only say what kind of answer is wanted', () => {
    expect(contentOf('How long did Obama have left in power?')).toBe(
      'did Obama have left in power?',
    );
    expect(contentOf('What does PII stand for?')).toBe('What does PII ?');
    expect(contentOf('In which year?').trim()).toBe('?');
  });
});

describe('intents in other languages', () => {
  it.each([
    "Qui est le sujet de l'article ?",
    'Résume cet article',
    'De quoi parle la page ?',
    'Quels sont les points principaux ?',
    'Fasse den Artikel zusammen',
    'Worum geht es in dem Artikel?',
    'Was sind die wichtigsten Punkte?',
    '¿De qué trata el artículo?',
    'Resume el texto, por favor',
    'Quais são os pontos principais?',
    'Do que trata o artigo?',
    '这篇文章讲了什么？',
    'この記事を要約して',
  ])('%j asks for an overview', (question) => {
    expect(isOverviewQuestion(question)).toBe(true);
  });

  it.each([
    'Qui a voté la loi ?',
    'Wann wurde das Gesetz beschlossen?',
    '¿Cuántos muertos hubo?',
    'Quem venceu a eleição?',
  ])('%j is not an overview', (question) => {
    expect(isOverviewQuestion(question)).toBe(false);
  });

  it.each([
    ['Qui a voté la loi ?', 'person'],
    ['Wer hat das Gesetz beschlossen?', 'person'],
    ['¿Quién ganó las elecciones?', 'person'],
    ['Quem venceu a eleição?', 'person'],
    ['谁是作者？', 'person'],
    ['Quand la loi a-t-elle été votée ?', 'date'],
    ['En quelle année est-il né ?', 'date'],
    ['Wann wurde das Gesetz beschlossen?', 'date'],
    ['¿Cuándo se publicó?', 'date'],
    ['Em que ano foi fundada?', 'date'],
    ['いつ行きましたか', 'date'],
    ['Où se trouve le siège ?', 'place'],
    ['Wo wohnt er?', 'place'],
    ['¿Dónde vive?', 'place'],
    ['Onde fica a sede?', 'place'],
    ['Combien de personnes sont mortes ?', 'number'],
    ['Wie viele Menschen starben?', 'number'],
    ['¿Cuántos muertos hubo?', 'number'],
    ['Quantos votos ele recebeu?', 'number'],
    ['Combien coûte le billet ?', 'money'],
    ['Was kostet das Ticket?', 'money'],
    ['Wie lange dauerte der Streik?', 'duration'],
    ['¿Cuánto tiempo duró?', 'duration'],
  ] as const)('%j wants a %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });

  it('leaves English question words to the English rules ("Tai Chi" is no Italian "chi")', () => {
    expect(answerTypeOf('What is Tai Chi good for?')).toBe('other');
    expect(answerTypeOf('Where was she born?')).toBe('place');
  });

  it('removes answer-form words in other languages too', () => {
    expect(contentOf('En quelle année la loi a-t-elle été votée ?')).toBe(
      'la loi a-t-elle été votée ?',
    );
    expect(contentOf('Wie lange dauerte der Streik?')).toBe('dauerte der Streik?');
  });
});

describe('isElliptical', () => {
  it('knows a follow-up that leans on the turn before', () => {
    // Follow-ups of the tune half of test/fixtures/answers.
    expect(isElliptical('Who created it?', 1)).toBe(true);
    expect(isElliptical('What did he show about them in 1855?', 2)).toBe(true);
    expect(isElliptical('And in 2012?', 1)).toBe(true);
    expect(isElliptical('What about the Xbox One S?', 3)).toBe(true);
  });

  it('leaves a question that stands on its own words', () => {
    expect(isElliptical('When was the original French edition published?', 4)).toBe(false);
    expect(isElliptical('How much RAM does the Xbox One X have?', 4)).toBe(false);
  });

  it('leaves a whole question about a name, though it has one word of its own', () => {
    // webmd-1, from a Chromium walk-through: asked after "Who is Katie Allen?", "What is Viaskin?"
    // was answered with Katie Allen's quote.
    expect(isElliptical('What is Viaskin?', 1)).toBe(false);
    expect(isElliptical('Who is Katie Allen?', 1)).toBe(false);
    expect(isElliptical('What is the price?', 1)).toBe(true);
    expect(isElliptical('What is it?', 0)).toBe(true);
    expect(isElliptical('And what is Viaskin?', 1)).toBe(true);
  });
});

describe('focusOf', () => {
  it('finds the noun that names the kind of answer', () => {
    // Tune questions of test/fixtures/answers (telegraph, yahoo-3, webmd-2).
    expect(focusOf("In which city is Mugabe's compound?")).toEqual(['city']);
    expect(focusOf('What illness was he being treated for?')).toEqual(['illness']);
    expect(focusOf('What kind of device did participants use?')).toEqual(['device']);
    // A name before the noun is what the answer is about, not its kind (links-in-tables).
    expect(focusOf('Which Android version first supported File-by-File patching?')).toEqual([
      'version',
    ]);
  });

  it('takes no verb, auxiliary or possessive for a focus', () => {
    expect(focusOf('What did he show about them in 1855?')).toEqual([]);
    expect(focusOf("What's the population of Tunisia?")).toEqual([]);
    expect(focusOf('Who wrote it?')).toEqual([]);
  });
});

describe('countedWordsOf', () => {
  it('reads what a "how many/much" question counts, names left out', () => {
    expect(countedWordsOf('How many manhole fires were there in Manhattan?')).toEqual([
      'manhole',
      'fires',
    ]);
    expect(countedWordsOf('How many WordPress jobs were posted in 2016?')).toEqual(['jobs']);
    expect(countedWordsOf('How many professionals took part in the survey?')).toEqual([
      'professionals',
      'took',
      'part',
    ]);
  });

  it('finds nothing counted in a share or a question that names no thing', () => {
    expect(countedWordsOf("How much of WP's code is JS?")).toEqual([]);
    expect(countedWordsOf('How much does the Xbox One X weigh?')).toEqual([]);
    expect(countedWordsOf('When did it open?')).toEqual([]);
  });
});

describe('eventVerbOf', () => {
  it('reads the verb a "when did … ?" question dates', () => {
    expect(eventVerbOf('When did Georges Claude die?')).toBe('die');
    expect(eventVerbOf('When will the unaltered cuts be released?')).toBe('released');
    expect(eventVerbOf('When will Factorio 1.0 ship?')).toBe('ship');
  });

  it('finds none where the question ends on a name, a pronoun or no verb', () => {
    expect(eventVerbOf('When did Disney acquire Lucasfilm?')).toBeUndefined();
    expect(eventVerbOf('When did it buy it?')).toBeUndefined();
    expect(eventVerbOf('When was the lighthouse finished?')).toBeUndefined();
  });
});
