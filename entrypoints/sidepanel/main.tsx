import { createRoot } from 'react-dom/client';
import '@/components/panel.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(<App />);
