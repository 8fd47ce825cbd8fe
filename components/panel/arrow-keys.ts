import type { KeyboardEvent } from 'react';

// Arrow keys move between the answer's source chips, and between the quotes under it: Tab
// reaches a group, the arrows walk it, Home and End jump to its ends.

const GROUPS = ['button.cite', '.quote-button'];
const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/** Where the arrow key leads from `index` in a group of `count`, or null for another key. */
export function arrowTarget(key: string, index: number, count: number): number | null {
  if (NEXT.has(key)) return (index + 1) % count;
  if (PREVIOUS.has(key)) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function onSourceArrows(e: KeyboardEvent<HTMLElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target as HTMLElement;
  const group = GROUPS.find((selector) => target.matches(selector));
  if (!group) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(group)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const next = arrowTarget(e.key, items.indexOf(target), items.length);
  if (next === null || items.length === 0) return;
  e.preventDefault();
  items[next]?.focus();
}
