// composeAnswer (lib/composer/compose.ts): one endpoint call, parsed and filtered; the extractive
// composer when there is no endpoint or it fails; confidence below the bar withholds the answer.
// The endpoint here is an in-process ComposerPort with a scripted reply; the HTTP adapters are
// tested against a real loopback server in composer.endpoints.test.ts.
import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../lib/composer/compose';
import type { ComposerPort, ComposerPrompt } from '../../lib/pipeline/ports';
import { PipelineError } from '../../lib/core/errors';
import type { Quote } from '../../lib/pipeline/types';

const quotes: Quote[] = [
  ['The lighthouse was completed around 280 BC during the reign of Ptolemy II.', 0.9],
  ['Earthquakes in 956 and 1303 damaged the tower.', 0.3],
].map(([text, coverage], i) => ({
  id: i + 1,
  passageId: `p${i}`,
  text: text as string,
  origin: 'splitter',
  score: 2,
  coverage: coverage as number,
  source: {
    kind: 'page',
    url: 'https://fixtures.test/demo/',
    title: 'Demo',
    blockIndex: i,
    blockKind: 'paragraph',
    position: { block: i + 1, of: 2 },
  },
}));

function scripted(
  reply: string | Error,
  tokens: string[] = [],
): ComposerPort & { prompts: ComposerPrompt[] } {
  const prompts: ComposerPrompt[] = [];
  return {
    kind: 'openai-compatible',
    label: 'test-model at http://127.0.0.1:1',
    prompts,
    async complete(prompt, options) {
      prompts.push(prompt);
      for (const t of tokens) options?.onToken?.(t);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
}

const ask = (
  composer: ComposerPort | null,
  extra: Partial<Parameters<typeof composeAnswer>[0]> = {},
) =>
  composeAnswer({
    mode: 'answer',
    question: 'When was the lighthouse completed?',
    quotes,
    composer,
    ...extra,
  });

describe('composeAnswer', () => {
  it('uses the extractive composer when no endpoint is configured, and sends nothing', async () => {
    const { answer } = await ask(null);
    expect(answer.composer).toBe('extractive');
    expect(answer.sent).toBeUndefined();
    expect(answer.cited).toEqual([1]);
  });

  it('makes one call, streams its tokens, keeps issued citations and drops the rest', async () => {
    const port = scripted(
      'It was completed around 280 BC [1]. Some say 300 BC [7].\nConfidence: high',
      ['It was', ' completed'],
    );
    const tokens: string[] = [];
    const { answer } = await ask(port, { onToken: (t) => tokens.push(t) });
    expect(port.prompts).toHaveLength(1);
    expect(tokens).toEqual(['It was', ' completed']);
    expect(answer).toMatchObject({
      composer: 'openai-compatible',
      composerLabel: 'test-model at http://127.0.0.1:1',
      confidence: 'high',
      cited: [1],
      droppedCitations: 1,
      answered: true,
    });
    expect(answer.withheld).toBeUndefined();
    expect(answer.text).not.toMatch(/Confidence/);
    expect(answer.sent!.quotes.map((q) => q.id)).toEqual([1, 2]);
    expect(answer.sent!.user).toBe(port.prompts[0]!.user);
  });

  it('falls back to the extractive answer with the reason when the endpoint fails', async () => {
    const { answer } = await ask(scripted(new PipelineError('composer-timeout')));
    expect(answer.composer).toBe('extractive');
    expect(answer.fallback).toEqual({
      from: 'test-model at http://127.0.0.1:1',
      reason: {
        code: 'composer-timeout',
        message: expect.stringMatching(/did not start answering/),
      },
    });
    expect(answer.cited).toEqual([1]);
    // What was sent is still shown: the quotes did leave the browser.
    expect(answer.sent!.quotes).toHaveLength(2);
  });

  it('treats an empty reply as a bad response and falls back', async () => {
    const { answer } = await ask(scripted('\nConfidence: high\n'));
    expect(answer.fallback?.reason.code).toBe('composer-bad-response');
    expect(answer.composer).toBe('extractive');
  });

  it('passes a caller abort through instead of falling back', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(
      ask(scripted(new DOMException('stop', 'AbortError')), { signal: controller.signal }),
    ).rejects.toThrow('stop');
  });

  it.each([
    ['Around 280 BC [1].\nConfidence: low', 'medium', true],
    ['Around 280 BC [1].', 'medium', true],
    ['Around 280 BC [1].', 'low', false],
    ['Around 280 BC [1].\nConfidence: medium', 'medium', false],
    ['Around 280 BC [1].\nConfidence: medium', 'high', true],
  ] as const)(
    'withholds %j below minimum confidence %s: %s',
    async (reply, minConfidence, withheld) => {
      const { answer } = await ask(scripted(reply), { minConfidence });
      expect(answer.withheld ?? false).toBe(withheld);
      expect(answer.cited).toEqual([1]);
    },
  );

  it('says when the endpoint cut the answer at the length limit', async () => {
    const port: ComposerPort = {
      ...scripted(''),
      complete: async (_p, o) => (
        o?.onTruncated?.(),
        'It was completed around 280 BC [1] and then …'
      ),
    };
    const { answer } = await ask(port, { minConfidence: 'low' });
    expect(answer.notes).toEqual([expect.stringMatching(/cut off/)]);
    expect(answer.cited).toEqual([1]);
  });

  it('marks "I don\'t know" as not answered', async () => {
    const { answer } = await ask(
      scripted("I don't know: the quotes do not say.\nConfidence: high"),
    );
    expect(answer.answered).toBe(false);
  });

  it('reads a refuting verdict from the model, deciding quotes included', async () => {
    const { answer, verdict } = await composeAnswer({
      mode: 'verify',
      question: 'The tower was damaged by an earthquake in 1100.',
      quotes,
      composer: scripted(
        'Verdict: REFUTED\nThe earthquakes were in 956 and 1303 [2].\nConfidence: high',
      ),
    });
    expect(verdict).toMatchObject({
      label: 'refuted',
      confidence: 'high',
      decidedBy: 'composer',
      quoteIds: [2],
    });
    expect(answer.text).toBe('The earthquakes were in 956 and 1303 [2].');
  });

  it('does not let a low-confidence verdict stand: not enough evidence, with what the model said', async () => {
    const { verdict } = await composeAnswer({
      mode: 'verify',
      question: 'The tower fell in 1100.',
      quotes,
      composer: scripted('Verdict: REFUTED\nMaybe [2].\nConfidence: low'),
    });
    expect(verdict).toMatchObject({
      label: 'not-enough-evidence',
      modelLabel: 'refuted',
      decidedBy: 'composer',
    });
  });

  it("quotes the page's sentence without its footnote marker when no composer is set (wikipedia)", async () => {
    const noted: Quote[] = [
      {
        ...quotes[0]!,
        text: 'One day later, Jamie Zawinski from Netscape registered mozilla.org.[4]',
      },
    ];
    const { answer, verdict } = await composeAnswer({
      mode: 'verify',
      question: 'One day later, Jamie Zawinski from Netscape registered mozilla.org.',
      quotes: noted,
    });
    expect(verdict?.label).toBe('supported');
    expect(answer.text).toBe(
      'The page says: One day later, Jamie Zawinski from Netscape registered mozilla.org [1].',
    );
  });

  it('falls back to the evidence-score verdict, and says so, when the model writes no verdict line', async () => {
    const { answer, verdict } = await composeAnswer({
      mode: 'verify',
      question: 'It was completed around 280 BC.',
      quotes,
      composer: scripted('Yes [1].\nConfidence: high'),
    });
    expect(verdict?.decidedBy).toBe('evidence-scores');
    expect(answer.notes).toEqual([expect.stringMatching(/gave no verdict/)]);
  });
});
