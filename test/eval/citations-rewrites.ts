// An invariant of the citation check on the TUNE split only (like verify-sweep.ts for claims): the
// first sentence of every tune quote, rewritten the way an answer may write the same fact, cited
// against its own quote, must not be marked ⚠. Each rewrite changes one thing: a number in words
// or digits, an ordinal, a unit's or month's abbreviation, a thousands separator, a percent sign,
// a title or middle initial dropped, "U.S." without its dots, a demonym as its country, a
// possessive dropped, a currency as its symbol, "thirty-nine" as 39. Not a labelled set and writes
// nothing: it prints, per rewrite, how many rewritten sentences were flagged, and with -v which.
//
//   npx tsx test/eval/citations-rewrites.ts [-v]

import { checkCitations, textNearQuote } from '../../lib/composer/check';
import { locateClaim } from '../../lib/pipeline/claim-locate';
import { pageQuote } from '../support/quotes';
import { readCitations, readTestPage } from './verify-data';

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(
  ' ',
);
const ORDINALS = { first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th' };
const ORDINAL_WORDS = Object.keys(ORDINALS);
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
/** Demonyms an answer may write as the country ("a French company" / "a France company"). */
const COUNTRY_OF: Record<string, string> = {
  French: 'France',
  German: 'Germany',
  British: 'Britain',
  Chinese: 'China',
  Japanese: 'Japan',
  Spanish: 'Spain',
  Canadian: 'Canada',
  Australian: 'Australia',
  Dutch: 'the Netherlands',
  Mexican: 'Mexico',
  Russian: 'Russia',
  Jamaican: 'Jamaica',
};
const UNITS: Record<string, string> = {
  pounds: 'lbs',
  kilometres: 'km',
  kilometers: 'km',
  miles: 'mi',
  percent: 'per cent',
  minutes: 'mins',
  hours: 'hrs',
  feet: 'ft',
};

/** One rewrite: the first match of `pattern` replaced, or nothing when the sentence has none. */
const rewrite =
  (pattern: RegExp, by: (m: RegExpExecArray) => string | undefined) =>
  (s: string): string | null => {
    const m = pattern.exec(s);
    const to = m ? by(m) : undefined;
    return m && to !== undefined ? s.slice(0, m.index) + to + s.slice(m.index + m[0].length) : null;
  };

const REWRITES: Record<string, (s: string) => string | null> = {
  // Not a fraction's part ("3/4 inch" is not written "three/4 inch").
  'digits to words': rewrite(
    /(?<![\d.,$/])\b([2-9]|1[0-2])\b(?![.,:%/]?\d)/,
    (m) => NUMBER_WORDS[+m[1]!],
  ),
  // Not a part of a compound ("thirty-nine" is not "thirty-9": `tens in digits` writes those).
  'words to digits': rewrite(
    new RegExp(`(?<!-)\\b(${NUMBER_WORDS.slice(2).join('|')})\\b(?!-)`, 'i'),
    (m) => `${NUMBER_WORDS.indexOf(m[1]!.toLowerCase())}`,
  ),
  'ordinal to digits': rewrite(
    /\b(first|second|third|fourth|fifth)\b/,
    (m) => ORDINALS[m[1] as 'first'],
  ),
  'ordinal to words': rewrite(/\b([1-5])(?:st|nd|rd|th)\b/, (m) => ORDINAL_WORDS[+m[1]! - 1]),
  'no thousands separator': rewrite(/\b(\d{1,3}),(\d{3})\b/, (m) => m[1]! + m[2]!),
  'percent sign': rewrite(/(\d+(?:\.\d+)?) percent\b/, (m) => `${m[1]}%`),
  'percent in words': rewrite(/(\d+(?:\.\d+)?)%/, (m) => `${m[1]} percent`),
  'M and bn': rewrite(
    /(\d+(?:\.\d+)?) (million|billion)\b/,
    (m) => m[1]! + (m[2] === 'million' ? 'M' : 'bn'),
  ),
  'dollars in words': rewrite(
    // The whole amount ("$1,000", not "$1" and ",000"), and not one with a letter after it ("$4K").
    /\$(\d+(?:,\d{3})*(?:\.\d+)?)(?![\d.,\p{L}])( (?:million|billion))?(?! USD)/u,
    (m) => `${m[1]}${m[2] ?? ''} dollars`,
  ),
  'unit abbreviated': rewrite(
    /(\d) (pounds|kilometres|kilometers|miles|percent|minutes|hours|feet)\b/,
    (m) => `${m[1]} ${UNITS[m[2]!]}`,
  ),
  'day before month': rewrite(
    new RegExp(`(${MONTHS.join('|')}) (\\d{1,2}), (\\d{4})`),
    (m) => `${m[2]} ${m[1]} ${m[3]}`,
  ),
  // As news style abbreviates them (Jan., Feb., Aug., Sept., Oct., Nov., Dec.; March to July never).
  'month abbreviated': rewrite(
    /\b(January|February|August|September|October|November|December) (\d{1,2})\b/,
    (m) => `${m[1] === 'September' ? 'Sept' : m[1]!.slice(0, 3)}. ${m[2]}`,
  ),
  'title dropped': rewrite(
    /\b(?:Mr\.?|Mrs\.?|Ms\.?|Dr\.?|President|Senator|Sen\.) ([A-Z][a-z]+)/,
    (m) => m[1],
  ),
  'middle initial dropped': rewrite(
    /\b([A-Z][a-z]+) [A-Z]\. ([A-Z][a-z]+)\b/,
    (m) => `${m[1]} ${m[2]}`,
  ),
  // Two letters only: "L.E.A.N." is no "U.S.".
  'U.S. as US': rewrite(/(?<![A-Z.])([A-Z])\.([A-Z])\.(?=\s|,)/, (m) => m[1]! + m[2]!),
  'US as American': rewrite(/\bU\.?S\.?(?= )/, () => 'American'),
  'demonym as country': rewrite(
    new RegExp(`\\b(${Object.keys(COUNTRY_OF).join('|')})\\b`),
    (m) => COUNTRY_OF[m[1]!],
  ),
  'possessive dropped': rewrite(/\b([A-Z][a-z]+)['’]s\b/, (m) => m[1]),
  'currency symbol': rewrite(/\b(\d+(?:\.\d+)?) (euros?|Euros?|dollars)\b/, (m) =>
    m[2]!.toLowerCase().startsWith('euro') ? `€${m[1]}` : `$${m[1]}`,
  ),
  'tens in digits': rewrite(
    /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine)\b/i,
    (m) =>
      `${TENS.indexOf(m[1]!.toLowerCase()) * 10 + 20 + NUMBER_WORDS.indexOf(m[2]!.toLowerCase())}`,
  ),
  'time as 9pm': rewrite(
    /\b(\d{1,2}) ?(AM|PM|a\.m\.|p\.m\.)/,
    (m) => m[1]! + m[2]!.toLowerCase().replace(/\./g, ''),
  ),
};

const firstSentence = (q: string) => (/^.*?[.!?](?=\s+[A-Z"“]|$)/s.exec(q)?.[0] ?? q).trim();

async function main() {
  const verbose = process.argv.includes('-v');
  const tune = readCitations().filter((i) => i.split === 'tune');
  const quotes = [...new Map(tune.map((i) => [i.quote, i])).values()];
  const counts = new Map<string, { n: number; flagged: string[] }>();
  for (const item of quotes) {
    const page = await readTestPage(item.page);
    const at = locateClaim(item.quote, page.blocks);
    const near = new Map(
      at ? [[1, textNearQuote(page.blocks, at.blockIndex, at.endBlockIndex)]] : [],
    );
    const base = firstSentence(item.quote);
    for (const [name, edit] of Object.entries(REWRITES)) {
      const text = edit(base);
      if (!text || text === base) continue;
      const [check] = await checkCitations(
        [{ text, citations: [1] }],
        [pageQuote(item.quote, { url: 'https://readability.test/', title: page.title })],
        { near },
      );
      const count = counts.get(name) ?? { n: 0, flagged: [] };
      count.n++;
      if (check!.flagged)
        count.flagged.push(
          `${item.page}: ${text}  [${[...(check!.missing ?? []), ...(check!.conflicts ?? []).map((c) => `${c.kind}: ${c.claim} / ${c.page}`)].join('; ')}]`,
        );
      counts.set(name, count);
    }
  }
  const total = [...counts.values()].reduce(
    (a, c) => ({ n: a.n + c.n, f: a.f + c.flagged.length }),
    { n: 0, f: 0 },
  );
  console.log(
    `Tune quotes' first sentences rewritten as an answer may write them: ${total.f} of ${total.n} flagged`,
  );
  for (const [name, { n, flagged }] of counts) {
    console.log(`  ${name.padEnd(24)} ${flagged.length} of ${n}`);
    if (verbose) for (const f of flagged) console.log(`      ${f}`);
  }
}

await main();
