export type PanelView = 'ask' | 'history';

export function PanelTabs({
  view,
  onView,
}: {
  view: PanelView;
  onView: (view: PanelView) => void;
}) {
  return (
    <nav className="panel-tabs" aria-label="Views">
      <button
        type="button"
        aria-pressed={view === 'ask'}
        data-view="ask"
        onClick={() => onView('ask')}
      >
        Ask
      </button>
      <button
        type="button"
        aria-pressed={view === 'history'}
        data-view="history"
        onClick={() => onView('history')}
      >
        History
      </button>
      <a className="settings-link" href="/options.html" target="_blank" rel="noreferrer">
        Settings
      </a>
    </nav>
  );
}
