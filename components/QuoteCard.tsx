import { sectionLabel } from '@/lib/ask/panel-setup';
import type { Quote } from '@/lib/pipeline/types';
import { quoteColourStyle } from './AnswerView';
import { safeKgLink, safeLink } from './safe-link';
import { t } from '@/lib/core/i18n';

/** The quote's colour, as on the page and on its citation chips. */
function Swatch({ id }: { id: number }) {
  return (
    <span className="quote-swatch" aria-hidden="true" style={quoteColourStyle(id)}>
      {id}
    </span>
  );
}

/**
 * The quote's text, its answer phrase (`answerSpan`) emphasised when the answer cites it (an
 * uncited quote's name or date answers nothing), with the model that found it when one did.
 */
export function QuoteText({ quote, emphasise }: { quote: Quote; emphasise: boolean }) {
  const span = emphasise ? quote.answerSpan : undefined;
  const valid = span && span.start >= 0 && span.end > span.start && span.end <= quote.text.length;
  return (
    <span className="quote-text">
      {valid ? (
        <>
          {quote.text.slice(0, span.start)}
          <mark
            className="answer-span"
            {...(span.by ? { 'data-by': span.by, title: t('quote_exact_answer_by', span.by) } : {})}
          >
            {quote.text.slice(span.start, span.end)}
          </mark>
          {quote.text.slice(span.end)}
        </>
      ) : (
        quote.text
      )}
    </span>
  );
}

/** The knowledge-graph quote: one line per triple, each linking to its Wikidata page. */
function KgCard({ quote, cited }: { quote: Quote; cited: boolean }) {
  return (
    <li
      className={`quote quote-kg ${cited ? 'quote-cited' : ''}`}
      data-quote={quote.id}
      data-source="kg"
    >
      <div className="quote-button">
        <Swatch id={quote.id} />
        <ul className="kg-lines">
          {(quote.kgLines ?? []).map((line, i) => {
            const href = safeKgLink(line.url);
            return (
              <li key={i}>
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer noopener">
                    {line.text}
                  </a>
                ) : (
                  line.text
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="quote-meta">
        <span className="quote-where">{t('quote_facts_from_wikidata')}</span>
      </div>
    </li>
  );
}

/** A quote's place in its source: "p. 4" in a PDF, else "paragraph 4 of 20". */
export function quotePlace(source: Quote['source']): string {
  // Only the asked page can be a PDF (result pages are read as HTML).
  return source.kind === 'page' && source.page !== undefined
    ? t('quote_pdf_page', source.page)
    : t('quote_paragraph_of', source.position.block, source.position.of);
}

/** Where the quote is, in words: "History · paragraph 4 of 20" ("p. 4" in a PDF). */
export function quoteWhere(quote: Quote): string {
  const fromWeb = quote.source.kind === 'search';
  return [
    fromWeb ? quote.source.title : null,
    sectionLabel(quote.source.section) || null,
    quotePlace(quote.source),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function QuoteCard(props: {
  quote: Quote;
  cited: boolean;
  focused: boolean;
  missing: boolean;
  onShow: (id: number) => void;
}) {
  const { quote } = props;
  if (quote.source.kind === 'kg') return <KgCard quote={quote} cited={props.cited} />;
  const fromWeb = quote.source.kind === 'search';
  const link = fromWeb ? safeLink(quote) : null;
  const body = (
    <>
      <Swatch id={quote.id} />
      <QuoteText quote={quote} emphasise={props.cited} />
    </>
  );
  return (
    <li
      className={`quote ${props.cited ? 'quote-cited' : ''} ${props.focused ? 'quote-focused' : ''}`}
      data-quote={quote.id}
      data-weak={quote.weak === true}
    >
      {fromWeb ? (
        // A quote from another page opens that page at the quote (text fragment) in a new tab.
        <a
          className="quote-button"
          href={link ?? undefined}
          target="_blank"
          rel="noreferrer noopener"
          data-source="search"
          data-link={quote.source.link}
          title={link ? t('quote_open_at_quote') : t('quote_not_linked')}
        >
          {body}
        </a>
      ) : (
        <button
          type="button"
          className="quote-button"
          onClick={() => props.onShow(quote.id)}
          title={quote.source.page !== undefined ? t('quote_show_in_pdf') : t('quote_show_on_page')}
        >
          {body}
        </button>
      )}
      <div className="quote-meta">
        <span className="quote-where">{quoteWhere(quote)}</span>
        {quote.weak && <span className="quote-weak">{t('quote_weaker_match')}</span>}
        {props.missing && <span className="quote-missing">{t('quote_missing')}</span>}
      </div>
    </li>
  );
}

/** Each quote's scores, for the details: how it was ranked. */
export function QuoteScores({ quotes }: { quotes: readonly Quote[] }) {
  return (
    <ul className="scores">
      {quotes.map((quote) => (
        <li key={quote.id} data-quote={quote.id}>
          <span className="scores-id">[{quote.id}]</span>{' '}
          <span className="quote-score" title={t('scores_title')}>
            {quote.filterScore !== undefined
              ? `MiniLM ${(100 / (1 + Math.exp(-quote.filterScore))).toFixed(0)}% · `
              : ''}
            {t('scores_line', quote.score.toFixed(2), (quote.coverage * 100).toFixed(0))}
            {quote.weak ? ` · ${t('scores_weak')}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
