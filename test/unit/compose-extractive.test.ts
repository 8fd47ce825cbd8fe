import { describe, expect, it } from 'vitest';
import { parseCitations } from '../../lib/pipeline/citations';
import {
  composeExtractive,
  directAnswerId,
  EXTRACTIVE_DEFAULTS,
} from '../../lib/pipeline/compose-extractive';
import type { Quote } from '../../lib/pipeline/types';

function quote(id: number, text: string, coverage = 1, score = 5): Quote {
  return {
    id,
    passageId: `b${id}.0`,
    origin: 'splitter',
    text,
    score,
    coverage,
    source: {
      kind: 'page',
      url: 'https://fixtures.test/demo/',
      title: 'Demo',
      blockIndex: id,
      blockKind: 'paragraph',
      position: { block: id + 1, of: 9 },
    },
  };
}

const issued = (quotes: Quote[]) => new Set(quotes.map((q) => q.id));

describe('composeExtractive', () => {
  const quotes = [
    quote(
      1,
      'Work began under Ptolemy I Soter. The tower was finished around 280 BC, under Ptolemy II. It took twelve years.',
      1,
    ),
    quote(2, 'Tower finished: 280 BC\nArchitect: Sostratus of Cnidus', 0.8),
    quote(3, 'The harbour was dangerous for ships at night.', 0.2),
  ];

  it('answers with the best sentence of each relevant quote, every sentence cited', () => {
    const out = composeExtractive('When was the tower finished?', quotes);
    expect(out.answered).toBe(true);
    expect(out.text).toBe(
      'The tower was finished around 280 BC, under Ptolemy II [1]. Tower finished: 280 BC [2].',
    );
    const parsed = parseCitations(out.text, issued(quotes));
    expect(parsed.sentences.length).toBeGreaterThan(0);
    for (const s of parsed.sentences) expect(s.citations.length).toBeGreaterThan(0);
    expect(parsed.dropped).toBe(0);
  });

  it('answers "how often" with a condition and abstains when the quotes hold no rate (ehow-1)', () => {
    const water = quote(
      1,
      'Closed terrariums are easy to care for. You won’t have to water the terrariums unless you see that the walls are not misting up.',
    );
    const out = composeExtractive('How often should I water a closed terrarium?', [water]);
    expect(out.answered).toBe(true);
    expect(out.text).toContain('unless you see that the walls are not misting up [1].');
    const care = quote(1, 'Closed terrariums are easy to care for and need little water.');
    expect(composeExtractive('How often should I water a closed terrarium?', [care]).answered).toBe(
      false,
    );
  });

  it('leaves out quotes under minAnswerCoverage (minCoverage for claims) or with a zero score', () => {
    const out = composeExtractive('harbour ships', [
      quote(1, 'Ships used the harbour.', 0.9, 0),
      quote(2, 'The harbour was busy with ships.', 0.3),
    ]);
    expect(out.answered).toBe(false);
    const claim = composeExtractive('harbour ships', [quote(2, 'The harbour was busy.', 0.45)], {
      mode: 'verify',
    });
    expect(claim.answered).toBe(false);
    const low = composeExtractive(
      'harbour ships',
      [quote(2, 'The harbour was busy with ships.', 0.3)],
      { minAnswerCoverage: 0.25 },
    );
    expect(low).toEqual({ answered: true, text: 'The harbour was busy with ships [2].' });
  });

  it('says plainly when nothing on the page answers', () => {
    const out = composeExtractive('What is the capital of Australia?', [
      quote(1, 'The tower stood on Pharos.', 0.1),
    ]);
    expect(out.answered).toBe(false);
    expect(out.text).toMatch(/does not seem to answer/);
    expect(out.text).not.toMatch(/\[\d+\]/);
    expect(composeExtractive('anything', []).answered).toBe(false);
  });

  it('in verify mode, quotes the page or says the evidence is not enough', () => {
    const yes = composeExtractive('The tower was finished around 280 BC', quotes, {
      mode: 'verify',
    });
    expect(yes.answered).toBe(true);
    expect(yes.text.startsWith('The page says: ')).toBe(true);
    expect(yes.text).toContain('[1]');
    const no = composeExtractive(
      'The tower was painted blue',
      [quote(1, 'The tower was white.', 0.3)],
      { mode: 'verify' },
    );
    expect(no).toEqual({
      answered: false,
      text: 'The page does not contain enough evidence to check this claim.',
    });
  });

  it('drops footnote markers and neutralises other bracketed numbers from the page', () => {
    // Footnote markers and "[citation needed]" are page furniture: an answer never shows them.
    const q = [
      quote(4, 'The fire was visible for fifty kilometres [3] out at sea [citation needed].', 1),
      quote(5, 'Its light reached the ships [12, 13] beyond the harbour.', 1),
    ];
    const out = composeExtractive('fire visible light ships', q);
    expect(out.text).toBe(
      'The fire was visible for fifty kilometres out at sea [4]. Its light reached the ships (12, 13) beyond the harbour [5].',
    );
    const parsed = parseCitations(out.text, new Set([3, 4, 5, 12]));
    expect(parsed.cited).toEqual([4, 5]);
  });

  it('leaves out sentences without the number asked once one holds it', () => {
    // ehow-1 (a terrarium how-to): the list of supplies shares "small" and "foam" with the question.
    const q = [
      quote(1, 'Cut the foam oasis about 3/4 inch (2 cm) smaller than the cloche.', 1),
      quote(2, 'Planter saucer, small shallow dish or desired platform. Floral foam oasis.', 0.6),
    ];
    const out = composeExtractive('How much smaller should I cut the foam?', q);
    expect(out.text).toBe('Cut the foam oasis about 3/4 inch (2 cm) smaller than the cloche [1].');
  });

  it('adds a marker and full stop to a sentence without final punctuation', () => {
    const out = composeExtractive('architect', [quote(2, 'Architect: Sostratus of Cnidus', 1)]);
    expect(out.text).toBe('Architect: Sostratus of Cnidus [2].');
  });

  it('writes at most maxSentences sentences and never repeats one', () => {
    const same = 'The lighthouse had three stages.';
    const many = [1, 2, 3, 4, 5].map((id) =>
      quote(id, id <= 2 ? same : `Lighthouse stage number ${id}.`, 1),
    );
    const out = composeExtractive('lighthouse stages', many);
    const parsed = parseCitations(out.text, issued(many));
    expect(parsed.sentences.length).toBeLessThanOrEqual(EXTRACTIVE_DEFAULTS.maxSentences);
    expect(new Set(parsed.sentences.map((s) => s.text)).size).toBe(parsed.sentences.length);
    expect(out.text.match(/three stages/g)).toHaveLength(1);
  });

  it('picks the sentence with the rare question term over one with only common ones', () => {
    const q = [
      quote(1, 'An earthquake struck the coast. The earthquake of 956 damaged the upper part.', 1),
      quote(2, 'Another earthquake shook the city.', 0.6),
    ];
    const out = composeExtractive('Which earthquake was in 956?', q);
    expect(out.text.startsWith('The earthquake of 956 damaged the upper part [1].')).toBe(true);
  });
});

