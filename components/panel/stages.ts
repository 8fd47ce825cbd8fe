import type { Turn } from '@/lib/ask/panel-state';
import type { AskResult, StageName, StageProgress } from '@/lib/pipeline/types';

/** The pipeline's stages as the details list names them, in the order they run. */
export const STAGES: Array<{ name: StageName; label: string }> = [
  { name: 'read', label: 'Reading page' },
  { name: 'models', label: 'Loading ranking models' },
  { name: 'kg', label: 'Querying Wikidata' },
  { name: 'split', label: 'Splitting into passages' },
  { name: 'search', label: 'Searching the web' },
  { name: 'rank', label: 'Ranking passages' },
  { name: 'compose', label: 'Composing answer' },
  { name: 'check', label: 'Checking citations' },
];

/** "5k-word page", "800-word page". */
export function pageSize(words: number | undefined): string {
  if (!words) return 'page';
  const n = words >= 1000 ? `${Math.round(words / 1000)}k` : String(Math.max(1, words));
  return `${n}-word page`;
}

/** The one line shown while a question runs: the stage running now, in words. */
export function workingLine(turn: Pick<Turn, 'stages' | 'pageWords' | 'intent'>): string {
  const running = STAGES.filter(({ name }) => turn.stages[name]?.status === 'running').map(
    (s) => s.name,
  );
  const kgWait = turn.stages.kg?.status === 'running' ? turn.stages.kg.detail : undefined;
  const now = running.find((n) => n !== 'kg') ?? running[0];
  const line = stageLine(now, pageSize(turn.pageWords), turn.intent);
  // Wikidata asked us to wait: said beside whatever else is running.
  return kgWait && now !== 'kg' ? `${line} ${kgWait}.` : now === 'kg' && kgWait ? kgWait : line;
}

function stageLine(now: StageName | undefined, size: string, intent: Turn['intent']): string {
  switch (now) {
    case undefined:
    case 'read':
      return 'Reading the page…';
    case 'models':
      return 'Loading the ranking models…';
    case 'kg':
      return 'Looking up facts on Wikidata…';
    case 'split':
      return `Reading… splitting a ${size}…`;
    case 'search':
      return 'Searching the web…';
    case 'rank':
      return intent === 'summary'
        ? `Choosing passages to cover a ${size}…`
        : `Reading… ranking a ${size}…`;
    case 'compose':
      return intent === 'summary' ? 'Writing the summary…' : 'Writing the answer…';
    case 'check':
      return 'Checking the citations…';
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
  return notes.find((n) => /fail|did not answer|could not|limiting|stopped early/i.test(n)) ?? null;
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
    result.mode === 'verify' ? 'Checked' : turn.intent === 'summary' ? 'Summarized' : 'Answered';
  const from = `from ${passages} passage${passages === 1 ? '' : 's'}${facts ? ' and Wikidata facts' : ''}`;
  const live = turn.origin?.kind === 'live' || turn.origin === null;
  const time =
    live && turn.elapsedMs !== undefined ? ` in ${(turn.elapsedMs / 1000).toFixed(1)} s` : '';
  return `${what}${time} ${from}`;
}
