import type { Turn } from '@/lib/ask/panel-state';
import type { AskResult } from '@/lib/pipeline/types';
import { StreamingAnswer } from '../AnswerView';
import { ProgressLine } from '../ProgressList';
import { ErrorNote } from './ErrorNote';
import { ResultView } from './ResultView';
import { stagesShown, workingLine } from './stages';
import { t } from '@/lib/core/i18n';

export interface TurnViewProps {
  turn: Turn;
  online: boolean;
  onStop(): void;
  /** Asks this turn's question again, skipping the cache. */
  onFresh(turn: Turn): void;
  onShowQuote(turnId: number, id: number, sentence?: string): void;
}

/** One question above its own answer: working, stopped, failed or answered. */
export function TurnView({ turn, online, onStop, onFresh, onShowQuote }: TurnViewProps) {
  const label = turn.mode === 'verify' ? t('turn_claim') : undefined;
  return (
    <article
      className={`turn turn-${turn.status}`}
      data-turn={turn.id}
      data-status={turn.status}
      aria-label={turn.question}
    >
      <p className="turn-question" data-mode={turn.mode}>
        {label && <span className="turn-label">{label}: </span>}
        {turn.question}
      </p>
      {turn.status === 'running' && (
        <>
          <ProgressLine text={workingLine(turn)} stages={stagesShown(turn)} onStop={onStop} />
          {turn.streaming ? (
            <StreamingAnswer text={turn.streaming} />
          ) : (
            turn.firstAnswer &&
            turn.result && (
              <div className="first-answer" data-first-answer>
                <p className="first-answer-note">{t('first_answer_note')}</p>
                <ResultView
                  turn={turn as Turn & { result: AskResult }}
                  online={online}
                  onFresh={() => onFresh(turn)}
                  onShowQuote={(id, sentence) => onShowQuote(turn.id, id, sentence)}
                />
              </div>
            )
          )}
        </>
      )}
      {turn.status === 'stopped' && (
        <p className="turn-stopped" role="status" data-stopped-by={turn.stoppedBy}>
          {turn.stoppedBy === 'new-question' ? t('turn_stopped_new_question') : t('turn_stopped')}
        </p>
      )}
      {turn.status === 'error' && turn.error && <ErrorNote error={turn.error} />}
      {turn.status === 'done' && turn.result && (
        <ResultView
          turn={turn as Turn & { result: AskResult }}
          online={online}
          onFresh={() => onFresh(turn)}
          onShowQuote={(id, sentence) => onShowQuote(turn.id, id, sentence)}
        />
      )}
    </article>
  );
}
