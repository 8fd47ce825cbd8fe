import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import { bindBrowserMessages } from '@/lib/browser/i18n';
import { messageLocale, t } from '@/lib/core/i18n';
import { App } from './App';
import { afterFirstPaint } from './deferred';
import { startPanel } from './store';

bindBrowserMessages();
document.documentElement.lang = messageLocale();
document.title = t('ext_name');
createRoot(document.getElementById('root')!).render(<App />);
// The shell is all the first paint needs; the engine and the heavier views come after it.
afterFirstPaint(() => void startPanel());
