import { t } from '@/lib/core/i18n';

export type PanelView = 'ask' | 'history';

export function PanelTabs({
  view,
  onView,
}: {
  view: PanelView;
  onView: (view: PanelView) => void;
}) {
  return (
    <nav className="panel-tabs" aria-label={t('tabs_label')}>
      <button
        type="button"
        aria-pressed={view === 'ask'}
        data-view="ask"
        onClick={() => onView('ask')}
      >
        {t('tabs_ask')}
      </button>
      <button
        type="button"
        aria-pressed={view === 'history'}
        data-view="history"
        onClick={() => onView('history')}
      >
        {t('tabs_history')}
      </button>
      <a className="settings-link" href="/options.html" target="_blank" rel="noreferrer">
        {t('tabs_settings')}
      </a>
    </nav>
  );
}
