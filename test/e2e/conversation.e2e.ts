// The side panel as a conversation (issue 13): the greeting, each question above its own answer
// when questions overlap, Stop, follow-ups, quiet progress with the details tucked away, and an
// honest note when the composer cannot be reached. (The views' screenshots: screenshots.e2e.ts.)

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ComposerServer } from '../support/composer-server';
import { ask, LAST_TURN, openFixture, openPanel, setSettings, type Harness } from './harness';
import { usePanelSuite } from './panel-suite';

let h: Harness;
let llm: ComposerServer;

usePanelSuite({ tokenDelayMs: 20 }, (suite) => ({ h, llm } = suite));

/** Each turn's question and the question its answer was made for (null when it has none). */
const turns = (panel: Page) =>
  panel.$$eval('article.turn', (els) =>
    els.map((e) => ({
      question: e.querySelector('.turn-question')?.textContent ?? '',
      status: e.getAttribute('data-status'),
      answerTo: e.querySelector('.result')?.getAttribute('data-answer-to') ?? null,
    })),
  );

/** The panel's text as drawn: closed details (scores, stages, notes) are not drawn. */
const drawnText = (panel: Page) =>
  panel.evaluate(() => (document.querySelector('main') as HTMLElement).innerText);

const WHO = 'Who designed the Lighthouse of Alexandria?';
const WHEN = 'When did Ibn Battuta visit Alexandria?';

describe('the greeting', () => {
  it('offers example questions from the headings, Summarize, the shortcut and the choices, each off until yes', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.waitForSelector('.greeting[data-first-run="true"] .choices');
    const examples = await panel.$$eval('button[data-action="example"]', (els) =>
      els.map((e) => e.textContent ?? ''),
    );
    expect(examples).toHaveLength(3);
    expect(examples.join(' ')).toMatch(/construction/i);
    // The manifest suggests Alt+Shift+A; a browser that did not assign it gets the place to set one.
    expect(await panel.textContent('.shortcut')).toMatch(
      /Alt\+Shift\+A|chrome:\/\/extensions\/shortcuts/,
    );
    // The settings here send nothing out: every choice starts unchecked.
    for (const name of ['wikipedia', 'wikidata', 'composer'])
      expect(await panel.isChecked(`input[name="${name}"]`)).toBe(false);

    // Saying yes to Wikidata only: saved through the settings, and the greeting's choices go.
    await panel.uncheck('input[name="wikipedia"]');
    await panel.check('input[name="wikidata"]');
    await panel.click('button[data-action="save-choices"]');
    await panel.waitForSelector('.greeting[data-first-run="false"]');
    const stored = (await h.worker.evaluate(() => chrome.storage.local.get(null))) as {
      settings: { search: { provider: string }; knowledgeGraph: { enabled: boolean } };
      panel: { onboardingDone: boolean };
    };
    expect(stored.settings.search.provider).toBe('none');
    expect(stored.settings.knowledgeGraph.enabled).toBe(true);
    expect(stored.panel.onboardingDone).toBe(true);
    await setSettings(h, { knowledgeGraph: { enabled: false } });

    // Summarize runs the summary of the page.
    await panel.click('button[data-action="summarize"]');
    await panel.waitForSelector(`${LAST_TURN}[data-status="done"]`, { timeout: 30_000 });
    expect(await panel.textContent(`${LAST_TURN} .turn-question`)).toBe('Summarize this page');
    expect(await panel.textContent(`${LAST_TURN} .run-summary`)).toMatch(/^Summarized in/);
    // Its details say how the passages were chosen, not that they were ranked by keywords.
    expect(
      await panel.textContent(`${LAST_TURN} .retrieval[data-summary] .retrieval-path`),
    ).toMatch(/^Chosen to cover the page/);
    await panel.close();
    await page.close();
  });
});

