import type { HighlightState, ShownOrigin } from '@/lib/ask/panel-state';
import type { AskResult } from '@/lib/pipeline/types';
import { AnswerView, SentView, VerdictBadge } from '../AnswerView';
import { QuoteCard } from '../QuoteCard';
import { RetrievalSummary } from '../RetrievalSummary';
import { OriginNote } from './OriginNote';

export interface ResultViewProps {
  result: AskResult;
  origin: ShownOrigin | null;
  pageChanged: boolean;
  storageNote: string | null;
  highlight: HighlightState;
  /** Asks the same question again, skipping the cache. */
  onFresh(): void;
  /** Shows quote `id` on the page, emphasising the answer sentence that cites it when given. */
  onShowQuote(id: number, sentence?: string): void;
}

/** The checked answer: where it came from, the verdict, the answer, the quotes, what was sent. */
export function ResultView(props: ResultViewProps) {
  const { result, highlight } = props;
  return (
    <section className="result" aria-label="Answer">
      {props.origin && (
        <OriginNote origin={props.origin} pageChanged={props.pageChanged} onFresh={props.onFresh} />
      )}
      {props.storageNote && (
        <p className="notice" role="note" data-storage-note="true">
          {props.storageNote}
        </p>
      )}
      {result.verdict && (
        <VerdictBadge verdict={result.verdict} composerLabel={result.answer.composerLabel} />
      )}
      <AnswerView answer={result.answer} focused={highlight.focused} onCite={props.onShowQuote} />
      {result.page.truncated && (
        <p className="notice">This page is very long: only its first part was read.</p>
      )}
      {highlight.stale && (
        <p className="notice">The page changed since this answer: its highlights were cleared.</p>
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
            onShow={(id) => props.onShowQuote(id)}
          />
        ))}
      </ol>
      <ResultFooter answer={result.answer} />
    </section>
  );
}

/** What was sent to the composer, and who wrote the answer. */
function ResultFooter({ answer }: { answer: AskResult['answer'] }) {
  return (
    <>
      {answer.sent && (
        <SentView
          sent={answer.sent}
          to={answer.composerLabel ?? answer.fallback?.from ?? 'the composer'}
        />
      )}
      <p className="footnote">
        {answer.composer === 'extractive'
          ? 'Extractive composer (no language model): every sentence is a quote from a source.'
          : `Written by ${answer.composerLabel}; each citation was checked against its quote.`}
      </p>
    </>
  );
}
