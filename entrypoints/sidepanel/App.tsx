// The side panel: a conversation per tab. Each section subscribes to the part of the store it
// draws; a streamed token batch re-renders the running turn and nothing else.

import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { HistoryView } from '@/components/HistoryView';
import { AskForm } from '@/components/panel/AskForm';
import { GreetingView } from '@/components/panel/Greeting';
import { PanelTabs } from '@/components/panel/PanelTabs';
import { SetupNoticeCard } from '@/components/panel/SetupNotice';
import { TurnView } from '@/components/panel/TurnView';
import { runningTurn, shownThread, type Turn } from '@/lib/ask/panel-state';
import { attachRouter, createRouter } from '@/lib/messages/protocol';
import { fixedTabId, targetTabId } from './bridge';
import { historyPorts } from './history';
import { usePanel } from './store';

export function App() {
  const view = usePanel((s) => s.view);
  const setView = usePanel((s) => s.setView);
  const openSaved = usePanel((s) => s.openSaved);
  useEffect(() => listenToExtension(), []);
  return (
    <main className="panel">
      <PanelTabs view={view} onView={setView} />
      {view === 'history' ? (
        <HistoryView ports={historyPorts} onOpen={(record) => void openSaved(record)} />
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

/** Takes a claim left for this tab, and listens for new claims, navigations and tab switches. */
function listenToExtension(): () => void {
  const panel = usePanel.getState();
  void panel.showTab().then(() => panel.takePendingClaim());
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
  const detach = attachRouter(browser.runtime.onMessage, route);
  // A panel pointed at one tab (?tab=) stays with it; otherwise it follows the active tab.
  const onActivated = ({ tabId }: { tabId: number }) => void usePanel.getState().showTab(tabId);
  if (fixedTabId() === null) browser.tabs.onActivated.addListener(onActivated);
  return () => {
    detach();
    browser.tabs.onActivated.removeListener(onActivated);
  };
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
  const end = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  // A new question scrolls into view; streaming into it does not pull the reader back down.
  useEffect(() => {
    // Newer Chromium returns a promise from scrollIntoView: an effect must not return it.
    void end.current?.scrollIntoView({ block: 'end' });
  }, [last?.id, last?.status]);
  return (
    <div className="thread" aria-live="polite">
      {turns.length === 0 && greeting && (
        <GreetingView
          greeting={greeting}
          onExample={(question) => void actions.ask('answer', { question })}
          onSummarize={() =>
            void actions.ask('answer', { question: 'Summarize this page', intent: 'summary' })
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
          onStop={actions.stop}
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
      <div ref={end} />
    </div>
  );
}

/** A turn re-renders only when it changed (a streamed token changes the running one). */
const MemoTurn = memo(TurnView, (a, b) => a.turn === b.turn && a.online === b.online);

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
  return <AskForm {...props} onAsk={(mode) => void ask(mode)} />;
}
