import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';

export interface StoredUser {
  userId: string;
  nickName: string;
  currentAuthType: string;
}

function parse(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser>;
    return typeof value.userId === 'string' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

/** The signed-in player as stored by the auth screens (null when signed out). */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribe, () => storage.get(STORAGE_KEYS.webAuthData), () => null);
  return parse(raw);
}
