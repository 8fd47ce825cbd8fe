// The side panel: a conversation per tab. Each section subscribes to the part of the store it
// draws; a streamed token batch re-renders the running turn and nothing else. The shell drawn
// here is in the entry chunk; answers and History come in panelViews, after the first paint.

import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AskForm } from '@/components/panel/AskForm';
import { GreetingView } from '@/components/panel/Greeting';
import { PanelTabs } from '@/components/panel/PanelTabs';
import { SetupNoticeCard } from '@/components/panel/SetupNotice';
import type { TurnViewProps } from '@/components/panel/TurnView';
import { runningTurn, shownThread, type Turn } from '@/lib/ask/panel-state';
import type { AnswerRecord } from '@/lib/cache/db';
import { useDeferred } from './deferred';
import { panelViews, usePanel } from './store';
import { verdictWord } from '@/components/history-view/labels';
import { t } from '@/lib/core/i18n';

export function App() {
  const view = usePanel((s) => s.view);
  const setView = usePanel((s) => s.setView);
  const openSaved = usePanel((s) => s.openSaved);
  useEffect(() => listenToEscape(), []);
  // Back from History (a saved answer opened): the control that had the focus went away.
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === 'history' && view === 'ask' && document.activeElement === document.body)
      focusQuestion();
    shown.current = view;
  }, [view]);
  return (
    <main className="panel">
      <h1 className="visually-hidden">{t('ext_name')}</h1>
      <LiveSection />
      <PanelTabs view={view} onView={setView} />
      {view === 'history' ? (
        <HistorySection onOpen={(record) => void openSaved(record)} />
      ) : (
        <>
          <NoticeSection />
          <ThreadSection />
          <AskSection />
        </>
      )}
    </main>
  );
}

/** History, with its cache and file ports, from the views loaded after the first paint. */
function HistorySection({ onOpen }: { onOpen: (record: AnswerRecord) => void }) {
  const views = useDeferred(panelViews);
  return views && <views.HistoryView ports={views.historyPorts} onOpen={onOpen} />;
}

/** Esc stops the running question and puts the cursor back in the question box. */
function listenToEscape(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const state = usePanel.getState();
    if (state.view !== 'ask' || !runningTurn(state)) return;
    e.preventDefault();
    state.stop();
    focusQuestion();
  };
  addEventListener('keydown', onKey);
  return () => removeEventListener('keydown', onKey);
}

/** The question box takes the focus when the control that had it went away (Stop, New topic). */
function focusQuestion(): void {
  requestAnimationFrame(() => document.getElementById('question')?.focus());
}

/**
 * What a screen reader hears: "Working…" when a question starts, then the answer once, when it
 * is checked — not every streamed word.
 */
function LiveSection() {
  // A string, so a streamed token (same words to say) does not re-render it.
  const said = usePanel((s) => {
    const last = shownThread(s).at(-1);
    return last ? announcement(last) : '';
  });
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-live="answer">
      {said}
    </div>
  );
}

function announcement(turn: Turn): string {
  if (turn.status === 'running') return t('live_working');
  if (turn.status === 'stopped') return t('live_stopped');
  if (turn.status === 'error') return t('live_error', turn.error?.message ?? '');
  const result = turn.result;
  if (!result) return '';
  const { answer } = result;
  if (result.verdict) return t('live_claim_checked', verdictWord(result.verdict.label));
  if (!answer.answered || answer.withheld) return t('live_no_answer');
  return t('live_answer', answer.sentences.map((s) => s.text).join(' '));
}

function subscribeOnline(onChange: () => void): () => void {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

function NoticeSection() {
  const { notice, dismiss } = usePanel(
    useShallow((s) => ({ notice: s.notice, dismiss: s.dismissNotice })),
  );
  if (!notice) return null;
  return (
    <SetupNoticeCard
      notice={notice}
      onAction={() => void browser.runtime.openOptionsPage()}
      onDismiss={dismiss}
    />
  );
}

function ThreadSection() {
  const turns = usePanel(useShallow((s) => shownThread(s)));
  const greeting = usePanel((s) => s.greeting);
  const actions = usePanel(
    useShallow((s) => ({
      ask: s.ask,
      stop: s.stop,
      focusQuote: s.focusQuote,
      currentChoices: s.currentChoices,
      finishOnboarding: s.finishOnboarding,
    })),
  );
  const online = useOnline();
  const last = turns.at(-1);
  // A new question scrolls into view; streaming into it does not pull the reader back down. To
  // the end of the panel, not of the thread: the question form after the thread sticks to the
  // window's bottom and would cover the newest turn's last lines (its sources and timing).
  useEffect(() => {
    const panel = document.scrollingElement;
    panel?.scrollTo({ top: panel.scrollHeight });
  }, [last?.id, last?.status]);
  return (
    <div className="thread">
      {turns.length === 0 && greeting && (
        <GreetingView
          greeting={greeting}
          onExample={(question) => void actions.ask('answer', { question })}
          onSummarize={() =>
            void actions.ask('answer', { question: t('greeting_summarize'), intent: 'summary' })
          }
          loadChoices={actions.currentChoices}
          onFinish={(choices) => void actions.finishOnboarding(choices)}
        />
      )}
      {turns.map((turn) => (
        <MemoTurn
          key={turn.id}
          turn={turn}
          online={online}
          onStop={() => {
            actions.stop();
            focusQuestion();
          }}
          onFresh={(t: Turn) =>
            void actions.ask(t.mode, {
              fresh: true,
              question: t.question,
              ...(t.intent ? { intent: t.intent } : {}),
            })
          }
          onShowQuote={(turnId, id, sentence) => void actions.focusQuote(turnId, id, sentence)}
        />
      ))}
    </div>
  );
}

/**
 * A turn, drawn by the views loaded after the first paint; they are always here by then, since
 * only the engine makes turns and it loads with them. It re-renders only when the turn changed.
 */
function MemoTurn(props: TurnViewProps) {
  const views = useDeferred(panelViews);
  return views && <views.MemoTurn {...props} />;
}

function AskSection() {
  const { ask, ...props } = usePanel(
    useShallow((s) => ({
      input: s.input,
      running: runningTurn(s) !== undefined,
      followUp: shownThread(s).length > 0,
      sources: s.sources,
      error: s.formError,
      onInput: s.setInput,
      onSources: s.setSources,
      onNewTopic: s.newTopic,
      ask: s.ask,
    })),
  );
  const { onNewTopic } = props;
  return (
    <AskForm
      {...props}
      onNewTopic={() => {
        onNewTopic();
        focusQuestion();
      }}
      onAsk={(mode) => void ask(mode)}
    />
  );
}
