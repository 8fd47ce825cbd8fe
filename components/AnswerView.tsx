import type { CitationCheck } from '@/lib/pipeline/types';
import { colourSlot, QUOTE_COLOURS } from '@/lib/core/colours';
import type { Answer, Verdict } from '@/lib/pipeline/types';

// Answer text is rendered as React text nodes, never parsed as HTML or Markdown
// (docs/SECURITY.md, properties 3 and 4): a model that writes `[x](javascript:…)` or
// `<img src=…>` shows those characters and nothing else. Citation markers become buttons that
// focus the quote on the page, coloured like the quote's highlight, and each says whether its
// check passed. A composer that failed is said once, above the answer (FallbackNote).

const VERDICT_LABEL: Record<Verdict['label'], string> = {
  supported: 'Supported',
  refuted: 'Refuted',
  'not-enough-evidence': 'Not enough evidence',
};

/** A quote's colour as a CSS value (the same palette as the page highlights). */
export function quoteColour(id: number, alpha = 0.55): string {
  return `rgba(${QUOTE_COLOURS[colourSlot(id)]}, ${alpha})`;
}

export function VerdictBadge({
  verdict,
  composerLabel,
}: {
  verdict: Verdict;
  composerLabel?: string | undefined;
}) {
  return (
    <div
      className={`verdict verdict-${verdict.label}`}
      data-verdict={verdict.label}
      data-decided-by={verdict.decidedBy}
      role="status"
    >
      <strong>{VERDICT_LABEL[verdict.label]}</strong>
      <span className="verdict-confidence"> · {verdict.confidence} confidence</span>
      <div className="verdict-basis">
        {verdict.decidedBy === 'evidence-scores'
          ? `Decided from evidence scores (best ${verdict.bestCoverage.toFixed(2)}, needs ${verdict.threshold.toFixed(2)}). Without a language model the extension can confirm support but cannot tell that a claim is refuted.`
          : `Decided by ${composerLabel ?? 'the composer model'}${verdict.quoteIds.length > 0 ? ` from quote${verdict.quoteIds.length === 1 ? '' : 's'} ${verdict.quoteIds.map((id) => `[${id}]`).join(' ')}` : ''}.`}
        {verdict.modelLabel &&
          ` The model said "${VERDICT_LABEL[verdict.modelLabel]}" with ${verdict.confidence} confidence, below the bar set in Settings.`}
      </div>
    </div>
  );
}

/** The answer as it streams in: plain text, markers and all, until it is parsed and checked. */
export function StreamingAnswer({ text }: { text: string }) {
  return (
    <div className="answer answer-streaming" aria-busy="true">
      <p className="answer-text" data-streaming="true">
        {text}
      </p>
    </div>
  );
}

function checkOf(
  checks: readonly CitationCheck[],
  sentence: number,
  id: number,
): CitationCheck | undefined {
  return checks.find((c) => c.sentence === sentence && c.quoteId === id);
}

function chipTitle(id: number, check: CitationCheck | undefined): string {
  if (!check) return `Show source ${id} on the page`;
  return check.supported
    ? `Source ${id} supports this sentence. Show it on the page.`
    : `Source ${id} does NOT appear to support this sentence. Show it on the page.`;
}

/** A numbered source chip: coloured like its quote's highlight; ⚠ when its check failed. */
function Chip(props: {
  id: number;
  check: CitationCheck | undefined;
  focused: boolean;
  onClick: () => void;
}) {
  const { id, check, focused } = props;
  const state = check ? (check.supported ? 'supported' : 'unsupported') : 'unchecked';
  return (
    <button
      type="button"
      className={`cite cite-${state} ${focused ? 'cite-focused' : ''}`}
      style={focused ? undefined : { background: quoteColour(id, 0.45) }}
      data-cite={id}
      data-check={state}
      title={chipTitle(id, check)}
      aria-label={`Source ${id}${state === 'unsupported' ? ', not supported' : ''}`}
      onClick={props.onClick}
    >
      {id}
      {state === 'unsupported' && <span aria-hidden="true">⚠</span>}
    </button>
  );
}

function Sentences(props: {
  answer: Answer;
  onCite: (id: number, sentence: string) => void;
  focused: number | null;
}) {
  const { answer } = props;
  return (
    <p className="answer-text">
      {answer.sentences.map((sentence, i) => (
        <span key={i} className="answer-sentence">
          {sentence.text}
          {sentence.citations.length > 0 && (
            <span className="chips">
              {sentence.citations.map((id) => (
                <Chip
                  key={id}
                  id={id}
                  check={checkOf(answer.checks, i, id)}
                  focused={props.focused === id}
                  onClick={() => props.onCite(id, sentence.text)}
                />
              ))}
            </span>
          )}{' '}
        </span>
      ))}
    </p>
  );
}

