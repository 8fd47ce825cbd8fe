import type { Quote } from '@/lib/pipeline/types';
import { quoteColour } from './AnswerView';

/** The quote's colour, as on the page and on its citation markers. */
function Swatch({ id }: { id: number }) {
  return (
    <span
      className="quote-swatch"
      aria-hidden="true"
      style={{ background: quoteColour(id, 0.9) }}
    />
  );
}

/** Links go only to https pages we quoted (docs/SECURITY.md, property 4). */
function safeLink(quote: Quote): string | null {
  const href = quote.source.link ?? quote.source.url;
  try {
    return new URL(href).protocol === 'https:' ? href : null;
  } catch {
    return null;
  }
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
        <span className="quote-id">[{quote.id}]</span>
        <ul className="kg-lines">
          {(quote.kgLines ?? []).map((line, i) => (
            <li key={i}>
              {line.url.startsWith('https://') ? (
                <a href={line.url} target="_blank" rel="noreferrer noopener">
                  {line.text}
                </a>
              ) : (
                line.text
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="quote-meta">
        <span className="quote-where">Wikidata triples (knowledge graph)</span>
        <span className="quote-score">
          BM25 {quote.score.toFixed(2)} · match {(quote.coverage * 100).toFixed(0)}%
        </span>
      </div>
    </li>
  );
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
  const where = [
    fromWeb ? quote.source.title : null,
    quote.source.section,
    `paragraph ${quote.source.position.block} of ${quote.source.position.of}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const link = fromWeb ? safeLink(quote) : null;
  return (
    <li
      className={`quote ${props.cited ? 'quote-cited' : ''} ${props.focused ? 'quote-focused' : ''}`}
      data-quote={quote.id}
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
          title={link ? 'Open the page at this quote' : 'Not linked: only https pages are opened'}
        >
          <Swatch id={quote.id} />
          <span className="quote-id">[{quote.id}]</span>
          <span className="quote-text">{quote.text}</span>
        </a>
      ) : (
        <button
          type="button"
          className="quote-button"
          onClick={() => props.onShow(quote.id)}
          title="Show on the page"
        >
          <Swatch id={quote.id} />
          <span className="quote-id">[{quote.id}]</span>
          <span className="quote-text">{quote.text}</span>
        </button>
      )}
      <div className="quote-meta">
        <span className="quote-where">{where}</span>
        <span
          className="quote-score"
          title="Cross-encoder relevance (when the models ran) · BM25 score · share of the question's key words"
        >
          {quote.filterScore !== undefined
            ? `MiniLM ${(100 / (1 + Math.exp(-quote.filterScore))).toFixed(0)}% · `
            : ''}
          BM25 {quote.score.toFixed(2)} · match {(quote.coverage * 100).toFixed(0)}%
        </span>
        {props.missing && (
          <span className="quote-missing">Not found on the page now (it may have changed).</span>
        )}
      </div>
    </li>
  );
}
