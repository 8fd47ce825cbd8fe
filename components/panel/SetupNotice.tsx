import type { SetupNotice } from '@/lib/ask/panel-state';
import { t } from '@/lib/core/i18n';

function megabytes(bytes: number): string {
  return t('setup_megabytes', Math.max(1, Math.round(bytes / 2 ** 20)));
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
    <aside className="setup-card" data-notice={notice.kind} aria-label={t('setup_label')}>
      <p>{models ? t('setup_models_text') : t('setup_endpoint_text')}</p>
      <div className="setup-actions">
        <button type="button" className="primary" data-action="setup" onClick={onAction}>
          {models
            ? notice.bytes
              ? t('setup_models_action_size', megabytes(notice.bytes))
              : t('setup_models_action')
            : t('setup_endpoint_action')}
        </button>
        <button type="button" className="link-button" data-action="dismiss" onClick={onDismiss}>
          {t('setup_dismiss')}
        </button>
      </div>
    </aside>
  );
}
