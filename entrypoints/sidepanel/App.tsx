import { useEffect } from 'react';
import { AnswerView, SentView, StreamingAnswer, VerdictBadge } from '@/components/AnswerView';
import { HistoryView } from '@/components/HistoryView';
import { timeAgo } from '@/lib/core/time';
import { historyPorts } from './history';
import { ProgressList } from '@/components/ProgressList';
import { QuoteCard } from '@/components/QuoteCard';
import { RetrievalSummary } from '@/components/RetrievalSummary';
import { attachRouter, createRouter } from '@/lib/messages/protocol';
import { MAX_QUESTION_CHARS } from '@/lib/pipeline/question';
import type { SourcesMode } from '@/lib/pipeline/types';
import { targetTabId } from './bridge';
import { STAGES } from '@/components/panel/stages';
import type { ShownOrigin } from '@/lib/ask/panel-state';
import { usePanel } from './store';

/** Says where a cached or offline answer came from, and offers a fresh one. */
function OriginNote(props: { origin: ShownOrigin; pageChanged: boolean; onFresh: () => void }) {
  const { origin } = props;
  const ago =
    'createdAt' in origin
      ? timeAgo(origin.createdAt, Date.now())
      : 'fetchedAt' in origin
        ? timeAgo(origin.fetchedAt, Date.now())
        : '';
  let text: string | null;
  switch (origin.kind) {
    case 'live':
      text = origin.offline
        ? 'Offline: extractive answer from this page (no saved answer to a similar question).'
        : null;
      break;
    case 'exact':
      text = `Cached answer from ${ago}, to the same question on this version of the page.`;
      break;
    case 'similar':
      text = origin.samePage
        ? `Offline: saved answer from ${ago} to a similar question, “${origin.question}”.`
        : `Offline: saved answer from ${ago} to a similar question, “${origin.question}”, on another page: ${origin.pageTitle || origin.pageUrl}.`;
      break;
    case 'cached-page':
      text = `Offline: extractive answer from the saved copy of this page (read ${ago}).`;
      break;
    case 'history':
      text = `Saved answer from ${ago}.`;
      break;
  }
  if (!text && !props.pageChanged) return null;
  return (
    <div
      className="origin"
      role="status"
      data-origin={origin.kind}
      data-page-changed={props.pageChanged}
    >
      {text && <span>{text}</span>}
      {props.pageChanged ? (
        <button type="button" data-action="reverify" onClick={props.onFresh}>
          Page changed — re-verify
        </button>
      ) : (
        origin.kind !== 'live' && (
          <button type="button" data-action="ask-fresh" onClick={props.onFresh}>
            Ask again
          </button>
        )
      )}
    </div>
  );
}

export function App() {
  const state = usePanel();
  const { result, highlight } = state;

  useEffect(() => {
    void state.takePendingClaim();
    const route = createRouter(
      {
        'claim/available': async ({ tabId }) => {
          if ((await targetTabId()) === tabId) await usePanel.getState().takePendingClaim();
          return null;
        },
        'page/navigated': (_payload, sender) => {
          if (typeof sender.tab?.id === 'number') usePanel.getState().pageNavigated(sender.tab.id);
          return null;
        },
      },
      browser.runtime.id,
    );
    return attachRouter(browser.runtime.onMessage, route);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const running = state.status === 'running';
  return (
    <main className="panel">
      <nav className="panel-tabs" aria-label="Views">
        <button
          type="button"
          aria-pressed={state.view === 'ask'}
          data-view="ask"
          onClick={() => state.setView('ask')}
        >
          Ask
        </button>
        <button
          type="button"
          aria-pressed={state.view === 'history'}
          data-view="history"
          onClick={() => state.setView('history')}
        >
          History
        </button>
      </nav>
      {state.view === 'history' ? (
        <HistoryView ports={historyPorts} onOpen={(record) => void state.openSaved(record)} />
      ) : (
        <>
          <form
            className="ask"
            onSubmit={(e) => {
              e.preventDefault();
              void state.ask('answer');
            }}
          >
            <label htmlFor="question" className="visually-hidden">
              Question or claim
            </label>
            <textarea
              id="question"
              name="question"
              rows={3}
              placeholder="Ask about this page…"
              value={state.input}
              maxLength={MAX_QUESTION_CHARS * 6}
              onChange={(e) => state.setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void state.ask('answer');
                }
              }}
            />
            <div className="ask-buttons">
              <button type="submit" disabled={running} data-action="ask">
                Ask
              </button>
              <button
                type="button"
                disabled={running}
                data-action="verify"
                onClick={() => void state.ask('verify')}
              >
                Verify claim
              </button>
              <select
                aria-label="Evidence from"
                className="sources"
                value={state.sources ?? ''}
                onChange={(e) => e.target.value && state.setSources(e.target.value as SourcesMode)}
              >
                <option value="">Sources: as in Settings</option>
                <option value="page">This page only</option>
                <option value="auto">Page, web if needed</option>
                <option value="page+web">Page + web</option>
              </select>
              <a className="settings-link" href="/options.html" target="_blank" rel="noreferrer">
                Settings
              </a>
            </div>
          </form>

          {state.status !== 'idle' && <ProgressList stages={STAGES} progress={state.stages} />}

          {state.error && (
            <div className="error" role="alert" data-error={state.error.code}>
              {state.error.message}
            </div>
          )}

          {running && state.streaming && <StreamingAnswer text={state.streaming} />}

          {result && (
            <section className="result" aria-label="Answer">
              {state.origin && (
                <OriginNote
                  origin={state.origin}
                  pageChanged={state.pageChanged}
                  onFresh={() => void state.ask(state.mode, { fresh: true })}
                />
              )}
              {state.storageNote && (
                <p className="notice" role="note" data-storage-note="true">
                  {state.storageNote}
                </p>
              )}
              {result.verdict && (
                <VerdictBadge
                  verdict={result.verdict}
                  composerLabel={result.answer.composerLabel}
                />
              )}
              <AnswerView
                answer={result.answer}
                focused={highlight.focused}
                onCite={(id, sentence) => void state.focusQuote(id, sentence)}
              />
              {result.page.truncated && (
                <p className="notice">This page is very long: only its first part was read.</p>
              )}
              {highlight.stale && (
                <p className="notice">
                  The page changed since this answer: its highlights were cleared.
                </p>
              )}
              <RetrievalSummary report={result.retrieval} />
              <h2 className="quotes-title">Quotes</h2>
              <ol className="quotes">
                {result.quotes.map((quote) => (
                  <QuoteCard
                    key={quote.id}
                    quote={quote}
                    cited={result.answer.cited.includes(quote.id)}
                    focused={highlight.focused === quote.id}
                    missing={highlight.missing.includes(quote.id)}
                    onShow={(id) => void state.focusQuote(id)}
                  />
                ))}
              </ol>
              {result.answer.sent && (
                <SentView
                  sent={result.answer.sent}
                  to={result.answer.composerLabel ?? result.answer.fallback?.from ?? 'the composer'}
                />
              )}
              <p className="footnote">
                {result.answer.composer === 'extractive'
                  ? 'Extractive composer (no language model): every sentence is a quote from a source.'
                  : `Written by ${result.answer.composerLabel}; each citation was checked against its quote.`}
              </p>
            </section>
          )}
        </>
      )}
    </main>
  );
}
