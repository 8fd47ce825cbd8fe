import type { StageProgress } from '@/lib/pipeline/types';
import { t } from '@/lib/core/i18n';
import { stageLabel } from './panel/stages';

const ICON: Record<StageProgress['status'], string> = { done: '✓', running: '…', failed: '✗' };

/** The stages that ran, with their times and details (in an answer's details). */
export function ProgressList({ stages }: { stages: StageProgress[] }) {
  return (
    <ol className="progress" aria-label={t('progress_stages')}>
      {stages.map((p) => (
        <li
          key={p.stage}
          className={`stage stage-${p.status}`}
          data-stage={p.stage}
          data-status={p.status}
        >
          <span className="stage-icon" aria-hidden="true">
            {ICON[p.status]}
          </span>
          <span className="stage-label">{stageLabel(p.stage)}</span>
          {p.ms !== undefined && (
            <span className="stage-ms">{t('progress_ms', p.ms.toFixed(0))}</span>
          )}
          {p.detail && <span className="stage-detail">{p.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

/** The one line shown while a question runs, with Stop. */
export function ProgressLine({
  text,
  stages,
  onStop,
}: {
  text: string;
  stages: StageProgress[];
  onStop: () => void;
}) {
  return (
    <div className="working" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="working-text">{text}</span>
      <button type="button" className="link-button" data-action="stop" onClick={onStop}>
        {t('progress_stop')}
      </button>
      {/* Kept in the DOM, not drawn: what each stage reports as it runs (tests watch it). */}
      <div hidden>
        <ProgressList stages={stages} />
      </div>
    </div>
  );
}