describe('composeExtractive sentence choice', () => {
  it('counts the variants ranking matched ("discovery" for "discovered") when choosing a sentence', () => {
    const q = [
      quote(
        1,
        'Neon translates as new. In the summer of 1898, the chemist William Ramsay made a discovery with neon.',
        0.8,
      ),
    ];
    expect(composeExtractive('In what year was neon discovered?', q).text).toBe(
      'In the summer of 1898, the chemist William Ramsay made a discovery with neon [1].',
    );
  });
});

describe('composeExtractive on table quotes', () => {
  it('keeps a linearized row whole instead of cutting it at an abbreviation', () => {
    const row: Quote = {
      ...quote(1, 'row'),
      text: 'Location: Pharos island, Alexandria\nBuilt: c. 280 BC\nArchitect: Sostratus of Cnidus',
      source: { ...quote(1, 'row').source, blockKind: 'table' },
    };
    const { text } = composeExtractive('When was it built?', [row]);
    expect(text).toBe('Built: c. 280 BC [1].');
  });

  it('says the rows chosen for a table question by their key and answering cell', () => {
    const text = 'Application: Kindle, Original Size: 52.4 MB, Patch Size: 8.4 MB (-84%)';
    const start = text.indexOf('8.4 MB');
    const row: Quote = {
      ...quote(1, text),
      passageId: directAnswerId(3, 0),
      answerSpan: { start, end: text.length },
      source: { ...quote(1, text).source, blockKind: 'table' },
    };
    const prose = quote(2, 'Kindle updates are now much smaller than before.');
    const out = composeExtractive("What is Kindle's patch size?", [row, prose]);
    expect(out).toEqual({ answered: true, text: 'Kindle — Patch Size: 8.4 MB (-84%) [1].' });
  });
});

