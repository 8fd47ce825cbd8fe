// Two builds of the extension against each other on the answer a user waits for, alternating in
// the same minutes, for a change whose effect the shared machine's load would hide between two
// full `--only=answer` runs:
//
//   tsx test/bench/answer-ab.ts <extension dir A> <extension dir B> [rounds, default 3]
//
// Each directory is a bench build with MiniLM-L6-shaped models (test/bench/answer-browser.ts
// builds one into .output/bench-models/chrome-mv3; `tsx test/bench/build-extension.ts <out>
// <models>` run in a checkout of an older commit is the usual A). Per round, A then B (B then A in
// odd rounds), each in a fresh Chromium on the 1× page: the first question after the panel opens
// (cold) and three later ones (warm), asked by clicking, as answer-browser.ts asks them. Prints one
// JSON line per build and round with the load average, then each build's medians; writes nothing.

import { loadavg } from 'node:os';
import { openFixture, openPanel, startHarness } from '../e2e/harness';
import { QUESTIONS, stageLine, timedAsk, useModels, type Timed } from './answer-browser';
import { median } from './stats';
import { syntheticArticle } from './synthetic';

const WARM_QUESTIONS = 3;

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: tsx test/bench/answer-ab.ts <extension dir A> <extension dir B> [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 3);
const html = syntheticArticle(1).html;

async function measure(dir: string): Promise<{ cold: Timed; warm: Timed[] }> {
  const h = await startHarness(dir, [
    (req, res) => {
      if (req.url !== '/bench/x1.html') return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
      return true;
    },
  ]);
  try {
    await useModels(h, true);
    const { tabId } = await openFixture(h, `${h.server.url}/bench/x1.html`);
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('#question');
    const questions = [...QUESTIONS];
    const cold = await timedAsk(panel, questions.shift()!);
    const warm: Timed[] = [];
    for (let i = 0; i < WARM_QUESTIONS; i++) warm.push(await timedAsk(panel, questions.shift()!));
    return { cold, warm };
  } finally {
    await h.close();
  }
}

const finals: Record<'A' | 'B', { cold: number[]; warm: number[] }> = {
  A: { cold: [], warm: [] },
  B: { cold: [], warm: [] },
};
for (let round = 0; round < rounds; round++) {
  const order: Array<['A' | 'B', string]> = [
    ['A', dirA],
    ['B', dirB],
  ];
  if (round % 2 === 1) order.reverse();
  for (const [name, dir] of order) {
    const loadBefore = loadavg()[0]!;
    const { cold, warm } = await measure(dir);
    finals[name].cold.push(cold.finalMs);
    finals[name].warm.push(median(warm.map((t) => t.finalMs)));
    console.log(
      JSON.stringify({
        round,
        build: name,
        load: [loadBefore, loadavg()[0]].map((x) => Math.round(x! * 10) / 10),
        coldMs: Math.round(cold.finalMs),
        coldStages: stageLine(cold),
        warmMs: warm.map((t) => Math.round(t.finalMs)),
        warmStages: warm.map(stageLine),
      }),
    );
  }
}
for (const name of ['A', 'B'] as const)
  console.log(
    `${name}: cold median ${Math.round(median(finals[name].cold))} ms, warm median of round medians ${Math.round(median(finals[name].warm))} ms`,
  );
