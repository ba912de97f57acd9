import { useSyncExternalStore } from 'react';

/** The staff token lives in sessionStorage: it ends with the tab and never meets the player's. */
const TOKEN_KEY = 'staffToken';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let token: string | null = read();

export const staffToken = (): string | null => token;

export function setStaffToken(next: string | null): void {
  token = next;
  try {
    if (next) window.sessionStorage.setItem(TOKEN_KEY, next);
    else window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: the token lives for this page only */
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStaffToken = (): string | null => useSyncExternalStore(subscribe, staffToken, () => null);