describe('a quoted sentence that ends in a colon', () => {
  it('ends in an ellipsis, not in ":."', () => {
    const quotes = [
      quote(1, 'Header:\nThe mime.cache files contain the same information, in a binary format:'),
    ];
    const { text } = composeExtractive('What do the mime.cache files contain?', quotes);
    const [sentence] = parseCitations(text, issued(quotes)).sentences;
    expect(sentence).toEqual({
      text: 'The mime.cache files contain the same information, in a binary format…',
      citations: [1],
    });
  });
});

describe('a quoted list item', () => {
  it('is quoted without its bullet', () => {
    const quotes = [quote(1, '• The default priority value is 50, and the maximum is 100.')];
    const { text } = composeExtractive('What is the default priority value?', quotes);
    expect(parseCitations(text, issued(quotes)).sentences[0]!.text).toBe(
      'The default priority value is 50, and the maximum is 100.',
    );
  });

  it('is one sentence of its own, said without a changelog’s "+" (tumblr)', () => {
    const quotes = [quote(1, '+ Added Guardian mobs, with item drops\n+ Added Endermite mob')];
    const { text } = composeExtractive('Which mobs were added?', quotes);
    expect(text).toBe('Added Guardian mobs, with item drops [1].');
  });
});

describe('composeExtractive: the quote holding the asked kind of phrase', () => {
  it('reads past the first three quotes for a typed question', () => {
    // engadget (tune half of test/fixtures/answers): four quotes name the console, the fourth
    // says how much memory it has.
    const quotes = [
      quote(1, "The Xbox One X's real upgrades are under the hood."),
      quote(2, 'The Xbox One X is the ultimate video game system.'),
      quote(3, "The Xbox One X's big advantage is its hardware."),
      quote(
        4,
        'It features an 8-core CPU running at 2.3Ghz, 12GB of GDDR5 RAM and a 1 terabyte hard drive in the Xbox One X.',
      ),
    ];
    const composed = composeExtractive('How much RAM does the Xbox One X have?', quotes);
    expect(composed.answered).toBe(true);
    expect(composed.text).toContain('12GB');
    expect(composed.text.startsWith('It features')).toBe(true);
    expect(parseCitations(composed.text, issued(quotes)).cited.length).toBeLessThanOrEqual(3);
  });
});

describe('composeExtractive: a follow-up asks for what the previous question asked', () => {
  // engadget (tune half of test/fixtures/answers): "And the PS4 Pro?" after a question on RAM.
  const quotes = [
    quote(1, "Sony's PS4 Pro is the other console on the market."),
    quote(2, 'The PS4 Pro has only 8GB of RAM and tops out at 4.2 teraflops.'),
  ];

  it('puts the sentence with a number first when the previous question asked how much', () => {
    const composed = composeExtractive('And the PS4 Pro?', quotes, {
      previousQuestion: 'How much RAM does the Xbox One X have?',
    });
    expect(composed.text.startsWith('The PS4 Pro has only 8GB')).toBe(true);
  });

  it('keeps the ranking order without a previous question', () => {
    const composed = composeExtractive('And the PS4 Pro?', quotes);
    expect(composed.text.startsWith("Sony's PS4 Pro")).toBe(true);
  });
});

