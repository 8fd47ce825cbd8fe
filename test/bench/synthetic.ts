// The seeded synthetic article the benches read (test/bench/run.ts) and rank with models
// (test/bench/models.ts): N × 5,000 words of sections, paragraphs of varied length, a table and a
// list per 5,000 words, nav/aside/footer boilerplate and a hidden cookie banner. Same seed, same page.

import { prng } from '../../models/tiny-bert'; // seeded (mulberry32): every run benchmarks the same page

export const WORDS_PER_UNIT = 5000;
export const QUESTION =
  'When did the harbour council rebuild the northern railway bridge after the flood of 1887?';

const FUNCTION_WORDS = (
  'the the the of of and and a a to in in is was for on that with as by at from it this which were ' +
  'be its their an or had has not but after before during under over between into its they'
).split(' ');
const CONTENT_WORDS = (
  'harbour council railway bridge northern southern flood river valley town city mayor engineer ' +
  'station line track timber stone iron steel merchant trade market wool grain coal ship ships ' +
  'dock quay warehouse street road tunnel canal lock mill factory workers union strike wages ' +
  'school church hospital library museum archive record records survey map census population ' +
  'families settlers farmers land estate tenant rent tax budget loan bank company shares board ' +
  'committee report inquiry evidence witness court judge law act parliament election vote ' +
  'newspaper editor letter letters photograph winter summer spring autumn storm rain drought ' +
  'harvest fire plague fever doctor nurse teacher pupils students college university professor ' +
  'history historian century decade year years month weeks days morning evening night crowd ' +
  'ceremony opening celebration memorial statue monument garden park square hall tower clock ' +
  'rebuilt repaired opened closed expanded demolished built designed financed approved rejected ' +
  'delayed completed announced recorded reported described argued claimed estimated measured ' +
  'important major minor local regional national early late new old large small first second ' +
  'final original modern ancient wooden narrow wide busy quiet famous controversial expensive'
).split(' ');
const NAMES =
  'Ashford Brennan Calloway Dunmore Elsworth Fairley Galbraith Hollis Ingram Jarrow Kestrel Lindqvist Marrow Northcote'.split(
    ' ',
  );

export interface Synthetic {
  html: string;
  words: number;
}

