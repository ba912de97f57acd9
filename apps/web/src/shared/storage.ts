import type { StorageKey } from './storage-keys';

/**
 * localStorage that never throws (private mode, disabled storage, sandboxed frames). Where the
 * browser blocks it (a host game's frame on another site with third-party storage blocked:
 * Safari, Chrome with third-party cookies blocked), values live in memory for this page, so a
 * sign-in inside the frame still carries on through the next screens; see docs/embedding.md.
 */
const memory = new Map<string, string>();

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  remove(key: StorageKey): void {
    memory.delete(key);
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* only the memory copy existed */
    }
  },
};
