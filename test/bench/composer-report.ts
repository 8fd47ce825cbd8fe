// RESULTS.md section for the composer bench (test/bench/composer.ts); results.ts lists it among
// its sections. Imports nothing at runtime from results.ts (composer.ts imports results.ts).

import type { Figure } from './results';
import { fmt, table, type Get } from './markdown';

const pct = (v: Figure | undefined) => (typeof v === 'number' ? `${(v * 100).toFixed(2)} %` : '—');

const PROTOCOLS = [
  ['openai', 'OpenAI-compatible (SSE, `/v1/chat/completions`)'],
  ['ollama', 'Ollama native (NDJSON, `/api/chat`)'],
] as const;

export function renderComposerSection(get: Get): string {
  const rows = PROTOCOLS.filter(([p]) => get(`composer.${p}.totalMs`) !== undefined).map(
    ([p, name]) => {
      const k = (m: string) => get(`composer.${p}.${m}`);
      return [
        name,
        fmt(k('ttftMs'), 2),
        `**${fmt(k('totalMs'), 0)}**`,
        `${fmt(k('minTotalMs'), 0)}–${fmt(k('maxTotalMs'), 0)}`,
        `${fmt(k('answerWords'))} / ${fmt(k('citations'))}`,
        fmt(k('checkMs.lexical'), 2),
        pct(k('overheadRatio.lexical')),
        fmt(k('checkMs.crossEncoder'), 1),
        `**${pct(k('overheadRatio.crossEncoder'))}**`,
      ];
    },
  );
  const unavailable = get('composer.crossEncoderUnavailable');
  const delay = get('composer.tokenDelayMs');
  return [
    '## Composer: time to first token, time to answer, citation-check overhead (5 quotes)',
    '',
    `**Simulated server**: test/support/composer-server.ts on 127.0.0.1 (in the bench process, no model behind it) streams`,
    `the answer one word per chunk, ${fmt(delay)} ms apart (≈ ${typeof delay === 'number' ? Math.round(1000 / delay) : '?'} tokens/s, a local 8B model on a laptop; a word is ~1.3`,
    'tokens, so the answer time is on the short side and the ratios on the high side). It has no prompt-processing',
    "(prefill) delay: the time to first token is the client's overhead (request, headers, stream parsing), not a",
    "model's. Through the real adapters (lib/composer/endpoints.ts), `composeAnswer` then `checkCitations`, as",
    `runPipeline's compose and check stages do, with the ${fmt(get('composer.quotes'))} quotes of the ${fmt(get('composer.page'))} page for`,
    `"${fmt(get('composer.question'))}" (keyword path). The reply cites every quote, one sentence each ([1]..[5]).`,
    '"First token": from calling `complete` to the first streamed text. "Answer": from calling `complete` to the full',
    `text. Check: \`checkCitations\` on that answer, without a scorer (lexical) and with the cross-encoder: ${fmt(get('composer.checkModel'))}`,
    `(load ${fmt(get('composer.checkModelLoadMs'), 0)} ms, not in any figure). Median of ${fmt(get('composer.runs'))} runs after ${fmt(get('composer.warmups'))} untimed`,
    'ones per protocol; overhead = check time over answer time of the same run, median over runs. Milliseconds.',
    '',
    table(
      [
        'Protocol',
        'First token',
        'Answer',
        'Answer min–max',
        'Words / citations',
        'Check lexical',
        'Lexical / answer',
        'Check cross-encoder',
        'Cross-encoder / answer',
      ],
      rows,
    ),
    '',
    unavailable !== undefined
      ? `Cross-encoder check **not measured**: ${fmt(unavailable)}. Lexical overhead (\`composer.citationCheckOverheadRatio.lexical\`): ` +
        `**${pct(get('composer.citationCheckOverheadRatio.lexical'))}** (goal < 20 %).`
      : `\`composer.citationCheckOverheadRatio\` (cross-encoder, the larger of the two protocols): **${pct(get('composer.citationCheckOverheadRatio'))}** ` +
        `of the composer time, goal < 20 % for 5 quotes; lexical (\`composer.citationCheckOverheadRatio.lexical\`): ${pct(get('composer.citationCheckOverheadRatio.lexical'))}.`,
  ].join('\n');
}
