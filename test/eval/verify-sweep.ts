// An invariant, not a labelled set: every sentence the page reader produces on a tune page,
// verified as a claim, must come out "The page says this". For each tune page of
// test/fixtures/verify/claims.json (the split is by page), each block's sentences that the claim
// checks accept (claim-input.ts: four words or more, not a question, not too long) are verified by
// runPipeline in verify mode on the keyword path, as the CLI's `--claim` does, and every sentence
// not called supported is printed. Each sentence is also verified as a user may type it (no
// footnote markers, plain quotes and dashes, no final stop) where that differs. Never runs on the report split's pages; writes nothing.
//
//   npx tsx test/eval/verify-sweep.ts            every tune page
//   npx tsx test/eval/verify-sweep.ts bbc-1 ...  those pages (tune pages only)

import { runPipeline } from '../../lib/ask/run';
import { toErrorInfo } from '../../lib/core/errors';
import { sentences } from '../../lib/core/segment';
import { claimProblem } from '../../lib/pipeline/claim-input';
import { MIN_VERBATIM_WORDS } from '../../lib/pipeline/claim-text';
import { pageLanguage } from '../../lib/pipeline/language';
import type { PageSnapshot } from '../../lib/pipeline/types';
import { pct, rate, claimTunePages, readTestPage } from './verify-data';

interface Miss {
  page: string;
  sentence: string;
  got: string;
}

function asTyped(sentence: string): string {
  return sentence
    .replace(/\[(?:\d{1,3}|citation needed)\]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\.$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The sentences of the page a user could select and verify. */
function claimsOf(page: PageSnapshot): string[] {
  const lang = pageLanguage(page);
  const out = new Set<string>();
  for (const block of page.blocks)
    for (const line of block.text.split('\n'))
      for (const raw of sentences(line, lang)) {
        const sentence = raw.trim().replace(/\s+/g, ' ');
        // Words as the verifier counts them for a claim it may find word for word
        // (claim-text.ts verbatimSpan): a footnote marker is none ("• Total: $199 billion[6]").
        const words = asTyped(sentence).match(/[\p{L}\p{N}]+/gu) ?? [];
        if (words.length < MIN_VERBATIM_WORDS) continue;
        if (claimProblem(sentence, lang)) continue;
        out.add(sentence);
        // As a user may type or paste it: no footnote markers, plain quotes and dashes, no stop.
        const typed = asTyped(sentence);
        if (typed !== sentence && !claimProblem(typed, lang)) out.add(typed);
      }
  return [...out];
}

async function sweepPage(name: string): Promise<{ n: number; misses: Miss[] }> {
  const page = await readTestPage(name);
  const misses: Miss[] = [];
  const claims = claimsOf(page);
  for (const sentence of claims) {
    try {
      const result = await runPipeline({ mode: 'verify', question: sentence, page });
      const label = result.verdict?.label ?? 'none';
      if (label !== 'supported') misses.push({ page: name, sentence, got: label });
    } catch (error) {
      misses.push({ page: name, sentence, got: `error ${toErrorInfo(error).code}` });
    }
  }
  return { n: claims.length, misses };
}

async function main() {
  const tunePages = claimTunePages();
  const asked = process.argv.slice(2);
  const pages = asked.length ? tunePages.filter((p) => asked.includes(p)) : tunePages;
  let total = 0;
  const misses: Miss[] = [];
  for (const name of pages) {
    const swept = await sweepPage(name);
    total += swept.n;
    misses.push(...swept.misses);
    console.log(
      `${name.padEnd(28)} ${String(swept.n).padStart(4)} sentences, ${swept.misses.length} not supported`,
    );
  }
  for (const m of misses) console.log(`  [${m.page}] ${m.got}: ${m.sentence}`);
  const held = total - misses.length;
  console.log(
    `\n${pages.length} tune pages: ${held} of ${total} sentences supported (${pct(rate(held, total))})`,
  );
  process.exitCode = misses.length ? 1 : 0;
}

await main();
