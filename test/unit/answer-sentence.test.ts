import { describe, expect, it } from 'vitest';
import {
  askedOf,
  bestSentence,
  completes,
  saysAge,
  saysDifference,
} from '../../lib/pipeline/answer-sentence';
import { answerTypeOf } from '../../lib/pipeline/intent';

// Sentences of a quote from quanta-1 (../shared/data/readability-test-pages, tune half).
const LGP30 = [
  'It came not from a petri dish, a beaker or an astronomical observatory, but from the vacuum tubes and diodes of a Royal McBee LGP-30.',
  'This “desk” computer — it was the size of a desk — weighed some 800 pounds and sounded like a passing propeller plane.',
];

// Sentences of the other quotes for that question: the LGP-30 is named in every one of them, so
// its name is a common word among the candidates, as on the page.
const OTHERS = [
  'The case they studied? Lorenz’s discoveries on the LGP-30.',
  'She interviewed with a woman who ran the LGP-30 in the nuclear engineering department, who recommended her to Hamilton, who hired her.',
  'All told, it’s a neat narrative. Lorenz, “the father of chaos,” started a scientific revolution on the LGP-30.',
];

const choose = (question: string, sentences: string[]) =>
  bestSentence(sentences, askedOf(question, answerTypeOf(question), [...sentences, ...OTHERS]));

describe('bestSentence', () => {
  it('does not take the question’s own number ("30" of "LGP-30") for the answer', () => {
    const pick = choose('How much did the LGP-30 weigh?', LGP30);
    expect(pick.sentence).toBe(LGP30[1]);
    expect(pick.typed).toBe(true);
  });

  it('a sentence whose only number is in the asked name is not typed', () => {
    const pick = choose('How much did the LGP-30 weigh?', [LGP30[0]!]);
    expect(pick).toEqual({ sentence: LGP30[0], typed: false });
  });

  it('a question with no word beyond its form ("In which year?") is answered by a date alone', () => {
    // wikipedia-2 (tune half): the follow-up to "Who was the first European to sight New Zealand?".
    const said = [
      'Dutch explorer Abel Tasman sighted New Zealand in 1642 and named it Staten Land.',
    ];
    expect(choose('In which year?', said)).toEqual({ sentence: said[0], typed: true });
  });

  it('without an answer type, the sentence with the rarest question words wins', () => {
    const pick = choose('What did the vacuum tubes come from?', LGP30);
    expect(pick.sentence).toBe(LGP30[0]);
    expect(pick.typed).toBe(false);
  });
});

// Invented sentences in the manner of a city-services article: the page counts potholes, not the
// fires the question asks about, and names those fires elsewhere.
const CITY = [
  'Last year, the city filled 255,904 potholes across the five boroughs.',
  'A series of recent manhole fires in Manhattan forced the evacuation of several theaters.',
];

describe('bestSentence for "how many <things>"', () => {
  it('a number beside other things is no count of the things asked', () => {
    const pick = choose('How many manhole fires were there in Manhattan last year?', CITY);
    expect(pick.typed).toBe(false);
  });

  it('a number that counts the asked things is typed', () => {
    const sentences = [...CITY, 'Crews put out 54 manhole fires in Manhattan last year.'];
    const pick = choose('How many manhole fires were there in Manhattan last year?', sentences);
    expect(pick).toEqual({ sentence: sentences[2], typed: true });
    expect(choose('How many potholes did the city fill last year?', CITY).typed).toBe(true);
  });

  it('a count the quotes name in other words is not judged by its noun', () => {
    const stores = ['Amazon runs 26 Amazon Go stores in four cities, the company said.'];
    expect(choose('How many Amazon Go shops are there?', stores).typed).toBe(true);
  });
});

describe('bestSentence for "when did … <verb>?"', () => {
  // Invented, in the manner of citylab-1 (tune half): the page dates a show, not a death.
  const NEON = [
    'Georges Claude premiered his neon lights at the Paris Motor Show in December 1910.',
    'Claude went on to sell neon signs across Europe.',
  ];

  it('a date of another event is no answer', () => {
    expect(choose('When did Georges Claude die?', NEON).typed).toBe(false);
  });

  it('a date beside a form of the verb is', () => {
    const sentences = [...NEON, 'Georges Claude died in Saint-Cloud in May 1960.'];
    expect(choose('When did Georges Claude die?', sentences)).toEqual({
      sentence: sentences[2],
      typed: true,
    });
  });
});

