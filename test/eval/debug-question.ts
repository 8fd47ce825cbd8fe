// Debug helper (not part of the evaluation): one question on one page, with every quote's scores.
//   npx tsx test/eval/debug-question.ts <page> "<question>" [previous question] [previous answer]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPipeline } from '../../lib/ask/run';
import { readHtml } from '../../lib/page/node';
import { sharedData } from '../support/shared-data';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const [name, question, prevQ, prevA] = process.argv.slice(2);
const path = `${sharedData(`${ROOT}..`, 'readability-test-pages')}/${name}/source.html`;
const page = readHtml(readFileSync(path, 'utf8'), { url: `file://${path}` });
const result = await runPipeline({
  mode: 'answer',
  question: question!,
  page,
  ...(prevQ ? { history: [{ question: prevQ, answer: prevA ?? '' }] } : {}),
});
console.log(result.answer.answered, result.answer.text);
for (const q of result.quotes)
  console.log(
    `[${q.id}] cov=${q.coverage.toFixed(2)} bm25=${q.score.toFixed(2)} ${JSON.stringify(q.text.slice(0, 300))}`,
  );
