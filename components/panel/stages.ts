import type { Turn } from '@/lib/ask/panel-state';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { formatNumber, t, tn } from '../../lib/core/i18n';
import type { AskResult, StageName, StageProgress } from '@/lib/pipeline/types';

/** The pipeline's stages, in the order they run. */
export const STAGES: Array<{ name: StageName }> = [
  { name: 'read' },
  { name: 'models' },
  { name: 'kg' },
  { name: 'split' },
  { name: 'search' },
  { name: 'rank' },
  { name: 'compose' },
  { name: 'check' },
];

/** A stage as the details list names it; a stage this version does not know, by its name. */
export function stageLabel(stage: StageName): string {
  switch (stage) {
    case 'read':
      return t('stage_read');
    case 'models':
      return t('stage_models');
    case 'kg':
      return t('stage_kg');
    case 'split':
      return t('stage_split');
    case 'search':
      return t('stage_search');
    case 'rank':
      return t('stage_rank');
    case 'compose':
      return t('stage_compose');
    case 'check':
      return t('stage_check');
    default:
      return String(stage);
  }
}

/** "5k-word page", "800-word page". */
export function pageSize(words: number | undefined): string {
  if (!words) return t('working_page');
  const n = words >= 1000 ? `${Math.round(words / 1000)}k` : String(Math.max(1, words));
  return t('working_page_words', n);
}

/** The one line shown while a question runs: the stage running now, in words. */
export function workingLine(turn: Pick<Turn, 'stages' | 'pageWords' | 'intent'>): string {
  const running = STAGES.filter(({ name }) => turn.stages[name]?.status === 'running').map(
    (s) => s.name,
  );
  const kgWait = turn.stages.kg?.status === 'running' ? turn.stages.kg.detail : undefined;
  const now = running.find((n) => n !== 'kg') ?? running[0];
  const base = stageLine(now, pageSize(turn.pageWords), turn.intent);
  // A PDF being downloaded and parsed says how far it is ("3.0 of 12.0 MB downloaded").
  const readDetail = now === 'read' ? turn.stages.read?.detail : undefined;
  const line = readDetail ? `${base} ${readDetail}` : base;
  // Wikidata asked us to wait: said beside whatever else is running.
  return kgWait && now !== 'kg' ? `${line} ${kgWait}.` : now === 'kg' && kgWait ? kgWait : line;
}

function stageLine(now: StageName | undefined, size: string, intent: Turn['intent']): string {
  switch (now) {
    case undefined:
    case 'read':
      return t('working_read');
    case 'models':
      return t('working_models');
    case 'kg':
      return t('working_kg');
    case 'split':
      return t('working_split', size);
    case 'search':
      return t('working_search');
    case 'rank':
      return intent === 'summary' ? t('working_rank_summary', size) : t('working_rank', size);
    case 'compose':
      return intent === 'summary' ? t('working_compose_summary') : t('working_compose');
    case 'check':
      return t('working_check');
  }
}

const COMPOSER_UNREACHED = new Set([
  'composer-unreachable',
  'composer-not-configured',
  'composer-bad-url',
  'composer-forbidden-origin',
  'composer-unavailable',
]);

/** Whether anything reached the composer endpoint (nothing is listed as sent otherwise). */
export function composerReached(answer: AskResult['answer']): boolean {
  const code = answer.fallback?.reason.code;
  return !code || !COMPOSER_UNREACHED.has(code);
}

/** A Wikidata stage that "finished" without reaching Wikidata failed. */
function kgFailure(result: AskResult | null): string | null {
  const notes = result?.kg?.notes ?? [];
  if (!result?.kg || result.kg.triples > 0) return null;
  // The notes are in the panel's language: the German catalog's words for the same failures.
  const failure =
    /fail|did not answer|could not|limiting|stopped early|too long|fehlgeschlagen|nicht innerhalb|nicht erreichbar|nicht lesen|begrenzt|vorzeitig|zu lange/i;
  return notes.find((n) => failure.test(n)) ?? null;
}

/**
 * The stages that ran, as the details list shows them: a stage that did not run is left out, and
 * one that failed — a composer that fell back, a Wikidata that could not be reached — is failed,
 * whatever the stage itself reported.
 */
export function stagesShown(turn: Pick<Turn, 'stages' | 'result'>): StageProgress[] {
  const shown: StageProgress[] = [];
  for (const { name } of STAGES) {
    const progress = turn.stages[name];
    if (!progress) continue;
    shown.push(corrected(progress, turn.result));
  }
  return shown;
}

function corrected(progress: StageProgress, result: AskResult | null): StageProgress {
  if (progress.status !== 'done' || !result) return progress;
  if (progress.stage === 'compose' && result.answer.fallback)
    return {
      ...progress,
      status: 'failed',
      detail: `${result.answer.fallback.from}: ${result.answer.fallback.reason.message}`,
    };
  const kg = progress.stage === 'kg' ? kgFailure(result) : null;
  if (kg) return { ...progress, status: 'failed', detail: kg };
  return progress;
}

/** "Answered in 0.6 s from 5 passages", for the line under a finished answer. */
export function summaryLine(
  turn: Pick<Turn, 'result' | 'elapsedMs' | 'origin' | 'intent'>,
): string {
  const result = turn.result;
  if (!result) return '';
  const passages = result.quotes.filter((q) => q.source.kind !== 'kg').length;
  const facts = result.quotes.some((q) => q.source.kind === 'kg');
  const what =
    result.mode === 'verify'
      ? t('summary_checked')
      : turn.intent === 'summary'
        ? t('summary_summarized')
        : t('summary_answered');
  const from = facts
    ? tn(passages, 'summary_from_facts_one', 'summary_from_facts_other')
    : tn(passages, 'summary_from_one', 'summary_from_other');
  const live = turn.origin?.kind === 'live' || turn.origin === null;
  const time =
    live && turn.elapsedMs !== undefined
      ? ` ${t('summary_in_seconds', formatNumber(turn.elapsedMs / 1000, 1))}`
      : '';
  return `${what}${time} ${from}`;
}