describe('composeExtractive: the answering sentence must say enough of the question', () => {
  // links-in-tables (tune half): the quote covers the question across its sentences, and the one
  // chosen says nothing of Android, versions or support.
  const question = 'Which Android version first supported File-by-File patching?';
  const deflate = quote(
    1,
    'When recompressing the new file, we hit two complications. First, Deflate has a number of settings that affect output.',
  );
  const others = [
    quote(2, 'Techniques used in File-by-File patching. Android apps are packaged as APKs.', 0.3),
    quote(3, 'To generate a patch, we first decompress both old and new files.', 0.3),
  ];

  it('abstains when the chosen sentence holds too little of the question', () => {
    const composed = composeExtractive(question, [deflate, ...others]);
    expect(composed.answered).toBe(false);
  });

  it('answers when a sentence names what was asked', () => {
    const android = quote(
      1,
      'File-by-File patching was first supported in Android 5.0, the version called Lollipop.',
    );
    const composed = composeExtractive(question, [android, ...others]);
    expect(composed.answered).toBe(true);
    expect(composed.text).toContain('Android 5.0');
  });

  it('holds neither an expansion nor a follow-up that leans on the previous question to it', () => {
    const seo = quote(
      1,
      'Search engine optimization is the craft of ranking well in search results.',
    );
    expect(composeExtractive('What does SEO stand for?', [seo]).answered).toBe(true);
    // links-in-tables: "Who created it?" after a question about the patching technique.
    const google = quote(
      1,
      'The team at Google built the new patching system in 2016 for all apps.',
    );
    expect(
      composeExtractive('Who created it?', [google], {
        previousQuestion: 'What does File-by-File patching do?',
      }).answered,
    ).toBe(true);
  });

  it('is not applied to claims', () => {
    const composed = composeExtractive(question, [deflate], { mode: 'verify' });
    expect(composed.text).toContain('recompressing');
  });
});

describe('composeExtractive: a sentence that opens by pointing back', () => {
  // theverge (tune half): "That" is the iPhone 4 of the sentence before.
  const text =
    'I still remember using the iPhone 4 for the first time in 2010. That was when Apple shipped its first-ever Retina display and Steve Jobs said that, once you use it, “you can’t go back.”';
  const question = 'Which iPhone had Apple’s first Retina screen?';

  it('is quoted with the sentence before it', () => {
    const composed = composeExtractive(question, [quote(1, text)]);
    expect(composed.text).toMatch(/^I still remember using the iPhone 4 .* That was when Apple/);
  });

  it('but not across a line break, nor in a claim check', () => {
    const caption =
      'Jun 7, 2023, 8:54 PM UTC\nThat was when Apple shipped its first-ever Retina display.';
    expect(composeExtractive(question, [quote(1, caption)]).text).toMatch(/^That was when/);
    const verified = composeExtractive(
      'Apple shipped its first-ever Retina display.',
      [quote(1, text)],
      {
        mode: 'verify',
      },
    );
    expect(verified.text).not.toContain('I still remember');
  });
});

describe('composeExtractive: the sentence after the chosen one completes it', () => {
  // webmd-2 (tune half): the chosen sentence counts the sick, the next one the dead.
  const superbugs =
    'Every year, about 2 million people get sick from a superbug, according to the CDC. About 23,000 die.';
  // ehow-2 (tune half): the chosen sentence says what to skip, the next one what to serve.
  const carving =
    "Skip carving stations of prime rib and jumbo shrimp as appetizers, especially for high school graduation parties. Instead, serve some of the graduate's favorite side dishes that are cost effective, like a big pot of spaghetti with breadsticks.";

  it('is quoted with it when it holds question words the chosen one lacks', () => {
    const died = composeExtractive('How many people die from superbugs each year?', [
      quote(1, superbugs),
    ]);
    expect(died.text).toBe(`${superbugs.slice(0, -1)} [1].`);
    const dish = composeExtractive('What cheap dish can replace a carving station?', [
      quote(1, carving),
    ]);
    expect(dish.text).toContain('a big pot of spaghetti');
  });

  it('but not when it adds none of them, nor across a line break, nor in a claim check', () => {
    const sick = composeExtractive('How many people get sick from superbugs each year?', [
      quote(1, superbugs),
    ]);
    expect(sick.text).not.toContain('23,000');
    const lines = composeExtractive('How many people die from superbugs each year?', [
      quote(1, superbugs.replace('CDC. ', 'CDC.\n')),
    ]);
    expect(lines.text).not.toMatch(/CDC\. About 23,000/);
    const verified = composeExtractive('Skip carving stations of prime rib.', [quote(1, carving)], {
      mode: 'verify',
    });
    expect(verified.text).not.toContain('spaghetti');
  });

  it('is said once when another quote picks it too', () => {
    const serve = 'Serve a dish of spaghetti instead.';
    const composed = composeExtractive('What dish is served instead of a carving station?', [
      quote(1, `Skip the carving station. ${serve}`),
      quote(2, serve),
    ]);
    expect(composed.text).toBe('Skip the carving station. Serve a dish of spaghetti instead [1].');
  });
});
