import type { Answer, Verdict } from '@/lib/pipeline/types';

// Answer sentences are rendered as React text nodes: page-derived text is never parsed as HTML
// (STYLE security 3, 4). Citation markers become buttons that focus the quote on the page.

const VERDICT_LABEL: Record<Verdict['label'], string> = {
  supported: 'Supported',
  refuted: 'Refuted',
  'not-enough-evidence': 'Not enough evidence',
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <div className={`verdict verdict-${verdict.label}`} data-verdict={verdict.label} role="status">
      <strong>{VERDICT_LABEL[verdict.label]}</strong>
      <span className="verdict-confidence"> · {verdict.confidence} confidence</span>
      <div className="verdict-basis">
        {verdict.decidedBy === 'evidence-scores'
          ? `Decided from evidence scores (best ${verdict.bestCoverage.toFixed(2)}, needs ${verdict.threshold.toFixed(2)}). Without a language model the extension can confirm support but cannot tell that a claim is refuted.`
          : 'Decided by the composer model.'}
      </div>
    </div>
  );
}

export function AnswerView(props: { answer: Answer; onCite: (id: number, sentence: string) => void; focused: number | null }) {
  const { answer } = props;
  return (
    <div className={`answer ${answer.answered ? '' : 'answer-none'}`} data-answered={answer.answered}>
      <p className="answer-text">
        {answer.sentences.map((sentence, i) => (
          <span key={i} className="answer-sentence">
            {sentence.text}
            {sentence.citations.map((id) => (
              <button
                key={id}
                type="button"
                className={`cite ${props.focused === id ? 'cite-focused' : ''}`}
                data-cite={id}
                title={`Show quote ${id} on the page`}
                onClick={() => props.onCite(id, sentence.text)}
              >
                [{id}]
              </button>
            ))}{' '}
          </span>
        ))}
      </p>
      {answer.droppedCitations > 0 && (
        <p className="notice" role="note">
          {answer.droppedCitations} citation{answer.droppedCitations === 1 ? '' : 's'} to sources the extension never gave were removed.
        </p>
      )}
    </div>
  );
}
