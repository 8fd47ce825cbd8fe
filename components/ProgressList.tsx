import type { StageName, StageProgress } from '@/lib/pipeline/types';

export function ProgressList(props: {
  stages: Array<{ name: StageName; label: string; optional?: boolean }>;
  progress: Partial<Record<StageName, StageProgress>>;
}) {
  return (
    <ol className="progress" aria-label="Progress">
      {props.stages
        .filter((s) => !s.optional || props.progress[s.name])
        .map(({ name, label }) => {
          const p = props.progress[name];
          const status = p?.status ?? 'pending';
          return (
            <li
              key={name}
              className={`stage stage-${status}`}
              data-stage={name}
              data-status={status}
            >
              <span className="stage-icon" aria-hidden="true">
                {status === 'done'
                  ? '✓'
                  : status === 'running'
                    ? '…'
                    : status === 'failed'
                      ? '✗'
                      : '·'}
              </span>
              <span className="stage-label">{label}</span>
              {p?.ms !== undefined && <span className="stage-ms">{p.ms.toFixed(0)} ms</span>}
              {p?.detail && <span className="stage-detail">{p.detail}</span>}
            </li>
          );
        })}
    </ol>
  );
}
