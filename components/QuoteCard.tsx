import type { Quote } from '@/lib/pipeline/types';

export function QuoteCard(props: { quote: Quote; cited: boolean; focused: boolean; missing: boolean; onShow: (id: number) => void }) {
  const { quote } = props;
  const where = [quote.source.section, `paragraph ${quote.source.position.block} of ${quote.source.position.of}`].filter(Boolean).join(' · ');
  return (
    <li className={`quote ${props.cited ? 'quote-cited' : ''} ${props.focused ? 'quote-focused' : ''}`} data-quote={quote.id}>
      <button type="button" className="quote-button" onClick={() => props.onShow(quote.id)} title="Show on the page">
        <span className="quote-id">[{quote.id}]</span>
        <span className="quote-text">{quote.text}</span>
      </button>
      <div className="quote-meta">
        <span className="quote-where">{where}</span>
        <span className="quote-score" title="BM25 score · share of the question's key words in this quote">
          BM25 {quote.score.toFixed(2)} · match {(quote.coverage * 100).toFixed(0)}%
        </span>
        {props.missing && <span className="quote-missing">Not found on the page now (it may have changed).</span>}
      </div>
    </li>
  );
}
