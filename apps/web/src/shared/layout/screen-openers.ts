import { useSyncExternalStore } from 'react';

/**
 * Screens the portal header leads to that a page may show in the global modal instead (a
 * running game of a postMessage project: the player stays in the game). While a page has
 * registered an opener, the header's entry calls it rather than navigating.
 */
export type HeaderScreen = 'login' | 'support' | 'transactions';
export type ScreenOpeners = Partial<Record<HeaderScreen, () => void>>;

let current: ScreenOpeners | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Registers the page's openers; the returned function takes them back (only its own). */
export function setScreenOpeners(openers: ScreenOpeners): () => void {
  current = openers;
  emit();
  return () => {
    if (current !== openers) return;
    current = null;
    emit();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The opener of `screen` on this page, if any. */
export function useScreenOpener(screen: HeaderScreen): (() => void) | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current?.[screen],
    () => undefined,
  );
}

/** A link's click handler: the opener instead of the navigation when there is one. */
export const openInstead =
  (opener: (() => void) | undefined, then?: () => void) =>
  (event: { preventDefault(): void }): void => {
    then?.();
    if (!opener) return;
    event.preventDefault();
    opener();
  };
