import { useSyncExternalStore } from 'react';

/**
 * How many full-screen loaders show their spinner now. While one does, the page's footer is
 * pinned to the bottom of the first view (the spec): the layout draws a fixed copy of it and
 * hides its own, which stays where it is, so nothing moves when the loader goes.
 */
let shown = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function markLoaderShown(): () => void {
  shown += 1;
  emit();
  return () => {
    shown -= 1;
    emit();
  };
}

export function useLoaderShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown > 0,
    () => false,
  );
}
