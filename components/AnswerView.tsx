import type { CSSProperties } from 'react';
import type { CitationCheck } from '@/lib/pipeline/types';
import { colourSlot, QUOTE_COLOURS } from '@/lib/core/colours';
import { t, tn } from '@/lib/core/i18n';
import type { Answer, ClaimConflict, Quote, Verdict } from '@/lib/pipeline/types';
import { SUMMARY } from '@/lib/pipeline/verdict';
import { tx } from './translate';
import { conflictPieces, distinctConflicts, withoutMarkersIn } from './conflict-marks';

// Answer text is rendered as React text nodes, never parsed as HTML or Markdown
// (docs/SECURITY.md, properties 3 and 4): a model that writes `[x](javascript:…)` or
// `<img src=…>` shows those characters and nothing else. Citation markers become buttons that
// focus the quote on the page, coloured like the quote's highlight, and each says whether its
// check passed. A composer that failed is said once, above the answer (FallbackNote).

/** What the panel says for each verdict (older records carry no `summary`). */
const verdictSummary = (label: Verdict['label']) => SUMMARY[label];

function conflictKind(kind: ClaimConflict['kind']): string {
  switch (kind) {
    case 'number':
      return t('conflict_number');
    case 'date':
      return t('conflict_date');
    case 'unit':
      return t('conflict_unit');
    case 'negation':
      return t('conflict_negation');
    case 'antonym':
      return t('conflict_antonym');
    case 'entity':
      return t('conflict_entity');
    case 'quantifier':
      return t('conflict_quantifier');
  }
}

/** A model's confidence level in words ("low", "niedrig"). */
export function confidenceWord(level: string): string {
  if (level === 'low') return t('confidence_low');
  if (level === 'medium') return t('confidence_medium');
  if (level === 'high') return t('confidence_high');
  return level;
}

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
        {verdict.problem
          ? t('verdict_not_checked')
          : (verdict.summary ?? verdictSummary(verdict.label))}
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
  if (!sentence || (verdict.label === 'not-enough-evidence' && !verdict.figures)) return null;
  return (
    <div className="verdict-evidence">
      <blockquote className="verdict-sentence" data-quote={sentence.quoteId}>
        {(verdict.label === 'refuted'
          ? conflictPieces(sentence, conflicts)
          : withoutMarkersIn([{ text: sentence.text, marked: false }])
        ).map((piece, i) =>
          piece.marked ? (
            <mark key={i} className="conflict-page">
              {piece.text}
            </mark>
          ) : (
            piece.text
          ),
        )}{' '}
        <button
          type="button"
          className="verdict-source"
          onClick={() => onShow?.(sentence.quoteId, sentence.text)}
          aria-label={t('verdict_show_sentence', sentence.quoteId)}
        >
          [{sentence.quoteId}]
        </button>
      </blockquote>
      {verdict.figures && <p className="verdict-figures">{t('verdict_figures')}</p>}
      {verdict.label === 'refuted' && conflicts.length > 0 && (
        <ul className="verdict-conflicts">
          {distinctConflicts(conflicts).map((c, i) => (
            <li key={i} data-conflict={c.kind}>
              {tx(
                'verdict_conflict',
                <mark className="conflict-claim">{c.claim}</mark>,
                <mark className="conflict-page">{c.page}</mark>,
                conflictKind(c.kind),
              )}
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
    ? ` ${t('verdict_model_held', verdictSummary(verdict.modelLabel), confidenceWord(verdict.confidence ?? ''))}`
    : '';
  if (verdict.decidedBy === 'composer')
    return `${t('verdict_decided_by', composerLabel ?? t('composer_model_generic'))}${held}`;
  if (verdict.method === 'nli') return t('verdict_basis_nli');
  return t('verdict_basis_words');
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

/** The chip's tooltip: what its source does for the sentence, and that a click shows it. */
function chipTitle(state: ChipState, id: number): string {
  switch (state) {
    case 'supported':
      return t('chip_title_supported', id);
    case 'flagged':
      return t('chip_title_flagged', id);
    case 'not-found':
      return t('chip_title_not_found', id);
    case 'unchecked':
      return t('chip_title_unchecked', id);
  }
}

/** Each quote's PDF page by quote id; empty for a web page's answer. */
export function pdfPages(quotes: readonly Quote[]): Record<number, number> {
  const pages: Record<number, number> = {};
  for (const { id, source } of quotes)
    if (source.kind === 'page' && source.page !== undefined) pages[id] = source.page;
  return pages;
}

/** A numbered source chip: coloured like its quote's highlight; ⚠ when its source disagrees. */
function Chip(props: {
  id: number;
  check: CitationCheck | undefined;
  focused: boolean;
  /** PDFs: the page the quote is on, cited as "p. 4" on the chip and in its spoken label. */
  page: number | undefined;
  onClick: () => void;
}) {
  const { id, check, focused, page } = props;
  const state = chipState(check);
  const where = page === undefined ? '' : t('quote_pdf_page', page);
  const label = state === 'flagged' ? t('chip_label_flagged', id) : t('chip_label', id);
  return (
    <button
      type="button"
      className={`cite cite-${state} ${focused ? 'cite-focused' : ''}`}
      style={quoteColourStyle(id)}
      data-cite={id}
      data-check={state}
      title={chipTitle(state, id)}
      data-page={page}
      aria-label={where ? `${label}, ${where}` : label}
      onClick={props.onClick}
    >
      {id}
      {where && <span className="cite-page">{where}</span>}
      {state === 'flagged' && <span aria-hidden="true">⚠</span>}
    </button>
  );
}

function Sentences(props: {
  answer: Answer;
  onCite: (id: number, sentence: string) => void;
  focused: number | null;
  pages?: Readonly<Record<number, number>> | undefined;
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
                  page={props.pages?.[id]}
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
      {t('answer_not_answered')}
      {closest > 0 ? ` ${t('answer_closest_below')}` : ''}
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
        {tn(total, 'checks_line_one', 'checks_line_other', supported)}
        {flagged > 0 ? ` · ${t('checks_flagged', flagged)}` : ''}
        {notFound > 0 ? ` · ${t('checks_not_found', notFound)}` : ''}
      </span>
    );
  if (answer.answered && answer.composer !== 'extractive')
    return (
      <span className="checks checks-failed" data-checked={0} data-total={0}>
        {t('checks_no_citations')}
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
  /** PDFs: each quote's page by quote id (`pdfPages`), for "p. 4" on its chips. */
  pages?: Readonly<Record<number, number>> | undefined;
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
            {answer.confidence
              ? t('answer_withheld_rated', confidenceWord(answer.confidence))
              : t('answer_withheld_unrated')}
          </p>
          <details className="withheld">
            <summary>{t('answer_show_anyway')}</summary>
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
              {warn ? ' · ' : ''}
              {t('answer_model_confidence', confidenceWord(answer.confidence))}
            </span>
          )}
        </p>
      )}
      {answer.droppedCitations > 0 && (
        <p className="notice" role="note" data-dropped={answer.droppedCitations}>
          {tn(answer.droppedCitations, 'answer_dropped_one', 'answer_dropped_other')}
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
        {tn(
          sent.quotes.length,
          'sent_summary_one',
          'sent_summary_other',
          to,
          sent.quotes.some((q) => q.kind === 'kg') ? t('sent_summary_kg') : '',
        )}
      </summary>
      <h3>{t('sent_instructions')}</h3>
      <pre className="sent-system">{sent.system}</pre>
      <h3>{t('sent_quotes_and_question')}</h3>
      <pre className="sent-user">{sent.user}</pre>
    </details>
  );
}
