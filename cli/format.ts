// Plain-text rendering of a result for the terminal.

import { distinctConflicts } from '../components/conflict-marks';
import { summariseChecks } from '../lib/composer/check';
import type { AskResult, CitationCheck, Quote } from '../lib/pipeline/types';

export function formatResult(result: AskResult): string {
  const lines: string[] = [];
  const { answer } = result;
  if (result.verdict) lines.push(`Claim: ${result.question}`, ...formatVerdict(result), '');
  else lines.push(`Question: ${result.question}`, '');
  if (answer.fallback)
    lines.push(
      `${answer.fallback.from}: ${answer.fallback.reason.message} Extractive answer instead.`,
    );
  const by = answer.composerLabel ?? `${answer.composer} composer`;
  const confidence = answer.confidence ? `, confidence ${answer.confidence}` : '';
  lines.push(
    `Answer (${by}${answer.answered ? `, ${answer.cited.length} cited` : ', not answered by the sources'}${confidence}):`,
  );
  if (answer.withheld)
    lines.push(
      `  I don't know: the model's confidence is below the minimum. Its answer, for the record:`,
    );
  answer.sentences.forEach((sentence, i) => {
    const marks = sentence.citations
      .map((id) => {
        const check = answer.checks.find((c) => c.sentence === i && c.quoteId === id);
        return `[${id}${check ? checkMark(check) : ''}]`;
      })
      .join('');
    lines.push(`  ${sentence.text}${marks ? ` ${marks}` : ''}`);
  });
  if (answer.checks.length > 0) lines.push(`  ${checksLine(answer.checks)}`);
  if (answer.droppedCitations > 0)
    lines.push(`  (${answer.droppedCitations} citation(s) to sources we never gave were removed)`);
  for (const note of answer.notes ?? []) lines.push(`  note: ${note}`);
  const r = result.retrieval;
  // A summary's passages were chosen to cover the page, not ranked against the question.
  const ranking = r.summary
    ? 'Summary: passages chosen to cover the page'
    : `Ranking: ${
        r.path === 'neural'
          ? `MiniLM cross-encoder${r.models.reranker ? ' + reranker' : ''}${r.models.embedder ? ', bi-encoder dedup' : ', lexical dedup'}${r.device ? ` on ${r.device}` : ''}`
          : 'keywords (BM25), lexical dedup'
      }`;
  lines.push(
    '',
    `${ranking} · ${r.counts.candidates} candidates → ${r.counts.firstStage} → ${r.counts.filtered} → ${r.counts.quotes} quotes`,
  );
  for (const note of r.notes) lines.push(`  note: ${note}`);
  if (result.kg) {
    const entities =
      result.kg.topicEntities.map((e) => `${e.label} (${e.id})`).join(', ') || 'none';
    lines.push(
      `Knowledge graph: ${result.kg.triples} triples from ${entities} · ${result.kg.requests} SPARQL queries`,
    );
    for (const note of result.kg.notes) lines.push(`  note: ${note}`);
  }
  if (r.webSearched)
    for (const s of r.sources.slice(1))
      lines.push(`  web: ${s.title} <${s.url}>${s.quoted ? ' (quoted)' : ''}`);
  lines.push(
    '',
    `Quotes from "${result.page.title}" (${result.passageCount} passages read${result.page.truncated ? ', page truncated' : ''}):`,
  );
  for (const quote of result.quotes)
    lines.push(...formatQuote(quote, answer.cited.includes(quote.id)));
  const t = result.timings;
  const ms = (n?: number) => (n === undefined ? '–' : `${n.toFixed(1)} ms`);
  const optional = (name: 'models' | 'search') =>
    t[name] === undefined ? '' : ` · ${name} ${ms(t[name])}`;
  lines.push(
    '',
    `Time: read ${ms(t.read)}${optional('models')} · split ${ms(t.split)}${optional('search')} · rank ${ms(t.rank)} · compose ${ms(t.compose)} · check ${ms(t.check)}`,
  );
  return `${lines.join('\n')}\n`;
}

