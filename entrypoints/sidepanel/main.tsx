import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import { App } from './App';
import { afterFirstPaint } from './deferred';
import { startPanel } from './store';

createRoot(document.getElementById('root')!).render(<App />);
// The shell is all the first paint needs; the engine and the heavier views come after it.
afterFirstPaint(() => void startPanel());
