import { useState } from 'react';
import { onePerParagraph } from '@/lib/ask/closest-quotes';
import type { Turn } from '@/lib/ask/panel-state';
import type { AskResult } from '@/lib/pipeline/types';
import { AnswerView, ChecksLine, pdfPages, SentView, VerdictBadge } from '../AnswerView';
import { ProgressList } from '../ProgressList';
import { QuoteCard, QuoteScores } from '../QuoteCard';
import { RetrievalSummary } from '../RetrievalSummary';
import { FallbackNote } from './FallbackNote';
import { onSourceArrows } from './arrow-keys';
import { OriginNote } from './OriginNote';
import { composerReached, stagesShown, summaryLine } from './stages';
import { t } from '@/lib/core/i18n';

export interface ResultViewProps {
  turn: Turn & { result: AskResult };
  /** The browser is online (an offline note is only for an offline browser). */
  online: boolean;
  /** Asks the same question again, skipping the cache. */
  onFresh(): void;
  /** Shows quote `id` on the page, emphasising the answer sentence that cites it when given. */
  onShowQuote(id: number, sentence?: string): void;
}

/**
 * The checked answer as prose with numbered source chips; the quotes on demand (a chip opens
 * them); how it was made — stages, scores, what was sent — under "details".
 */
export function ResultView(props: ResultViewProps) {
  const { turn, online } = props;
  const { result, highlight } = turn;
  const { answer } = result;
  const closest =
    !answer.answered || (result.quotes.length > 0 && result.quotes.every((q) => q.weak));
  // Listed as the closest passages, windows of one paragraph would repeat its sentences.
  const quotes = closest
    ? onePerParagraph(
        result.quotes,
        new Set([...answer.cited, ...(result.verdict?.quoteIds ?? [])]),
      )
    : result.quotes;
  const [quotesOpen, setQuotesOpen] = useState(closest && quotes.length > 0);
  const show = (id: number, sentence?: string) => {
    setQuotesOpen(true);
    props.onShowQuote(id, sentence);
  };
  return (
    // Arrow keys walk the source chips and the quotes (arrow-keys.ts); each is a button already.
    <section
      className="result"
      aria-label={t('result_label')}
      data-answer-to={result.question}
      onKeyDown={onSourceArrows}
    >
      {turn.origin && (
        <OriginNote
          origin={turn.origin}
          pageChanged={turn.pageChanged}
          online={online || !!answer.fallback}
          onFresh={props.onFresh}
        />
      )}
      {answer.fallback && <FallbackNote fallback={answer.fallback} />}
      {result.verdict && (
        <VerdictBadge
          verdict={result.verdict}
          composerLabel={answer.composerLabel}
          onShowSentence={show}
        />
      )}
      {!echoesVerdict(result) && (
        <AnswerView
          answer={answer}
          focused={highlight.focused}
          onCite={show}
          closest={quotes.length}
          pages={pdfPages(turn.result.quotes)}
        />
      )}
      <TurnNotices turn={turn} />
      {quotes.length > 0 && (
        <details
          className="quotes-box"
          open={quotesOpen}
          onToggle={(e) => setQuotesOpen(e.currentTarget.open)}
        >
          <summary className="quotes-title" data-closest={closest}>
            {closest ? t('result_closest', quotes.length) : t('result_sources', quotes.length)}
          </summary>
          <ol className="quotes">
            {quotes.map((quote) => (
              <QuoteCard
                key={quote.id}
                quote={quote}
                cited={answer.cited.includes(quote.id)}
                focused={highlight.focused === quote.id}
                missing={highlight.missing.includes(quote.id)}
                onShow={(id) => props.onShowQuote(id)}
              />
            ))}
          </ol>
        </details>
      )}
      <RunDetails turn={turn} />
    </section>
  );
}

/**
 * The extractive answer to a claim only repeats the sentence the verdict already shows ("The page
 * says: …" under the same sentence in the verdict box): shown once, in the box.
 */
function echoesVerdict({ verdict, answer }: AskResult): boolean {
  const sentence = verdict?.sentence;
  // "The page doesn't say" is the whole answer to a claim: the extractive composer's "This page
  // does not seem to answer that" is a question's wording, and says nothing more.
  if (verdict?.label === 'not-enough-evidence' && !verdict.problem)
    return answer.composer === 'extractive' && !answer.answered;
  if (!verdict || !sentence || verdict.problem || verdict.label === 'not-enough-evidence')
    return false;
  return (
    answer.composer === 'extractive' &&
    answer.cited.length > 0 &&
    answer.cited.every((id) => id === sentence.quoteId)
  );
}

/** What the reader should know about this answer: a cut page, cleared highlights, no saving. */
function TurnNotices({ turn }: { turn: Turn & { result: AskResult } }) {
  return (
    <>
      {turn.result.page.truncated && (
        <p className="notice" data-notice="page-cut">
          {turn.pageWords ? t('result_truncated_words', turn.pageWords) : t('result_truncated')}
        </p>
      )}
      {turn.highlight.stale && <p className="notice">{t('result_stale')}</p>}
      {turn.storageNote && (
        <p className="notice" role="note" data-storage-note="true">
          {turn.storageNote}
        </p>
      )}
    </>
  );
}

/** "Answered in 0.6 s from 5 passages ▸ details": stages, ranking, scores and what was sent. */
function RunDetails({ turn }: { turn: Turn & { result: AskResult } }) {
  const { result } = turn;
  const { answer } = result;
  const sent = answer.sent && composerReached(answer) ? answer.sent : null;
  return (
    <details className="run-details">
      <summary>
        <span className="run-summary">{summaryLine(turn)}</span>{' '}
        <span className="run-more">{t('result_details')}</span>
      </summary>
      <ProgressList stages={stagesShown(turn)} />
      <RetrievalSummary report={result.retrieval} />
      <p className="answer-meta">
        <ChecksLine answer={answer} />
      </p>
      <h3>{t('result_passage_scores')}</h3>
      <QuoteScores quotes={result.quotes} />
      {sent && (
        <SentView
          sent={sent}
          to={answer.composerLabel ?? answer.fallback?.from ?? t('result_the_composer')}
        />
      )}
      {answer.sent && !sent && (
        <p className="footnote" data-sent="none">
          {t('result_nothing_sent')}
        </p>
      )}
      <p className="footnote">
        {answer.composer === 'extractive'
          ? t('result_extractive_footnote')
          : t('result_written_by', answer.composerLabel ?? '')}
      </p>
    </details>
  );
}
