import { t } from '@/lib/core/i18n';
import type { RetrievalReport } from '@/lib/pipeline/types';

// Says which ranking path ran (models or keywords, and why) and which sources were used, so a
// reader can tell how much to trust the order of the quotes.

/** Which models ranked: the English MiniLM cross-encoder or the multilingual one, and the reranker. */
function neuralRanking(report: RetrievalReport): string {
  if (report.multilingual)
    return report.models.reranker
      ? t('retrieval_ranked_multilingual_reranker')
      : t('retrieval_ranked_multilingual');
  return report.models.reranker
    ? t('retrieval_ranked_neural_reranker')
    : t('retrieval_ranked_neural');
}

export function RetrievalSummary({ report }: { report: RetrievalReport }) {
  const device = report.device
    ? ` (${report.device === 'webgpu' ? 'WebGPU' : report.device === 'wasm' ? 'WebAssembly' : 'CPU'})`
    : '';
  // A summary's passages were chosen to cover the page, so naming a ranking would mislead.
  const ranking = report.summary
    ? t('retrieval_chosen_for_summary')
    : report.path === 'neural'
      ? `${neuralRanking(report)}${device}`
      : t('retrieval_ranked_keywords');
  const web = report.sources.filter((s) => s.kind === 'search');
  return (
    <div
      className="retrieval"
      data-path={report.path}
      data-web={report.webSearched}
      {...(report.multilingual ? { 'data-multilingual': true } : {})}
      {...(report.summary ? { 'data-summary': true } : {})}
    >
      <div className="retrieval-path">
        {ranking} · {t('retrieval_counts', report.counts.candidates, report.counts.quotes)}
      </div>
      {report.notes.map((note, i) => (
        <div key={i} className="retrieval-note">
          {note}
        </div>
      ))}
      {web.length > 0 && (
        <div className="retrieval-sources">
          {t('retrieval_web_pages_read')}{' '}
          {web.map((s, i) => (
            <span
              key={s.url}
              className={s.quoted ? 'source-quoted' : 'source-unused'}
              title={s.url}
            >
              {i > 0 ? ', ' : ''}
              {s.title}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
