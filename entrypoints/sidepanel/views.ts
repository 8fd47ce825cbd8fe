// The panel's heavier views, loaded with the engine after the first paint (store.ts): answers and
// their progress, and History with its cache and file ports.

import { memo } from 'react';
import { TurnView } from '@/components/panel/TurnView';

export { HistoryView } from '@/components/HistoryView';
export { historyPorts } from './history';

/** A turn re-renders only when it changed (a streamed token changes the running one). */
export const MemoTurn = memo(TurnView, (a, b) => a.turn === b.turn && a.online === b.online);