describe('bestSentence for "how old …?"', () => {
  // article-author-tag (tune half): the page dates Smith's death, it never says her age.
  const SMITH = [
    'When Pamela Colman Smith died 16 years later… well, I can find no obituary for Smith.',
    'Well, him and the artist, Pamela Colman Smith, responsible for the 78 original drawings that make up the deck.',
  ];

  it('a number that is no age does not answer', () => {
    expect(choose('How old was Pamela Colman Smith when she died?', SMITH).typed).toBe(false);
  });

  it('a number said as an age does', () => {
    // telegraph (tune half).
    const mugabe = [...SMITH, 'The 93 year-old president has led Zimbabwe since 1980.'];
    expect(choose('How old is the president?', mugabe)).toEqual({
      sentence: mugabe[2],
      typed: true,
    });
  });
});

describe('saysAge', () => {
  const age = (sentence: string, number: string) => {
    const start = sentence.indexOf(number);
    return saysAge(sentence, { start, end: start + number.length });
  };

  it('reads the forms an age is written in', () => {
    expect(age('Patrick McMullen, a 17-year-old Scottish student, died.', '17')).toBe(true);
    expect(age('The 93 year-old president.', '93 year')).toBe(true);
    expect(age('She was 52 years old.', '52')).toBe(true);
    expect(age('He retired aged 61.', '61')).toBe(true);
    expect(age('There is little affection for Grace, 52, a former typist.', '52')).toBe(true);
  });

  it('and not a count of years or a date', () => {
    expect(age('Smith died 16 years later.', '16')).toBe(false);
    expect(age('Espinosa spent 14 years doing drug analysis.', '14')).toBe(false);
    expect(age('He led Zimbabwe since 1980, the year of independence.', '1980')).toBe(false);
  });
});

describe('bestSentence for an amount compared to another', () => {
  // engadget (tune half): two quotes' sentences; the first only says how the One S compares.
  const XBOX = [
    'The One S, in comparison, weighs two pounds less.',
    "It's also surprisingly dense -- the console weighs 8.4 pounds.",
  ];

  it('a difference does not answer "how much", the amount does', () => {
    const question = 'How much does the Xbox One X weigh?';
    const asked = askedOf(question, answerTypeOf(question), XBOX);
    expect(bestSentence([XBOX[0]!], asked).typed).toBe(false);
    expect(bestSentence([XBOX[1]!], asked).typed).toBe(true);
  });

  it('a question that compares or asks a change is answered by the difference', () => {
    const question = 'How much more does the Xbox One X weigh than the One S?';
    const asked = askedOf(question, answerTypeOf(question), XBOX);
    expect(bestSentence([XBOX[0]!], asked).typed).toBe(true);
    const risen = 'How much did the weight of the console rise?';
    const sentence = 'The console weighs two pounds more.';
    expect(bestSentence([sentence], askedOf(risen, answerTypeOf(risen), XBOX)).typed).toBe(true);
  });
});

describe('saysDifference', () => {
  const at = (sentence: string, amount: string) => {
    const start = sentence.indexOf(amount);
    return saysDifference(sentence, { start, end: start + amount.length });
  };

  it('reads an amount followed by a comparative as a difference', () => {
    expect(at('The One S, in comparison, weighs two pounds less.', 'two pounds')).toBe(true);
    expect(at('The Pro costs $100 more than the S.', '$100')).toBe(true);
    expect(at('It is 3 inches longer.', '3 inches')).toBe(true);
  });

  it('and not an amount said on its own or after "more than"', () => {
    expect(at('The console weighs 8.4 pounds.', '8.4 pounds')).toBe(false);
    expect(at('It sold more than 500 copies.', 'more than 500 copies')).toBe(false);
  });
});

describe('completes', () => {
  // webmd-2 (tune half).
  const chosen =
    'Every year, about 2 million people get sick from a superbug, according to the CDC.';
  const asked = (question: string, next: string) =>
    askedOf(question, answerTypeOf(question), [chosen, next]);

  it('holds question words the chosen sentence does not, and the asked type', () => {
    const question = 'How many people die from superbugs each year?';
    expect(completes(chosen, 'About 23,000 die.', asked(question, 'About 23,000 die.'))).toBe(true);
  });

  it('is not a sentence that adds no question word, or no phrase of the asked type', () => {
    const question = 'How many people die from superbugs each year?';
    const more = 'The CDC counts them every year.';
    expect(completes(chosen, more, asked(question, more))).toBe(false);
    const untyped = 'Many of them die.';
    expect(completes(chosen, untyped, asked(question, untyped))).toBe(false);
  });
});