function formatQuote(quote: Quote, cited: boolean): string[] {
  const where = [
    quote.source.kind === 'search'
      ? `${quote.source.title} <${quote.source.link ?? quote.source.url}>`
      : null,
    quote.source.kind === 'kg' ? 'Wikidata triples' : null,
    quote.source.page ? `p. ${quote.source.page}` : null,
    quote.source.section ? `§ ${quote.source.section}` : null,
    quote.source.kind === 'kg'
      ? null
      : `paragraph ${quote.source.position.block} of ${quote.source.position.of}`,
    quote.origin === 'evidence' ? 'evidence window' : null,
  ]
    .filter(Boolean)
    .join(', ');
  const neural = quote.filterScore === undefined ? '' : ` · MiniLM ${quote.filterScore.toFixed(2)}`;
  const text = quote.text.replace(/\s*\n\s*/g, ' / ');
  return [
    `  [${quote.id}]${cited ? '*' : ' '} ${where} · BM25 ${quote.score.toFixed(2)} · coverage ${quote.coverage.toFixed(2)}${neural}`,
    `       "${text.length > 400 ? `${text.slice(0, 400)}…` : text}"`,
  ];
}

const LABEL_WORDS = {
  supported: 'The page says this',
  refuted: 'The page says otherwise',
  'not-enough-evidence': "The page doesn't say",
} as const;

/**
 * The verdict as the panel words it: what the page says, how it was decided (rules compare words,
 * not meaning: said so), the page's sentence, and for "otherwise" the words that disagree.
 */
function formatVerdict(result: AskResult): string[] {
  const v = result.verdict!;
  const evidence = v.quoteIds.length
    ? ` — evidence ${v.quoteIds.map((id) => `[${id}]`).join(' ')}`
    : '';
  const basis =
    v.decidedBy === 'composer'
      ? `decided by ${result.answer.composerLabel ?? 'the composer'}, confidence ${v.confidence}`
      : v.method === 'nli'
        ? `decided by an entailment model, confidence ${v.confidence}`
        : `compared word by word, meaning not checked; best coverage ${v.bestCoverage.toFixed(2)}, needs ${v.threshold}`;
  const lines = [
    `Verdict: ${v.summary ?? LABEL_WORDS[v.label]} (${v.label.toUpperCase().replace(/-/g, ' ')}; ${basis})${evidence}`,
  ];
  if (v.problem) return lines;
  if (v.sentence && (v.label !== 'not-enough-evidence' || v.figures))
    lines.push(`  The page [${v.sentence.quoteId}]: "${v.sentence.text.replace(/\s+/g, ' ')}"`);
  if (v.figures)
    lines.push(
      '  The page does not state this comparison or order in words; weigh its sentence yourself.',
    );
  for (const c of distinctConflicts(v.conflicts ?? []))
    lines.push(`  ${c.kind}: the claim says "${c.claim}", the page says "${c.page}"`);
  return lines;
}

/** ⚠ for a contradicted citation or a name or number the quote lacks; "not found" is neutral. */
function checkMark(check: CitationCheck): string {
  if (check.outcome === 'contradicted') return ' ⚠ CONTRADICTED';
  if (check.flagged ?? !check.supported)
    return check.missing?.length ? ` ⚠ NOT IN QUOTE: ${check.missing.join(', ')}` : ' ⚠';
  return check.supported ? '' : ' not found';
}

function checksLine(checks: readonly CitationCheck[]): string {
  const s = summariseChecks(checks);
  const parts = [
    s.contradicted > 0 ? `${s.contradicted} contradicted` : '',
    s.notFound > 0 ? `${s.notFound} not found` : '',
    s.flagged.length > 0 ? `${s.flagged.length} marked ⚠` : '',
  ].filter(Boolean);
  return `${s.checked} of ${s.total} citation${s.total === 1 ? '' : 's'} checked (${checks[0]!.method})${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
