// Loading the panel in two steps: the shell (tabs, greeting, question box) paints from a small
// entry chunk, and the rest arrives by dynamic import() once it is on screen (docs/ARCHITECTURE.md,
// "The side panel's first paint").

import { useSyncExternalStore } from 'react';

/** A module loaded on demand, that components can read (null until it has arrived). */
export interface DeferredModule<T> {
  load(): Promise<T>;
  current(): T | null;
  subscribe(onLoaded: () => void): () => void;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then((module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      });
      return loading;
    },
    current: () => loaded,
    subscribe(onLoaded) {
      listeners.add(onLoaded);
      return () => listeners.delete(onLoaded);
    },
  };
}

/**
 * The module once loaded, else null. Not React.lazy: a lazy component suspends on its first
 * render even when its chunk is already there, and the fallback would flash for a frame.
 */
export function useDeferred<T>(module: DeferredModule<T>): T | null {
  return useSyncExternalStore(module.subscribe, module.current);
}

/**
 * Runs `start` once the first contentful paint is on screen, so the first paint waits for nothing
 * it does (just after a requestAnimationFrame, that frame is still being rastered and presented,
 * and loading the rest then competes with it on a busy machine). A hidden page paints nothing:
 * there a timer starts it, late enough never to race a visible page's first paint.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    painted.disconnect();
    start();
  };
  const painted = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  painted.observe({ type: 'paint', buffered: true });
  setTimeout(once, 1000);
}
