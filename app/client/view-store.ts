/**
 * The view the page shows, shared by React (useSyncExternalStore) and the router. Tiny and
 * eager: hydration needs it, while the router itself arrives in a chunk right after.
 */
import { flushSync } from 'react-dom';
import type { View } from '../view';

/** Functions, not methods: React calls getView and subscribe detached from the store. */
export interface ViewStore {
  getView: () => View;
  subscribe: (listener: () => void) => () => void;
  /** renders the new view synchronously, so callers can scroll and focus right after */
  show: (view: View) => void;
}

export function createViewStore(initial: View): ViewStore {
  let view = initial;
  const listeners = new Set<() => void>();
  return {
    getView: () => view,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show: (next) => {
      view = next;
      flushSync(() => listeners.forEach((listener) => listener()));
    },
  };
}
