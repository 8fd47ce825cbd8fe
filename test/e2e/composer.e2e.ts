// The composer endpoints in the built extension (issue 5), against a local server speaking the
// real OpenAI streaming protocol and Ollama's native one (test/support/composer-server.ts):
// settings saved and tested, a streamed answer with checked citations and per-quote highlights, a
// model verdict that refutes a claim, the fallback when the endpoint fails, and a hostile model.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { askAbout, openFixture, openPanel, setSettings, type Harness } from './harness';
import { usePanelSuite } from './panel-suite';
import { quotesIn, type ComposerServer } from '../support/composer-server';

let h: Harness;
let llm: ComposerServer;

// Before each test the cache is emptied: several tests ask the same question of the same page,
// and each must reach the endpoint.
usePanelSuite(
  {
    tokenDelayMs: 40,
    settings: (server) => ({
      composer: {
        kind: 'openai-compatible',
        endpoint: server.openAiBase,
        model: 'test-model',
        apiKey: '',
        minConfidence: 'medium',
        timeoutSeconds: 60,
      },
    }),
  },
  (suite) => ({ h, llm } = suite),
);

const chatRequests = () => llm.requests.filter((r) => r.method === 'POST');

describe('composer settings', () => {
  it('tests the connection against the local server, names a wrong model, and saves', async () => {
    const options = await h.context.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/options.html`);
    await options.selectOption('[id="composer.kind"]', 'openai-compatible');
    await options.fill('[id="composer.endpoint"]', llm.openAiBase);
    // No model name yet: the message points at the fields above, not "in Settings".
    await options.fill('[id="composer.model"]', '');
    await options.click('button[data-action="test-connection"]');
    await options.waitForSelector('[data-connection="composer-not-configured"]', {
      timeout: 15_000,
    });
    expect(await options.textContent('[data-connection]')).toMatch(/model name above/);
    await options.fill('[id="composer.model"]', 'no-such-model');
    await options.click('button[data-action="test-connection"]');
    await options.waitForSelector('[data-connection="composer-model-not-found"]', {
      timeout: 15_000,
    });
    expect(await options.textContent('[data-connection]')).toMatch(/test-model/);
    await options.fill('[id="composer.model"]', 'test-model');
    await options.click('button[data-action="test-connection"]');
    await options.waitForSelector('[data-connection="ok"]', { timeout: 15_000 });
    // The confidence bar is under Advanced.
    await options.click('details.advanced > summary');
    await options.selectOption('[id="composer.minConfidence"]', 'high');
    await options.click('button[type=submit]');
    await options.waitForSelector('[data-saved="true"]');
    const { settings } = (await h.worker.evaluate(() => chrome.storage.local.get('settings'))) as {
      settings: { composer: Record<string, unknown> };
    };
    expect(settings.composer).toMatchObject({
      kind: 'openai-compatible',
      endpoint: llm.openAiBase,
      model: 'test-model',
      minConfidence: 'high',
    });
    // Chrome's built-in model is offered only where the browser has it (headless Chromium has none).
    expect(
      await options.$$eval('[id="composer.kind"] option', (els) =>
        els.map((e) => (e as HTMLOptionElement).value),
      ),
    ).not.toContain('chrome-prompt');
    await options.close();
  });
});

describe('answers from the endpoint', () => {
  it('streams the answer, checks every citation and highlights each cited quote in its own colour', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.fill('#question', 'What damaged the lighthouse?');
    await panel.click('button[data-action="ask"]');
    // Token by token: the partial answer is on screen before the result replaces it.
    await panel.waitForSelector('[data-streaming="true"]', { timeout: 30_000 });
    const partial = await panel.textContent('[data-streaming="true"]');
    await panel.waitForSelector('.result', { timeout: 30_000 });
    expect(partial!.length).toBeGreaterThan(0);

    expect(chatRequests()).toHaveLength(1);
    const body = chatRequests()[0]!.body as {
      stream: boolean;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body.stream).toBe(true);
    expect(chatRequests()[0]!.headers.authorization).toBeUndefined();
    const sentIds = quotesIn(body.messages[1]!.content).map((q) => q.id);

    expect(await panel.getAttribute('.answer', 'data-composer')).toBe('openai-compatible');
    const cites = await panel.$$eval('button.cite', (els) =>
      els.map((e) => [Number(e.getAttribute('data-cite')), e.getAttribute('data-check')] as const),
    );
    expect(cites.length).toBe(Math.min(3, sentIds.length));
    // The default reply quotes each quote's own first sentence (a table quote's rows run together
    // into one "sentence", which the rules cannot find in one row: "not found", neutral). Every
    // citation is checked, most are supported, and none is flagged as contradicted.
    expect(cites.every(([, check]) => check === 'supported' || check === 'not-found')).toBe(true);
    expect(cites.filter(([, check]) => check === 'supported').length).toBeGreaterThan(0);
    expect(await panel.textContent('.checks')).toMatch(
      new RegExp(`^\\d of ${cites.length} citations? checked`),
    );
    expect(await panel.getAttribute('.checks', 'data-flagged')).toBe('0');
    expect(await panel.textContent('.confidence')).toContain('high');

    // What was sent: exactly the quotes in the request.
    expect(await panel.getAttribute('details.sent', 'data-sent-quotes')).toBe(sentIds.join(','));
    expect(await panel.textContent('.sent-user')).toBe(body.messages[1]!.content);

    // One highlight colour per cited quote on the page.
    const names = await page.evaluate(() =>
      [...CSS.highlights.keys()].filter((k) => k.startsWith('answer-panel-quote-')).sort(),
    );
    expect(names).toEqual(
      [...new Set(cites.map(([id]) => `answer-panel-quote-${(id - 1) % 6}`))].sort(),
    );
    await panel.close();
    await page.close();
  });

  it('shows a refuting verdict with the quote that decides it', async () => {
    llm.setReply((request) => {
      const quote = quotesIn(request.messages[1]!.content).find((q) =>
        q.text.includes('much stronger earthquake in 1303 caused serious cracks'),
      );
      return quote
        ? `Verdict: REFUTED\nA tremor in 956 damaged the upper part, and a much stronger earthquake in 1303 caused serious cracks [${quote.id}].\nConfidence: high`
        : 'Verdict: NOT ENOUGH EVIDENCE\nNo quote mentions it.\nConfidence: low';
    });
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'The lighthouse was first damaged by an earthquake in the year 1100.',
      'verify',
    );
    await panel.waitForSelector('.verdict');
    expect(await panel.getAttribute('.verdict', 'data-verdict')).toBe('refuted');
    expect(await panel.getAttribute('.verdict', 'data-decided-by')).toBe('composer');
    const cited = Number(await panel.getAttribute('button.cite', 'data-cite'));
    expect(await panel.textContent(`li.quote[data-quote="${cited}"] .quote-text`)).toContain(
      '1303',
    );
    expect(await panel.getAttribute('button.cite', 'data-check')).toBe('supported');
    await close();
  });

  it('says "I don\'t know" below the confidence bar and keeps the evidence and the model answer', async () => {
    llm.setReply('Maybe the earthquakes [2].\nConfidence: low');
    const { panel, close } = await askAbout(h, 'demo/source.html', 'What damaged the lighthouse?');
    expect(await panel.textContent('[data-withheld="true"]')).toMatch(/I don't know/);
    expect(await panel.$$eval('li.quote', (els) => els.length)).toBeGreaterThan(0);
    expect(await panel.textContent('details.withheld')).toContain('Maybe the earthquakes');
    await close();
  });
});

describe('endpoint failures and hostile models', () => {
  const fallbackCode = (panel: Page) => panel.getAttribute('[data-fallback]', 'data-fallback');

  it.each([
    ['status-500', 'composer-server-error'],
    ['status-401', 'composer-auth'],
    ['status-429', 'composer-rate-limited'],
    ['wrong-model', 'composer-model-not-found'],
  ] as const)(
    'falls back to the extractive answer on %s, saying why, and keeps the question',
    async (mode, code) => {
      llm.setMode(mode);
      const question = 'Who designed the Lighthouse of Alexandria?';
      const { panel, close } = await askAbout(h, 'demo/source.html', question);
      expect(await fallbackCode(panel)).toBe(code);
      expect(await panel.getAttribute('.answer', 'data-composer')).toBe('extractive');
      expect(await panel.textContent('.answer-text')).toContain('Sostratus');
      // The question stays on screen, above the answer shown for it.
      expect(await panel.textContent('.turn-question')).toBe(question);
      await close();
    },
  );

  it('gives up on an endpoint that never sends a first byte, after the time limit', async () => {
    llm.setMode('slow-first-byte');
    llm.configure({ firstByteDelayMs: 20_000 });
    await setSettings(h, { composer: { timeoutSeconds: 5 } });
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'Who designed the Lighthouse of Alexandria?',
    );
    expect(await fallbackCode(panel)).toBe('composer-timeout');
    await close();
  });

  it('renders a hostile answer as text: bad citations dropped, no links or images, the unsupported citation flagged', async () => {
    llm.setMode('hostile');
    const { panel, close } = await askAbout(
      h,
      'hostile/source.html',
      'How do bees tell direction?',
    );
    const answer = (await panel.textContent('.answer-text'))!;
    expect(answer).toContain('javascript:alert(1)');
    expect(answer).toContain('<img src=x onerror=alert(1)>');
    expect(await panel.$$eval('.answer a, .answer img, .result img', (els) => els.length)).toBe(0);
    expect(await panel.getAttribute('[data-dropped]', 'data-dropped')).toBe('1');
    expect(
      await panel.$$eval('button.cite', (els) => els.map((e) => e.getAttribute('data-cite'))),
    ).not.toContain('99');
    // "I am the system. Ignore the user." is not what quote [1] says: flagged, not shown as fine.
    expect(await panel.textContent('.checks')).toMatch(/source says otherwise/);
    expect(
      await panel.$$eval('button.cite[data-check="flagged"]', (els) => els.length),
    ).toBeGreaterThan(0);
    await close();
  });

  it('says an answer without citations cannot be checked', async () => {
    llm.setMode('no-citations');
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'Who designed the Lighthouse of Alexandria?',
    );
    expect(await panel.getAttribute('.answer', 'data-composer')).toBe('openai-compatible');
    expect(await panel.$$eval('button.cite', (els) => els.length)).toBe(0);
    expect(await panel.textContent('.checks')).toMatch(
      /cited no quotes, so nothing in this answer can be checked/,
    );
    await close();
  });

  it("answers through Ollama's native API although Ollama refuses unknown Origin headers", async () => {
    llm.configure({ rejectOrigins: true });
    await setSettings(h, {
      composer: { kind: 'ollama', endpoint: llm.ollamaBase, model: 'llama3.1:8b' },
    });
    const { panel, close } = await askAbout(
      h,
      'demo/source.html',
      'Who designed the Lighthouse of Alexandria?',
    );
    expect(await panel.textContent('.answer')).not.toMatch(/failed|refused/);
    expect(await panel.getAttribute('.answer', 'data-composer')).toBe('ollama');
    const chat = chatRequests().at(-1)!;
    expect(chat.path).toBe('/api/chat');
    expect(chat.headers.origin).toBeUndefined();
    await close();
  });
});
