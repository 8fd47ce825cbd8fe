import type { CSSProperties } from 'react';
import type { CitationCheck } from '@/lib/pipeline/types';
import { colourSlot, QUOTE_COLOURS } from '@/lib/core/colours';
import type { Answer, ClaimConflict, Verdict } from '@/lib/pipeline/types';

// Answer text is rendered as React text nodes, never parsed as HTML or Markdown
// (docs/SECURITY.md, properties 3 and 4): a model that writes `[x](javascript:…)` or
// `<img src=…>` shows those characters and nothing else. Citation markers become buttons that
// focus the quote on the page, coloured like the quote's highlight, and each says whether its
// check passed. A composer that failed is said once, above the answer (FallbackNote).

/** What the panel says for each verdict (older records carry no `summary`). */
const VERDICT_SUMMARY: Record<Verdict['label'], string> = {
  supported: 'The page says this',
  refuted: 'The page says otherwise',
  'not-enough-evidence': "The page doesn't say",
};

const CONFLICT_KIND: Record<ClaimConflict['kind'], string> = {
  number: 'number',
  date: 'date',
  unit: 'unit',
  negation: 'negation',
  antonym: 'opposite word',
  entity: 'name',
  quantifier: 'quantity word',
};

/**
 * A quote's colour (the same palette as the page highlights) as the custom property
 * `--quote-rgb`: panel.css picks how strong it is, lighter behind dark text in each scheme.
 */
export function quoteColourStyle(id: number): CSSProperties {
  return { '--quote-rgb': QUOTE_COLOURS[colourSlot(id)] } as CSSProperties;
}

export function VerdictBadge({
  verdict,
  composerLabel,
  onShowSentence,
}: {
  verdict: Verdict;
  composerLabel?: string | undefined;
  /** Shows the verdict's sentence on the page (its quote highlighted, the sentence focused). */
  onShowSentence?: (quoteId: number, text: string) => void;
}) {
  return (
    <div
      className={`verdict verdict-${verdict.label}`}
      data-verdict={verdict.label}
      data-decided-by={verdict.decidedBy}
      data-method={verdict.method ?? ''}
      role="status"
    >
      <strong>
        {verdict.problem ? 'Not checked' : (verdict.summary ?? VERDICT_SUMMARY[verdict.label])}
      </strong>
      {verdict.problem ? (
        <div className="verdict-basis">{verdict.problem.message}</div>
      ) : (
        <>
          <VerdictEvidence verdict={verdict} onShow={onShowSentence} />
          <div className="verdict-basis">{verdictBasis(verdict, composerLabel)}</div>
        </>
      )}
    </div>
  );
}

/** The page's sentence the verdict rests on, and for "says otherwise" what disagrees. */
function VerdictEvidence({
  verdict,
  onShow,
}: {
  verdict: Verdict;
  onShow: ((quoteId: number, text: string) => void) | undefined;
}) {
  const { sentence, conflicts = [] } = verdict;
  if (!sentence || verdict.label === 'not-enough-evidence') return null;
  return (
    <div className="verdict-evidence">
      <blockquote className="verdict-sentence" data-quote={sentence.quoteId}>
        {sentence.text}{' '}
        <button
          type="button"
          className="verdict-source"
          onClick={() => onShow?.(sentence.quoteId, sentence.text)}
          aria-label={`Show this sentence on the page (source ${sentence.quoteId})`}
        >
          [{sentence.quoteId}]
        </button>
      </blockquote>
      {verdict.label === 'refuted' && conflicts.length > 0 && (
        <ul className="verdict-conflicts">
          {conflicts.map((c, i) => (
            <li key={i} data-conflict={c.kind}>
              Your text says <mark className="conflict-claim">{c.claim}</mark>; the page says{' '}
              <mark className="conflict-page">{c.page}</mark> ({CONFLICT_KIND[c.kind]}).
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Who decided, in a line: a model (which), or word rules that cannot read meaning. */
function verdictBasis(verdict: Verdict, composerLabel: string | undefined): string {
  const held = verdict.modelLabel
    ? ` The model said "${VERDICT_SUMMARY[verdict.modelLabel]}" with ${verdict.confidence} confidence, below the bar set in Settings.`
    : '';
  if (verdict.decidedBy === 'composer')
    return `Decided by ${composerLabel ?? 'the composer model'}.${held}`;
  if (verdict.method === 'nli') return 'Meaning checked by the fact-checking model.';
  return 'Words compared with the page; meaning was not checked.';
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

type ChipState = 'supported' | 'flagged' | 'not-found' | 'unchecked';

/** ⚠ only where the source says otherwise or lacks a name or number; "not found" is neutral. */
function chipState(check: CitationCheck | undefined): ChipState {
  if (!check) return 'unchecked';
  if (check.supported) return 'supported';
  return (check.flagged ?? true) ? 'flagged' : 'not-found';
}

const CHIP_TITLE: Record<ChipState, string> = {
  supported: 'supports this sentence',
  flagged: 'says otherwise, or lacks a name or number in this sentence',
  'not-found': 'does not state this in the same words (not a contradiction)',
  unchecked: 'was not checked',
};

/** A numbered source chip: coloured like its quote's highlight; ⚠ when its source disagrees. */
function Chip(props: {
  id: number;
  check: CitationCheck | undefined;
  focused: boolean;
  onClick: () => void;
}) {
  const { id, check, focused } = props;
  const state = chipState(check);
  return (
    <button
      type="button"
      className={`cite cite-${state} ${focused ? 'cite-focused' : ''}`}
      style={quoteColourStyle(id)}
      data-cite={id}
      data-check={state}
      title={`Source ${id} ${CHIP_TITLE[state]}. Show it on the page.`}
      aria-label={`Source ${id}${state === 'flagged' ? ', disagrees' : ''}`}
      onClick={props.onClick}
    >
      {id}
      {state === 'flagged' && <span aria-hidden="true">⚠</span>}
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

/** How many citations the sources support; the ⚠ count only for those a source contradicts. */
export function ChecksLine({ answer }: { answer: Answer }) {
  const total = answer.checks.length;
  const supported = answer.checks.filter((c) => c.supported).length;
  const flagged = answer.checks.filter((c) => !c.supported && (c.flagged ?? true)).length;
  const notFound = total - supported - flagged;
  if (total > 0)
    return (
      <span
        className={`checks ${flagged > 0 ? 'checks-failed' : ''}`}
        data-checked={supported}
        data-total={total}
        data-flagged={flagged}
      >
        {supported} of {total} citation{total === 1 ? '' : 's'} checked
        {flagged > 0 ? ` · ${flagged} where the source says otherwise (marked ⚠)` : ''}
        {notFound > 0 ? ` · ${notFound} not found in the same words` : ''}
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
    answer.checks.some((c) => !c.supported && (c.flagged ?? true)) ||
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
