// The side panel: each section subscribes to the part of the store it draws, so a streamed token
// batch re-renders the streaming answer and nothing else.

import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StreamingAnswer } from '@/components/AnswerView';
import { HistoryView } from '@/components/HistoryView';
import { ProgressList } from '@/components/ProgressList';
import { AskForm } from '@/components/panel/AskForm';
import { ErrorNote } from '@/components/panel/ErrorNote';
import { PanelTabs } from '@/components/panel/PanelTabs';
import { ResultView } from '@/components/panel/ResultView';
import { STAGES } from '@/components/panel/stages';
import { attachRouter, createRouter } from '@/lib/messages/protocol';
import { targetTabId } from './bridge';
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
          <AskSection />
          <ProgressSection />
          <ErrorSection />
          <StreamingSection />
          <ResultSection />
        </>
      )}
    </main>
  );
}

/** Takes a claim left for this tab, and listens for new claims and page navigations. */
function listenToExtension(): () => void {
  void usePanel.getState().takePendingClaim();
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
}

function AskSection() {
  const { ask, ...props } = usePanel(
    useShallow((s) => ({
      input: s.input,
      running: s.status === 'running',
      sources: s.sources,
      onInput: s.setInput,
      onSources: s.setSources,
      ask: s.ask,
    })),
  );
  return <AskForm {...props} onAsk={(mode) => void ask(mode)} />;
}

function ProgressSection() {
  const { status, stages } = usePanel(useShallow((s) => ({ status: s.status, stages: s.stages })));
  return status === 'idle' ? null : <ProgressList stages={STAGES} progress={stages} />;
}

function ErrorSection() {
  const error = usePanel((s) => s.error);
  return error && <ErrorNote error={error} />;
}

/** The one section that re-renders for each batch of streamed tokens. */
function StreamingSection() {
  const { running, text } = usePanel(
    useShallow((s) => ({ running: s.status === 'running', text: s.streaming })),
  );
  return running && text ? <StreamingAnswer text={text} /> : null;
}

function ResultSection() {
  const { result, mode, ask, focusQuote, ...shown } = usePanel(
    useShallow((s) => ({
      result: s.result,
      origin: s.origin,
      pageChanged: s.pageChanged,
      storageNote: s.storageNote,
      highlight: s.highlight,
      mode: s.mode,
      ask: s.ask,
      focusQuote: s.focusQuote,
    })),
  );
  if (!result) return null;
  return (
    <ResultView
      result={result}
      {...shown}
      onFresh={() => void ask(mode, { fresh: true })}
      onShowQuote={(id, sentence) => void focusQuote(id, sentence)}
    />
  );
}
