// The history view's rows and toolbar (components/history-view/), rendered to HTML in Node:
// verdicts in words, a compact delete button with an accessible name, export disabled on an
// empty list, and import a button like the others.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HistoryPorts } from '../../components/HistoryView';
import { HistoryList } from '../../components/history-view/HistoryList';
import { HistoryToolbar } from '../../components/history-view/HistoryToolbar';
import { historyMeta } from '../../components/history-view/labels';
import type { AnswerRecord } from '../../lib/cache/db';
import type { AskResult } from '../../lib/pipeline/types';

const NOW = Date.parse('2025-06-01T12:00:00Z');

function record(changes: Partial<AnswerRecord> & { verdict?: string } = {}): AnswerRecord {
  const { verdict, ...rest } = changes;
  return {
    id: 1,
    mode: 'answer',
    question: 'Who designed the lighthouse?',
    questionKey: 'who designed the lighthouse',
    pageUrl: 'https://example.org/lighthouse',
    pageHash: 'h',
    pageTitle: 'Lighthouse of Alexandria',
    result: (verdict ? { verdict: { label: verdict } } : {}) as unknown as AskResult,
    createdAt: NOW - 2 * 3_600_000,
    ...rest,
  };
}

const ports: HistoryPorts = {
  list: () => Promise.resolve([]),
  remove: () => Promise.resolve(),
  removeAll: () => Promise.resolve(),
  export: () => Promise.resolve(0),
  import: () => Promise.resolve({ ok: true, imported: 0, skipped: 0 }),
};

const toolbar = (hasRecords: boolean) =>
  renderToStaticMarkup(
    createElement(HistoryToolbar, {
      ports,
      hasRecords,
      onNote: () => undefined,
      refresh: () => Promise.resolve(),
    }),
  );

/** The opening tag of the element with this data-action. */
const tagOf = (html: string, action: string) =>
  new RegExp(`<[a-z]+[^>]*data-action="${action}"[^>]*>`).exec(html)?.[0] ?? '';

describe('history rows', () => {
  it('say a claim’s verdict in words, never its code', () => {
    expect(historyMeta(record({ mode: 'verify', verdict: 'not-enough-evidence' }), NOW)).toMatch(
      /^Claim · Not enough evidence · Lighthouse of Alexandria · /,
    );
    expect(historyMeta(record({ mode: 'verify', verdict: 'supported' }), NOW)).toMatch(
      /^Claim · Supported · /,
    );
    expect(historyMeta(record({ mode: 'verify' }), NOW)).toMatch(/^Claim · Lighthouse/);
    expect(historyMeta(record(), NOW)).toMatch(/^Lighthouse of Alexandria · /);
    expect(historyMeta(record({ pageTitle: '' }), NOW)).toMatch(/^https:\/\/example\.org\//);
  });

  it('show a thread as one row that says how many follow-ups it holds', () => {
    const turn = (question: string) => ({
      mode: 'answer' as const,
      question,
      questionKey: question.toLowerCase(),
      pageHash: 'h',
      result: {} as AskResult,
      createdAt: NOW,
    });
    const thread = record({ followUps: [turn('And when?'), turn('How tall?')] });
    expect(historyMeta(thread, NOW)).toMatch(/^2 follow-ups · Lighthouse of Alexandria · /);
    expect(historyMeta(record({ followUps: [turn('And when?')] }), NOW)).toMatch(/^1 follow-up · /);
    const html = renderToStaticMarkup(
      createElement(HistoryList, {
        records: [thread, record({ id: 2 })],
        query: '',
        onOpen: () => undefined,
        onDelete: () => undefined,
      }),
    );
    expect(html.match(/<li class="history-item"[^>]*>/g)).toEqual([
      '<li class="history-item" data-history-id="1" data-turns="3">',
      '<li class="history-item" data-history-id="2" data-turns="1">',
    ]);
    expect(html).toContain('title="Show this conversation"');
  });

  it('have a compact delete button named after the question', () => {
    const html = renderToStaticMarkup(
      createElement(HistoryList, {
        records: [record({ mode: 'verify', verdict: 'refuted' })],
        query: '',
        onOpen: () => undefined,
        onDelete: () => undefined,
      }),
    );
    expect(html).not.toContain('refuted<');
    expect(html).toContain('Refuted');
    const button = /<button[^>]*data-action="delete"[^>]*>([\s\S]*?)<\/button>/.exec(html)!;
    expect(button[0]).toContain('aria-label="Delete “Who designed the lighthouse?”"');
    // An icon, not a word: the name is the aria-label.
    expect(button[1]).toMatch(/^<svg[^>]*aria-hidden="true"/);
  });
});

describe('history toolbar', () => {
  it('disables export (and delete all) while there is nothing saved, but not import', () => {
    const html = toolbar(false);
    for (const action of ['export-json', 'export-markdown', 'delete-all'])
      expect(tagOf(html, action)).toContain('disabled');
    expect(tagOf(html, 'import-pick')).not.toContain('disabled');
  });

  it('enables export once there are answers', () => {
    const html = toolbar(true);
    for (const action of ['export-json', 'export-markdown', 'delete-all'])
      expect(tagOf(html, action)).not.toContain('disabled');
  });

  it('imports through a button like the others, whose hidden file input takes JSON', () => {
    const html = toolbar(true);
    expect(tagOf(html, 'import-pick')).toMatch(/^<button type="button"/);
    const input = tagOf(html, 'import');
    expect(input).toMatch(/^<input/);
    expect(input).toContain('type="file"');
    expect(input).toContain('hidden');
    expect(input).toContain('accept="application/json,.json"');
    expect(html).not.toContain('<label');
  });
});