describe('a conversation', () => {
  it('keeps the newest answer clear of the question form once the thread is longer than the window', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.setViewportSize({ width: 420, height: 560 });
    for (const question of [WHEN, WHO, WHEN]) {
      await ask(panel, question);
      // The newest turn's end (its sources and timing) sits above the sticky form, not under it.
      const { turnBottom, formTop, scrolled } = await panel.evaluate(() => ({
        turnBottom: document.querySelector('article.turn:last-of-type')!.getBoundingClientRect()
          .bottom,
        formTop: document.querySelector('form.ask')!.getBoundingClientRect().top,
        scrolled: scrollY,
      }));
      expect(turnBottom).toBeLessThanOrEqual(formTop + 1);
      if (question === WHO) expect(scrolled).toBeGreaterThan(0);
    }
    await panel.close();
    await page.close();
  });

  it('asked twice quickly, shows each answer under its own question', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.fill('#question', WHEN);
    await panel.click('button[data-action="ask"]');
    await panel.fill('#question', WHO);
    await panel.click('button[data-action="ask"]');
    await panel.waitForSelector(`article.turn:nth-of-type(2):not([data-status="running"])`, {
      timeout: 30_000,
    });
    const [first, second] = await turns(panel);
    expect(first!.question).toBe(WHEN);
    // The first one was stopped by the second, or had already finished: never someone else's answer.
    expect(['stopped', 'done']).toContain(first!.status);
    if (first!.status === 'done') expect(first!.answerTo).toBe(WHEN);
    else expect(first!.answerTo).toBeNull();
    expect(second).toEqual({ question: WHO, status: 'done', answerTo: WHO });
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    await panel.close();
    await page.close();
  });

  it('a new question stops a slow one, and Stop stops: no late answer appears', async () => {
    await setSettings(h, {
      composer: {
        kind: 'openai-compatible',
        endpoint: llm.openAiBase,
        model: 'test-model',
        timeoutSeconds: 5,
      },
    });
    llm.setMode('slow-first-byte');
    llm.configure({ firstByteDelayMs: 20_000 });
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await panel.fill('#question', WHEN);
    await panel.click('button[data-action="ask"]');
    await panel.waitForSelector('.working-text:has-text("Writing the answer")', {
      timeout: 30_000,
    });
    // A second question while the first waits for the model: the first says it was stopped.
    await panel.fill('#question', WHO);
    await panel.click('button[data-action="ask"]');
    await panel.waitForSelector('article.turn:nth-of-type(1)[data-status="stopped"]');
    expect(await panel.textContent('article.turn:nth-of-type(1) .turn-stopped')).toMatch(
      /you asked another question/,
    );
    await panel.waitForSelector(`${LAST_TURN} .working-text`);
    await panel.click(`${LAST_TURN} button[data-action="stop"]`);
    await panel.waitForSelector(`${LAST_TURN}[data-status="stopped"]`);
    expect(await panel.textContent(`${LAST_TURN} .turn-stopped`)).toMatch(/^Stopped/);
    // Past the 5 s time limit a fallback answer would have come back by now: none appears.
    await panel.waitForTimeout(7000);
    expect(await panel.$$eval('.result', (els) => els.length)).toBe(0);
    expect((await turns(panel)).map((t) => t.status)).toEqual(['stopped', 'stopped']);
    await panel.close();
    await page.close();
  });

  it('answers a follow-up about the same subject, and New topic starts over', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await ask(panel, WHO);
    await ask(panel, 'What story is told about him?');
    expect((await turns(panel)).map((t) => t.status)).toEqual(['done', 'done']);
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toMatch(/Sostratus/);
    await panel.click('button[data-action="new-topic"]');
    expect(await panel.$$eval('article.turn', (els) => els.length)).toBe(0);
    await panel.close();
    await page.close();
  });
});

describe('a conversation in History', () => {
  it('is one entry that exports, imports back and opens as the whole thread', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    const FOLLOW_UP = 'What story is told about him?';
    await ask(panel, WHO);
    await ask(panel, FOLLOW_UP);
    expect((await turns(panel)).map((t) => t.status)).toEqual(['done', 'done']);

    const entries = async () => {
      await panel.click('button[data-view="history"]');
      await panel.waitForSelector('.history-list, .history .footnote');
      return panel.$$eval('li.history-item', (els) =>
        els.map((e) => ({
          turns: e.getAttribute('data-turns'),
          question: e.querySelector('.history-question')?.textContent,
          meta: e.querySelector('.history-meta')?.textContent ?? '',
        })),
      );
    };
    const listed = await entries();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ turns: '2', question: WHO });
    expect(listed[0]!.meta).toMatch(/^1 follow-up · /);

    const [json] = await Promise.all([
      panel.waitForEvent('download'),
      panel.click('button[data-action="export-json"]'),
    ]);
    const jsonPath = await json.path();
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
      answers: Array<{
        question: string;
        followUps?: Array<{ question: string; result: { quotes: unknown[] } }>;
      }>;
    };
    expect(exported.answers.map((a) => [a.question, a.followUps?.map((t) => t.question)])).toEqual([
      [WHO, [FOLLOW_UP]],
    ]);
    expect(exported.answers[0]!.followUps![0]!.result.quotes.length).toBeGreaterThan(0);

    await panel.click('button[data-action="delete-all"]');
    await panel.click('button[data-action="delete-all-confirm"]');
    await expect.poll(() => panel.$$eval('li.history-item', (els) => els.length)).toBe(0);
    await panel.setInputFiles('input[data-action="import"]', jsonPath);
    await panel.waitForSelector('[data-history-note="ok"]:has-text("Imported")');
    // Importing the same file again adds nothing.
    await panel.setInputFiles('input[data-action="import"]', jsonPath);
    await expect
      .poll(() => panel.textContent('[data-history-note]'))
      .toMatch(/^Imported 0 answers/);
    expect((await entries()).map((e) => e.turns)).toEqual(['2']);

    await panel.click('li.history-item .history-open');
    await panel.waitForSelector('article.turn .result');
    const shown = await turns(panel);
    expect(shown.map((t) => [t.question, t.status])).toEqual([
      [WHO, 'done'],
      [FOLLOW_UP, 'done'],
    ]);
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toMatch(/Sostratus/);
    await panel.close();
    await page.close();
  });
});