export function syntheticArticle(multiplier: number, seed = 20261122): Synthetic {
  const rand = prng(seed + multiplier);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const target = multiplier * WORDS_PER_UNIT;
  let words = 0;

  const word = (): string => {
    const r = rand();
    if (r < 0.45) return pick(FUNCTION_WORDS);
    if (r < 0.93) return pick(CONTENT_WORDS);
    if (r < 0.97) return pick(NAMES);
    return String(between(1820, 1960));
  };
  const phrase = (n: number): string => {
    const ws: string[] = [];
    for (let i = 0; i < n; i++) ws.push(word());
    words += n;
    return ws.join(' ');
  };
  const sentence = (): string => {
    // Mostly 6–30 words; one in 40 is a run-on of 90–150 words (over the 128-token quote cap).
    const n = rand() < 0.025 ? between(90, 150) : between(6, 30);
    const ws = phrase(n).split(' ');
    for (let i = 4; i < ws.length - 3; i += between(6, 14)) ws[i] += ',';
    const s = ws.join(' ');
    return s[0]!.toUpperCase() + s.slice(1) + (rand() < 0.1 ? '?' : '.');
  };
  const paragraph = (): string => {
    // Lengths from a one-line aside to ~250 words: many cross the splitter's 80-token limit.
    const r = rand();
    const n = r < 0.1 ? 1 : r < 0.55 ? between(2, 4) : r < 0.9 ? between(4, 7) : between(8, 12);
    const sentences: string[] = [];
    // Stops at the target word count, so an article overshoots N × 5,000 by at most one sentence.
    for (let i = 0; i < n && (i === 0 || words < target); i++) {
      let s = sentence();
      if (rand() < 0.15) {
        const a = s.split(' ');
        const i0 = between(1, Math.max(1, a.length - 2));
        a[i0] = rand() < 0.5 ? `<a href="/wiki/${a[i0]}">${a[i0]}</a>` : `<em>${a[i0]}</em>`;
        s = a.join(' ');
      }
      sentences.push(s);
    }
    return `<p>${sentences.join(' ')}</p>`;
  };
  const table = (): string => {
    const cols = ['Year', 'Station', 'Passengers', 'Freight (tons)'];
    words += cols.length + 1;
    const rows: string[] = [];
    for (let i = 0, n = between(6, 12); i < n; i++) {
      const station = `${pick(NAMES)} ${pick(['Junction', 'Halt', 'Road', 'Quay'])}`;
      rows.push(
        `<tr><td>${between(1850, 1939)}</td><td>${station}</td><td>${between(1000, 90000)}</td><td>${between(100, 20000)}</td></tr>`,
      );
      words += 5;
    }
    return (
      `<table><caption>Traffic at ${phrase(1)} stations</caption>` +
      `<thead><tr>${cols.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
    );
  };
  const list = (): string => {
    const items: string[] = [];
    for (let i = 0, n = between(4, 8); i < n; i++)
      items.push(`<li>${phrase(between(3, 16))}.</li>`);
    return `<ul>${items.join('')}</ul>`;
  };

  const sections: string[] = [];
  let unitsWithTable = 0;
  let unitsWithList = 0;
  while (words < target) {
    const parts = [`<h2>${capitalise(phrase(between(2, 6)))}</h2>`];
    for (let i = 0, n = between(3, 8); i < n && words < target; i++) {
      parts.push(paragraph());
      const unit = Math.floor(words / WORDS_PER_UNIT);
      // One table and one list in every 5,000 words, a third and two thirds of the way through.
      if (words % WORDS_PER_UNIT > WORDS_PER_UNIT / 3 && unitsWithTable <= unit) {
        parts.push(table());
        unitsWithTable = unit + 1;
      } else if (words % WORDS_PER_UNIT > (2 * WORDS_PER_UNIT) / 3 && unitsWithList <= unit) {
        parts.push(list());
        unitsWithList = unit + 1;
      }
    }
    sections.push(`<section>${parts.join('\n')}</section>`);
  }

  const navLinks = [
    'Home',
    'News',
    'History',
    'Archive',
    'Maps',
    'Photographs',
    'About us',
    'Contact',
  ]
    .map((l) => `<li><a href="/${l.toLowerCase().replace(' ', '-')}">${l}</a></li>`)
    .join('');
  const related = NAMES.slice(0, 6)
    .map((n) => `<li><a href="/people/${n.toLowerCase()}">${n} family papers</a></li>`)
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The Northern Railway and the Harbour Town (×${multiplier})</title>
<style>body{font:16px/1.5 serif;max-width:48rem;margin:auto} .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}</style></head>
<body>
<header><a class="logo" href="/">Harbour Town Historical Society</a><nav><ul>${navLinks}</ul></nav>
<form role="search"><input type="search" placeholder="Search the archive"><button>Search</button></form></header>
<div id="cookie-banner" style="display:none">We use cookies to remember your reading position. Accept all cookies or manage preferences.</div>
<main><article>
<h1>The Northern Railway and the Harbour Town</h1>
<p class="byline">By ${NAMES[0]} ${NAMES[1]} · <span class="sr-only">Published on</span> 12 March 2024 · 14 min read</p>
${sections.join('\n')}
</article>
<aside><h3>Related collections</h3><ul>${related}</ul><p>Share this article: <a href="#">Mail</a> · <a href="#">Print</a></p></aside></main>
<footer><p>© 2024 Harbour Town Historical Society. Registered charity 1234567.</p>
<ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li><li><a href="/accessibility">Accessibility</a></li></ul></footer>
</body></html>
`;
  // Words of article text as a reader counts them (tags stripped), not the generator's tally.
  const articleWords = sections
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return { html, words: articleWords };
}

function capitalise(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}
