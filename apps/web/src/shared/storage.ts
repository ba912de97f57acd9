import type { StorageKey } from './storage-keys';

/**
 * localStorage that never throws (private mode, disabled storage, sandboxed frames). Where the
 * browser blocks it (a host game's frame on another site with third-party storage blocked:
 * Safari, Chrome with third-party cookies blocked), values live in memory for this page, so a
 * sign-in inside the frame still carries on through the next screens; see docs/embedding.md.
 */
const memory = new Map<string, string>();
/** A first-party localStorage granted through the Storage Access API (Chrome's handle). */
let granted: Storage | null = null;

const backend = (): Storage => granted ?? window.localStorage;

/**
 * Uses the first-party storage the Storage Access API handed over. What this page kept in
 * memory fills the keys the first-party storage lacks (a sign-in made in the frame is kept);
 * the screens then re-read the signed-in player.
 */
export function adoptGrantedStorage(next: Storage): void {
  granted = next;
  for (const [key, value] of memory) {
    try {
      if (next.getItem(key) === null) next.setItem(key, value);
    } catch {
      /* keep the memory copy */
    }
  }
  memory.clear();
  // auth-store listens to storage events with key null: the header and screens re-read.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
}

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return backend().getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      backend().setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  remove(key: StorageKey): void {
    memory.delete(key);
    try {
      backend().removeItem(key);
    } catch {
      /* only the memory copy existed */
    }
  },
};