describe('quiet progress and details', () => {
  it('shows no commands, file names or scores until details are opened', async () => {
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await ask(panel, WHO);
    await panel.click(`${LAST_TURN} button.cite`);
    await panel.waitForSelector(`${LAST_TURN} li.quote-focused`);
    const drawn = await drawnText(panel);
    for (const hidden of ['npm run', 'config.json', 'tokenizer.json', 'BM25', 'MiniLM', 'match 1'])
      expect(drawn).not.toContain(hidden);
    expect(drawn).toMatch(/Answered in \d+\.\d s from 5 passages/);
    // The models missing are said once, in the setup card, with an action.
    expect(await panel.textContent('.setup-card button[data-action="setup"]')).toMatch(
      /Download ranking models/,
    );
    // Opened, the details have the stages that ran, the ranking path and the scores.
    await panel.click(`${LAST_TURN} .run-details > summary`);
    const open = await drawnText(panel);
    expect(open).toContain('BM25');
    expect(open).toContain('Ranked by keywords');
    expect(await panel.$$eval(`${LAST_TURN} li.stage`, (els) => els.length)).toBeGreaterThan(3);
    await panel.close();
    await page.close();
  });

  it('says plainly that the composer did not answer, marks its stage failed, and lists nothing as sent', async () => {
    await setSettings(h, {
      composer: { kind: 'openai-compatible', endpoint: 'http://127.0.0.1:9/v1', model: 'm' },
    });
    const { page, tabId } = await openFixture(h, 'demo/source.html');
    const panel = await openPanel(h, tabId);
    await ask(panel, WHO);
    expect(await panel.textContent(`${LAST_TURN} .fallback p`)).toMatch(
      /^The composer at 127\.0\.0\.1:9 didn't answer \(connection refused\) — showing the extractive answer/,
    );
    expect(
      await panel.getAttribute(`${LAST_TURN} li.stage[data-stage="compose"]`, 'data-status'),
    ).toBe('failed');
    expect(await panel.$$eval(`${LAST_TURN} details.sent`, (els) => els.length)).toBe(0);
    expect(await drawnText(panel)).not.toMatch(/Offline/);
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Sostratus');
    await panel.close();
    await page.close();
  });
});

describe('highlights', () => {
  it('scrolls a plain-text page to the cited sentence and marks that sentence, not a neighbour', async () => {
    const filler = Array.from(
      { length: 300 },
      (_, i) => `Line ${i} of the harbour log notes the weather and the ships in port that day.`,
    );
    const fact =
      'The new breakwater was designed by the engineer Mara Ostlund, who also drew the quay. The quay was paved with granite from the northern quarry.';
    const text = [...filler, fact, ...filler.slice(0, 20)].join('\n');
    await h.context.route(`${h.server.url}/log.txt`, (route) =>
      route.fulfill({ body: text, contentType: 'text/plain' }),
    );
    const { page, tabId } = await openFixture(h, 'log.txt');
    const panel = await openPanel(h, tabId);
    await ask(panel, 'Who designed the new breakwater?');
    expect(await panel.textContent(`${LAST_TURN} .answer-text`)).toContain('Mara Ostlund');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await panel.click(`${LAST_TURN} button.cite`);
    await expect.poll(() => page.evaluate(() => scrollY), { timeout: 5000 }).toBeGreaterThan(1000);
    const focus = await page.evaluate(() =>
      [...(CSS.highlights.get('answer-panel-focus') ?? [])].map((r) => (r as Range).toString()),
    );
    expect(focus).toEqual([
      'The new breakwater was designed by the engineer Mara Ostlund, who also drew the quay.',
    ]);
    await panel.close();
    await page.close();
  });
});
