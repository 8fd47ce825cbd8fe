import type { SetupNotice } from '@/lib/ask/panel-state';

function megabytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 2 ** 20))} MB`;
}

/** The one place the panel asks for setting up: a card with an action, dismissible for good. */
export function SetupNoticeCard({
  notice,
  onAction,
  onDismiss,
}: {
  notice: SetupNotice;
  onAction: () => void;
  onDismiss: () => void;
}) {
  const models = notice.kind === 'models';
  return (
    <aside className="setup-card" data-notice={notice.kind} aria-label="Setup">
      <p>
        {models
          ? 'Answers are ranked by matching words. Ranking models find better passages, on this computer.'
          : 'A language model is chosen in Settings, but its address or model name is missing, so answers are quotes from the page.'}
      </p>
      <div className="setup-actions">
        <button type="button" className="primary" data-action="setup" onClick={onAction}>
          {models
            ? `Download ranking models${notice.bytes ? `, ${megabytes(notice.bytes)}` : ''}`
            : 'Set up the language model'}
        </button>
        <button type="button" className="link-button" data-action="dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </aside>
  );
}
