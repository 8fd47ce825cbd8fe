// An invariant, not a labelled set: a sentence of a tune page with "not" put after its first
// auxiliary ("is", "was", "has", "can", "will" …) says the opposite of the page, so "Verify claim"
// must never call it "The page says this". Each such sentence of the English tune pages (none with a
// denial already, six words or more, accepted by the claim checks) is verified by runPipeline in
// verify mode on the keyword path, as `verify-sweep.ts` does, and every one called supported is
// printed. Some are true all the same (a page that says both), so the count is watched from one
// round to the next rather than held at zero. Never runs on the report split's pages; writes nothing.
//
//   npx tsx test/eval/verify-negated.ts

import { runPipeline } from '../../lib/ask/run';
import { sentences } from '../../lib/core/segment';
import { claimProblem } from '../../lib/pipeline/claim-input';
import { pageLanguage } from '../../lib/pipeline/language';
import { pct, rate, claimTunePages, readTestPage } from './verify-data';

const AUXILIARY =
  /\b(is|was|are|were|has|have|had|can|will|could|would|should|does|did|must|may)\b/;
const DENIED = /\b(not|never|no|none|nothing|nobody|without)\b|n['’]t\b/i;

async function main() {
  const tunePages = claimTunePages();
  let total = 0;
  const called: string[] = [];
  for (const name of tunePages) {
    const page = await readTestPage(name);
    const lang = pageLanguage(page);
    if (lang !== 'en') continue;
    for (const block of page.blocks)
      for (const raw of sentences(block.text.replace(/\n/g, ' '), lang)) {
        const sentence = raw.trim().replace(/\s+/g, ' ');
        if (DENIED.test(sentence) || !AUXILIARY.test(sentence) || sentence.split(' ').length < 6)
          continue;
        const claim = sentence.replace(AUXILIARY, '$1 not');
        if (claimProblem(claim, lang)) continue;
        total++;
        const result = await runPipeline({ mode: 'verify', question: claim, page });
        if (result.verdict?.label === 'supported') called.push(`[${name}] ${claim}`);
      }
  }
  for (const line of called) console.log(`  ${line}`);
  console.log(
    `\n${total} tune sentences with "not" put in: ${called.length} called "The page says this" (${pct(rate(called.length, total))})`,
  );
}

await main();