/** The page does not answer: said plainly, pointing to the closest passages only when there are some. */
function NotAnswered({ answer, closest }: { answer: Answer; closest: number }) {
  if (answer.composer !== 'extractive')
    return <Sentences answer={answer} onCite={() => undefined} focused={null} />;
  return (
    <p className="answer-text" data-unanswered="true">
      This page does not seem to answer that.
      {closest > 0 ? ' The closest passages are below, but they are not a direct answer.' : ''}
    </p>
  );
}

/** How many citations passed their check: shown when one failed or the model cited nothing. */
export function ChecksLine({ answer }: { answer: Answer }) {
  const supported = answer.checks.filter((c) => c.supported).length;
  const unsupported = answer.checks.length - supported;
  if (answer.checks.length > 0)
    return (
      <span
        className={`checks ${unsupported > 0 ? 'checks-failed' : ''}`}
        data-checked={supported}
        data-total={answer.checks.length}
      >
        {supported} of {answer.checks.length} citation{answer.checks.length === 1 ? '' : 's'}{' '}
        checked
        {unsupported > 0 ? ` · ${unsupported} not supported by its source (marked ⚠)` : ''}
      </span>
    );
  if (answer.answered && answer.composer !== 'extractive')
    return (
      <span className="checks checks-failed" data-checked={0} data-total={0}>
        The model cited no quotes, so nothing in this answer can be checked.
      </span>
    );
  return null;
}

export function AnswerView(props: {
  answer: Answer;
  onCite: (id: number, sentence: string) => void;
  focused: number | null;
  /** How many passages are shown below the answer. */
  closest: number;
}) {
  const { answer } = props;
  const warn =
    answer.checks.some((c) => !c.supported) ||
    (answer.checks.length === 0 && answer.answered && answer.composer !== 'extractive');
  return (
    <div
      className={`answer ${answer.answered && !answer.withheld ? '' : 'answer-none'}`}
      data-answered={answer.answered}
      data-composer={answer.composer}
    >
      {answer.withheld ? (
        <>
          <p className="answer-text" data-withheld="true">
            I don't know.{' '}
            {answer.confidence
              ? `The model rated its answer "${answer.confidence}" confidence`
              : 'The model did not rate its confidence'}
            , below the bar set in Settings, so the evidence is shown instead.
          </p>
          <details className="withheld">
            <summary>Show the model's answer anyway</summary>
            <Sentences {...props} />
          </details>
        </>
      ) : answer.answered ? (
        <Sentences {...props} />
      ) : (
        <NotAnswered answer={answer} closest={props.closest} />
      )}
      {(warn || (answer.confidence && !answer.withheld)) && (
        <p className="answer-meta">
          {warn && <ChecksLine answer={answer} />}
          {answer.confidence && !answer.withheld && (
            <span className="confidence">
              {warn ? ' · ' : ''}model confidence: {answer.confidence}
            </span>
          )}
        </p>
      )}
      {answer.droppedCitations > 0 && (
        <p className="notice" role="note" data-dropped={answer.droppedCitations}>
          {answer.droppedCitations} citation{answer.droppedCitations === 1 ? '' : 's'} to sources
          the extension never gave were removed.
        </p>
      )}
      {answer.notes?.map((note) => (
        <p key={note} className="notice" role="note">
          {note}
        </p>
      ))}
    </div>
  );
}

/** Exactly what went to the endpoint: the instructions, and the quotes and triples as sent. */
export function SentView({ sent, to }: { sent: NonNullable<Answer['sent']>; to: string }) {
  return (
    <details className="sent" data-sent-quotes={sent.quotes.map((q) => q.id).join(',')}>
      <summary>
        What was sent to {to} ({sent.quotes.length} quote{sent.quotes.length === 1 ? '' : 's'}
        {sent.quotes.some((q) => q.kind === 'kg') ? ', Wikidata triples as [1]' : ''})
      </summary>
      <h3>Instructions</h3>
      <pre className="sent-system">{sent.system}</pre>
      <h3>Quotes and question</h3>
      <pre className="sent-user">{sent.user}</pre>
    </details>
  );
}
