import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import { bindBrowserMessages } from '@/lib/browser/i18n';
import { messageLocale, t } from '@/lib/core/i18n';
import { App } from './App';

bindBrowserMessages();
document.documentElement.lang = messageLocale();
document.title = t('ext_name');
createRoot(document.getElementById('root')!).render(<App />);
